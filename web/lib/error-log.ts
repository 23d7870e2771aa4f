// Local render-error log (spec §8: render errors are appended to a local log of up to 50 entries).
// It lets support ask a user for recent failures without any server round trip.
import { LOCAL_LOG_LIMITS } from "@shared/constants";
import { appendCapped } from "@shared/rules/security";

export const ERROR_LOG_KEY = "backline:error-log";

export interface ErrorLogEntry {
  timestamp: string;
  message: string;
  stack?: string;
  componentStack?: string;
  url?: string;
  userAgent?: string;
}

export function readErrorLog(): ErrorLogEntry[] {
  try {
    const raw = localStorage.getItem(ERROR_LOG_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ErrorLogEntry[]) : [];
  } catch {
    return [];
  }
}

/** Appends one entry and keeps only the newest 50 (LOCAL_LOG_LIMITS.errors), dropping the oldest first. */
export function appendErrorLog(error: unknown, extra: { componentStack?: string } = {}): ErrorLogEntry[] {
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    timestamp: new Date().toISOString(),
    message: err.message,
    stack: err.stack,
    componentStack: extra.componentStack,
    url: typeof location === "undefined" ? undefined : location.href,
    userAgent: typeof navigator === "undefined" ? undefined : navigator.userAgent,
  };
  const next = appendCapped(readErrorLog(), entry, LOCAL_LOG_LIMITS.errors);
  try {
    localStorage.setItem(ERROR_LOG_KEY, JSON.stringify(next));
  } catch {
    // A full or unavailable storage must never turn an error screen into a second crash.
  }
  return next;
}
