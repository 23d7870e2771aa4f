// Server-side security events (spec social-feed-search §3 security_events, §9 security monitor;
// DESIGN.md "Security events": the server records everything it sees itself).
//
// logSecurityEvent never throws: a failure to write the audit row must not turn a sign-in, a
// refusal or a report into a 500. It logs the failure instead.
import type { SecurityEventType, Severity } from "../../shared/constants";
import type { Db } from "../db/client";
import { insertSecurityEvent } from "../db/queries/security-events";
import { logger } from "../lib/logger";

/** Bounds on what one row can hold, whoever wrote it. */
const MAX_EVENT_DETAILS_BYTES = 4096;
const MAX_USER_AGENT_LENGTH = 512;
const MAX_IP_LENGTH = 64;

export interface SecurityEventInput {
  userId?: string | null;
  eventType: SecurityEventType;
  severity: Severity;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Tests only: the row's created_at. */
  now?: number;
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
