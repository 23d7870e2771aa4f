// POST /api/security-events and GET /api/security-events/summary (spec §9 security monitor,
// §3 security_events), plus the 90-day clean-up job.
//
// Visitors go through the real Worker (exports.default). Signed-in requests go through a small
// app that mounts the same route module behind a stand-in for the session middleware, so these
// tests prove this route's rules (user id from the session, only the caller's rows) without
// depending on how sessions are issued; the real app's error handler answers for both.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { Hono, type ErrorHandler } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { DAY_MS } from "@shared/constants";
import { SECURITY_TEXTS } from "@shared/messages";
import { app } from "../../../worker/app";
import { dispatchScheduled } from "../../../worker/cron";
import { createDb } from "../../../worker/db/client";
import { utcMidnight } from "../../../worker/db/queries/security-events";
import type { AppEnv } from "../../../worker/env";
import { init } from "../../../worker/middleware/init";
import { securityEventRoutes } from "../../../worker/routes/security-events";
import { logSecurityEvent } from "../../../worker/services/security-events";
import { api, clearEvents, createUser, eventsOf, ORIGIN } from "../helpers";

const signedIn = new Hono<AppEnv>();
signedIn.use("*", init);
signedIn.use("*", async (c, next) => {
  const userId = c.req.header("x-test-user");
  c.set("session", userId ? { userId, sessionId: "test-session", activeUntil: Date.now() + 60_000 } : null);
  await next();
});
signedIn.route("/api/security-events", securityEventRoutes);
signedIn.onError((err, c) => (app as unknown as { errorHandler: ErrorHandler<AppEnv> }).errorHandler(err, c));

let ipSeq = 0;
/** A fresh client address per test, so one test's reports never count against another's. */
function freshIp() {
  ipSeq += 1;
  return `203.0.113.${ipSeq}`;
}

function report(body: unknown, opts: { ip?: string; userId?: string; userAgent?: string; raw?: string } = {}) {
  const init: RequestInit = {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      ...(opts.ip ? { "cf-connecting-ip": opts.ip } : {}),
      ...(opts.userAgent ? { "user-agent": opts.userAgent } : {}),
      ...(opts.userId ? { "x-test-user": opts.userId } : {}),
    },
    body: opts.raw ?? JSON.stringify(body),
  };
  const url = `${ORIGIN}/api/security-events`;
  return opts.userId ? signedIn.request(url, init, env) : exports.default.fetch(new Request(url, init));
}

type Envelope = { error: { code: string; message: string; details?: { title?: string; retryAfterSeconds?: number } } };

const rapidClicks = { event_type: "suspicious_login_attempt", severity: "medium", details: { clicks: 14, minGapMs: 12 } };

beforeEach(async () => {
  await clearEvents();
});

describe("POST /api/security-events", () => {
  it("accepts a browser report with 202 and stores it with the request's IP and user agent", async () => {
    const res = await report(
      // The body's claims about who and where are ignored.
      { ...rapidClicks, user_id: "someone-else", ip_address: "10.0.0.1", user_agent: "Forged/1.0" },
      { ip: "203.0.113.200", userAgent: "Mozilla/5.0 Test" },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    const rows = await eventsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      eventType: "suspicious_login_attempt",
      severity: "medium",
      ipAddress: "203.0.113.200",
      userAgent: "Mozilla/5.0 Test",
      details: { clicks: 14, minGapMs: 12, source: "browser" },
    });
  });

  it("takes the user from the session, never from the body", async () => {
    const me = await createUser();
    const other = await createUser();
    const res = await report(
      { event_type: "session_hijack_attempt", severity: "high", details: { idleMinutes: 245, userId: other.id }, user_id: other.id },
      { ip: freshIp(), userId: me.id },
    );
    expect(res.status).toBe(202);
    await res.arrayBuffer();
    expect(await eventsOf({ userId: me.id })).toHaveLength(1);
    expect(await eventsOf({ userId: other.id })).toHaveLength(0);
  });

  it.each([
    [{ ...rapidClicks, event_type: "sign_in" }, SECURITY_TEXTS.reportUnknownType],
    [{ ...rapidClicks, event_type: "account_locked" }, SECURITY_TEXTS.reportUnknownType],
    [{ severity: "medium" }, SECURITY_TEXTS.reportUnknownType],
    [{ ...rapidClicks, severity: "critical" }, SECURITY_TEXTS.reportBadSeverity],
    // 700 three-byte characters: under the 2,000-character bound but over 2 KB of UTF-8.
    [{ ...rapidClicks, details: { note: "€".repeat(400), more: "€".repeat(300) } }, SECURITY_TEXTS.reportDetailsTooLarge],
    [{ ...rapidClicks, details: { note: "x".repeat(499), a: "x".repeat(499), b: "x".repeat(499), c: "x".repeat(499), d: "x" } }, "Details are too large"],
  ])("refuses %j with 400 and a clear message, storing nothing", async (body, message) => {
    const res = await report(body, { ip: freshIp() });
    expect(res.status).toBe(400);
    const json = await res.json<Envelope>();
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.message).toBe(message);
    expect(await eventsOf()).toHaveLength(0);
  });

  it("refuses a body over 8 KB with 413 and malformed JSON with 400, never 500", async () => {
    const big = await report(null, { ip: freshIp(), raw: JSON.stringify({ ...rapidClicks, padding: "x".repeat(9000) }) });
    expect(big.status).toBe(413);
    expect((await big.json<Envelope>()).error.message).toBe(SECURITY_TEXTS.reportDetailsTooLarge);
    const broken = await report(null, { ip: freshIp(), raw: "{not json" });
    expect(broken.status).toBe(400);
    await broken.arrayBuffer();
    expect(await eventsOf()).toHaveLength(0);
  });

  it("allows 30 reports per IP in 10 minutes, then answers 429 'Too Many Attempts' with Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await report(rapidClicks, { ip });
      expect(res.status).toBe(202);
      await res.arrayBuffer();
    }
    const refused = await report(rapidClicks, { ip });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const json = await refused.json<Envelope>();
    expect(json.error.message).toBe("Please wait 10 minutes before trying again");
    expect(json.error.details).toEqual({ title: "Too Many Attempts", retryAfterSeconds: retryAfter });
    // Invalid reports count too, and another client is unaffected.
    expect((await report({ event_type: "nope" }, { ip })).status).toBe(429);
    const elsewhere = await report(rapidClicks, { ip: freshIp() });
    expect(elsewhere.status).toBe(202);
    await elsewhere.arrayBuffer();
    // 31 recorded: 30 reports and one from elsewhere, and one rate_limit_exceeded for the refusals.
    // A visitor's repeats are one counted row per IP (decision record 0022).
    const reports = await eventsOf({ eventType: "suspicious_login_attempt" });
    expect(reports.reduce((sum, row) => sum + row.count, 0)).toBe(31);
    expect(reports).toHaveLength(2);
    expect(await eventsOf({ eventType: "rate_limit_exceeded" })).toHaveLength(1);
  });

  it("grants exactly 30 of 45 simultaneous reports from one IP", async () => {
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 45 }, () => report(rapidClicks, { ip })));
    const statuses = await Promise.all(responses.map(async (r) => (await r.arrayBuffer(), r.status)));
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // All 30 are counted, in one row: concurrent repeats add to the count without losing any.
    expect(await eventsOf({ eventType: "suspicious_login_attempt" })).toMatchObject([{ count: 30 }]);
  });

  it("limits a signed-in user to 30 reports across IPs", async () => {
    const me = await createUser();
    for (let i = 0; i < 30; i++) {
      const res = await report(rapidClicks, { ip: freshIp(), userId: me.id });
      expect(res.status).toBe(202);
      await res.arrayBuffer();
    }
    const refused = await report(rapidClicks, { ip: freshIp(), userId: me.id });
    expect(refused.status).toBe(429);
    await refused.arrayBuffer();
  });
});

describe("GET /api/security-events/summary", () => {
  it("answers 401 'Authentication required' to visitors", async () => {
    const res = await api("/api/security-events/summary");
    expect(res.status).toBe(401);
    expect((await res.json<Envelope>()).error.message).toBe("Authentication required");
  });

  it("returns only the caller's events: today's, critical ones of the last 7 days, and the latest time", async () => {
    const me = await createUser();
    const other = await createUser();
    const now = Date.now();
    const midnight = utcMidnight(now);
    const at = async (userId: string, severity: "low" | "high" | "critical", createdAt: number, eventType = "sign_in" as const) =>
      logSecurityEvent(createDb(env.DB), { userId, eventType, severity, now: createdAt, details: { at: createdAt } });
    await at(me.id, "low", now - 1);
    await at(me.id, "high", midnight - 1); // yesterday
    await at(me.id, "critical", now - 3 * DAY_MS);
    await at(me.id, "critical", now - 8 * DAY_MS); // older than 7 days
    await at(other.id, "critical", now - 2);
    await at(other.id, "low", now);

    const res = await signedIn.request(`${ORIGIN}/api/security-events/summary`, { headers: { "x-test-user": me.id } }, env);
    expect(res.status).toBe(200);
    const body = await res.json<{
      today: { createdAt: number; severity: string }[];
      criticalLast7Days: { createdAt: number }[];
      latestAt: number | null;
    }>();
    expect(body.today.map((e) => e.createdAt)).toEqual([now - 1]);
    expect(body.today[0]).toMatchObject({ eventType: "sign_in", severity: "low", details: { at: now - 1 } });
    expect(body.criticalLast7Days.map((e) => e.createdAt)).toEqual([now - 3 * DAY_MS]);
    expect(body.latestAt).toBe(now - 1);

    const empty = await createUser();
    const none = await signedIn.request(`${ORIGIN}/api/security-events/summary`, { headers: { "x-test-user": empty.id } }, env);
    expect(await none.json()).toEqual({ today: [], criticalLast7Days: [], latestAt: null });
  });
});

describe("clean-up", () => {
  it("the daily job deletes events older than 90 days and keeps the rest", async () => {
    const now = Date.now();
    await logSecurityEvent(createDb(env.DB), { eventType: "sign_in", severity: "low", now: now - 91 * DAY_MS });
    await logSecurityEvent(createDb(env.DB), { eventType: "sign_in", severity: "low", now: now - 89 * DAY_MS });
    const results = await dispatchScheduled("0 4 * * *", env, now);
    expect(results).toContainEqual({ job: "purge-security-events", ok: true, result: { deleted: 1 } });
    const left = await eventsOf();
    expect(left.map((e) => e.createdAt)).toEqual([now - 89 * DAY_MS]);
  });
});
