// POST /api/auth/sign-in: happy path, wrong credentials without enumeration, unconfirmed email,
// the 5-per-15-minutes limit, lockout after 5 failures, hash upgrade and security events.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSessions, refreshTokens, securityEvents, users } from "../../../worker/db/schema";
import { hashPasswordPbkdf2 } from "../../../worker/services/auth/passwords";
import { api, createUser, db, expectError, randomIp, setCookieLine, setCookies, unique } from "../helpers";

/** One sign-in request (the helpers' signIn() fails the test when refused; these tests want the refusals). */
const trySignIn = (email: string, password: string, ip = randomIp()) => api("/api/auth/sign-in", { body: { email, password }, ip });

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in happy path", () => {
  it("answers the user and profile, sets both cookies and stores a session with a hashed refresh token", async () => {
    const user = await createUser();
    const res = await trySignIn(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    const body = await res.json<{ user: { id: string; email: string }; profile: { username: string } }>();
    // A profile without a profession that never onboarded is offered /create-profile.
    expect(body.user).toEqual({ id: user.id, email: user.email, needsOnboarding: true, isModerator: false });
    expect(body.profile.username).toBe(user.username);

    const access = setCookieLine(res, "bl_access")!;
    const refresh = setCookieLine(res, "bl_refresh")!;
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/Secure/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).toMatch(/Path=\/(;|$)/);
    expect(access).toMatch(/Max-Age=900/);
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/Secure/i);
    expect(refresh).toMatch(/Path=\/api\/auth/);
    expect(refresh).toMatch(/Max-Age=2592000/);

    const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions).toHaveLength(1);
    const tokens = await db().select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessions[0]!.id));
    expect(tokens).toHaveLength(1);
    // Only the hash is stored.
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]!.tokenHash).not.toBe(setCookies(res).bl_refresh);

    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "sign_in")));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ action: "sign_in" });
  });

  it("upgrades a legacy PBKDF2 hash to scrypt on the next successful sign-in", async () => {
    const password = "Legacy-Hash-77!";
    const user = await createUser({ password, passwordHash: await hashPasswordPbkdf2(env, password, 1000) });
    expect((await trySignIn(user.email, password)).status).toBe(200);
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash).toMatch(/^scrypt\$N=\d+,r=\d+,p=\d+\$/);
    // The new hash still verifies.
    expect((await trySignIn(user.email, password)).status).toBe(200);
  });
});

describe("sign-in errors", () => {
  it("answers a wrong password and an unknown email identically", async () => {
    const user = await createUser();
    const wrong = await trySignIn(user.email, "Wrong-Password-1!");
    const unknown = await trySignIn(`${unique("nobody")}@example.test`, "Wrong-Password-1!");
    const a = await expectError(wrong, 400, "Invalid login credentials");
    const b = await expectError(unknown, 400, "Invalid login credentials");
    expect({ ...a.error, requestId: "" }).toEqual({ ...b.error, requestId: "" });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(0);
    const failed = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "suspicious_login_attempt")));
    expect(failed.length).toBe(1);
  });

  it("refuses an account that only signs in with Google with the same text", async () => {
    const user = await createUser({ passwordHash: null });
    await expectError(await trySignIn(user.email, user.password), 400, "Invalid login credentials");
  });

  it("refuses an unconfirmed email with the spec text, even with the right password", async () => {
    const user = await createUser({ confirmed: false });
    const res = await trySignIn(user.email, user.password);
    await expectError(res, 403, "Email not confirmed. Check your inbox for the confirmation link.");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("validates the body with the spec's messages", async () => {
    await expectError(await trySignIn("not-an-email", "Whatever-123!"), 400, "Please enter a valid email address");
    await expectError(await trySignIn("ana@example.test", "short"), 400, "Password must be at least 8 characters long");
    await expectError(await api("/api/auth/sign-in", { body: "{not json" }), 400);
  });
});

describe("sign-in rate limit (5 per 15 minutes)", () => {
  it("allows the 5th attempt from one IP, refuses the 6th with the spec texts, and allows again after the window", async () => {
    const ip = randomIp();
    const people = await Promise.all(Array.from({ length: 7 }, () => createUser()));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    for (let i = 0; i < 5; i++) expect((await trySignIn(people[i]!.email, people[i]!.password, ip)).status).toBe(200);

    const refused = await trySignIn(people[5]!.email, people[5]!.password, ip);
    const body = await expectError(refused, 429, "Please wait 15 minutes before trying again");
    expect(body.error.details).toMatchObject({ title: "Too Many Attempts" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(refused.headers.getSetCookie()).toEqual([]);

    vi.setSystemTime(start + 15 * 60_000 + 1000);
    expect((await trySignIn(people[6]!.email, people[6]!.password, ip)).status).toBe(200);
  });

  it("counts per email too, whatever the IP", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await trySignIn(user.email, user.password)).status).toBe(200);
    await expectError(await trySignIn(user.email, user.password), 429, "Please wait 15 minutes before trying again");
  });
});

describe("lockout", () => {
  it("locks the account after 5 failures: the right password then answers 423", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await expectError(await trySignIn(user.email, `Wrong-Guess-${i}!a`), 400, "Invalid login credentials");
    const locked = await trySignIn(user.email, user.password);
    await expectError(locked, 423, "Account temporarily locked due to suspicious activity");
    expect(locked.headers.getSetCookie()).toEqual([]);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "account_locked")));
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(0);
  });

  it("locks unknown emails the same way, so the lock reveals nothing", async () => {
    const email = `${unique("ghost")}@example.test`;
    for (let i = 0; i < 5; i++) await trySignIn(email, `Wrong-Guess-${i}!a`);
    await expectError(await trySignIn(email, "Any-Password-1!"), 423, "Account temporarily locked due to suspicious activity");
  });

  it("a success before the fifth failure starts the count again", async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++) await trySignIn(user.email, `Wrong-Guess-${i}!a`);
    // Four failures plus this success use up the email's 5 attempts; wait out the window.
    expect((await trySignIn(user.email, user.password)).status).toBe(200);
    await expectError(await trySignIn(user.email, "Wrong-Guess-x!a"), 429);
  });
});
