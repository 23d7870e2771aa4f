// The browser's own security records (spec §3 "local security event record", §9): a log of the
// last 100 events, oldest dropped first, and the critical events that could not be saved on the
// server, last 50 only. Both live in localStorage so they outlive a reload; neither holds
// anything more personal than the event itself and the user agent.
import { LOCAL_LOG_LIMITS, type SecurityEventType, type Severity } from "@shared/constants";
import { appendCapped } from "@shared/rules/security";

export const SECURITY_LOG_KEY = "backline:security-events";
export const FAILED_CRITICAL_KEY = "backline:failed-critical-events";
/** Kept through sign-out: they are this device's audit trail, not account data. */
export const SECURITY_STORAGE_KEYS = [SECURITY_LOG_KEY, FAILED_CRITICAL_KEY] as const;

export interface LocalSecurityEvent {
  /** ISO 8601. */
  timestamp: string;
  event_type: SecurityEventType;
  severity: Severity;
  details: Record<string, unknown>;
  user_agent: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is LocalSecurityEvent {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as LocalSecurityEvent).timestamp === "string" &&
    typeof (value as LocalSecurityEvent).event_type === "string" &&
    typeof (value as LocalSecurityEvent).severity === "string"
  );
}

/** Reads a list, dropping anything malformed (storage is writable by any script on the page). */
function readList(key: string): LocalSecurityEvent[] {
  const raw = storage()?.getItem(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
  } catch {
    return [];
  }
}

function writeList(key: string, list: readonly LocalSecurityEvent[]): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full: keep only the newer half rather than lose the write entirely.
    try {
      store.setItem(key, JSON.stringify(list.slice(Math.floor(list.length / 2))));
    } catch {
      // Nothing more can be done without storage.
    }
  }
}

/** Appends and keeps only the newest `cap` entries (oldest dropped first). */
function appendToList(key: string, entry: LocalSecurityEvent, cap: number): LocalSecurityEvent[] {
  const next = appendCapped(readList(key), entry, cap);
  writeList(key, next);
  return next;
}

export function replaceList(key: string, list: readonly LocalSecurityEvent[]): void {
  if (list.length === 0) storage()?.removeItem(key);
  else writeList(key, list);
}

export function logLocalSecurityEvent(entry: LocalSecurityEvent): LocalSecurityEvent[] {
  return appendToList(SECURITY_LOG_KEY, entry, LOCAL_LOG_LIMITS.securityEvents);
}

export function keepFailedCriticalEvent(entry: LocalSecurityEvent): LocalSecurityEvent[] {
  return appendToList(FAILED_CRITICAL_KEY, entry, LOCAL_LOG_LIMITS.failedCriticalEvents);
}

export const readSecurityLog = () => readList(SECURITY_LOG_KEY);
export const readFailedCriticalEvents = () => readList(FAILED_CRITICAL_KEY);
