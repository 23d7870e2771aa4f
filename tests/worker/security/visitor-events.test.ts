// No anonymous writes to the security log without limit. Every path that writes
// an event for someone who is not signed in is limited per IP, and its repeats collapse into one
// row per (IP, type, severity, path) and window, with a count. Events linked to an account are
// never collapsed, so the account's summary still lists each one.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOUR_MS, MINUTE_MS } from "@shared/constants";
import { RULES } from "@shared/rate-limit-rules";
import { securityEvents } from "../../../worker/db/schema";
import { REFRESH_RACE_GRACE_MS } from "../../../worker/services/auth/sessions";
import { logSecurityEvent } from "../../../worker/services/security-events";
import { api, cookieHeader, createUser, db, expectError, randomIp, signedInUser, unique } from "../helpers";

afterEach(() => {
  vi.useRealTimers();
});

async function rowsFrom(ip: string, eventType?: string) {
  return db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.ipAddress, ip), eventType ? eq(securityEvents.eventType, eventType as "sign_in") : undefined));
}

describe("POST /api/auth/sign-out without a session", () => {
  it("answers 401 every time but writes one counted row per IP, and stops counting at the per-IP limit", async () => {
    const ip = randomIp();
    const calls = RULES.visitor_event.limit + 5;
    for (let i = 0; i < calls; i++) {
      await expectError(await api("/api/auth/sign-out", { body: { scope: "local" }, ip }), 401, "Authentication required");
    }
    const attempts = await rowsFrom(ip, "unauthorized_access_attempt");
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ userId: null, severity: "medium", count: RULES.visitor_event.limit });
    // Going over the limit is itself recorded once.
    const refusals = await rowsFrom(ip, "rate_limit_exceeded");
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.details).toMatchObject({ rule: "visitor_event" });
    // Another IP has its own row and budget.
    const other = randomIp();
    await expectError(await api("/api/auth/sign-out", { body: { scope: "global" }, ip: other }), 401, "Authentication required");
    expect(await rowsFrom(other, "unauthorized_access_attempt")).toMatchObject([{ count: 1 }]);
  });
});

describe("GET /api/auth/google/callback with a bad state", () => {
  it("is recorded at most once per IP per window, however often a page makes browsers load it", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await api(`/api/auth/google/callback?code=c&state=${unique("forged")}`, { ip });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/auth\?error=/);
    }
    const rows = await rowsFrom(ip, "suspicious_login_attempt");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, severity: "medium", count: 5 });
    expect(rows[0]!.details).toMatchObject({ action: "google_callback", outcome: "state_mismatch" });
  });
});

describe("failed sign-ins", () => {
  it("for unknown addresses collapse per IP; for an account they stay one row each in its summary", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      await expectError(
        await api("/api/auth/sign-in", { body: { email: `${unique("ghost")}@example.test`, password: "Wrong-Pass-1!" }, ip }),
        400,
        "Invalid login credentials",
      );
    }
    expect(await rowsFrom(ip, "suspicious_login_attempt")).toMatchObject([{ userId: null, count: 3 }]);

    const ana = await createUser();
    const attacker = randomIp();
    for (let i = 0; i < 2; i++) {
      await api("/api/auth/sign-in", { body: { email: ana.email, password: "Wrong-Pass-1!" }, ip: attacker });
    }
    const linked = await rowsFrom(attacker, "suspicious_login_attempt");
    expect(linked.map((row) => ({ userId: row.userId, count: row.count }))).toEqual([
      { userId: ana.id, count: 1 },
      { userId: ana.id, count: 1 },
    ]);
  });
});

describe("browser reports from visitors", () => {
  it("collapse per IP, type and severity; a signed-in user's reports stay one row each", async () => {
    const ip = randomIp();
    const report = { event_type: "suspicious_login_attempt", severity: "medium", details: { clicks: 14 } };
    for (let i = 0; i < 3; i++) expect((await api("/api/security-events", { body: report, ip })).status).toBe(202);
    expect(await rowsFrom(ip, "suspicious_login_attempt")).toMatchObject([{ userId: null, count: 3, details: { clicks: 14, source: "browser" } }]);

    const member = await signedInUser();
    const memberIp = randomIp();
    for (let i = 0; i < 2; i++) {
      expect((await api("/api/security-events", { body: report, ip: memberIp, cookie: member.cookie })).status).toBe(202);
    }
    expect(await rowsFrom(memberIp, "suspicious_login_attempt")).toHaveLength(2);
    const summary = await (await api("/api/security-events/summary", { cookie: member.cookie })).json<{ today: { eventType: string }[] }>();
    expect(summary.today.filter((event) => event.eventType === "suspicious_login_attempt")).toHaveLength(2);
  });
});

describe("POST /api/auth/refresh with a stolen, already exchanged token", () => {
  it("records the reuse once, when it ends the session family, however often the token is replayed", async () => {
    const ana = await signedInUser();
    expect((await api("/api/auth/refresh", { method: "POST", cookie: ana.cookie })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFRESH_RACE_GRACE_MS + 1000 });
    for (let i = 0; i < 5; i++) {
      await expectError(await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: ana.refresh }) }), 401);
    }
    const events = await db().select().from(securityEvents).where(and(eq(securityEvents.userId, ana.id), eq(securityEvents.eventType, "refresh_token_reuse")));
    expect(events).toMatchObject([{ severity: "high", count: 1 }]);
  });
});

describe("logSecurityEvent collapse windows", () => {
  it("adds repeats inside one window to the row's count and starts a new row in the next", async () => {
    const ip = randomIp();
    const windowStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const event = { eventType: "unauthorized_access_attempt", severity: "medium", ip, collapse: "test_path" } as const;
    await logSecurityEvent(db(), { ...event, now: windowStart + 5 * MINUTE_MS });
    await logSecurityEvent(db(), { ...event, now: windowStart + 59 * MINUTE_MS });
    // Another path or severity is another row, even in the same window.
    await logSecurityEvent(db(), { ...event, collapse: "other_path", now: windowStart + 6 * MINUTE_MS });
    await logSecurityEvent(db(), { ...event, severity: "high", now: windowStart + 7 * MINUTE_MS });
    await logSecurityEvent(db(), { ...event, now: windowStart + HOUR_MS });
    const rows = (await rowsFrom(ip)).sort((a, b) => a.createdAt - b.createdAt);
    expect(rows.map((row) => ({ at: row.createdAt - windowStart, severity: row.severity, count: row.count }))).toEqual([
      { at: 5 * MINUTE_MS, severity: "medium", count: 2 },
      { at: 6 * MINUTE_MS, severity: "medium", count: 1 },
      { at: 7 * MINUTE_MS, severity: "high", count: 1 },
      { at: HOUR_MS, severity: "medium", count: 1 },
    ]);
  });
});
