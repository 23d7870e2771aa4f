// POST /api/auth/sign-up, /confirm and /resend: spec §5 sign-up rules with their exact texts,
// the 3-per-60-minutes limit, case-insensitive usernames, confirmation links, and answers that
// never reveal whether an email address is registered.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailTokens, profiles, securityEvents, users } from "../../../worker/db/schema";
import { api, createUser, db, DEFAULT_PASSWORD, expectError, mailedToken, outbox, randomIp, unique, waitForMail } from "../helpers";

const SUCCESS = { message: "Please check your email to confirm your account" };

function newcomer(overrides: Record<string, unknown> = {}) {
  const name = unique("new");
  return { email: `${name}@example.test`, password: DEFAULT_PASSWORD, username: name, displayName: "New Person", ...overrides };
}
const signUp = (body: Record<string, unknown>, ip = randomIp()) => api("/api/auth/sign-up", { body, ip });

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up happy path", () => {
  it("creates an unconfirmed user with a profile and mails a confirmation link", async () => {
    const body = newcomer({ email: "  MixedCase.Person@Example.TEST ", username: "Mixed Case!Name", displayName: "  Mixed Case  " });
    const res = await signUp(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(SUCCESS);

    const [user] = await db().select().from(users).where(eq(users.email, "mixedcase.person@example.test"));
    expect(user).toBeDefined();
    expect(user!.emailVerifiedAt).toBeNull();
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, user!.id));
    // Sanitised: letters, digits, _ . - only; display name trimmed.
    expect(profile).toMatchObject({ username: "MixedCaseName", displayName: "Mixed Case" });

    const [mail] = await outbox(user!.email);
    expect(mail!.text).toMatch(/http:\/\/localhost\/auth\/confirm\?token=[A-Za-z0-9_-]{43}/);
    const [token] = await db().select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(token!.purpose).toBe("confirm_email");
    expect(mail!.text).not.toContain(token!.tokenHash);

    // Unconfirmed: sign-in is refused until the link is used.
    await expectError(
      await api("/api/auth/sign-in", { body: { email: user!.email, password: body.password } }),
      403,
      "Email not confirmed. Check your inbox for the confirmation link.",
    );
    const confirm = await api("/api/auth/confirm", { body: { token: await mailedToken(user!.email, "confirm") } });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ ok: true });
    expect((await api("/api/auth/sign-in", { body: { email: user!.email, password: body.password } })).status).toBe(200);
    const events = await db().select().from(securityEvents).where(eq(securityEvents.userId, user!.id));
    expect(events.map((e) => e.eventType)).toContain("sign_up");
  });
});

describe("sign-up validation (spec §5 texts)", () => {
  it.each([
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ username: "a!" }, "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens"],
    [{ displayName: " x " }, "Display name must be at least 2 characters long"],
    [{ password: "Password1!" }, undefined],
    [{ password: "alllowercase" }, undefined],
  ])("refuses %j", async (override, message) => {
    const body = newcomer(override);
    const res = await signUp(body);
    const envelope = await expectError(res, 400, message);
    expect(envelope.error.code).toBe("validation_failed");
    expect(await db().select().from(users).where(eq(users.email, String(body.email).trim().toLowerCase()))).toHaveLength(0);
  });

  it("explains a weak password with the scoring feedback", async () => {
    const envelope = await expectError(await signUp(newcomer({ password: "alllowercase" })), 400);
    expect(envelope.error.message).toMatch(/uppercase/i);
  });

  it("refuses a breached password that passes scoring with the spec's text", async () => {
    // Long enough and with every character class, but on the common-password list.
    const { isCommonPassword } = await import("@shared/rules/common-passwords");
    const { scorePassword } = await import("@shared/rules/password");
    const candidates = ["Qwerty123!", "Password123!", "P@ssw0rd", "Welcome1!", "Iloveyou1!", "Abcd1234!", "Zaq12wsx!", "Sunshine1!"];
    const breached = candidates.find((p) => isCommonPassword(p) && scorePassword(p).isValid);
    expect(breached, "a list entry that passes scoring").toBeDefined();
    await expectError(
      await signUp(newcomer({ password: breached })),
      400,
      "This password has been found in data breaches. Please choose a different password.",
    );
  });

  it("refuses a taken username ignoring case with 409", async () => {
    const taken = await createUser({ username: "TakenName" });
    const body = newcomer({ username: "takenNAME" });
    await expectError(await signUp(body), 409, "This username is already in use");
    expect(await db().select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    expect(taken.username).toBe("TakenName");
  });
});

describe("no user enumeration", () => {
  it("answers a registered email exactly like a new one, mails the owner a notice and creates nothing", async () => {
    const owner = await createUser();
    const res = await signUp(newcomer({ email: owner.email, password: "Another-Pass-9!" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(SUCCESS);
    const [mail] = await outbox(owner.email);
    expect(mail!.subject).toMatch(/tried to sign up/i);
    expect(mail!.text).not.toMatch(/token=/);
    expect(await db().select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    // The owner's password is unchanged.
    expect((await api("/api/auth/sign-in", { body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it("resend answers the same for unknown, confirmed and unconfirmed addresses, and mails only the unconfirmed", async () => {
    const confirmed = await createUser();
    const pending = await createUser({ confirmed: false });
    const answers = [];
    for (const email of [`${unique("ghost")}@example.test`, confirmed.email, pending.email]) {
      const res = await api("/api/auth/resend", { body: { email } });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    // The mail goes out after the answer; once the unconfirmed address's has arrived, the
    // confirmed address (asked before it) has none.
    expect(await waitForMail(pending.email)).toHaveLength(1);
    expect(await outbox(confirmed.email)).toHaveLength(0);
  });

  it("a second sign-up for an unconfirmed address changes nothing; a reset shuts out a squatter's password", async () => {
    const victimEmail = `${unique("victim")}@example.test`;
    expect((await signUp(newcomer({ email: victimEmail, password: "Squatter-Pass-1!" }))).status).toBe(201);
    expect((await signUp(newcomer({ email: victimEmail, password: "Owner-Pass-22!" }))).status).toBe(201);
    // The second sign-up's password was never stored: with it the unconfirmed
    // account answers as for any wrong password.
    await expectError(await api("/api/auth/sign-in", { body: { email: victimEmail, password: "Owner-Pass-22!" } }), 400, "Invalid login credentials");
    // The owner, told by the second mail that confirming keeps the first password, resets instead.
    expect((await api("/api/auth/password-reset", { body: { email: victimEmail } })).status).toBe(200);
    const reset = await api("/api/auth/password-reset/confirm", { body: { token: await mailedToken(victimEmail, "reset"), password: "Owner-Pass-22!" } });
    expect(reset.status).toBe(200);
    await expectError(await api("/api/auth/sign-in", { body: { email: victimEmail, password: "Squatter-Pass-1!" } }), 400, "Invalid login credentials");
    expect((await api("/api/auth/sign-in", { body: { email: victimEmail, password: "Owner-Pass-22!" } })).status).toBe(200);
  });
});

describe("confirmation links", () => {
  it("work once, and not after 24 hours", async () => {
    const body = newcomer();
    await signUp(body);
    const token = await mailedToken(body.email, "confirm");
    expect((await api("/api/auth/confirm", { body: { token } })).status).toBe(200);
    await expectError(await api("/api/auth/confirm", { body: { token } }), 400, "Confirmation link is invalid or has expired");

    const late = newcomer();
    await signUp(late);
    const lateToken = await mailedToken(late.email, "confirm");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60_000 + 1000 });
    await expectError(await api("/api/auth/confirm", { body: { token: lateToken } }), 400, "Confirmation link is invalid or has expired");
    const [user] = await db().select().from(users).where(eq(users.email, late.email));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it("refuses forged and malformed tokens with the same text", async () => {
    for (const token of ["A".repeat(43), "short", "<script>alert(1)</script>", 42]) {
      await expectError(await api("/api/auth/confirm", { body: { token } }), 400, "Confirmation link is invalid or has expired");
    }
  });
});

describe("sign-up rate limit (3 per 60 minutes per IP)", () => {
  it("allows the 3rd sign-up from one IP and refuses the 4th with the spec texts", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await signUp(newcomer(), ip)).status).toBe(201);
    const body = newcomer();
    const refused = await signUp(body, ip);
    const envelope = await expectError(refused, 429, "Please wait 60 minutes before trying again");
    expect(envelope.error.details).toMatchObject({ title: "Too Many Attempts" });
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(await db().select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    // Another IP is unaffected.
    expect((await signUp(newcomer())).status).toBe(201);
  });

  // Issue #27 item 8: an IPv6 client picks any address in its /64 at will, so the /64 is one IP.
  it("counts every address of an IPv6 /64 as one IP, and the next /64 apart", async () => {
    const [g3, g4] = [Math.floor(Math.random() * 0xffff), Math.floor(Math.random() * 0xfffe)];
    const prefix = `2001:db8:${g3.toString(16)}:${g4.toString(16)}`;
    const nextPrefix = `2001:db8:${g3.toString(16)}:${(g4 + 1).toString(16)}`;
    for (const host of ["::1", ":0:0:0:2", ":abcd:ef01:2345:6789"]) expect((await signUp(newcomer(), `${prefix}${host}`)).status).toBe(201);
    const body = newcomer();
    await expectError(await signUp(body, `${prefix}:ffff::9`), 429, "Please wait 60 minutes before trying again");
    expect(await db().select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    expect((await signUp(newcomer(), `${nextPrefix}::1`)).status).toBe(201);
  });
});
