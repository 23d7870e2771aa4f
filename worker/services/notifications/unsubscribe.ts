// One-click unsubscribe for notification mail (issue #30 item 3; RFC 8058 and RFC 2369). Every
// notification mail names a link that turns its category's email off for its recipient: the
// token is a signed claim (user, category), so the link works without a session, from any mail
// client, and cannot be edited to name someone else. It does not expire: an old mail's link must
// still work. The routes (worker/routes/notifications.ts) verify it.
import { jwtVerify, SignJWT } from "jose";
import { NOTIFICATION_API_TEXTS } from "@shared/messages";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "@shared/notifications-api";
import { escapeHtml } from "@shared/rules/sanitize";
import { accountStillHere } from "../../db/queries/notification-settings";
import type { Ctx } from "../../env";
import { JWT_ISSUER, secretKey } from "../auth/tokens";
import { turnEmailOff } from "./preferences";

const AUDIENCE = "unsubscribe";
const TOKEN_MAX = 1024;

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
  // Ours are about 200 characters; anything far longer is not worth an HMAC.
  if (token.length > TOKEN_MAX) return null;
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

// ---- The routes' side: whom a link names, the write, and the page ------------------------------

export interface UnsubscribeTarget {
  userId: string;
  category: NotificationCategory;
}

/**
 * Whom a link names, or null when it names nobody: not one of our tokens, or its account is gone
 * (a deleted account's row stays as a placeholder, decision record 0084, and is nobody now). An
 * account waiting out its deletion grace period is still here: it may still stop mail.
 */
export async function unsubscribeTarget(ctx: Pick<Ctx, "env" | "db">, token: string): Promise<UnsubscribeTarget | null> {
  const claim = await readUnsubscribeToken(ctx.env, token);
  if (!claim) return null;
  return (await accountStillHere(ctx.db, claim.userId)) ? claim : null;
}

/** Turns the link's category's email off for its account (idempotent). */
export function applyUnsubscribe(ctx: Pick<Ctx, "db" | "now">, target: UnsubscribeTarget): Promise<void> {
  return turnEmailOff(ctx, target.userId, target.category);
}

/** The path the one-click POST goes to (RFC 8058), also the page form's action. */
function unsubscribeActionPath(token: string): string {
  return `/api/notifications/unsubscribe/${encodeURIComponent(token)}`;
}

export type UnsubscribePage =
  /** GET with a good link: what the button stops, and the button. */
  | { kind: "confirm"; token: string; category: NotificationCategory }
  /** After the POST from the page's form. */
  | { kind: "done"; category: NotificationCategory }
  /** A link that names nobody (404). */
  | { kind: "invalid" };

/**
 * The page's only style. The page runs no script and loads nothing: its CSP allows this one
 * block by its hash and posts forms only to our own origin; unstyled it still reads in order.
 */
const PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f;background:#fff}" +
  "button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border:0;border-radius:.5rem;background:#1b1b1f;color:#fff;cursor:pointer}" +
  "a{color:inherit}p.note{color:#5b5b66}" +
  "@media (prefers-color-scheme:dark){body{background:#111114;color:#ececf1}button{background:#ececf1;color:#111114}p.note{color:#a5a5b0}}";

let styleSource: Promise<string> | undefined;

/**
 * The page's own Content-Security-Policy, stricter than the app's (worker/middleware/security-headers.ts
 * sets its own only where a response has none): no script at all, its one style block by hash,
 * and a form to our own origin.
 */
async function pagePolicy(): Promise<string> {
  styleSource ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(PAGE_STYLE)).then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  // img-src: the browser's own favicon request, so it is not reported as a violation.
  return ["default-src 'none'", `style-src ${await styleSource}`, "img-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join("; ");
}

/** The HTML of one page; every value that is not a constant of this file is escaped. */
export function unsubscribePageHtml(page: UnsubscribePage): string {
  const T = NOTIFICATION_API_TEXTS.unsubscribe;
  const settings = `<p><a href="/settings">${escapeHtml(T.openSettings)}</a></p>`;
  let title: string;
  let body: string;
  switch (page.kind) {
    case "confirm":
      title = T.pageTitle;
      body =
        `<h1>${escapeHtml(T.question(page.category))}</h1>` +
        `<p>${escapeHtml(T.consequence(page.category))}</p>` +
        `<p class="note">${escapeHtml(T.unaffected)}</p>` +
        `<form method="post" action="${escapeHtml(unsubscribeActionPath(page.token))}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(T.button)}</button></form>`;
      break;
    case "done":
      title = T.doneTitle;
      body = `<h1>${escapeHtml(T.done(page.category))}</h1><p class="note">${escapeHtml(T.changeLater)}</p>${settings}`;
      break;
    case "invalid":
      title = T.invalidTitle;
      body = `<h1>${escapeHtml(T.invalid)}</h1><p class="note">${escapeHtml(T.invalidHelp)}</p>${settings}`;
      break;
    default: {
      const _exhaustive: never = page;
      return _exhaustive;
    }
  }
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

/**
 * The page as a response: never cached or indexed, and the link's token (a credential) never
 * sent on as a Referer by the page's one link.
 */
export async function unsubscribePageResponse(page: UnsubscribePage): Promise<Response> {
  return new Response(unsubscribePageHtml(page), {
    status: page.kind === "invalid" ? 404 : 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
      "Content-Security-Policy": await pagePolicy(),
    },
  });
}
