// The browser side of the security layer of §9 (first document) as pure functions: the monitor's
// rapid-click and idle rules, the session timeout, and the capped local logs. DESIGN.md moves
// enforcement of rate limits and lockouts to the server (a Durable Object keeps that state); what
// only the browser can see is judged here, once, and the SPA's monitor calls these.
import { SECURITY_MONITOR, SECURITY_SETTINGS } from "../constants";

/**
 * A streaming rapid-click rule: feed it each click time; it calls `onDetect` once a run of more
 * than 10 clicks, each less than 50 ms after the one before, is seen. It then starts over, so one
 * long burst is one detection rather than one per further click.
 */
export function createRapidClickDetector(options: {
  onDetect: (clicks: number) => void;
  maxClicks?: number;
  gapMs?: number;
}): (at: number) => void {
  const maxClicks = options.maxClicks ?? SECURITY_MONITOR.rapidClickCount;
  const gapMs = options.gapMs ?? SECURITY_MONITOR.rapidClickGapMs;
  let last = Number.NEGATIVE_INFINITY;
  let run = 0;
  return (at: number) => {
    run = at - last < gapMs ? run + 1 : 1;
    last = at;
    if (run > maxClicks) {
      const clicks = run;
      run = 0;
      last = Number.NEGATIVE_INFINITY;
      options.onDetect(clicks);
    }
  };
}

/** The monitor's idle rule: inactive for more than 4 hours. */
export function isSuspiciouslyIdle(lastActivity: number, now: number, thresholdMs: number = SECURITY_MONITOR.idleThresholdMs): boolean {
  return now - lastActivity > thresholdMs;
}

/** The session rule: inactive for 60 minutes or more ends the session. */
export function isSessionExpired(lastActivity: number, now: number, timeoutMs: number = SECURITY_SETTINGS.sessionTimeoutMs): boolean {
  return now - lastActivity >= timeoutMs;
}

/** Appends to a local log and drops the oldest entries beyond `max`. */
export function appendCapped<T>(log: readonly T[], entry: T, max: number): T[] {
  const next = [...log, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}
