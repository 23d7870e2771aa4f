// The security layer of §9 (first document) as pure functions over plain state. The spec ran
// it in the browser; DESIGN.md moves enforcement to the server (a Durable Object keeps the
// state), while the browser shows the same messages. Keeping the arithmetic here means the
// limiter, the login guard and the browser monitor cannot disagree about a boundary.
import {
  LOGIN_GUARD,
  MINUTE_MS,
  RATE_LIMITS,
  SECURITY_MONITOR,
  SECURITY_SETTINGS,
  type RateLimitScope,
} from "../constants";

export const ACCOUNT_LOCKED = "Account temporarily locked due to suspicious activity";
export const TOO_MANY_ATTEMPTS = "Too Many Attempts";
export const UPLOAD_LIMIT_REACHED = "Upload Limit Reached";
export function waitBeforeRetrying(minutes: number): string {
  return `Please wait ${minutes} minutes before trying again`;
}
export function waitBeforeUploading(minutes: number): string {
  return `Please wait ${minutes} minutes before uploading again`;
}

/** A fixed window: the count resets once the window has elapsed (§4, first document). */
export interface RateWindow {
  count: number;
  windowStart: number;
}

export type RateDecision =
  | { allowed: true; state: RateWindow; remaining: number }
  | { allowed: false; state: RateWindow; retryAfterMs: number; retryAfterMinutes: number };

/**
 * Counts one attempt. The attempt that would exceed `max` is refused and not counted, so a
 * user who keeps trying does not push the reset further away.
 */
export function takeRateLimit(state: RateWindow | null, now: number, scope: RateLimitScope): RateDecision {
  const { max, windowMs } = RATE_LIMITS[scope];
  const current = state === null || now - state.windowStart >= windowMs ? { count: 0, windowStart: now } : state;
  if (current.count >= max) {
    const retryAfterMs = current.windowStart + windowMs - now;
    return { allowed: false, state: current, retryAfterMs, retryAfterMinutes: Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS)) };
  }
  const next = { count: current.count + 1, windowStart: current.windowStart };
  return { allowed: true, state: next, remaining: max - next.count };
}

/** The toast for a refused attempt: uploads have their own wording. */
export function rateLimitToast(scope: RateLimitScope, minutes: number): { title: string; description: string } {
  return scope === "upload"
    ? { title: UPLOAD_LIMIT_REACHED, description: waitBeforeUploading(minutes) }
    : { title: TOO_MANY_ATTEMPTS, description: waitBeforeRetrying(minutes) };
}

/** Login guard state: recent sign-in call times and how many times the user was flagged. */
export interface LoginGuardState {
  calls: number[];
  flags: number;
}

export type LoginGuardDecision =
  | { locked: false; suspicious: boolean; state: LoginGuardState }
  | { locked: true; suspicious: boolean; state: LoginGuardState; message: typeof ACCOUNT_LOCKED };

/**
 * Records one sign-in call. More than 5 calls within 5 minutes flags it as suspicious; once
 * there are more than 3 flags the account is locked and sign-in throws the spec's message.
 */
export function recordSignInCall(state: LoginGuardState | null, now: number): LoginGuardDecision {
  const calls = [...(state?.calls ?? []).filter((t) => now - t < LOGIN_GUARD.windowMs), now];
  const suspicious = calls.length > LOGIN_GUARD.maxCallsPerWindow;
  const flags = (state?.flags ?? 0) + (suspicious ? 1 : 0);
  const next = { calls, flags };
  if (flags > LOGIN_GUARD.maxFlags) return { locked: true, suspicious, state: next, message: ACCOUNT_LOCKED };
  return { locked: false, suspicious, state: next };
}

/**
 * The rapid-click rule: true when the click times contain a run of more than 10 clicks, each
 * less than 50 ms after the one before.
 */
export function hasRapidClicks(clickTimes: readonly number[]): boolean {
  let run = 1;
  for (let i = 1; i < clickTimes.length; i += 1) {
    const gap = (clickTimes[i] ?? 0) - (clickTimes[i - 1] ?? 0);
    run = gap >= 0 && gap < SECURITY_MONITOR.rapidClickGapMs ? run + 1 : 1;
    if (run > SECURITY_MONITOR.rapidClickCount) return true;
  }
  return false;
}

/** The monitor's idle rule: inactive for more than 4 hours. */
export function isSuspiciouslyIdle(lastActivity: number, now: number): boolean {
  return now - lastActivity > SECURITY_MONITOR.idleThresholdMs;
}

/** The session rule: inactive for 60 minutes or more ends the session. */
export function isSessionExpired(lastActivity: number, now: number): boolean {
  return now - lastActivity >= SECURITY_SETTINGS.sessionTimeoutMs;
}

/** Appends to a local log and drops the oldest entries beyond `max`. */
export function appendCapped<T>(log: readonly T[], entry: T, max: number): T[] {
  const next = [...log, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}
