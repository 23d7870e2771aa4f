// The RateLimiter Durable Object and the consume/peek/reset service: exact counts per rule,
// window expiry, independent keys, concurrency and bounded storage.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MINUTE_MS } from "@shared/constants";
import { RULES, type RateLimitRuleName } from "@shared/rate-limit-rules";
import type { RateLimiter } from "../../../worker/realtime/rate-limiter";
import { consume, peek, reset } from "../../../worker/services/rate-limit";
import { limiterStub, uniqueSubject } from "../helpers";

const EXPECTED: Record<RateLimitRuleName, { limit: number; minutes: number }> = {
  sign_in: { limit: 5, minutes: 15 },
  sign_up: { limit: 3, minutes: 60 },
  upload: { limit: 10, minutes: 60 },
  comment: { limit: 20, minutes: 60 },
  security_report: { limit: 30, minutes: 10 },
  client_error: { limit: 20, minutes: 10 },
  password_reset: { limit: 5, minutes: 60 },
  post_view: { limit: 60, minutes: 10 },
  account_mail: { limit: 3, minutes: 60 },
  visitor_event: { limit: 10, minutes: 10 },
  profile_visit: { limit: 60, minutes: 10 },
  avatar_upload: { limit: 10, minutes: 60 },
  recommendations_refresh: { limit: 5, minutes: 60 },
  checkout: { limit: 20, minutes: 10 },
  delivery_file: { limit: 60, minutes: 60 },
  message: { limit: 120, minutes: 10 },
  conversation_start: { limit: 60, minutes: 60 },
  review: { limit: 60, minutes: 60 },
  offer: { limit: 30, minutes: 60 },
  booking_write: { limit: 60, minutes: 10 },
  payout_link: { limit: 10, minutes: 60 },
  payout_refresh: { limit: 1, minutes: 1 / 6 },
  data_export: { limit: 1, minutes: 24 * 60 },
  account_delete: { limit: 5, minutes: 15 },
  report: { limit: 30, minutes: 60 },
  safety_toggle: { limit: 60, minutes: 10 },
  // Issue #27 item 8 (decision record 0085).
  follow_toggle: { limit: 60, minutes: 10 },
  like_toggle: { limit: 120, minutes: 10 },
  catalogue_write: { limit: 60, minutes: 60 },
  profile_write: { limit: 30, minutes: 60 },
  username_change: { limit: 5, minutes: 24 * 60 },
  post_edit: { limit: 60, minutes: 60 },
  portfolio_write: { limit: 60, minutes: 60 },
  order_step: { limit: 60, minutes: 10 },
  // Issue #31 items 2 and 3 (decision record 0091).
  revision_write: { limit: 120, minutes: 10 },
  read_marker: { limit: 300, minutes: 10 },
  // Issue #34 item 1 (decision record 0093).
  app_handoff: { limit: 20, minutes: 10 },
  // Issue #30: push devices and notification settings.
  push_device: { limit: 30, minutes: 10 },
  notification_settings: { limit: 120, minutes: 10 },
};

describe("rules", () => {
  it("match the spec's limits (§9) and the contract's extra rules", () => {
    for (const [rule, { limit, minutes }] of Object.entries(EXPECTED)) {
      expect(RULES[rule as RateLimitRuleName]).toEqual({ limit, windowMs: minutes * MINUTE_MS });
    }
    expect(Object.keys(RULES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe.each(Object.keys(EXPECTED) as RateLimitRuleName[])("rule %s", (rule) => {
  const { limit, minutes } = EXPECTED[rule];
  const windowMs = minutes * MINUTE_MS;

  it(`allows exactly ${limit} attempts, refuses the next, and allows again when the window has passed`, async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    for (let i = 1; i <= limit; i++) {
      const result = await consume(env, rule, subject, t0);
      expect(result).toEqual({ allowed: true, remaining: limit - i, retryAfterMs: 0 });
    }
    const refused = await consume(env, rule, subject, t0 + 1000);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: windowMs - 1000 });
    // One millisecond before the window ends the attempts still count...
    expect((await consume(env, rule, subject, t0 + windowMs - 1)).allowed).toBe(false);
    // ...and at its end they no longer do.
    const again = await consume(env, rule, subject, t0 + windowMs);
    expect(again).toEqual({ allowed: true, remaining: limit - 1, retryAfterMs: 0 });
  });
});

describe("sliding window", () => {
  it("frees one attempt at a time as each old attempt leaves the window", async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    const windowMs = RULES.sign_in.windowMs;
    // Five sign-in attempts, one minute apart.
    for (let i = 0; i < 5; i++) expect((await consume(env, "sign_in", subject, t0 + i * MINUTE_MS)).allowed).toBe(true);
    // At 14:59 after the first, the window still holds all five.
    const blocked = await consume(env, "sign_in", subject, t0 + windowMs - 1000);
    expect(blocked).toMatchObject({ allowed: false, retryAfterMs: 1000 });
    // At 15:00 the first has left: exactly one more is allowed, then the next waits for the second.
    expect((await consume(env, "sign_in", subject, t0 + windowMs)).allowed).toBe(true);
    const next = await consume(env, "sign_in", subject, t0 + windowMs + 1);
    expect(next).toMatchObject({ allowed: false, retryAfterMs: MINUTE_MS - 1 });
  });

  it("does not count refused attempts, so hammering does not extend the wait", async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await consume(env, "sign_up", subject, t0);
    for (let i = 1; i <= 20; i++) expect((await consume(env, "sign_up", subject, t0 + i * MINUTE_MS)).allowed).toBe(false);
    expect((await consume(env, "sign_up", subject, t0 + 60 * MINUTE_MS)).allowed).toBe(true);
  });
});

describe("keys", () => {
  it("keeps subjects and rules independent", async () => {
    const a = uniqueSubject();
    const b = uniqueSubject();
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await consume(env, "sign_in", a, t0);
    expect((await consume(env, "sign_in", a, t0)).allowed).toBe(false);
    // Another subject under the same rule, and the same subject under another rule, are untouched.
    expect(await consume(env, "sign_in", b, t0)).toMatchObject({ allowed: true, remaining: 4 });
    expect(await consume(env, "comment", a, t0)).toMatchObject({ allowed: true, remaining: 19 });
  });

  it("treats subjects case-insensitively, so an email cannot open a second window by changing case", async () => {
    const t0 = Date.now();
    const email = `${uniqueSubject("email")}@example.test`;
    for (let i = 0; i < 5; i++) await consume(env, "sign_in", email, t0);
    expect((await consume(env, "sign_in", email.toUpperCase(), t0)).allowed).toBe(false);
    expect((await consume(env, "sign_in", ` ${email} `, t0)).allowed).toBe(false);
  });
});

describe("concurrency", () => {
  it("grants exactly the limit to many simultaneous attempts", async () => {
    const subject = uniqueSubject();
    const results = await Promise.all(Array.from({ length: 60 }, () => consume(env, "comment", subject)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    expect(results.filter((r) => !r.allowed)).toHaveLength(40);
    // Each allowance saw a distinct remaining count: no two requests read the same state.
    const remaining = results.filter((r) => r.allowed).map((r) => r.remaining).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe("peek and reset", () => {
  it("peek reports without counting; reset forgets the subject", async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    expect(await peek(env, "sign_up", subject, t0)).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0, count: 0 });
    for (let i = 0; i < 3; i++) await consume(env, "sign_up", subject, t0);
    for (let i = 0; i < 5; i++) await peek(env, "sign_up", subject, t0);
    expect(await peek(env, "sign_up", subject, t0 + 10)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 60 * MINUTE_MS - 10,
      count: 3,
    });
    await reset(env, "sign_up", subject);
    expect(await peek(env, "sign_up", subject, t0)).toMatchObject({ allowed: true, count: 0 });
    expect((await consume(env, "sign_up", subject, t0)).allowed).toBe(true);
  });
});

describe("storage", () => {
  it("never stores more rows than the limit, however many attempts arrive", async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) await consume(env, "sign_in", subject, t0 + i);
    expect(await limiterStub("sign_in", subject).storedRows()).toBe(5);
    const failures = limiterStub("failed_sign_in", subject);
    for (let i = 0; i < 40; i++) await failures.recordFailure(5, 15 * MINUTE_MS, t0 + i);
    expect(await failures.storedRows()).toBe(5);
  });

  it("prunes expired attempts and lets the alarm delete an idle limiter's storage", async () => {
    const subject = uniqueSubject();
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await consume(env, "comment", subject, t0);
    const stub = limiterStub("comment", subject);
    expect(await stub.storedRows()).toBe(3);
    // An alarm is scheduled for when the window ends; running it clears everything.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.storedRows()).toBe(0);
    // The limiter works again afterwards, from an empty window.
    expect(await consume(env, "comment", subject, t0)).toMatchObject({ allowed: true, remaining: 19 });
    // Pruning without the alarm: after the window, a peek leaves nothing behind.
    await peek(env, "comment", subject, t0 + 60 * MINUTE_MS);
    expect(await stub.storedRows()).toBe(0);
  });

  it("rejects nonsense limits instead of allowing everything", async () => {
    // Called on the instance itself: an error thrown across RPC is reported twice by the test pool.
    await runInDurableObject(limiterStub("test", uniqueSubject()), async (limiter: RateLimiter) => {
      await expect(limiter.consume(0, 1000)).rejects.toThrow(/limit must be a positive number/);
      await expect(limiter.consume(5, Number.NaN)).rejects.toThrow(/windowMs must be a positive number/);
    });
  });
});
