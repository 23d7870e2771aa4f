// A second sign-up must not take over a pending (unconfirmed) account. A repeated
// sign-up never changes the stored password or names, answers exactly as a sign-up for a new
// address, and mails the address a fresh confirmation link for the account as it is; a reset link
// is the way out for an owner who does not know the first password.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, users } from "../../../worker/db/schema";
import { api, createUser, db, DEFAULT_PASSWORD, expectError, mailedToken, outbox, randomIp, unique } from "../helpers";

const SUCCESS = { message: "Please check your email to confirm your account" };
const USERNAME_TAKEN = "This username is already in use";

function signUpBody(overrides: Record<string, unknown> = {}) {
  const name = unique("pend");
  return { email: `${name}@example.test`, password: DEFAULT_PASSWORD, username: name, displayName: "First Person", ...overrides };
}
const signUp = (body: Record<string, unknown>) => api("/api/auth/sign-up", { body, ip: randomIp() });
const signIn = (email: string, password: string) => api("/api/auth/sign-in", { body: { email, password } });

async function accountOf(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, user!.id));
  return { user: user!, profile: profile! };
}

describe("a repeated sign-up for a pending address", () => {
  it("changes no credentials and mails a fresh link that confirms the account as it is", async () => {
    const first = signUpBody({ password: "First-Sign-Up-1!", displayName: "First Person" });
    expect((await signUp(first)).status).toBe(201);
    const before = await accountOf(first.email);

    const second = signUpBody({ email: first.email, password: "Second-Sign-Up-2!", displayName: "Second Person" });
    const res = await signUp(second);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(SUCCESS);

    // Nothing stored changed: password, username, display name, still unconfirmed.
    const after = await accountOf(first.email);
    expect(after.user.passwordHash).toBe(before.user.passwordHash);
    expect(after.user.emailVerifiedAt).toBeNull();
    expect(after.profile).toMatchObject({ username: first.username, displayName: "First Person" });

    // The address got a second mail: it says an account is pending, that confirming keeps the
    // first sign-up's password, and how to get in without it.
    const mails = await outbox(first.email);
    expect(mails).toHaveLength(2);
    const notice = mails[0]!;
    expect(notice.text).toMatch(/already waiting for confirmation/i);
    expect(notice.text).toMatch(/keeps the password chosen when the account was first created/i);
    expect(notice.text).toMatch(/Forgot password/);
    expect(notice.text).toContain("http://localhost/auth/forgot");

    // Its link confirms the account with the first password; the second one never worked.
    expect((await api("/api/auth/confirm", { body: { token: await mailedToken(first.email, "confirm") } })).status).toBe(200);
    await expectError(await signIn(first.email, second.password), 400, "Invalid login credentials");
    expect((await signIn(first.email, first.password)).status).toBe(200);
  });

  it("answers exactly as a sign-up for a new address or a confirmed one", async () => {
    const pending = signUpBody();
    await signUp(pending);
    const confirmed = await createUser();
    const answers = [];
    for (const email of [`${unique("fresh")}@example.test`, pending.email, confirmed.email]) {
      const res = await signUp(signUpBody({ email }));
      answers.push({ status: res.status, body: await res.json(), cookies: res.headers.getSetCookie() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("treats the pending account's own username as taken, exactly as for any other address", async () => {
    const pending = signUpBody();
    await signUp(pending);
    // A new address asking for that username is refused...
    await expectError(await signUp(signUpBody({ username: pending.username })), 409, USERNAME_TAKEN);
    // ...and so is the pending address itself, so the answer cannot tell whose email it is.
    await expectError(await signUp(signUpBody({ email: pending.email, username: pending.username.toUpperCase() })), 409, USERNAME_TAKEN);
    expect(await outbox(pending.email)).toHaveLength(1);
    expect((await accountOf(pending.email)).profile.username).toBe(pending.username);
  });
});

describe("the owner of an address someone else pre-registered", () => {
  it("takes it over with a reset link, which confirms the address and replaces the unproved password", async () => {
    const squatter = signUpBody({ password: "Squatter-Pass-1!" });
    await signUp(squatter);
    expect((await api("/api/auth/password-reset", { body: { email: squatter.email } })).status).toBe(200);
    const reset = await api("/api/auth/password-reset/confirm", {
      body: { token: await mailedToken(squatter.email, "reset"), password: "Owner-Pass-22!" },
    });
    expect(reset.status).toBe(200);
    expect((await accountOf(squatter.email)).user.emailVerifiedAt).not.toBeNull();
    await expectError(await signIn(squatter.email, squatter.password), 400, "Invalid login credentials");
    expect((await signIn(squatter.email, "Owner-Pass-22!")).status).toBe(200);
  });
});
