// The client security layer (spec §9): local logs and their caps, reporting and the fallback for
// critical events, the 60-minute session timeout and the security monitor, on fake clocks.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActivityTracker, LAST_ACTIVITY_KEY } from "@web/features/security/activity";
import type { SecurityReport } from "@web/features/security/api";
import { startInactivityTimer } from "@web/features/security/inactivity";
import {
  FAILED_CRITICAL_KEY,
  type LocalSecurityEvent,
  keepFailedCriticalEvent,
  logLocalSecurityEvent,
  readFailedCriticalEvents,
  readSecurityLog,
} from "@web/features/security/local-log";
import { createRapidClickDetector } from "@shared/rules/security";
import { startSecurityMonitor } from "@web/features/security/monitor";
import { flushFailedCriticalEvents, reportSecurityEvent } from "@web/features/security/report";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function entry(n: number, severity: LocalSecurityEvent["severity"] = "medium"): LocalSecurityEvent {
  return { timestamp: new Date(n * 1000).toISOString(), event_type: "suspicious_login_attempt", severity, details: { n }, user_agent: "test" };
}

describe("local security event log", () => {
  it("keeps the newest 100 entries and drops the oldest first", () => {
    for (let n = 1; n <= 130; n++) logLocalSecurityEvent(entry(n));
    const log = readSecurityLog();
    expect(log).toHaveLength(100);
    expect(log[0]?.details).toEqual({ n: 31 });
    expect(log[99]?.details).toEqual({ n: 130 });
  });

  it("keeps the last 50 failed critical events", () => {
    for (let n = 1; n <= 60; n++) keepFailedCriticalEvent(entry(n, "critical"));
    const kept = readFailedCriticalEvents();
    expect(kept).toHaveLength(50);
    expect(kept[0]?.details).toEqual({ n: 11 });
    expect(kept.at(-1)?.details).toEqual({ n: 60 });
  });

  it("survives a corrupted store instead of throwing", () => {
    localStorage.setItem(FAILED_CRITICAL_KEY, "{not json");
    expect(readFailedCriticalEvents()).toEqual([]);
    localStorage.setItem(FAILED_CRITICAL_KEY, JSON.stringify([{ bogus: true }, entry(1, "critical")]));
    expect(readFailedCriticalEvents()).toHaveLength(1);
  });
});

describe("reporting", () => {
  const report = (severity: SecurityReport["severity"]): SecurityReport => ({ eventType: "session_hijack_attempt", severity, details: { idleMinutes: 300 } });

  it("logs locally and posts to the server", async () => {
    const post = vi.fn(async () => {});
    const notify = vi.fn();
    expect(await reportSecurityEvent(report("high"), { post, notify })).toBe(true);
    expect(post).toHaveBeenCalledWith(report("high"));
    expect(readSecurityLog()).toMatchObject([{ event_type: "session_hijack_attempt", severity: "high", details: { idleMinutes: 300 } }]);
    expect(readFailedCriticalEvents()).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
  });

  it("keeps a critical event that fails to save and raises a notification", async () => {
    const notify = vi.fn();
    const ok = await reportSecurityEvent(report("critical"), { post: () => Promise.reject(new Error("offline")), notify });
    expect(ok).toBe(false);
    expect(readFailedCriticalEvents()).toMatchObject([{ event_type: "session_hijack_attempt", severity: "critical" }]);
    expect(notify).toHaveBeenCalledWith("Backline security alert", expect.stringContaining("session hijack attempt"));
  });

  it("does not keep or notify for a non-critical event that fails", async () => {
    const notify = vi.fn();
    await reportSecurityEvent(report("medium"), { post: () => Promise.reject(new Error("offline")), notify });
    expect(readFailedCriticalEvents()).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    expect(readSecurityLog()).toHaveLength(1);
  });

  it("shows the browser notification only when permission was granted", async () => {
    const shown: string[] = [];
    class FakeNotification {
      static permission: NotificationPermission = "denied";
      constructor(title: string) {
        shown.push(title);
      }
    }
    vi.stubGlobal("Notification", FakeNotification);
    const failing = { post: () => Promise.reject(new Error("down")) };
    await reportSecurityEvent(report("critical"), failing);
    expect(shown).toEqual([]);
    FakeNotification.permission = "granted";
    await reportSecurityEvent(report("critical"), failing);
    expect(shown).toEqual(["Backline security alert"]);
    vi.unstubAllGlobals();
  });

  it("re-sends kept critical events later and keeps only those that fail again", async () => {
    keepFailedCriticalEvent(entry(1, "critical"));
    keepFailedCriticalEvent(entry(2, "critical"));
    const post = vi.fn(async (r: SecurityReport) => {
      if (r.details.n === 2) throw new Error("still down");
    });
    expect(await flushFailedCriticalEvents({ post })).toBe(1);
    expect(readFailedCriticalEvents().map((e) => e.details)).toEqual([{ n: 2 }]);
    expect(post.mock.calls[0]?.[0].details).toMatchObject({ n: 1, reportedLate: true });
  });
});

describe("session timeout (60 minutes without activity, checked every minute)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("signs out at the first check after 60 idle minutes, once", () => {
    const target = new EventTarget();
    const tracker = createActivityTracker({ target });
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ tracker, onTimeout, visibilityTarget: new EventTarget() });
    vi.advanceTimersByTime(59 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
    tracker.stop();
  });

  it("counts activity: a key press at minute 50 moves the deadline to minute 110", () => {
    const target = new EventTarget();
    const tracker = createActivityTracker({ target });
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ tracker, onTimeout, visibilityTarget: new EventTarget() });
    vi.advanceTimersByTime(50 * MINUTE);
    target.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(59 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
    tracker.stop();
  });

  it("checks at once when the tab becomes visible again", () => {
    const tracker = { lastActivity: () => Date.now() - 2 * HOUR };
    const onTimeout = vi.fn();
    const visibility = new EventTarget();
    const stop = startInactivityTimer({ tracker, onTimeout, visibilityTarget: visibility });
    expect(onTimeout).not.toHaveBeenCalled();
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it("shares activity across tabs through storage", () => {
    const tracker = createActivityTracker({ target: new EventTarget() });
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ tracker, onTimeout, visibilityTarget: new EventTarget() });
    vi.advanceTimersByTime(45 * MINUTE);
    // Another tab saw activity just now.
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(30 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
    tracker.stop();
  });
});

describe("security monitor", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reports more than 10 clicks under 50 ms apart, and not 10", () => {
    const onDetect = vi.fn();
    const click = createRapidClickDetector({ onDetect });
    for (let i = 0; i < 10; i++) click(1000 + i * 49);
    expect(onDetect).not.toHaveBeenCalled();
    click(1000 + 10 * 49);
    expect(onDetect).toHaveBeenCalledWith(11);
  });

  it("does not count clicks 50 ms apart or more", () => {
    const onDetect = vi.fn();
    const click = createRapidClickDetector({ onDetect });
    for (let i = 0; i < 40; i++) click(1000 + i * 50);
    expect(onDetect).not.toHaveBeenCalled();
  });

  it("posts suspicious_login_attempt (medium) for a burst of DOM clicks", () => {
    const report = vi.fn();
    const clicks = new EventTarget();
    const monitor = startSecurityMonitor({ tracker: { lastActivity: () => Date.now() }, report, clickTarget: clicks });
    for (let i = 0; i < 11; i++) {
      clicks.dispatchEvent(new Event("click"));
      vi.advanceTimersByTime(10);
    }
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ eventType: "suspicious_login_attempt", severity: "medium", details: { clicks: 11, maxGapMs: 50 } });
    monitor.stop();
  });

  it("reports session_hijack_attempt (high) once after more than 4 idle hours, checked every 5 minutes", () => {
    const report = vi.fn();
    let last = Date.now();
    const monitor = startSecurityMonitor({ tracker: { lastActivity: () => last }, report, clickTarget: new EventTarget() });
    vi.advanceTimersByTime(4 * HOUR);
    expect(report).not.toHaveBeenCalled(); // exactly 4 h is not "over" 4 h
    vi.advanceTimersByTime(5 * MINUTE);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ eventType: "session_hijack_attempt", severity: "high", details: { idleMinutes: 245 } });
    vi.advanceTimersByTime(HOUR);
    expect(report).toHaveBeenCalledTimes(1);
    // Activity resumes, then another long idle stretch is a new report.
    last = Date.now();
    vi.advanceTimersByTime(4 * HOUR + 5 * MINUTE);
    expect(report).toHaveBeenCalledTimes(2);
    monitor.stop();
  });
});
