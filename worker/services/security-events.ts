// Server-side security events (spec social-feed-search §3 security_events, §9 security monitor;
// DESIGN.md "Security events": the server records everything it sees itself).
//
// logSecurityEvent never throws: a failure to write the audit row must not turn a sign-in, a
// refusal or a report into a 500. It logs the failure instead.
//
// Events of visitors who are not signed in collapse (decision record 0022): anyone can cause them
// as often as they like, so repeats from one IP of one type, severity and path inside one window
// are one row with a count. Events linked to an account stay one row each: they are bounded by
// per-account limits and the account's summary lists them one by one.
import { HOUR_MS, type SecurityEventType, type Severity } from "@shared/constants";
import type { Db } from "../db/client";
import { insertOrCountSecurityEvent, insertSecurityEvent } from "../db/queries/security-events";
import { logger } from "../lib/logger";
import { rateSubject } from "./subjects";

/** Bounds on what one row can hold, whoever wrote it. */
const MAX_EVENT_DETAILS_BYTES = 4096;
const MAX_USER_AGENT_LENGTH = 512;
const MAX_IP_LENGTH = 64;

/** Visitor events repeated inside one such window (aligned to the hour, UTC) share one row. */
const COLLAPSE_WINDOW_MS = HOUR_MS;

export interface SecurityEventInput {
  userId?: string | null;
  eventType: SecurityEventType;
  severity: Severity;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  userAgent?: string | null;
  /**
   * The path that writes this event on behalf of a visitor (e.g. "sign_out", "google_callback").
   * When set and no account is linked, repeats from the same IP with the same type, severity and
   * path inside one collapse window add to one row's count. Ignored for account-linked events.
   */
  collapse?: string;
  /** Tests only: the row's created_at. */
  now?: number;
}

/** `ip:…|type|severity|path|windowStart`: built only from parts that are never null. */
function collapseKey(input: { ip?: string | null; eventType: string; severity: string; collapse: string }, at: number): string {
  const windowStart = at - (at % COLLAPSE_WINDOW_MS);
  return [rateSubject("ip", input.ip ?? null), input.eventType, input.severity, input.collapse, windowStart].join("|");
}

function clip(value: string | null | undefined, length: number): string | null {
  if (!value) return null;
  return value.length > length ? value.slice(0, length) : value;
}

/** Keeps details small: anything over the bound is replaced by a marker and a short preview. */
function boundDetails(details: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!details) return null;
  let json: string;
  try {
    json = JSON.stringify(details);
  } catch {
    return { unserializable: true };
  }
  if (new TextEncoder().encode(json).byteLength <= MAX_EVENT_DETAILS_BYTES) return details;
  return { truncated: true, preview: json.slice(0, 500) };
}

export async function logSecurityEvent(db: Db, input: SecurityEventInput): Promise<void> {
  const row = {
    userId: input.userId ?? null,
    eventType: input.eventType,
    severity: input.severity,
    details: boundDetails(input.details),
    ipAddress: clip(input.ip, MAX_IP_LENGTH),
    userAgent: clip(input.userAgent, MAX_USER_AGENT_LENGTH),
    ...(input.now !== undefined ? { createdAt: input.now } : {}),
  };
  try {
    if (input.collapse && !row.userId) {
      const at = input.now ?? Date.now();
      await insertOrCountSecurityEvent(db, { ...row, createdAt: at, collapseKey: collapseKey({ ...input, ip: row.ipAddress, collapse: input.collapse }, at) });
      return;
    }
    try {
      await insertSecurityEvent(db, row);
    } catch (error) {
      // A user id that no longer exists (deleted meanwhile) fails the foreign key; the event still
      // matters, so it is kept without the link and the id moves into the details.
      if (!row.userId) throw error;
      await insertSecurityEvent(db, { ...row, userId: null, details: { ...row.details, unknownUserId: row.userId } });
    }
  } catch (error) {
    logger.error("security event not saved", { eventType: input.eventType, error });
  }
}

/**
 * Who is asking, as the edge saw it. The IP comes only from CF-Connecting-IP, which Cloudflare
 * sets and a client cannot forge; X-Forwarded-For is deliberately ignored.
 */
export function requestMeta(req: Request | { raw: Request }): { ip: string | null; userAgent: string | null } {
  const raw = req instanceof Request ? req : req.raw;
  return {
    ip: clip(raw.headers.get("CF-Connecting-IP")?.trim(), MAX_IP_LENGTH),
    userAgent: clip(raw.headers.get("User-Agent"), MAX_USER_AGENT_LENGTH),
  };
}
