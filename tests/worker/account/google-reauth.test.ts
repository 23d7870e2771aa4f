// Delete my account with a fresh Google sign-in instead of the password (issue #27 item 5,
// decision record 0084): GET /api/auth/google/reauth sends Google `prompt=login` and `max_age`;
// the callback needs the session that started it, the Google account linked to this user and a
// recent auth_time, then sets a proof cookie bound to the user and the session; POST
// /api/account/delete spends it. Every refusal is checked for what it wrote: nothing.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountDeletions, authSessions, orders, securityEvents, users } from "../../../worker/db/schema";
import { signReauthProof } from "../../../worker/services/auth/reauth";
import { signAccessToken } from "../../../worker/services/auth/tokens";
import {
  api,
  cookieHeader,
  createUser,
  expectError,
  db,
  insertOrder,
  json,
  setCookieLine,
  setCookies,
  signedInUser,
  signIn,
  unique,
  type SignedIn,
} from "../helpers";
import { stubGoogle } from "../helpers/google";

const PROOF_INVALID = "Your Google confirmation is missing or has expired. Confirm with Google again.";
const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.restoreAllMocks();
});

interface GoogleUser extends SignedIn {
  id: string;
  email: string;
  googleSub: string;
  sessionId: string;
}

/** An account that signs in only with Google, signed in on one device. */
async function googleOnlyUser(): Promise<GoogleUser> {
  const user = await createUser();
  const device = await signIn(user.email, user.password);
  const googleSub = unique("google-sub");
  await db().update(users).set({ passwordHash: null, googleSub }).where(eq(users.id, user.id));
  return { ...device, id: user.id, email: user.email, googleSub, sessionId: await sessionIdOf(device.userId, device.access) };
}

/** The auth_sessions id behind a device's access cookie (its `sid` claim). */
async function sessionIdOf(userId: string, access: string): Promise<string> {
  const payload = JSON.parse(atob(access.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string; sub: string };
  expect(payload.sub).toBe(userId);
  return payload.sid;
}

/** Starts a re-authentication as `device` and returns Google's URL and the flow's cookies. */
async function startReauth(device: { cookie: string }) {
  const start = await api("/api/auth/google/reauth", { cookie: device.cookie });
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get("location")!);
  const cookies = setCookies(start);
  return { start, location, cookies };
}

/**
 * The whole round trip: start as `device`, Google answers with `claims`, the browser comes back to
 * the callback with `callbackCookie` (the same device unless told otherwise) and the flow's cookies.
 */
async function reauthRoundTrip(device: { cookie: string }, claims: Record<string, unknown>, options: { callbackCookie?: string | null } = {}) {
  const calls = stubGoogle(claims);
  const { location, cookies } = await startReauth(device);
  const session = options.callbackCookie === undefined ? device.cookie : options.callbackCookie;
  const flow = cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier, bl_google_reauth: cookies.bl_google_reauth });
  const callback = await api(`/api/auth/google/callback?code=the-code&state=${encodeURIComponent(location.searchParams.get("state")!)}`, {
    cookie: [session, flow].filter(Boolean).join("; "),
  });
  return { callback, calls, proof: setCookies(callback).bl_reauth };
}

/** A confirmed device: the round trip with the linked account signing in just now; returns the proof. */
async function confirmedWithGoogle(user: GoogleUser): Promise<string> {
  const { callback, proof } = await reauthRoundTrip(user, { sub: user.googleSub, email: user.email, auth_time: nowSeconds() - 5 });
  expect(callback.headers.get("location")).toBe("/settings?reauth=confirmed");
  expect(proof).toBeTruthy();
  return proof!;
}

function deleteWithGoogle(device: { cookie: string }, proof: string | undefined) {
  return api("/api/account/delete", { cookie: [device.cookie, proof ? `bl_reauth=${proof}` : ""].filter(Boolean).join("; "), body: { confirmWith: "google" } });
}

/**
 * Everything a refusal could have written for this user: the deletion request, the sessions, the
 * users row and security events. lastActiveAt is left out: reading a session may record activity
 * (at most once a minute), which is not something the refused request did.
 */
async function accountState(userId: string) {
  const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, userId));
  return {
    deletion: await db().select().from(accountDeletions).where(eq(accountDeletions.userId, userId)),
    sessions: sessions.map(({ lastActiveAt: _ignored, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id)),
    user: await db().select().from(users).where(eq(users.id, userId)),
    events: (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).sort((a, b) => a.id.localeCompare(b.id)),
  };
}

describe("GET /api/auth/google/reauth", () => {
  it("sends Google prompt=login, max_age and the linked account, with the flow in short-lived HttpOnly cookies", async () => {
    const user = await googleOnlyUser();
    const { start, location, cookies } = await startReauth(user);
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("prompt")).toBe("login");
    expect(location.searchParams.get("max_age")).toBe("300");
    expect(location.searchParams.get("login_hint")).toBe(user.googleSub);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toMatch(/^reauth\./);
    expect(cookies.bl_google_state).toBe(location.searchParams.get("state"));
    // The third cookie names the session that asked.
    expect(cookies.bl_google_reauth).toBe(user.sessionId);
    for (const name of ["bl_google_state", "bl_google_verifier", "bl_google_reauth"]) {
      const line = setCookieLine(start, name)!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Secure/i);
      expect(line).toMatch(/Max-Age=600/);
      expect(line).toMatch(/Path=\/api\/auth\/google/);
    }
  });

  it("refuses a visitor, and sends an account without Google back to /settings without starting anything", async () => {
    await expectError(await api("/api/auth/google/reauth"), 401, "Authentication required");
    const passwordOnly = await signedInUser();
    const start = await api("/api/auth/google/reauth", { cookie: passwordOnly.cookie });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/settings?reauth=not_linked");
    expect(setCookies(start).bl_google_state).toBeUndefined();
  });
});

describe("the re-authentication callback", () => {
  it("sets a proof bound to this session for ten minutes, changes nothing else, and /settings sees it", async () => {
    const user = await googleOnlyUser();
    expect(await json(await api("/api/account/reauth", { cookie: user.cookie }), 200)).toEqual({ password: false, google: true, googleConfirmedUntil: null });
    const sessionsBefore = (await accountState(user.id)).sessions;

    const { callback, calls, proof } = await reauthRoundTrip(user, { sub: user.googleSub, email: user.email, auth_time: nowSeconds() - 30 });
    expect(callback.headers.get("location")).toBe("/settings?reauth=confirmed");
    expect(calls).toHaveLength(1);
    const line = setCookieLine(callback, "bl_reauth")!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Secure/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/account/);
    expect(line).toMatch(/Max-Age=600/);
    // The flow's cookies are spent; no new session was started (this is not a sign-in).
    expect(setCookies(callback)).toMatchObject({ bl_google_state: "", bl_google_verifier: "", bl_google_reauth: "" });
    expect(setCookies(callback).bl_access).toBeUndefined();
    expect((await accountState(user.id)).sessions).toEqual(sessionsBefore);
    // The successful re-authentication is in the account's security log.
    const events = await db().select().from(securityEvents).where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "sign_in")));
    expect(events.map((e) => e.details)).toContainEqual({ action: "reauthenticate", method: "google", sessionId: user.sessionId });

    const state = await json<{ googleConfirmedUntil: number }>(await api("/api/account/reauth", { cookie: `${user.cookie}; bl_reauth=${proof}` }), 200);
    expect(state.googleConfirmedUntil).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(state.googleConfirmedUntil).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it("refuses a different Google account with a clear outcome, and changes nothing (no proof, no link, no account)", async () => {
    const user = await googleOnlyUser();
    const before = await accountState(user.id);
    const strangerEmail = `${unique("stranger")}@gmail.test`;
    const { callback, proof } = await reauthRoundTrip(user, { sub: unique("someone-else"), email: strangerEmail, auth_time: nowSeconds() });
    expect(callback.headers.get("location")).toBe("/settings?reauth=other_account");
    expect(proof).toBeUndefined();
    expect(await accountState(user.id)).toEqual(before);
    // The other Google account was neither linked nor given an account of its own.
    expect(await db().select().from(users).where(eq(users.email, strangerEmail))).toEqual([]);
  });

  it("refuses a stale or missing auth_time (Google resumed a session instead of asking), writing nothing", async () => {
    const user = await googleOnlyUser();
    const before = await accountState(user.id);
    for (const claims of [{ auth_time: nowSeconds() - 6 * 60 }, {}, { auth_time: nowSeconds() + 3600 }]) {
      const { callback, proof } = await reauthRoundTrip(user, { sub: user.googleSub, email: user.email, ...claims });
      expect(callback.headers.get("location")).toBe("/settings?reauth=stale");
      expect(proof).toBeUndefined();
      vi.restoreAllMocks();
    }
    expect(await accountState(user.id)).toEqual(before);
  });

  it("refuses without a signed-in session, before the code is spent", async () => {
    const user = await googleOnlyUser();
    // Signed out on this device between the start and Google's answer.
    const started = await reauthRoundTrip(user, { sub: user.googleSub, email: user.email, auth_time: nowSeconds() }, { callbackCookie: null });
    expect(started.callback.headers.get("location")).toBe(`/auth?error=${encodeURIComponent("Your session has ended. Sign in, then confirm with Google again from your settings.")}`);
    expect(started.calls).toHaveLength(0);
    expect(started.proof).toBeUndefined();
    vi.restoreAllMocks();
    // The session was revoked meanwhile: its cookies no longer count.
    const before = await accountState(user.id);
    const calls = stubGoogle({ sub: user.googleSub, email: user.email, auth_time: nowSeconds() });
    const { location, cookies } = await startReauth(user);
    await json(await api("/api/auth/sign-out", { cookie: user.cookie, body: { scope: "local" } }), 200);
    const callback = await api(`/api/auth/google/callback?code=the-code&state=${encodeURIComponent(location.searchParams.get("state")!)}`, {
      cookie: `${user.cookie}; ${cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier, bl_google_reauth: cookies.bl_google_reauth })}`,
    });
    expect(callback.headers.get("location")).toMatch(/^\/auth\?error=/);
    expect(calls).toHaveLength(0);
    expect(setCookies(callback).bl_reauth).toBeUndefined();
    // Only the sign-out itself happened: no proof, no deletion.
    expect((await accountState(user.id)).deletion).toEqual(before.deletion);
  });

  it("sends a refusal at Google, or a failed code exchange, back to /settings with nothing written", async () => {
    const user = await googleOnlyUser();
    const before = await accountState(user.id);
    // The person pressed Cancel on Google's page: Google answers with an error and no code.
    const { location, cookies } = await startReauth(user);
    const flow = cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier, bl_google_reauth: cookies.bl_google_reauth });
    const cancelled = await api(`/api/auth/google/callback?error=access_denied&state=${encodeURIComponent(location.searchParams.get("state")!)}`, { cookie: `${user.cookie}; ${flow}` });
    expect(cancelled.headers.get("location")).toBe("/settings?reauth=failed");
    // Google refuses the code.
    stubGoogle({}, 400);
    const refused = await startReauth(user);
    const exchange = await api(`/api/auth/google/callback?code=c&state=${encodeURIComponent(refused.location.searchParams.get("state")!)}`, {
      cookie: `${user.cookie}; ${cookieHeader({ bl_google_state: refused.cookies.bl_google_state, bl_google_verifier: refused.cookies.bl_google_verifier, bl_google_reauth: refused.cookies.bl_google_reauth })}`,
    });
    expect(exchange.headers.get("location")).toBe("/settings?reauth=failed");
    expect(setCookies(exchange).bl_reauth).toBeUndefined();
    expect(await accountState(user.id)).toEqual(before);
  });

  it("still counts a device whose access token ran out on Google's page: the refresh cookie renews it", async () => {
    const user = await googleOnlyUser();
    const { callback, proof } = await reauthRoundTrip(user, { sub: user.googleSub, email: user.email, auth_time: nowSeconds() }, { callbackCookie: cookieHeader({ bl_refresh: user.refresh }) });
    expect(callback.headers.get("location")).toBe("/settings?reauth=confirmed");
    // The same session, renewed: the proof works with the new access cookie.
    const renewed = cookieHeader({ bl_access: setCookies(callback).bl_access });
    expect(await sessionIdOf(user.id, setCookies(callback).bl_access!)).toBe(user.sessionId);
    await json(await deleteWithGoogle({ cookie: renewed }, proof), 200);
  });

  it("cannot be swapped with a sign-in: the flow comes from our cookie, and the session must be the one that started it", async () => {
    const user = await googleOnlyUser();
    const other = await googleOnlyUser();
    stubGoogle({ sub: user.googleSub, email: user.email, auth_time: nowSeconds() });

    // A sign-in flow finished while signed in is a sign-in (a new session), never a proof.
    const signInStart = await api("/api/auth/google", { cookie: user.cookie });
    const signInCookies = setCookies(signInStart);
    const signInState = new URL(signInStart.headers.get("location")!).searchParams.get("state")!;
    const asSignIn = await api(`/api/auth/google/callback?code=c&state=${encodeURIComponent(signInState)}`, {
      cookie: `${user.cookie}; ${cookieHeader({ bl_google_state: signInCookies.bl_google_state, bl_google_verifier: signInCookies.bl_google_verifier })}`,
    });
    expect(asSignIn.headers.get("location")).toBe("/feed");
    expect(setCookies(asSignIn).bl_reauth).toBeUndefined();

    // A re-authentication's cookies with a sign-in's state (or the other way round): refused, Google not asked.
    const reauth = await startReauth(user);
    const mixed = await api(`/api/auth/google/callback?code=c&state=${encodeURIComponent(signInState)}`, {
      cookie: `${user.cookie}; ${cookieHeader({ bl_google_state: reauth.cookies.bl_google_state, bl_google_verifier: reauth.cookies.bl_google_verifier, bl_google_reauth: reauth.cookies.bl_google_reauth })}`,
    });
    expect(mixed.headers.get("location")).toBe("/settings?reauth=failed");
    expect(setCookies(mixed).bl_reauth).toBeUndefined();

    // Started by one session, finished in another (another account signed in meanwhile): refused.
    const before = await accountState(other.id);
    const swapped = await reauthRoundTrip(user, { sub: other.googleSub, email: other.email, auth_time: nowSeconds() }, { callbackCookie: other.cookie });
    expect(swapped.callback.headers.get("location")).toBe("/settings?reauth=failed");
    expect(swapped.proof).toBeUndefined();
    expect(await accountState(other.id)).toEqual(before);
  });
});

describe("POST /api/account/delete with the Google proof", () => {
  it("schedules the deletion of a Google-only account exactly as a password does", async () => {
    const user = await googleOnlyUser();
    const proof = await confirmedWithGoogle(user);
    const res = await deleteWithGoogle(user, proof);
    await json(res, 200);
    expect(setCookies(res)).toMatchObject({ bl_access: "", bl_reauth: "" });

    // The same deletion a password records.
    const withPassword = await signedInUser();
    await json(await api("/api/account/delete", { cookie: withPassword.cookie, body: { password: withPassword.password } }), 200);
    const rows = async (userId: string) => {
      const state = await accountState(userId);
      return {
        deletion: state.deletion.map((row) => ({ ...row, userId: "x", requestedAt: typeof row.requestedAt })),
        sessions: state.sessions.map((s) => ({ revoked: s.revokedAt !== null, reason: s.revokeReason })),
      };
    };
    const google = await rows(user.id);
    expect(google).toEqual({ deletion: [{ userId: "x", requestedAt: "number", completedAt: null }], sessions: [{ revoked: true, reason: "account_deletion" }] });
    expect(google).toEqual(await rows(withPassword.id));
    // Signed out: the old cookies reach nothing.
    expect((await api("/api/account/reauth", { cookie: user.cookie })).status).toBe(401);
  });

  it("refuses a missing, tampered, expired or look-alike proof with nothing written", async () => {
    const user = await googleOnlyUser();
    const proof = await confirmedWithGoogle(user);
    const before = await accountState(user.id);
    const tampered = `${proof.slice(0, -4)}${proof.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const expired = await signReauthProof(env, { userId: user.id, sessionId: user.sessionId, googleSub: user.googleSub }, Date.now() - 11 * 60_000);
    // An access token of this very session is signed with the same key but is no proof.
    const accessToken = await signAccessToken(env, { userId: user.id, sessionId: user.sessionId });
    for (const presented of [undefined, tampered, expired, accessToken]) {
      await expectError(await deleteWithGoogle(user, presented), 403, PROOF_INVALID);
    }
    expect(await accountState(user.id)).toEqual(before);
    expect(await json(await api("/api/account/reauth", { cookie: `${user.cookie}; bl_reauth=${expired}` }), 200)).toMatchObject({ googleConfirmedUntil: null });
  });

  it("refuses a proof from another user's session or from another device of the same user, with nothing written", async () => {
    const ana = await googleOnlyUser();
    const ben = await googleOnlyUser();
    const anaProof = await confirmedWithGoogle(ana);
    const anaSecondDevice = await secondDevice(ana);
    const [anaBefore, benBefore] = [await accountState(ana.id), await accountState(ben.id)];
    await expectError(await deleteWithGoogle(ben, anaProof), 403, PROOF_INVALID);
    await expectError(await deleteWithGoogle(anaSecondDevice, anaProof), 403, PROOF_INVALID);
    expect(await accountState(ben.id)).toEqual(benBefore);
    expect(await accountState(ana.id)).toEqual(anaBefore);
    // A proof minted for Ben's user with Ana's session (or the other way round) is no better.
    const crossed = await signReauthProof(env, { userId: ben.id, sessionId: ana.sessionId, googleSub: ben.googleSub }, Date.now());
    await expectError(await deleteWithGoogle(ana, crossed), 403, PROOF_INVALID);
    await expectError(await deleteWithGoogle(ben, crossed), 403, PROOF_INVALID);
    expect(await accountState(ben.id)).toEqual(benBefore);
    // Ana's own device still can: none of that spent or spoiled her proof.
    await json(await deleteWithGoogle(ana, anaProof), 200);
  });

  it("is single-use: after the deletion neither the old session nor a new sign-in can spend it again", async () => {
    const user = await googleOnlyUser();
    const proof = await confirmedWithGoogle(user);
    await json(await deleteWithGoogle(user, proof), 200);
    // Replayed on the same device: the session it is bound to has ended.
    await expectError(await deleteWithGoogle(user, proof), 401, "Authentication required");
    // Signing in with Google again cancels the deletion (decision record 0084) and is a new session.
    vi.restoreAllMocks();
    stubGoogle({ sub: user.googleSub, email: user.email, name: "Back Again" });
    const start = await api("/api/auth/google");
    const flow = setCookies(start);
    const back = await api(`/api/auth/google/callback?code=c&state=${encodeURIComponent(flow.bl_google_state!)}`, {
      cookie: cookieHeader({ bl_google_state: flow.bl_google_state, bl_google_verifier: flow.bl_google_verifier }),
    });
    expect(back.headers.get("location")).toBe("/feed");
    const fresh = cookieHeader({ bl_access: setCookies(back).bl_access, bl_refresh: setCookies(back).bl_refresh });
    expect(await db().select().from(accountDeletions).where(eq(accountDeletions.userId, user.id))).toEqual([]);
    const before = await accountState(user.id);
    await expectError(await deleteWithGoogle({ cookie: fresh }, proof), 403, PROOF_INVALID);
    expect(await accountState(user.id)).toEqual(before);
  });

  it("is left unspent by the open-orders refusal, so it works once the order is settled", async () => {
    const user = await googleOnlyUser();
    const buyer = await createUser();
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: user.id, status: "in_progress" });
    const proof = await confirmedWithGoogle(user);
    const before = await accountState(user.id);
    await expectError(await deleteWithGoogle(user, proof), 409);
    expect(await accountState(user.id)).toEqual(before);
    await db().update(orders).set({ status: "completed" }).where(eq(orders.id, orderId));
    await json(await deleteWithGoogle(user, proof), 200);
    expect(await db().select().from(accountDeletions).where(eq(accountDeletions.userId, user.id))).toHaveLength(1);
  });

  it("refuses the proof when the account's Google link changed since, and the wrong method for each kind of account", async () => {
    const user = await googleOnlyUser();
    const proof = await confirmedWithGoogle(user);
    await db().update(users).set({ googleSub: unique("relinked") }).where(eq(users.id, user.id));
    const before = await accountState(user.id);
    await expectError(await deleteWithGoogle(user, proof), 403, PROOF_INVALID);
    // A password sent for an account that has none is pointed to Google.
    await expectError(await api("/api/account/delete", { cookie: user.cookie, body: { password: "Anything-1!" } }), 403, "Your account has no password. Confirm with Google instead.");
    expect(await accountState(user.id)).toEqual(before);
    // A password-only account has no Google proof to spend.
    const passwordOnly = await signedInUser();
    const passwordBefore = await accountState(passwordOnly.id);
    await expectError(await deleteWithGoogle(passwordOnly, proof), 403, PROOF_INVALID);
    expect(await accountState(passwordOnly.id)).toEqual(passwordBefore);
    expect(await json(await api("/api/account/reauth", { cookie: passwordOnly.cookie }), 200)).toEqual({ password: true, google: false, googleConfirmedUntil: null });
  });

  it("takes exactly one of the password and confirmWith", async () => {
    const user = await googleOnlyUser();
    for (const body of [{}, { password: "x", confirmWith: "google" }, { confirmWith: "facebook" }]) {
      const res = await api("/api/account/delete", { cookie: user.cookie, body });
      expect(res.status).toBe(400);
    }
    expect(await db().select().from(accountDeletions).where(eq(accountDeletions.userId, user.id))).toEqual([]);
  });
});

/** A second device of a Google-only account: signed in through Google, its access cookie. */
async function secondDevice(user: GoogleUser): Promise<{ cookie: string }> {
  stubGoogle({ sub: user.googleSub, email: user.email });
  const start = await api("/api/auth/google");
  const flow = setCookies(start);
  const back = await api(`/api/auth/google/callback?code=c&state=${encodeURIComponent(flow.bl_google_state!)}`, {
    cookie: cookieHeader({ bl_google_state: flow.bl_google_state, bl_google_verifier: flow.bl_google_verifier }),
  });
  vi.restoreAllMocks();
  return { cookie: cookieHeader({ bl_access: setCookies(back).bl_access }) };
}
