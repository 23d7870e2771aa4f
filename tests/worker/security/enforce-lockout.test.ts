// enforce() error shape and events, the login guard of spec §9, and account lockout after five
// failed sign-ins (with time injected, since neither a 15-minute window nor a KV TTL can be
// fast-forwarded).
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { MINUTE_MS } from "@shared/constants";
import { createDb } from "../../../worker/db/client";
import { ApiError } from "../../../worker/lib/errors";
import { assertNotLocked, clearFailures, isLocked, lockedUntil, lockKey, recordFailure } from "../../../worker/services/lockout";
import { enforce, guardSignIn } from "../../../worker/services/rate-limit";
import { clearEvents, createUser, eventsOf, uniqueSubject } from "../helpers";

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

const db = createDb(env.DB);

beforeEach(async () => {
  await clearEvents();
});

describe("enforce", () => {
  it("answers 429 'Too Many Attempts' with minutes rounded up and a Retry-After header", async () => {
    const ip = uniqueSubject("ip");
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await enforce(env, db, "sign_up", [ip], { now: t0 });
    const error = await caught(enforce(env, db, "sign_up", [ip], { now: t0 + 1000 }));
    expect(error.status).toBe(429);
    expect(error.code).toBe("rate_limited");
    // 59 min 59 s left: shown as 60 minutes, never as 59.
    expect(error.message).toBe("Please wait 60 minutes before trying again");
    expect(error.details).toEqual({ title: "Too Many Attempts", retryAfterSeconds: 3599 });
    expect(error.headers).toEqual({ "Retry-After": "3599" });

    // 30 s left still reads "1 minutes" at least, never 0.
    const late = await caught(enforce(env, db, "sign_up", [ip], { now: t0 + 60 * MINUTE_MS - 30_000 }));
    expect(late.message).toBe("Please wait 1 minutes before trying again");
    expect(late.headers).toEqual({ "Retry-After": "30" });
  });

  it("words the upload limit as 'Upload Limit Reached'", async () => {
    const user = uniqueSubject("user");
    const t0 = Date.now();
    for (let i = 0; i < 10; i++) await enforce(env, db, "upload", [user], { now: t0 });
    const error = await caught(enforce(env, db, "upload", [user], { now: t0 + 14 * MINUTE_MS }));
    expect(error.status).toBe(429);
    expect(error.message).toBe("Please wait 46 minutes before uploading again");
    expect(error.details).toEqual({ title: "Upload Limit Reached", retryAfterSeconds: 46 * 60 });
  });

  it("refuses when any subject is over, counting every subject", async () => {
    const email = `${uniqueSubject("email")}@example.test`;
    const t0 = Date.now();
    // Five attempts on one email from five different IPs use up the email's budget...
    for (let i = 0; i < 5; i++) await enforce(env, db, "password_reset", [uniqueSubject("ip"), email], { now: t0 });
    // ...so a sixth IP is refused for that email, though the IP itself is fresh.
    const error = await caught(enforce(env, db, "password_reset", [uniqueSubject("ip"), email], { now: t0 }));
    expect(error.status).toBe(429);
  });

  it("writes one rate_limit_exceeded event (medium) per blocked period, not one per refusal", async () => {
    const user = await createUser();
    const subject = `user:${user.id}`;
    const t0 = Date.now();
    for (let i = 0; i < 20; i++) await enforce(env, db, "comment", [subject], { now: t0, ip: "203.0.113.7", userAgent: "UA/1" });
    for (let i = 0; i < 5; i++) await caught(enforce(env, db, "comment", [subject], { now: t0 + i, ip: "203.0.113.7", userAgent: "UA/1" }));
    let events = await eventsOf({ eventType: "rate_limit_exceeded" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      userId: user.id,
      severity: "medium",
      ipAddress: "203.0.113.7",
      userAgent: "UA/1",
      details: { rule: "comment", subjects: [subject], retryAfterSeconds: 3600 },
    });
    // The next blocked period (after the window has passed and filled again) gets its own event.
    const t1 = t0 + 60 * MINUTE_MS;
    for (let i = 0; i < 20; i++) await enforce(env, db, "comment", [subject], { now: t1 });
    await caught(enforce(env, db, "comment", [subject], { now: t1 }));
    events = await eventsOf({ eventType: "rate_limit_exceeded" });
    expect(events).toHaveLength(2);
  });
});

describe("login guard (spec §9: more than 5 calls in 5 minutes is suspicious; more than 3 flags locks)", () => {
  it("flags the 6th to 8th calls and locks on the 9th, with 423 and the spec's message", async () => {
    const ip = "198.51.100.23";
    const email = `${uniqueSubject("guard")}@example.test`;
    const subjects = [`ip:${ip}`, `email:${email}`];
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await enforce(env, db, "sign_in", subjects, { now: t0 });
    // Calls 6, 7 and 8 are over the sign-in limit (429) and each raises one flag.
    for (let i = 0; i < 3; i++) expect((await caught(enforce(env, db, "sign_in", subjects, { now: t0 + 1000 }))).status).toBe(429);
    // Three flags, recorded as one counted row: no account is linked (decision record 0022).
    expect(await eventsOf({ eventType: "suspicious_login_attempt" })).toMatchObject([{ count: 3 }]);
    // Call 9 raises the fourth flag: more than 3, so sign-in now throws the lock message.
    const locked = await caught(enforce(env, db, "sign_in", subjects, { now: t0 + 2000 }));
    expect(locked.status).toBe(423);
    expect(locked.code).toBe("locked");
    expect(locked.message).toBe("Account temporarily locked due to suspicious activity");
    expect(locked.headers).toEqual({ "Retry-After": String(15 * 60) });
    const lockEvents = await eventsOf({ eventType: "account_locked" });
    expect(lockEvents).toHaveLength(1);
    expect(lockEvents[0]).toMatchObject({ severity: "high", ipAddress: ip, details: { reason: "login_guard", email } });

    // Still locked just before 15 minutes, without writing more events.
    expect((await caught(enforce(env, db, "sign_in", subjects, { now: t0 + 2000 + 15 * MINUTE_MS - 1 }))).status).toBe(423);
    expect(await eventsOf({ eventType: "account_locked" })).toHaveLength(1);
    // After 15 minutes the guard and the sign-in window are both clear.
    await enforce(env, db, "sign_in", subjects, { now: t0 + 2000 + 15 * MINUTE_MS });
  });

  it("guards each IP+email pair separately", async () => {
    const ip = "198.51.100.24";
    const t0 = Date.now();
    const victim = `${uniqueSubject("victim")}@example.test`;
    // Eight calls pass the guard (the 6th to 8th raise flags); the ninth is blocked.
    for (let i = 0; i < 8; i++) await guardSignIn(env, db, ip, victim, { now: t0 });
    expect((await caught(guardSignIn(env, db, ip, victim, { now: t0 }))).status).toBe(423);
    // The same account from another IP, and another account from the same IP, still pass the guard.
    await guardSignIn(env, db, "198.51.100.25", victim, { now: t0 });
    await guardSignIn(env, db, ip, `${uniqueSubject("other")}@example.test`, { now: t0 });
  });

  it("forgets calls older than 5 minutes, so a steady pace never raises a flag", async () => {
    const ip = "198.51.100.26";
    const email = `${uniqueSubject("steady")}@example.test`;
    const t0 = Date.now();
    // One call a minute for an hour: never more than 5 inside any 5-minute window.
    for (let i = 0; i < 60; i++) await guardSignIn(env, db, ip, email, { now: t0 + i * MINUTE_MS });
    expect(await eventsOf({ eventType: "suspicious_login_attempt" })).toHaveLength(0);
  });
});

describe("lockout after failed sign-ins", () => {
  it("locks the account on the 5th failure within 15 minutes, for 15 minutes", async () => {
    const user = await createUser({ email: `${uniqueSubject("lock")}@example.test` });
    const t0 = Date.now();
    for (let i = 1; i <= 4; i++) {
      expect(await recordFailure(env, db, user.email, { now: t0 + i * MINUTE_MS, ip: "192.0.2.1" })).toEqual({ failures: i, locked: false });
      expect(await isLocked(env, user.email, t0 + i * MINUTE_MS)).toBe(false);
    }
    expect(await eventsOf({ eventType: "account_locked" })).toHaveLength(0);

    const fifth = t0 + 5 * MINUTE_MS;
    expect(await recordFailure(env, db, user.email, { now: fifth, ip: "192.0.2.1", userAgent: "UA/2" })).toEqual({ failures: 5, locked: true });
    expect(await isLocked(env, user.email, fifth)).toBe(true);
    expect(await lockedUntil(env, user.email, fifth)).toBe(fifth + 15 * MINUTE_MS);
    // The KV flag carries its end time; its TTL is 15 minutes (KV's minimum is 60 s).
    const stored = await env.KV.getWithMetadata(lockKey(user.email));
    expect(JSON.parse(stored.value!)).toEqual({ until: fifth + 15 * MINUTE_MS });

    // Locked even with the right password: the sign-in route asks before checking it.
    const error = await caught(assertNotLocked(env, user.email, fifth + MINUTE_MS));
    expect(error.status).toBe(423);
    expect(error.message).toBe("Account temporarily locked due to suspicious activity");
    expect(error.headers).toEqual({ "Retry-After": String(14 * 60) });

    const events = await eventsOf({ eventType: "account_locked" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: user.id, severity: "high", ipAddress: "192.0.2.1", userAgent: "UA/2" });

    // One millisecond before the end it is still locked; at the end it is not.
    expect(await isLocked(env, user.email, fifth + 15 * MINUTE_MS - 1)).toBe(true);
    expect(await isLocked(env, user.email, fifth + 15 * MINUTE_MS)).toBe(false);
    await assertNotLocked(env, user.email, fifth + 15 * MINUTE_MS);
    // The count started again at the lock: one more failure afterwards does not re-lock.
    expect(await recordFailure(env, db, user.email, { now: fifth + 16 * MINUTE_MS })).toEqual({ failures: 1, locked: false });
  });

  it("does not lock when the failures are spread over more than 15 minutes", async () => {
    const email = `${uniqueSubject("spread")}@example.test`;
    const t0 = Date.now();
    // Five failures four minutes apart: the first has left the window when the fifth arrives.
    for (let i = 0; i < 5; i++) await recordFailure(env, db, email, { now: t0 + i * 4 * MINUTE_MS });
    expect(await isLocked(env, email, t0 + 16 * MINUTE_MS)).toBe(false);
    expect(await recordFailure(env, db, email, { now: t0 + 17 * MINUTE_MS })).toEqual({ failures: 5, locked: true });
  });

  it("counts per account, ignoring case, and clearFailures starts over", async () => {
    const email = `${uniqueSubject("case")}@example.test`;
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) await recordFailure(env, db, i % 2 ? email.toUpperCase() : email, { now: t0 });
    await clearFailures(env, email);
    for (let i = 0; i < 4; i++) await recordFailure(env, db, email, { now: t0 });
    expect(await isLocked(env, email.toUpperCase(), t0)).toBe(false);
    await recordFailure(env, db, ` ${email.toUpperCase()} `, { now: t0 });
    expect(await isLocked(env, email, t0)).toBe(true);
    // Another account is unaffected.
    expect(await isLocked(env, `other-${email}`, t0)).toBe(false);
  });

  it("logs account_locked without a user id for an unknown email", async () => {
    const email = `${uniqueSubject("ghost")}@example.test`;
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await recordFailure(env, db, email, { now: t0 });
    const events = await eventsOf({ eventType: "account_locked" });
    expect(events).toHaveLength(1);
    expect(events[0]!.userId).toBeNull();
  });
});
