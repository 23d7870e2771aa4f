// The native app's Google sign-in hand-off (issue #34 item 1, decision record 0093): the app starts
// with an S256 challenge, the system browser (which holds none of the app's cookies) finishes
// Google's flow and is sent to /app/auth-return?code=…, and the app's WebView redeems the code with
// its verifier. Proven here: the code is single-use, short-lived, bound to the verifier, refused
// from another origin, sets no session in the system browser; a re-authentication from the app
// comes back to the session that asked; the browser's own Google sign-in is unchanged.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_HANDOFF_CODE_TTL_MS } from "@shared/app-handoff-api";
import { app } from "../../../worker/app";
import { appHandoffs, securityEvents, users } from "../../../worker/db/schema";
import { handoffChallenge } from "../../../worker/services/auth/app-handoff";
import { toBase64Url } from "../../../worker/services/auth/encoding";
import { sha256Hex } from "../../../worker/services/auth/tokens";
import { api, apiRequest, cookieHeader, createUser, db, expectError, json, setCookies, signIn, unique } from "../helpers";
import { stubGoogle } from "../helpers/google";

const INVALID = "This sign-in has expired or was already used. Please sign in again.";
const CROSS_ORIGIN = "Cross-origin request refused";
const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the WebView makes and keeps: a random verifier, and the challenge it sends. */
async function webViewSecret() {
  const verifier = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await handoffChallenge(verifier) };
}

/** POST /api/auth/app/google from the WebView: Google's consent page for the system browser. */
async function startFromApp(challenge: string, options: { cookie?: string; path?: string } = {}) {
  const res = await api(options.path ?? "/api/auth/app/google", { body: { challenge }, cookie: options.cookie ?? null });
  const { url } = await json<{ url: string }>(res, 200);
  return { res, google: new URL(url) };
}

/** Google sends the system browser back to the callback: no cookie of ours in that browser. */
function systemBrowserCallback(query: string, cookie: string | null = null) {
  return api(`/api/auth/google/callback?${query}`, { cookie });
}

/** The code of an /app/auth-return?code=… redirect. */
function codeOf(callback: Response): string {
  expect(callback.status).toBe(302);
  const location = new URL(callback.headers.get("location")!, "http://localhost");
  expect(location.pathname).toBe("/app/auth-return");
  return location.searchParams.get("code")!;
}

/** The whole sign-in up to the code: start, Google's answer with `claims`, the callback. */
async function codeForSignIn(claims: Record<string, unknown>) {
  const secret = await webViewSecret();
  const calls = stubGoogle(claims);
  const { google } = await startFromApp(secret.challenge);
  const callback = await systemBrowserCallback(`code=the-code&state=${encodeURIComponent(google.searchParams.get("state")!)}`);
  return { ...secret, google, calls, callback, code: codeOf(callback) };
}

function exchange(body: unknown, options: { cookie?: string; origin?: string | null } = {}) {
  return api("/api/auth/app/exchange", { body, cookie: options.cookie ?? null, ...(options.origin !== undefined ? { origin: options.origin } : {}) });
}

async function googleUser() {
  const sub = unique("sub");
  const email = `${unique("app")}@gmail.test`;
  return { sub, email, claims: { sub, email, name: "App User" } };
}

describe("starting a sign-in from the app", () => {
  it("answers Google's consent page with an app state and Google's own PKCE, records only hashes, and sets no cookie", async () => {
    const { challenge } = await webViewSecret();
    const { res, google } = await startFromApp(challenge);
    expect(google.origin + google.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(google.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
    expect(google.searchParams.get("code_challenge_method")).toBe("S256");
    // Google's challenge is the Worker's own; the app's never leaves our server.
    expect(google.searchParams.get("code_challenge")).not.toBe(challenge);
    const state = google.searchParams.get("state")!;
    expect(state).toMatch(/^app\./);
    expect(res.headers.getSetCookie()).toEqual([]);

    const [row] = await db().select().from(appHandoffs).where(eq(appHandoffs.stateHash, await sha256Hex(state)));
    expect(row).toMatchObject({ purpose: "sign_in", challenge, codeHash: null, userId: null });
    expect(row!.expiresAt - row!.createdAt).toBe(10 * 60_000);
  });

  it("refuses a malformed challenge, another origin, and a server without Google, writing nothing", async () => {
    const before = (await db().select().from(appHandoffs)).length;
    await expectError(await api("/api/auth/app/google", { body: { challenge: "short" } }), 400, "Invalid request");
    await expectError(await api("/api/auth/app/google", { body: { challenge: "x".repeat(43) }, origin: "https://evil.example" }), 403, CROSS_ORIGIN);
    const withoutGoogle = await app.fetch(apiRequest("/api/auth/app/google", { body: { challenge: "x".repeat(43) } }), { ...env, GOOGLE_CLIENT_ID: undefined }, {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
    await expectError(withoutGoogle, 503, "Google sign-in is not configured");
    expect(await db().select().from(appHandoffs)).toHaveLength(before);
  });
});

describe("the callback of an app sign-in (in the system browser)", () => {
  it("exchanges Google's code with the row's verifier and sends a one-time code to the app, with no session in the browser", async () => {
    const who = await googleUser();
    const { calls, callback, code, challenge } = await codeForSignIn(who.claims);
    const [row] = await db().select().from(appHandoffs).where(eq(appHandoffs.codeHash, await sha256Hex(code)));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.get("code")).toBe("the-code");
    expect(calls[0]!.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    // No session in the system browser: the app's WebView is where it belongs.
    expect(setCookies(callback).bl_access).toBeUndefined();
    expect(setCookies(callback).bl_refresh).toBeUndefined();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The code is bound to the app's challenge, stored hashed, and lives a minute.
    expect(row).toMatchObject({ purpose: "sign_in", challenge, stateHash: null, googleVerifier: null });
    expect(row!.expiresAt - row!.createdAt).toBe(APP_HANDOFF_CODE_TTL_MS);
    expect(APP_HANDOFF_CODE_TTL_MS).toBe(60_000);
    // The account exists, as after the browser's own Google sign-in.
    const [user] = await db().select().from(users).where(eq(users.email, who.email));
    expect(row!.userId).toBe(user!.id);
  });

  it("works once per state, and refuses an unknown app state without asking Google", async () => {
    const who = await googleUser();
    const secret = await webViewSecret();
    const calls = stubGoogle(who.claims);
    const { google } = await startFromApp(secret.challenge);
    const query = `code=the-code&state=${encodeURIComponent(google.searchParams.get("state")!)}`;
    codeOf(await systemBrowserCallback(query));
    for (const replay of [query, "code=the-code&state=app.forged-state"]) {
      const again = await systemBrowserCallback(replay);
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(`/app/auth-return?error=${encodeURIComponent("Google sign-in failed. Please try again.")}`);
    }
    expect(calls).toHaveLength(1);
  });

  it("sends Google's refusal and an unverified email back to the app as the error /auth shows", async () => {
    const secret = await webViewSecret();
    const { google } = await startFromApp(secret.challenge);
    const denied = await systemBrowserCallback(`error=access_denied&state=${encodeURIComponent(google.searchParams.get("state")!)}`);
    expect(denied.headers.get("location")).toMatch(/^\/app\/auth-return\?error=/);

    const email = `${unique("unverified")}@gmail.test`;
    stubGoogle({ sub: unique("sub"), email, email_verified: false });
    const second = await startFromApp(secret.challenge);
    const unverified = await systemBrowserCallback(`code=c&state=${encodeURIComponent(second.google.searchParams.get("state")!)}`);
    expect(decodeURIComponent(unverified.headers.get("location")!)).toBe("/app/auth-return?error=Your Google account has no verified email address");
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe("redeeming the code in the app's WebView", () => {
  it("starts a session in the WebView's cookies and answers the account, as a password sign-in does", async () => {
    const who = await googleUser();
    const { code, verifier } = await codeForSignIn(who.claims);
    const res = await exchange({ code, verifier });
    const body = await json<{ purpose: string; user: { id: string; email: string }; deletionCancelled: boolean }>(res, 200);
    expect(body).toMatchObject({ purpose: "sign_in", user: { email: who.email }, deletionCancelled: false });
    const cookies = setCookies(res);
    expect(cookies.bl_access).toBeTruthy();
    expect(cookies.bl_refresh).toBeTruthy();
    const me = await json<{ user: { id: string } }>(await api("/api/auth/session", { cookie: cookieHeader({ bl_access: cookies.bl_access }) }), 200);
    expect(me.user.id).toBe(body.user.id);
    const events = await db().select().from(securityEvents).where(eq(securityEvents.userId, body.user.id));
    expect(events.map((event) => event.details)).toContainEqual(expect.objectContaining({ action: "sign_in", method: "google", handoff: "app" }));
  });

  it("is single-use: a second presentation is refused and starts nothing", async () => {
    const { code, verifier } = await codeForSignIn((await googleUser()).claims);
    expect((await exchange({ code, verifier })).status).toBe(200);
    const again = await exchange({ code, verifier });
    await expectError(again, 400, INVALID);
    expect(setCookies(again).bl_access).toBeUndefined();
  });

  it("is short-lived: refused once its minute is over", async () => {
    const { code, verifier } = await codeForSignIn((await googleUser()).claims);
    const codeHash = await sha256Hex(code);
    const [row] = await db().select().from(appHandoffs).where(eq(appHandoffs.codeHash, codeHash));
    // The minute has passed (the row as the clock would leave it, a millisecond late).
    await db().update(appHandoffs).set({ expiresAt: Date.now() - 1 }).where(eq(appHandoffs.id, row!.id));
    const late = await exchange({ code, verifier });
    await expectError(late, 400, INVALID);
    expect(setCookies(late).bl_access).toBeUndefined();
  });

  it("is bound to the verifier: another verifier is refused and spends the code, so a caught code is worthless", async () => {
    const { code, verifier } = await codeForSignIn((await googleUser()).claims);
    const thief = await webViewSecret();
    await expectError(await exchange({ code, verifier: thief.verifier }), 400, INVALID);
    // The code was spent by the attempt, so the interceptor cannot make the real app fail later
    // in a way it could exploit, and cannot try a second verifier.
    await expectError(await exchange({ code, verifier }), 400, INVALID);
    await expectError(await exchange({ code: "A".repeat(43), verifier }), 400, INVALID);
  });

  it("is refused from another origin or with no Origin, before the code is spent", async () => {
    const { code, verifier } = await codeForSignIn((await googleUser()).claims);
    await expectError(await exchange({ code, verifier }, { origin: "https://evil.example" }), 403, CROSS_ORIGIN);
    await expectError(await exchange({ code, verifier }, { origin: null }), 403, CROSS_ORIGIN);
    await expectError(await exchange({ code, verifier }, { origin: "capacitor://localhost" }), 403, CROSS_ORIGIN);
    // Refused before the handler: our own page can still redeem it.
    expect((await exchange({ code, verifier })).status).toBe(200);
  });

  it("refuses an account suspended between Google's answer and the exchange", async () => {
    const who = await googleUser();
    const { code, verifier } = await codeForSignIn(who.claims);
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.email, who.email));
    const res = await exchange({ code, verifier });
    await expectError(res, 403, "This account has been suspended. If you think this is a mistake, contact support.");
    expect(setCookies(res).bl_access).toBeUndefined();
  });

  it("refuses malformed bodies in our words", async () => {
    await expectError(await exchange({ code: "x", verifier: "y" }), 400, INVALID);
    await expectError(await exchange({}), 400, INVALID);
  });
});

describe("re-authenticating from the app before deleting the account (decision record 0084)", () => {
  async function googleOnlyDevice() {
    const user = await createUser();
    const device = await signIn(user.email, user.password);
    const googleSub = unique("google-sub");
    await db().update(users).set({ passwordHash: null, googleSub }).where(eq(users.id, user.id));
    return { ...device, googleSub };
  }

  async function reauthCode(device: { cookie: string }, claims: Record<string, unknown>) {
    const secret = await webViewSecret();
    stubGoogle(claims);
    const { google } = await startFromApp(secret.challenge, { cookie: device.cookie, path: "/api/auth/app/google/reauth" });
    expect(google.searchParams.get("prompt")).toBe("login");
    const callback = await systemBrowserCallback(`code=the-code&state=${encodeURIComponent(google.searchParams.get("state")!)}`);
    return { ...secret, callback };
  }

  it("comes back to the session that asked with a proof cookie, and /settings sees the confirmation", async () => {
    const device = await googleOnlyDevice();
    const { callback, verifier } = await reauthCode(device, { sub: device.googleSub, auth_time: nowSeconds() });
    const res = await exchange({ code: codeOf(callback), verifier }, { cookie: device.cookie });
    expect(await json(res, 200)).toEqual({ purpose: "reauth", outcome: "confirmed" });
    const proof = setCookies(res).bl_reauth!;
    expect(proof).toBeTruthy();
    expect(setCookies(res).bl_access).toBeUndefined();
    const state = await json<{ googleConfirmedUntil: number | null }>(await api("/api/account/reauth", { cookie: `${device.cookie}; bl_reauth=${proof}` }), 200);
    expect(state.googleConfirmedUntil).toBeGreaterThan(Date.now());
  });

  it("is refused from another session, and the code is then spent", async () => {
    const device = await googleOnlyDevice();
    const other = await signIn((await createUser()).email, "Tuning-Fork-42!");
    const { callback, verifier } = await reauthCode(device, { sub: device.googleSub, auth_time: nowSeconds() });
    const code = codeOf(callback);
    const stolen = await exchange({ code, verifier }, { cookie: other.cookie });
    await expectError(stolen, 400, INVALID);
    expect(setCookies(stolen).bl_reauth).toBeUndefined();
    await expectError(await exchange({ code, verifier }, { cookie: device.cookie }), 400, INVALID);
  });

  it("sends a stale sign-in and another Google account back with /settings' outcomes, issuing no code", async () => {
    const device = await googleOnlyDevice();
    const stale = await reauthCode(device, { sub: device.googleSub, auth_time: nowSeconds() - 3600 });
    expect(stale.callback.headers.get("location")).toBe("/app/auth-return?reauth=stale");
    const other = await reauthCode(device, { sub: unique("someone-else"), auth_time: nowSeconds() });
    expect(other.callback.headers.get("location")).toBe("/app/auth-return?reauth=other_account");
  });

  it("refuses a visitor and an account without a Google link", async () => {
    const { challenge } = await webViewSecret();
    await expectError(await api("/api/auth/app/google/reauth", { body: { challenge } }), 401);
    const passwordOnly = await signIn((await createUser()).email, "Tuning-Fork-42!");
    await expectError(
      await api("/api/auth/app/google/reauth", { body: { challenge }, cookie: passwordOnly.cookie }),
      400,
      "Your account is not linked to Google. Confirm with your password instead.",
    );
  });
});

describe("the browser's own Google sign-in is unchanged", () => {
  it("keeps state and verifier in cookies and signs the browser in at the callback, minting no code", async () => {
    const who = await googleUser();
    stubGoogle(who.claims);
    const before = (await db().select().from(appHandoffs)).length;
    const start = await api("/api/auth/google");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    expect(state).not.toMatch(/^app\./);
    const cookies = setCookies(start);
    const callback = await api(`/api/auth/google/callback?code=the-code&state=${encodeURIComponent(state)}`, {
      cookie: cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier }),
    });
    expect(callback.headers.get("location")).toBe("/feed");
    expect(setCookies(callback).bl_access).toBeTruthy();
    expect(await db().select().from(appHandoffs)).toHaveLength(before);
  });

  it("cannot be finished as an app sign-in: the browser's state is no app state, and an app state ignores the browser's cookies", async () => {
    const who = await googleUser();
    const calls = stubGoogle(who.claims);
    const start = await api("/api/auth/google");
    const cookies = setCookies(start);
    // An app state in the query with a browser flow's cookies: looked up as an app hand-off, which does not exist.
    const callback = await api("/api/auth/google/callback?code=the-code&state=app.not-a-row", {
      cookie: cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier }),
    });
    expect(callback.headers.get("location")).toMatch(/^\/app\/auth-return\?error=/);
    expect(setCookies(callback).bl_access).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
