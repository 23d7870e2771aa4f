// The native app's sign-in hand-off (decision record 0093, contract in shared/app-handoff-api.ts).
//
// The app's WebView cannot show Google's consent screen (Google refuses embedded WebViews, and
// the shell hands every other host to the system browser), and the system browser's cookies are
// not the app's. So a flow started in the app keeps its state and Google verifier in a row, and
// its callback sets no session in the browser: it mints a one-time code, bound to the S256
// challenge the WebView sent, and sends the browser to /app/auth-return?code=…, which the
// operating system hands to the app. The WebView then redeems the code with its verifier.
//
// What each step guarantees:
// - the pending row is spent by the callback (one statement), so a state works once;
// - the code is 32 random bytes, stored hashed, spent by its first presentation whatever the
//   outcome, and refused after APP_HANDOFF_CODE_TTL_MS;
// - redeeming needs the verifier behind the challenge, which never left the WebView: a code read
//   off the browser's address bar, or caught by another app claiming the link, is worthless;
// - redeeming is a write under the Origin check, so only our own pages can make it.
import { APP_HANDOFF_CODE_TTL_MS, APP_HANDOFF_START_TTL_MS, type AppHandoffPurpose } from "@shared/app-handoff-api";
import type { ReauthOutcome } from "@shared/leaving-api";
import { ACCOUNT_TEXTS, LEAVING_TEXTS, MODERATION_TEXTS } from "@shared/messages";
import { APP_AUTH_RETURN_PATH } from "@shared/native-app";
import { claimPendingHandoff, insertIssuedHandoff, insertPendingHandoff, takeIssuedHandoff } from "../../db/queries/app-handoffs";
import { getUser } from "../../db/queries/users";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { logVisitorEvent } from "../rate-limit";
import { toBase64Url } from "./encoding";
import { finishGoogleReauth, finishGoogleSignIn, GoogleSignInError, startGoogleForApp } from "./google";
import { linkOrCreateGoogleUser } from "./google-account";
import { randomToken, sha256Hex } from "./tokens";

type HandoffCtx = Pick<Ctx, "env" | "db" | "log" | "now" | "origin" | "ip" | "userAgent">;

/** What the app asked for: a sign-in, or the fresh Google sign-in before deleting its account. */
export type HandoffStart =
  | { purpose: "sign_in"; challenge: string }
  | { purpose: "reauth"; challenge: string; userId: string; sessionId: string; linkedSub: string };

/** Records a pending hand-off and returns Google's consent page, for the app to open in the system browser. */
export async function startAppHandoff(ctx: HandoffCtx, start: HandoffStart): Promise<string> {
  const google = startGoogleForApp(ctx.env, ctx.origin, start.purpose === "sign_in" ? { purpose: "sign_in" } : { purpose: "reauth", linkedSub: start.linkedSub });
  await insertPendingHandoff(ctx.db, {
    purpose: start.purpose,
    stateHash: await sha256Hex(google.state),
    googleVerifier: google.codeVerifier,
    challenge: start.challenge,
    userId: start.purpose === "reauth" ? start.userId : null,
    sessionId: start.purpose === "reauth" ? start.sessionId : null,
    createdAt: ctx.now,
    expiresAt: ctx.now + APP_HANDOFF_START_TTL_MS,
  });
  return google.url.toString();
}

/** Where the system browser goes when a sign-in started in the app fails: the app shows /auth's error. */
function signInFailed(message: string): string {
  return `${APP_AUTH_RETURN_PATH}?error=${encodeURIComponent(message)}`;
}

/** Where it goes when a re-authentication does not confirm: the app shows /settings' outcome. */
function reauthFailed(outcome: Exclude<ReauthOutcome, "confirmed">): string {
  return `${APP_AUTH_RETURN_PATH}?reauth=${outcome}`;
}

async function issueCode(ctx: HandoffCtx, row: { purpose: AppHandoffPurpose; challenge: string; userId: string; sessionId: string | null; googleSub: string | null }): Promise<string> {
  const code = randomToken();
  await insertIssuedHandoff(ctx.db, {
    ...row,
    codeHash: await sha256Hex(code),
    createdAt: ctx.now,
    expiresAt: ctx.now + APP_HANDOFF_CODE_TTL_MS,
  });
  return `${APP_AUTH_RETURN_PATH}?code=${code}`;
}

/**
 * The Google callback of a flow started in the app, in the system browser: the path to send that
 * browser to (the hand-off link with a code, or with the failure). Sets no cookie. A state with
 * no pending row (unknown, spent, expired) is a suspicious callback, logged as the web flow's is.
 */
export async function finishAppCallback(ctx: HandoffCtx, query: { state: string; code: string | undefined; error: string | undefined }): Promise<string> {
  const row = await claimPendingHandoff(ctx.db, await sha256Hex(query.state), ctx.now);
  if (!row?.googleVerifier) {
    await logVisitorEvent(ctx.env, ctx.db, "google_callback", {
      eventType: "suspicious_login_attempt",
      severity: "medium",
      details: { action: "google_callback", outcome: "state_mismatch", handoff: "app" },
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return signInFailed(ACCOUNT_TEXTS.googleFailed);
  }
  if (query.error || !query.code) return row.purpose === "reauth" ? reauthFailed("failed") : signInFailed(ACCOUNT_TEXTS.googleFailed);

  if (row.purpose === "reauth") {
    let sub: string;
    try {
      sub = (await finishGoogleReauth(ctx.env, ctx.origin, query.code, row.googleVerifier, ctx.now)).sub;
    } catch (error) {
      if (!(error instanceof GoogleSignInError)) throw error;
      ctx.log.warn("google re-authentication failed", { reason: error.reason, handoff: "app" });
      return reauthFailed(error.reason === "stale_auth_time" ? "stale" : "failed");
    }
    const user = row.userId ? await getUser(ctx.db, row.userId) : null;
    if (!user?.googleSub) return reauthFailed("not_linked");
    if (user.googleSub !== sub) return reauthFailed("other_account");
    return issueCode(ctx, { purpose: "reauth", challenge: row.challenge, userId: user.id, sessionId: row.sessionId, googleSub: sub });
  }

  let identity;
  try {
    identity = await finishGoogleSignIn(ctx.env, ctx.origin, query.code, row.googleVerifier);
  } catch (error) {
    if (!(error instanceof GoogleSignInError)) throw error;
    ctx.log.warn("google sign-in failed", { reason: error.reason, handoff: "app" });
    return signInFailed(error.reason === "email_unverified" ? ACCOUNT_TEXTS.googleEmailUnverified : ACCOUNT_TEXTS.googleFailed);
  }
  const userId = await linkOrCreateGoogleUser(ctx, identity);
  if ((await getUser(ctx.db, userId))?.suspendedAt) return signInFailed(MODERATION_TEXTS.accountSuspended);
  return issueCode(ctx, { purpose: "sign_in", challenge: row.challenge, userId, sessionId: null, googleSub: null });
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function handoffChallenge(verifier: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** Constant-time comparison of the verifier's challenge with the stored one. */
async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const actual = encoder.encode(await handoffChallenge(verifier));
  const expected = encoder.encode(challenge);
  return actual.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(actual, expected);
}

export type RedeemedHandoff = { purpose: "sign_in"; userId: string } | { purpose: "reauth"; userId: string; sessionId: string; googleSub: string };

/**
 * Spends the code and says what it grants, once the verifier matches, the code is fresh and, for a
 * re-authentication, this WebView is still signed in as the session that asked. `current` is the
 * caller's session. Throws the API's refusals; every refusal leaves the code spent.
 */
export async function redeemAppHandoff(
  ctx: HandoffCtx,
  input: { code: string; verifier: string },
  current: { userId: string; sessionId: string } | null,
): Promise<RedeemedHandoff> {
  const row = await takeIssuedHandoff(ctx.db, await sha256Hex(input.code));
  const invalid = new ApiError("bad_request", ACCOUNT_TEXTS.appHandoffInvalid);
  if (!row?.userId || row.expiresAt <= ctx.now || !(await verifierMatches(input.verifier, row.challenge))) throw invalid;

  if (row.purpose === "reauth") {
    if (!current) throw new ApiError("unauthorized", LEAVING_TEXTS.delete.reauthSignedOut);
    if (!row.sessionId || !row.googleSub || current.sessionId !== row.sessionId || current.userId !== row.userId) throw invalid;
    return { purpose: "reauth", userId: row.userId, sessionId: row.sessionId, googleSub: row.googleSub };
  }
  const user = await getUser(ctx.db, row.userId);
  if (!user) throw invalid;
  // Suspended between Google's answer and now: the same refusal as the password sign-in's.
  if (user.suspendedAt !== null) throw new ApiError("forbidden", MODERATION_TEXTS.accountSuspended);
  return { purpose: "sign_in", userId: user.id };
}
