import { describe, expect, it } from "vitest";
import {
  ACTIVITY_LIMITS,
  DASHBOARD_PREVIEWS,
  LOCAL_LOG_LIMITS,
  MESSAGES_LAYOUT,
  RATE_LIMITS,
  RECOMMENDATION_LIMITS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMITS,
  SECURITY_MONITOR,
  SECURITY_SETTINGS,
  TRENDING,
  UI_TIMINGS,
} from "../../shared/constants";
import {
  ACCOUNT_LOCKED,
  appendCapped,
  hasRapidClicks,
  isSessionExpired,
  isSuspiciouslyIdle,
  rateLimitToast,
  recordSignInCall,
  takeRateLimit,
  type LoginGuardState,
  type RateWindow,
} from "../../shared/rules/security";

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
    expect(SEARCH_LIMITS).toMatchObject({ users: 20, posts: 20, services: 15, hashtags: 10 });
    expect(RECOMMENDATION_LIMITS).toEqual({ users: 10, posts: 15, shown: 5 });
    expect(TRENDING).toEqual({ defaultCount: 12, rankedCount: 5, skeletonCount: 8 });
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(UI_TIMINGS).toMatchObject({ pageTransitionMs: 300, doubleTapWindowMs: 300, installPromptDelayMs: 30_000 });
    expect(ACTIVITY_LIMITS).toEqual({ follows: 20, likes: 20, comments: 20, messages: 10, merged: 50 });
    expect(DASHBOARD_PREVIEWS).toEqual({ posts: 5, services: 3, products: 3 });
    expect(MESSAGES_LAYOUT).toEqual({ conversationPaneHeightPx: 600, conversationListWidthPx: 350 });
    expect(SECURITY_MONITOR.rapidClickEvent).toEqual({ eventType: "suspicious_login_attempt", severity: "medium" });
    expect(SECURITY_MONITOR.idleEvent).toEqual({ eventType: "session_hijack_attempt", severity: "high" });
  });
});

describe("rate limit window", () => {
  it("allows the limit, refuses the next, and resets once the window has elapsed", () => {
    let state: RateWindow | null = null;
    const start = 1_000_000;
    for (let i = 0; i < 5; i += 1) {
      const d = takeRateLimit(state, start + i, "signIn");
      expect(d.allowed).toBe(true);
      state = d.state;
    }
    const refused = takeRateLimit(state, start + 5 * MIN, "signIn");
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 10 * MIN, retryAfterMinutes: 10 });
    // A refused attempt is not counted.
    expect(refused.state.count).toBe(5);
    expect(takeRateLimit(refused.state, start + 15 * MIN - 1, "signIn").allowed).toBe(false);
    const reset = takeRateLimit(refused.state, start + 15 * MIN, "signIn");
    expect(reset).toMatchObject({ allowed: true, remaining: 4, state: { count: 1, windowStart: start + 15 * MIN } });
  });

  it("rounds the wait up to whole minutes, at least 1", () => {
    const d = takeRateLimit({ count: 3, windowStart: 0 }, 60 * MIN - 1000, "signUp");
    expect(d).toMatchObject({ allowed: false, retryAfterMinutes: 1 });
    const e = takeRateLimit({ count: 3, windowStart: 0 }, 30 * MIN + 1, "signUp");
    expect(e).toMatchObject({ allowed: false, retryAfterMinutes: 30 });
  });

  it("words the toast per scope", () => {
    expect(rateLimitToast("signIn", 12)).toEqual({ title: "Too Many Attempts", description: "Please wait 12 minutes before trying again" });
    expect(rateLimitToast("upload", 40)).toEqual({
      title: "Upload Limit Reached",
      description: "Please wait 40 minutes before uploading again",
    });
  });
});

describe("login guard", () => {
  it("flags the 6th call within 5 minutes, not the 5th", () => {
    let state: LoginGuardState | null = null;
    for (let i = 0; i < 5; i += 1) {
      const d = recordSignInCall(state, i * 1000);
      expect(d.suspicious).toBe(false);
      state = d.state;
    }
    const sixth = recordSignInCall(state, 5000);
    expect(sixth.suspicious).toBe(true);
    expect(sixth.state.flags).toBe(1);
  });

  it("forgets calls older than 5 minutes", () => {
    const state = { calls: [0, 1, 2, 3, 4], flags: 0 };
    expect(recordSignInCall(state, 5 * MIN).suspicious).toBe(false);
    expect(recordSignInCall(state, 5 * MIN - 1).suspicious).toBe(true);
  });

  it("locks after more than 3 flags (the 4th), with the spec's message", () => {
    expect(ACCOUNT_LOCKED).toBe("Account temporarily locked due to suspicious activity");
    const busy = [1, 2, 3, 4, 5];
    expect(recordSignInCall({ calls: busy, flags: 2 }, 6).locked).toBe(false);
    expect(recordSignInCall({ calls: busy, flags: 3 }, 6)).toMatchObject({ locked: true, message: ACCOUNT_LOCKED });
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
