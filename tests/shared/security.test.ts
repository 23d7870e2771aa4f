import { describe, expect, it } from "vitest";
import { LOCAL_LOG_LIMITS, RATE_LIMITS, SECURITY_MONITOR, SECURITY_SETTINGS, UI_TIMINGS } from "@shared/constants";
import { appendCapped, createRapidClickDetector, isSessionExpired, isSuspiciouslyIdle } from "@shared/rules/security";

/** Feeds click times to the monitor's detector, in order, and tells whether it fired. */
function hasRapidClicks(clickTimes: readonly number[]): boolean {
  let detected = false;
  const click = createRapidClickDetector({ onDetect: () => (detected = true) });
  for (const at of clickTimes) click(at);
  return detected;
}

const MIN = 60_000;

describe("section 9 constants", () => {
  it("match the spec", () => {
    expect(RATE_LIMITS).toEqual({
      comment: { max: 20, windowMs: 60 * MIN },
      upload: { max: 10, windowMs: 60 * MIN },
      signIn: { max: 5, windowMs: 15 * MIN },
      signUp: { max: 3, windowMs: 60 * MIN },
    });
    expect(SECURITY_SETTINGS.sessionTimeoutMs).toBe(60 * MIN);
    expect(SECURITY_SETTINGS.sessionCheckIntervalMs).toBe(MIN);
    expect(LOCAL_LOG_LIMITS).toEqual({ securityEvents: 100, errors: 50, failedCriticalEvents: 50 });
    expect(UI_TIMINGS).toMatchObject({ pageTransitionMs: 300, doubleTapWindowMs: 300, installPromptDelayMs: 30_000 });
    expect(SECURITY_MONITOR.rapidClickEvent).toEqual({ eventType: "suspicious_login_attempt", severity: "medium" });
    expect(SECURITY_MONITOR.idleEvent).toEqual({ eventType: "session_hijack_attempt", severity: "high" });
  });
});

describe("security monitor", () => {
  it("flags more than 10 clicks under 50 ms apart (11), not 10", () => {
    const clicks = (n: number, gap: number) => Array.from({ length: n }, (_, i) => i * gap);
    expect(hasRapidClicks(clicks(10, 49))).toBe(false);
    expect(hasRapidClicks(clicks(11, 49))).toBe(true);
    expect(hasRapidClicks(clicks(11, 50))).toBe(false);
    // One slow gap breaks the run.
    expect(hasRapidClicks([...clicks(6, 10), 1000, ...clicks(6, 10).map((t) => t + 1010)])).toBe(false);
  });

  it("flags idleness over 4 hours and ends sessions after 60 minutes", () => {
    expect(isSuspiciouslyIdle(0, 4 * 60 * MIN)).toBe(false);
    expect(isSuspiciouslyIdle(0, 4 * 60 * MIN + 1)).toBe(true);
    expect(isSessionExpired(0, 60 * MIN - 1)).toBe(false);
    expect(isSessionExpired(0, 60 * MIN)).toBe(true);
  });

  it("keeps local logs capped, oldest dropped first", () => {
    let log: number[] = [];
    for (let i = 0; i < 105; i += 1) log = appendCapped(log, i, LOCAL_LOG_LIMITS.securityEvents);
    expect(log).toHaveLength(100);
    expect(log[0]).toBe(5);
    expect(log[99]).toBe(104);
  });
});
