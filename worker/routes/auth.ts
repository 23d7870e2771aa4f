// Implements spec social-feed-search §1–§2 (/auth: sign in, sign up, Google), §4 (auth states,
// sign_in/sign_out security events), §5 (sign-in and sign-up validation), §8 (auth messages) and
// §9 (security settings: rate limits, lockout, 60-minute inactivity), with the accounts contract
// and DESIGN.md "Sessions", "Passwords", "Email" and "Google sign-in".
//
// No answer reveals whether an email address has an account: sign-up, resend and password reset
// answer identically for known and unknown addresses, and a wrong password costs the same time
// and returns the same text as an unknown email.
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { appHandoffExchangeSchema, appHandoffStartSchema } from "@shared/app-handoff-api";
import type { ReauthOutcome } from "@shared/leaving-api";
import { ACCOUNT_TEXTS, LEAVING_TEXTS, MODERATION_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { confirmEmailSchema, resendConfirmationSchema, signOutSchema } from "@shared/schemas/account";
import { passwordResetConfirmSchema, passwordResetRequestSchema, signInSchema, signUpSchema } from "@shared/schemas/auth";
import { retireEmailTokens } from "../db/queries/email-tokens";
import { revokeSessions } from "../db/queries/sessions";
import { findUserByEmail, getUser, loadAccount, markEmailVerified, setPasswordHash } from "../db/queries/users";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validator";
import { confirmationMail, issueEmailToken, passwordResetMail, spendEmailToken } from "../services/auth/accounts";
import {
  finishGoogleReauth,
  finishGoogleSignIn,
  GOOGLE_COOKIE_MAX_AGE,
  GOOGLE_COOKIE_PATH,
  GOOGLE_REAUTH_COOKIE,
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
  googleFlowOf,
  GoogleSignInError,
  googleConfigured,
  isAppState,
  startGoogleReauth,
  startGoogleSignIn,
} from "../services/auth/google";
import { finishAppCallback, redeemAppHandoff, startAppHandoff } from "../services/auth/app-handoff";
import { linkOrCreateGoogleUser } from "../services/auth/google-account";
import { hashPassword, verifyDummyPassword, verifyPassword } from "../services/auth/passwords";
import { REAUTH_COOKIE, REAUTH_COOKIE_PATH, REAUTH_PROOF_MS, type ReauthSubject, signReauthProof } from "../services/auth/reauth";
import { clearSessionCookies, REFRESH_COOKIE, rotateRefreshToken, setSessionCookies, startSession } from "../services/auth/sessions";
import { signUp } from "../services/auth/sign-up";
import { cancelDeletionOnSignIn } from "../services/leaving";
import { assertNotLocked, clearFailures, recordFailure, unlock } from "../services/lockout";
import { closeSessionSockets } from "../services/live";
import { createMailer } from "../services/mail";
import { limitSubjects, logVisitorEvent, rateSubject } from "../services/rate-limit";
import { logSecurityEvent } from "../services/security-events";

type Ctx = Context<AppEnv>;

const signedOut = { user: null, profile: null };

/**
 * Runs `work` after the response is sent. Mail to an address that may not be registered goes
 * here, so how long the answer takes cannot tell a registered address from an unknown one: the
 * lookup, the token write and the mail provider's round trip all happen after the reply.
 */
function afterResponse(c: Ctx, label: string, work: () => Promise<void>) {
  const log = c.var.log;
  c.executionCtx.waitUntil(
    work().catch((error: unknown) => {
      log.error(`${label} failed`, { error });
    }),
  );
}

/**
 * Exchanges the refresh cookie for a new pair and sets the cookies. Shared by POST /refresh and
 * GET /session (which renews quietly, so a page opened after the 15-minute access token expired
 * still boots signed in). Returns the user id, or null with the reason already handled.
 */
async function refreshFromCookie(c: Ctx): Promise<{ userId: string; sessionId: string } | { failed: "missing" | "invalid" | "race" }> {
  const presented = getCookie(c, REFRESH_COOKIE);
  if (!presented) return { failed: "missing" };
  const result = await rotateRefreshToken(c.var.db, c.env, presented);
  switch (result.status) {
    case "ok":
      setSessionCookies(c, result.session);
      return { userId: result.session.userId, sessionId: result.session.sessionId };
    case "race":
      // Another tab exchanged this token a moment ago and the browser already holds the new
      // cookies from that answer: leave them alone.
      return { failed: "race" };
    case "reuse": {
      const { ip, userAgent } = c.var.ctx;
      // Someone else holds a copy of this session: its sockets end with it.
      await closeSessionSockets(c.var.ctx, { userId: result.userId, sessions: [result.sessionId] });
      await logSecurityEvent(c.var.db, {
        userId: result.userId,
        eventType: "refresh_token_reuse",
        severity: "high",
        details: { sessionId: result.sessionId, action: "session_family_revoked" },
        ip,
        userAgent,
      });
      clearSessionCookies(c);
      return { failed: "invalid" };
    }
    case "inactive":
    case "invalid":
      clearSessionCookies(c);
      return { failed: "invalid" };
    default: {
      const unreachable: never = result;
      return unreachable;
    }
  }
}

async function accountOrSignedOut(c: Ctx, userId: string) {
  return (await loadAccount(c.var.db, userId)) ?? signedOut;
}

function googleFailure(c: Ctx, message: string) {
  return c.redirect(`/auth?error=${encodeURIComponent(message)}`, 302);
}

/**
 * The signed-in device, renewing an expired access token from the refresh cookie (its path covers
 * /api/auth) like GET /session does: a person who spent a while on Google's sign-in page is still
 * signed in when they come back.
 */
async function sessionOrRefreshed(c: Ctx): Promise<{ userId: string; sessionId: string } | null> {
  if (c.var.session) return c.var.session;
  const refreshed = await refreshFromCookie(c);
  return "userId" in refreshed ? refreshed : null;
}

/** Back to the deletion section of /settings with the outcome of a re-authentication (a code, never text). */
function reauthOutcome(c: Ctx, outcome: ReauthOutcome) {
  return c.redirect(`/settings?reauth=${outcome}`, 302);
}

const googleCookie = { httpOnly: true, secure: true, sameSite: "Lax", path: GOOGLE_COOKIE_PATH, maxAge: GOOGLE_COOKIE_MAX_AGE } as const;

/**
 * The callback of a re-authentication (decision record 0084): the device must still be signed in
 * as the session that started it, Google's sign-in must be fresh and be the Google account linked
 * to this user; then a proof bound to this session goes into an HttpOnly cookie for
 * POST /api/account/delete. Nothing else changes: no account is linked or created, no session
 * started. A refusal writes nothing.
 */
async function finishReauth(c: Ctx, code: string, codeVerifier: string, startedBy: string | undefined) {
  const ctx = c.var.ctx;
  const current = await sessionOrRefreshed(c);
  if (!current) return googleFailure(c, LEAVING_TEXTS.delete.reauthSignedOut);
  // Signed out and in again (as anyone) since it started: this flow's answer is not for this session.
  if (current.sessionId !== startedBy) return reauthOutcome(c, "failed");

  let identity;
  try {
    identity = await finishGoogleReauth(c.env, ctx.origin, code, codeVerifier, ctx.now);
  } catch (error) {
    if (error instanceof GoogleSignInError) {
      c.var.log.warn("google re-authentication failed", { reason: error.reason });
      return reauthOutcome(c, error.reason === "stale_auth_time" ? "stale" : "failed");
    }
    throw error;
  }
  const user = await getUser(c.var.db, current.userId);
  if (!user?.googleSub) return reauthOutcome(c, "not_linked");
  if (user.googleSub !== identity.sub) return reauthOutcome(c, "other_account");

  await grantReauthProof(c, { userId: user.id, sessionId: current.sessionId, googleSub: identity.sub });
  return reauthOutcome(c, "confirmed");
}

/**
 * A confirmed re-authentication: the proof, bound to the session, in an HttpOnly cookie for
 * POST /api/account/delete, and the security event. From the web callback or, for the app, from
 * the hand-off's exchange (decision record 0093).
 */
async function grantReauthProof(c: Ctx, subject: ReauthSubject, handoff?: "app") {
  const ctx = c.var.ctx;
  const proof = await signReauthProof(c.env, subject, ctx.now);
  setCookie(c, REAUTH_COOKIE, proof, { httpOnly: true, secure: true, sameSite: "Strict", path: REAUTH_COOKIE_PATH, maxAge: REAUTH_PROOF_MS / 1000 });
  await logSecurityEvent(c.var.db, {
    userId: subject.userId,
    eventType: "sign_in",
    severity: "low",
    details: { action: "reauthenticate", method: "google", sessionId: subject.sessionId, ...(handoff ? { handoff } : {}) },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

export const authRoutes = new Hono<AppEnv>()
  // ---- Sign up (§5 "Sign up"; rate limit 3 per 60 minutes per IP, and the address's mail budget) ----
  .post("/sign-up", validate("json", signUpSchema), async (c) => {
    const input = c.req.valid("json");
    const ctx = c.var.ctx;
    await limitSubjects(ctx, "sign_up", [rateSubject("ip", ctx.ip)]);
    // Every path of signUp mails the address, so it is counted before anyone looks the address
    // up: a refusal cannot depend on whether it is registered.
    await limitSubjects(ctx, "account_mail", [rateSubject("email", input.email)]);
    await signUp(ctx, input);
    return c.json({ message: ACCOUNT_TEXTS.signUpSuccess }, 201);
  })

  // ---- Email confirmation link (/auth/confirm?token=…) ----
  .post("/confirm", validate("json", confirmEmailSchema), async (c) => {
    const { token } = c.req.valid("json");
    const userId = await spendEmailToken(c.var.db, token, "confirm_email");
    if (!userId) throw new ApiError("bad_request", ACCOUNT_TEXTS.confirmLinkInvalid);
    await markEmailVerified(c.var.db, userId);
    return c.json({ ok: true as const }, 200);
  })

  // ---- Resend the confirmation mail: the same answer for any address ----
  .post("/resend", validate("json", resendConfirmationSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.db;
    const ctx = c.var.ctx;
    // Bounds the mail one IP can trigger (a budget the size of password_reset's), and the mail one
    // address receives, in the budget it shares with sign-up.
    await limitSubjects(ctx, "password_reset", [rateSubject("ip", ctx.ip, "resend")]);
    await limitSubjects(ctx, "account_mail", [rateSubject("email", email)]);
    const mailer = createMailer(c.env, db);
    const appOrigin = ctx.origin;
    afterResponse(c, "resend confirmation mail", async () => {
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerifiedAt && user.passwordHash) {
        const token = await issueEmailToken(db, user.id, "confirm_email");
        await mailer.send(confirmationMail(email, appOrigin, token));
      }
    });
    return c.json({ message: ACCOUNT_TEXTS.resendSent }, 200);
  })

  // ---- Sign in (§5 "Sign in"; 5 per 15 minutes per IP and per email; lockout) ----
  .post("/sign-in", validate("json", signInSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db;
    const { ip, userAgent } = c.var.ctx;
    // A locked account answers 423 even with the right password, before anything is counted.
    await assertNotLocked(c.env, email);
    await limitSubjects(c.var.ctx, "sign_in", [rateSubject("ip", ip), rateSubject("email", email)]);

    const user = await findUserByEmail(db, email);
    // Unknown addresses and password-less (Google-only) accounts verify against a dummy hash, so
    // every failure takes as long as a real wrong password.
    const result = user?.passwordHash
      ? await verifyPassword(c.env, password, user.passwordHash)
      : { ok: await verifyDummyPassword(c.env, password), needsRehash: false };
    if (!user || !result.ok) {
      await recordFailure(c.env, db, email, { ip, userAgent });
      await logSecurityEvent(db, {
        userId: user?.id ?? null,
        eventType: "suspicious_login_attempt",
        severity: "low",
        details: { action: "sign_in", outcome: "invalid_credentials" },
        ip,
        userAgent,
        // For an unknown address there is no account to show it to: repeats from one IP collapse.
        collapse: "sign_in",
      });
      throw new ApiError("bad_request", ACCOUNT_TEXTS.invalidCredentials);
    }
    if (!user.emailVerifiedAt) throw new ApiError("forbidden", ACCOUNT_TEXTS.emailNotConfirmed);
    // A suspended account cannot sign in (decision record 0083); said only to the right password.
    if (user.suspendedAt !== null) throw new ApiError("forbidden", MODERATION_TEXTS.accountSuspended);

    if (result.needsRehash) {
      // The stored string names an older algorithm or cost: replace it while we know the password.
      await setPasswordHash(db, user.id, await hashPassword(c.env, password));
    }
    await clearFailures(c.env, email);
    const session = await startSession(db, c.env, user.id, { ip, userAgent });
    setSessionCookies(c, session);
    await logSecurityEvent(db, {
      userId: user.id,
      eventType: "sign_in",
      severity: "low",
      details: { action: "sign_in", method: "password", sessionId: session.sessionId },
      ip,
      userAgent,
    });
    // Signing in during the grace period cancels a requested deletion, and the answer says so
    // (decision record 0084).
    const deletionCancelled = await cancelDeletionOnSignIn(c.var.ctx, user.id);
    return c.json({ ...(await accountOrSignedOut(c, user.id)), deletionCancelled }, 200);
  })

  // ---- Rotate the refresh token ----
  .post("/refresh", async (c) => {
    const outcome = await refreshFromCookie(c);
    if ("failed" in outcome) throw new ApiError("unauthorized", ACCOUNT_TEXTS.refreshFailed);
    return c.json(await accountOrSignedOut(c, outcome.userId), 200);
  })

  // ---- Sign out: this device, all devices, or all other devices ----
  .post("/sign-out", validate("json", signOutSchema), async (c) => {
    const { scope } = c.req.valid("json");
    const db = c.var.db;
    const { ip, userAgent } = c.var.ctx;
    const current = c.var.session;
    if (!current) {
      // §4: a failed sign-out logs unauthorized_access_attempt. Anyone can call this, so the event
      // is limited per IP and repeats collapse into one counted row (decision record 0022).
      await logVisitorEvent(c.env, db, "sign_out", {
        eventType: "unauthorized_access_attempt",
        severity: "medium",
        details: { action: "sign_out", scope },
        ip,
        userAgent,
      });
      throw new ApiError("unauthorized", REQUEST_TEXTS.authenticationRequired);
    }
    const revoked =
      scope === "local"
        ? await revokeSessions(db, { sessionId: current.sessionId }, "sign_out")
        : scope === "global"
          ? await revokeSessions(db, { userId: current.userId }, "sign_out")
          : await revokeSessions(db, { userId: current.userId, exceptSessionId: current.sessionId }, "sign_out");
    if (scope !== "others") clearSessionCookies(c);
    // The sessions' sockets close with them (decision record 0085).
    await closeSessionSockets(
      c.var.ctx,
      scope === "local"
        ? { userId: current.userId, sessions: [current.sessionId] }
        : { userId: current.userId, sessions: "all", ...(scope === "others" ? { except: current.sessionId } : {}) },
    );
    await logSecurityEvent(db, {
      userId: current.userId,
      eventType: "sign_out",
      severity: "low",
      details: { action: "sign_out", scope, revoked },
      ip,
      userAgent,
    });
    return c.json({ ok: true as const }, 200);
  })

  // ---- The SPA boots from this; never 401 ----
  .get("/session", async (c) => {
    c.header("Cache-Control", "no-store");
    const current = c.var.session;
    if (current) return c.json(await accountOrSignedOut(c, current.userId), 200);
    const refreshed = await refreshFromCookie(c);
    if ("userId" in refreshed) return c.json(await accountOrSignedOut(c, refreshed.userId), 200);
    return c.json(signedOut, 200);
  })

  // ---- Password reset: request a link (same answer for any address), then set a new password ----
  .post("/password-reset", validate("json", passwordResetRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.db;
    const ctx = c.var.ctx;
    await limitSubjects(ctx, "password_reset", [rateSubject("ip", ctx.ip), rateSubject("email", email)]);
    const mailer = createMailer(c.env, db);
    const appOrigin = ctx.origin;
    afterResponse(c, "password reset mail", async () => {
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = await issueEmailToken(db, user.id, "reset_password");
        await mailer.send(passwordResetMail(email, appOrigin, token));
      }
    });
    return c.json({ message: ACCOUNT_TEXTS.resetSent }, 200);
  })
  .post("/password-reset/confirm", validate("json", passwordResetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const db = c.var.db;
    const { ip, userAgent } = c.var.ctx;
    const userId = await spendEmailToken(db, token, "reset_password");
    if (!userId) throw new ApiError("bad_request", ACCOUNT_TEXTS.invalidResetLink);
    const user = await getUser(db, userId);
    if (!user) throw new ApiError("bad_request", ACCOUNT_TEXTS.invalidResetLink);
    const now = c.var.ctx.now;
    // The link proves the mailbox, so it also confirms an unconfirmed address.
    await setPasswordHash(db, userId, await hashPassword(c.env, password), user.emailVerifiedAt ?? now);
    await retireEmailTokens(db, userId, "reset_password", now);
    // Whoever knew the old password may hold a session: end them all.
    const revoked = await revokeSessions(db, { userId }, "password_reset", now);
    await closeSessionSockets(c.var.ctx, { userId, sessions: "all" });
    await clearFailures(c.env, user.email);
    await unlock(c.env, user.email);
    clearSessionCookies(c);
    await logSecurityEvent(db, {
      userId,
      eventType: "password_reset",
      severity: "medium",
      details: { action: "password_reset", sessionsRevoked: revoked },
      ip,
      userAgent,
    });
    return c.json({ ok: true as const, message: ACCOUNT_TEXTS.passwordUpdated }, 200);
  })

  // ---- Google sign-in ----
  .get("/providers", (c) => c.json({ google: googleConfigured(c.env) }, 200))
  .get("/google", (c) => {
    if (!googleConfigured(c.env)) throw new ApiError("unavailable", ACCOUNT_TEXTS.googleNotConfigured);
    const { url, state, codeVerifier } = startGoogleSignIn(c.env, c.var.ctx.origin);
    setCookie(c, GOOGLE_STATE_COOKIE, state, googleCookie);
    setCookie(c, GOOGLE_VERIFIER_COOKIE, codeVerifier, googleCookie);
    // A sign-in replaces any re-authentication this browser had started.
    deleteCookie(c, GOOGLE_REAUTH_COOKIE, { path: GOOGLE_COOKIE_PATH, secure: true });
    return c.redirect(url.toString(), 302);
  })
  // A fresh Google sign-in before deleting the account (decision record 0084); /settings opens it.
  .get("/google/reauth", async (c) => {
    const current = await sessionOrRefreshed(c);
    if (!current) throw new ApiError("unauthorized", REQUEST_TEXTS.authenticationRequired);
    if (!googleConfigured(c.env)) throw new ApiError("unavailable", ACCOUNT_TEXTS.googleNotConfigured);
    const user = await getUser(c.var.db, current.userId);
    if (!user?.googleSub) return reauthOutcome(c, "not_linked");
    const { url, state, codeVerifier } = startGoogleReauth(c.env, c.var.ctx.origin, user.googleSub);
    setCookie(c, GOOGLE_STATE_COOKIE, state, googleCookie);
    setCookie(c, GOOGLE_VERIFIER_COOKIE, codeVerifier, googleCookie);
    setCookie(c, GOOGLE_REAUTH_COOKIE, current.sessionId, googleCookie);
    return c.redirect(url.toString(), 302);
  })
  .get("/google/callback", async (c) => {
    if (!googleConfigured(c.env)) return googleFailure(c, ACCOUNT_TEXTS.googleNotConfigured);
    const db = c.var.db;
    const { ip, userAgent } = c.var.ctx;
    const expectedState = getCookie(c, GOOGLE_STATE_COOKIE);
    const codeVerifier = getCookie(c, GOOGLE_VERIFIER_COOKIE);
    const reauthStartedBy = getCookie(c, GOOGLE_REAUTH_COOKIE);
    // The cookies are single-use whatever happens next.
    deleteCookie(c, GOOGLE_STATE_COOKIE, { path: GOOGLE_COOKIE_PATH, secure: true });
    deleteCookie(c, GOOGLE_VERIFIER_COOKIE, { path: GOOGLE_COOKIE_PATH, secure: true });
    deleteCookie(c, GOOGLE_REAUTH_COOKIE, { path: GOOGLE_COOKIE_PATH, secure: true });
    const code = c.req.query("code");
    const state = c.req.query("state");
    // A flow started in the native app (decision record 0093): its record is a row, not these
    // cookies, and its answer is a one-time code for the app, never a session in this browser.
    if (state && isAppState(state)) return c.redirect(await finishAppCallback(c.var.ctx, { state, code, error: c.req.query("error") }), 302);

    // Which flow this is comes from our own HttpOnly cookie, never from the query: a sign-in's
    // answer cannot be finished as a re-authentication or the other way round.
    const flow = expectedState ? googleFlowOf(expectedState) : "sign_in";
    if (c.req.query("error")) return flow === "reauth" ? reauthOutcome(c, "failed") : googleFailure(c, ACCOUNT_TEXTS.googleFailed);
    if (!code || !state || !expectedState || !codeVerifier || state !== expectedState) {
      // A GET any other site can make a browser load (an image tag), so the event is limited per
      // IP and recorded at most once per IP and window, with a count (decision record 0022).
      await logVisitorEvent(c.env, db, "google_callback", {
        eventType: "suspicious_login_attempt",
        severity: "medium",
        details: { action: "google_callback", outcome: "state_mismatch" },
        ip,
        userAgent,
      });
      return flow === "reauth" ? reauthOutcome(c, "failed") : googleFailure(c, ACCOUNT_TEXTS.googleFailed);
    }
    if (flow === "reauth") return finishReauth(c, code, codeVerifier, reauthStartedBy);

    let identity;
    try {
      identity = await finishGoogleSignIn(c.env, c.var.ctx.origin, code, codeVerifier);
    } catch (error) {
      if (error instanceof GoogleSignInError) {
        c.var.log.warn("google sign-in failed", { reason: error.reason });
        return googleFailure(c, error.reason === "email_unverified" ? ACCOUNT_TEXTS.googleEmailUnverified : ACCOUNT_TEXTS.googleFailed);
      }
      throw error;
    }

    const userId = await linkOrCreateGoogleUser(c.var.ctx, identity);
    if ((await getUser(db, userId))?.suspendedAt) return googleFailure(c, MODERATION_TEXTS.accountSuspended);
    const session = await startSession(db, c.env, userId, { ip, userAgent });
    await cancelDeletionOnSignIn(c.var.ctx, userId);
    setSessionCookies(c, session);
    await logSecurityEvent(db, {
      userId,
      eventType: "sign_in",
      severity: "low",
      details: { action: "sign_in", method: "google", sessionId: session.sessionId },
      ip,
      userAgent,
    });
    return c.redirect("/feed", 302);
  })

  // ---- Google sign-in from the native app (decision record 0093; shared/app-handoff-api.ts) ----
  // The app opens the answer's url in the system browser; the callback above sends that browser
  // to /app/auth-return?code=…, which the operating system hands back to the app.
  .post("/app/google", validate("json", appHandoffStartSchema), async (c) => {
    if (!googleConfigured(c.env)) throw new ApiError("unavailable", ACCOUNT_TEXTS.googleNotConfigured);
    const ctx = c.var.ctx;
    // Each start writes a row that lives ten minutes.
    await limitSubjects(ctx, "app_handoff", [rateSubject("ip", ctx.ip)]);
    return c.json({ url: await startAppHandoff(ctx, { purpose: "sign_in", challenge: c.req.valid("json").challenge }) }, 200);
  })
  // The fresh Google sign-in before deleting the account (decision record 0084), from the app.
  .post("/app/google/reauth", validate("json", appHandoffStartSchema), async (c) => {
    const current = await sessionOrRefreshed(c);
    if (!current) throw new ApiError("unauthorized", REQUEST_TEXTS.authenticationRequired);
    if (!googleConfigured(c.env)) throw new ApiError("unavailable", ACCOUNT_TEXTS.googleNotConfigured);
    const user = await getUser(c.var.db, current.userId);
    if (!user?.googleSub) throw new ApiError("bad_request", LEAVING_TEXTS.delete.googleNotLinked);
    const ctx = c.var.ctx;
    await limitSubjects(ctx, "app_handoff", [rateSubject("ip", ctx.ip)]);
    const url = await startAppHandoff(ctx, {
      purpose: "reauth",
      challenge: c.req.valid("json").challenge,
      userId: user.id,
      sessionId: current.sessionId,
      linkedSub: user.googleSub,
    });
    return c.json({ url }, 200);
  })
  // The WebView redeems the code with its verifier; the session (or the proof) lands in its cookies.
  .post("/app/exchange", validate("json", appHandoffExchangeSchema), async (c) => {
    const ctx = c.var.ctx;
    const db = c.var.db;
    const { ip, userAgent } = ctx;
    await limitSubjects(ctx, "app_handoff", [rateSubject("ip", ip)]);
    // A re-authentication must come back to the session that asked, which may have renewed its
    // access token while the person was on Google's page.
    const redeemed = await redeemAppHandoff(ctx, c.req.valid("json"), await sessionOrRefreshed(c));
    if (redeemed.purpose === "reauth") {
      await grantReauthProof(c, redeemed, "app");
      return c.json({ purpose: "reauth" as const, outcome: "confirmed" as const }, 200);
    }
    const session = await startSession(db, c.env, redeemed.userId, { ip, userAgent });
    setSessionCookies(c, session);
    await logSecurityEvent(db, {
      userId: redeemed.userId,
      eventType: "sign_in",
      severity: "low",
      details: { action: "sign_in", method: "google", handoff: "app", sessionId: session.sessionId },
      ip,
      userAgent,
    });
    const deletionCancelled = await cancelDeletionOnSignIn(ctx, redeemed.userId);
    return c.json({ purpose: "sign_in" as const, ...(await accountOrSignedOut(c, redeemed.userId)), deletionCancelled }, 200);
  });
