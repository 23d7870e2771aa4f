// One-click unsubscribe for notification mail (issue #30 item 3; RFC 8058 and RFC 2369). Every
// notification mail names a link that turns its category's email off for its recipient: the
// token is a signed claim (user, category), so the link works without a session, from any mail
// client, and cannot be edited to name someone else. It does not expire: an old mail's link must
// still work. The routes (worker/routes/notifications.ts) verify it.
import { jwtVerify, SignJWT } from "jose";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "@shared/notifications-api";
import type { Ctx } from "../../env";
import { JWT_ISSUER, secretKey } from "../auth/tokens";

const AUDIENCE = "unsubscribe";

export async function unsubscribeToken(env: Ctx["env"], input: { userId: string; category: NotificationCategory }): Promise<string> {
  return new SignJWT({ cat: input.category })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(input.userId)
    .sign(secretKey(env));
}

/** The token's user and category, or null for anything that is not one of our tokens. */
export async function readUnsubscribeToken(env: Ctx["env"], token: string): Promise<{ userId: string; category: NotificationCategory } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { issuer: JWT_ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    const category = payload.cat;
    if (typeof payload.sub !== "string" || typeof category !== "string" || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
    return { userId: payload.sub, category: category as NotificationCategory };
  } catch {
    return null;
  }
}

/** The page a person opens from the mail's footer (GET shows one button; POST unsubscribes). */
export async function unsubscribeLink(ctx: Pick<Ctx, "env" | "origin">, input: { userId: string; category: NotificationCategory }): Promise<string> {
  return `${ctx.origin}/unsubscribe/${await unsubscribeToken(ctx.env, input)}`;
}

/**
 * The headers of a notification mail: List-Unsubscribe names the one-click endpoint (POST, RFC
 * 8058) and the mailto-free https form only; List-Unsubscribe-Post asks for one-click.
 */
export async function unsubscribeHeaders(
  ctx: Pick<Ctx, "env" | "origin">,
  input: { userId: string; category: NotificationCategory },
): Promise<{ "List-Unsubscribe": string; "List-Unsubscribe-Post": string }> {
  const token = await unsubscribeToken(ctx.env, input);
  return { "List-Unsubscribe": `<${ctx.origin}/api/notifications/unsubscribe/${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
