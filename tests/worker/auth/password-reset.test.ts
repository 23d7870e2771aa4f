// POST /api/auth/password-reset and /password-reset/confirm: identical answers for any address,
// one-time links that expire, strength rules on the new password, and every session ended.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSessions, securityEvents } from "../../../worker/db/schema";
import { api, createUser, db, expectError, mailedToken, outbox, signIn, unique, waitForMail } from "../helpers";

const request = (email: string) => api("/api/auth/password-reset", { body: { email } });
const confirm = (token: string, password: string) => api("/api/auth/password-reset/confirm", { body: { token, password } });

afterEach(() => {
  vi.useRealTimers();
});

describe("password reset", () => {
  it("answers known and unknown addresses identically and mails only the known one", async () => {
    const ana = await createUser();
    const ghost = `${unique("ghost")}@example.test`;
    const known = await request(ana.email);
    const unknown = await request(ghost);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(unknown.status).toBe(200);
    expect((await waitForMail(ana.email))[0]!.text).toMatch(/\/auth\/reset\?token=/);
    expect(await outbox(ghost)).toHaveLength(0);
  });

  it("sets the new password, ends every session and works only once", async () => {
    const ana = await createUser();
    const phone = await signIn(ana.email, ana.password);
    await request(ana.email);
    const token = await mailedToken(ana.email, "reset");
    const res = await confirm(token, "Brand-New-Pass-5!");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });

    const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(sessions.every((s) => s.revokedAt !== null && s.revokeReason === "password_reset")).toBe(true);
    const me = await (await api("/api/auth/session", { cookie: phone.cookie })).json<{ user: unknown }>();
    expect(me.user).toBeNull();

    await expectError(await api("/api/auth/sign-in", { body: { email: ana.email, password: ana.password } }), 400, "Invalid login credentials");
    expect((await api("/api/auth/sign-in", { body: { email: ana.email, password: "Brand-New-Pass-5!" } })).status).toBe(200);
    await expectError(await confirm(token, "Another-New-Pass-6!"), 400, "This password reset link is invalid or has expired");
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, ana.id), eq(securityEvents.eventType, "password_reset")));
    expect(events).toHaveLength(1);
  });

  it("applies the strength rules to the new password and keeps the link usable", async () => {
    const ana = await createUser();
    await request(ana.email);
    const token = await mailedToken(ana.email, "reset");
    await expectError(await confirm(token, "weakpass"), 400);
    expect((await confirm(token, "Strong-Enough-7!")).status).toBe(200);
  });

  it("refuses an expired link (1 hour) and a forged one", async () => {
    const ana = await createUser();
    await request(ana.email);
    const token = await mailedToken(ana.email, "reset");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60 * 60_000 + 1000 });
    await expectError(await confirm(token, "Brand-New-Pass-5!"), 400, "This password reset link is invalid or has expired");
    await expectError(await confirm("A".repeat(43), "Brand-New-Pass-5!"), 400, "This password reset link is invalid or has expired");
  });

  it("a confirmation token cannot be used as a reset token", async () => {
    const email = `${unique("mix")}@example.test`;
    await api("/api/auth/sign-up", { body: { email, password: "Mixing-Desk-8!", username: unique("mix"), displayName: "Mix" } });
    await expectError(await confirm(await mailedToken(email, "confirm"), "Brand-New-Pass-5!"), 400, "This password reset link is invalid or has expired");
  });

  it("lifts a lockout once the password is reset", async () => {
    const ana = await createUser();
    for (let i = 0; i < 5; i++) await api("/api/auth/sign-in", { body: { email: ana.email, password: `Wrong-Guess-${i}!a` } });
    await expectError(await api("/api/auth/sign-in", { body: { email: ana.email, password: ana.password } }), 423);
    await request(ana.email);
    expect((await confirm(await mailedToken(ana.email, "reset"), "Brand-New-Pass-5!")).status).toBe(200);
    // The per-email sign-in window is still full from the five failures; the lock itself is gone.
    const res = await api("/api/auth/sign-in", { body: { email: ana.email, password: "Brand-New-Pass-5!" } });
    expect(res.status).not.toBe(423);
  });
});
