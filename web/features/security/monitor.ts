// The browser security monitor (spec §9): more than 10 clicks with under 50 ms between them is
// reported as suspicious_login_attempt (medium) — people do not click that fast, scripts do; and
// inactivity over 4 hours, checked every 5 minutes, as session_hijack_attempt (high), since a
// session that wakes up after that long may be in someone else's hands.
// The rules themselves live in shared/rules/security.ts; this module wires them to the page.
import { MINUTE_MS, SECURITY_MONITOR } from "@shared/constants";
import { createRapidClickDetector, isSuspiciouslyIdle } from "@shared/rules/security";
import type { ActivityTracker } from "./activity";
import type { SecurityReport } from "./api";

export interface SecurityMonitorOptions {
  tracker: Pick<ActivityTracker, "lastActivity">;
  report: (report: SecurityReport) => Promise<unknown> | void;
  /**
   * Where clicks are heard; defaults to window. Capturing on window runs before any listener on
   * document, so the double-tap guard (which swallows a repeated click on the document) cannot
   * hide a burst from the monitor.
   */
  clickTarget?: EventTarget;
  now?: () => number;
  idleThresholdMs?: number;
  idleCheckIntervalMs?: number;
}

export interface SecurityMonitor {
  /** Runs the idle check now (the session timeout calls it before signing out). */
  checkIdle(): Promise<void>;
  stop(): void;
}

/** Starts both checks. */
export function startSecurityMonitor(options: SecurityMonitorOptions): SecurityMonitor {
  // Read Date.now at each call, not once here, so a test can hold the clock still.
  const now = options.now ?? (() => Date.now());
  const idleThresholdMs = options.idleThresholdMs ?? SECURITY_MONITOR.idleThresholdMs;
  const intervalMs = options.idleCheckIntervalMs ?? SECURITY_MONITOR.idleCheckIntervalMs;
  const clickTarget = options.clickTarget ?? (typeof window === "undefined" ? undefined : window);

  const detector = createRapidClickDetector({
    onDetect: (clicks) =>
      options.report({
        eventType: SECURITY_MONITOR.rapidClickEvent.eventType,
        severity: SECURITY_MONITOR.rapidClickEvent.severity,
        details: { clicks, maxGapMs: SECURITY_MONITOR.rapidClickGapMs },
      }),
  });
  const onClick = () => detector(now());
  clickTarget?.addEventListener("click", onClick, { capture: true, passive: true });

  // One report per idle stretch: the flag clears once activity resumes.
  let reportedFor = -1;
  const checkIdle = async () => {
    const last = options.tracker.lastActivity();
    const at = now();
    if (isSuspiciouslyIdle(last, at, idleThresholdMs) && reportedFor !== last) {
      reportedFor = last;
      await options.report({
        eventType: SECURITY_MONITOR.idleEvent.eventType,
        severity: SECURITY_MONITOR.idleEvent.severity,
        details: { idleMinutes: Math.floor((at - last) / MINUTE_MS) },
      });
    }
  };
  const interval = setInterval(() => void checkIdle(), intervalMs);

  return {
    checkIdle,
    stop: () => {
      clearInterval(interval);
      clickTarget?.removeEventListener("click", onClick, { capture: true });
    },
  };
}
