// Google sign-in against a stubbed token endpoint (helpers/google.ts).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { profiles, users } from "../../../worker/db/schema";
import { api, cookieHeader, createUser, db, expectError, setCookieLine, setCookies, unique } from "../helpers";
import { stubGoogle } from "../helpers/google";

/** GET /api/auth/google, then the callback with Google's code and the state it echoes back. */
async function roundTrip(options: { tamperState?: boolean } = {}) {
  const start = await api("/api/auth/google");
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get("location")!);
  const cookies = setCookies(start);
  const state = options.tamperState ? "attacker-state" : location.searchParams.get("state")!;
  const callback = await api(`/api/auth/google/callback?code=the-code&state=${encodeURIComponent(state)}`, {
    cookie: cookieHeader({ bl_google_state: cookies.bl_google_state, bl_google_verifier: cookies.bl_google_verifier }),
  });
  return { start, location, cookies, callback };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Google sign-in", () => {
  it("says it is available and redirects to Google with PKCE and state in short-lived HttpOnly cookies", async () => {
    expect(await (await api("/api/auth/providers")).json()).toEqual({ google: true });
    const start = await api("/api/auth/google");
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
    expect(url.searchParams.get("scope")).toContain("email");
    const cookies = setCookies(start);
    expect(cookies.bl_google_state).toBe(url.searchParams.get("state"));
    for (const name of ["bl_google_state", "bl_google_verifier"]) {
      const line = setCookieLine(start, name)!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Secure/i);
      expect(line).toMatch(/Max-Age=600/);
      expect(line).toMatch(/Path=\/api\/auth\/google/);
    }
  });

  it("creates an account with a derived unique username, signs in and goes to /feed", async () => {
    await createUser({ username: "Ada_Lovelace" });
    const email = `${unique("ada")}@gmail.test`;
    const calls = stubGoogle({ sub: unique("sub"), email, name: "Ada Lovelace" });
    const { cookies, callback } = await roundTrip();
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/feed");
    // The code was exchanged with the PKCE verifier from the cookie.
    expect(calls[0]!.get("code")).toBe("the-code");
    expect(calls[0]!.get("code_verifier")).toBe(cookies.bl_google_verifier);

    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(user!.passwordHash).toBeNull();
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile!.username.toLowerCase()).not.toBe("ada_lovelace");
    expect(profile!.username).toMatch(/^Ada_Lovelace_\d{4}$/);
    expect(profile!.displayName).toBe("Ada Lovelace");

    const session = setCookies(callback);
    const me = await (await api("/api/auth/session", { cookie: cookieHeader({ bl_access: session.bl_access }) })).json<{ user: { id: string } }>();
    expect(me.user.id).toBe(user!.id);
  });

  it("links to the existing account with the same verified email", async () => {
    const ana = await createUser();
    const sub = unique("sub");
    stubGoogle({ sub, email: ana.email.toUpperCase(), name: "Ana" });
    const { callback } = await roundTrip();
    expect(callback.headers.get("location")).toBe("/feed");
    const [row] = await db().select().from(users).where(eq(users.id, ana.id));
    expect(row!.googleSub).toBe(sub);
    expect(await db().select().from(users).where(eq(users.email, ana.email))).toHaveLength(1);
    // The password still works for a confirmed account.
    expect((await api("/api/auth/sign-in", { body: { email: ana.email, password: ana.password } })).status).toBe(200);
  });

  it("linking to an unconfirmed account drops the password whoever registered it chose", async () => {
    const squatted = await createUser({ confirmed: false });
    stubGoogle({ sub: unique("sub"), email: squatted.email, name: "Owner" });
    await roundTrip();
    await expectError(
      await api("/api/auth/sign-in", { body: { email: squatted.email, password: squatted.password } }),
      400,
      "Invalid login credentials",
    );
  });

  it("refuses a state mismatch without calling Google", async () => {
    const calls = stubGoogle({ sub: unique("sub"), email: `${unique("x")}@gmail.test` });
    const { callback } = await roundTrip({ tamperState: true });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toMatch(/^\/auth\?error=/);
    expect(calls).toHaveLength(0);
    expect(setCookies(callback).bl_access).toBeUndefined();
  });

  it("refuses an unverified Google email and a token for another client", async () => {
    const email = `${unique("unverified")}@gmail.test`;
    stubGoogle({ sub: unique("sub"), email, email_verified: false });
    const first = await roundTrip();
    expect(decodeURIComponent(first.callback.headers.get("location")!)).toContain("no verified email");
    vi.restoreAllMocks();
    stubGoogle({ sub: unique("sub"), email, aud: "someone-elses-client" });
    const second = await roundTrip();
    expect(second.callback.headers.get("location")).toMatch(/^\/auth\?error=/);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("sends a failed code exchange back to /auth with an error", async () => {
    stubGoogle({}, 400);
    const { callback } = await roundTrip();
    expect(callback.headers.get("location")).toMatch(/^\/auth\?error=/);
  });

  it("without credentials: providers says false and /google answers 503", async () => {
    const bare = { ...env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const providers = await app.fetch(new Request("http://localhost/api/auth/providers"), bare, ctx);
    expect(await providers.json()).toEqual({ google: false });
    const start = await app.fetch(new Request("http://localhost/api/auth/google"), bare, ctx);
    await expectError(start, 503, "Google sign-in is not configured");
  });
});
