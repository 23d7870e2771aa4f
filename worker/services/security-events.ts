// Server-side security events (spec social-feed-search §3 security_events, §9 security monitor;
// DESIGN.md "Security events": the server records everything it sees itself).
//
// logSecurityEvent never throws: a failure to write the audit row must not turn a sign-in, a
// refusal or a report into a 500. It logs the failure instead.
import { and, desc, eq, gte, lt, max } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS, type SecurityEventType, type Severity } from "../../shared/constants";
import { securityEvents } from "../db/schema";
import type { Bindings } from "../env";

/** How long events are kept before the daily clean-up deletes them. */
export const SECURITY_EVENT_RETENTION_MS = 90 * DAY_MS;
/** Bounds on what one row can hold, whoever wrote it. */
export const MAX_EVENT_DETAILS_BYTES = 4096;
const MAX_USER_AGENT_LENGTH = 512;
const MAX_IP_LENGTH = 64;
/** Rows returned per list of the summary; the spec's local log keeps 100 too. */
export const SUMMARY_LIST_LIMIT = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any drizzle D1 database, with or without a schema
type AnyDb = DrizzleD1Database<any>;
export type EventStore = Pick<Bindings, "DB"> | AnyDb;

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

function toDb(store: EventStore): AnyDb {
  return "DB" in store ? drizzle(store.DB) : store;
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

export async function logSecurityEvent(store: EventStore, input: SecurityEventInput): Promise<void> {
  const db = toDb(store);
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
      await db.insert(securityEvents).values(row);
    } catch (error) {
      // A user id that no longer exists (deleted meanwhile) fails the foreign key; the event still
      // matters, so it is kept without the link and the id moves into the details.
      if (!row.userId) throw error;
      await db.insert(securityEvents).values({ ...row, userId: null, details: { ...row.details, unknownUserId: row.userId } });
    }
  } catch (error) {
    console.error(
      JSON.stringify({ level: "error", message: "security event not saved", eventType: input.eventType, error: String(error) }),
    );
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

export interface SecurityEventView {
  id: string;
  eventType: SecurityEventType;
  severity: Severity;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: number;
}

export interface SecuritySummary {
  today: SecurityEventView[];
  criticalLast7Days: SecurityEventView[];
  latestAt: number | null;
}

const viewColumns = {
  id: securityEvents.id,
  eventType: securityEvents.eventType,
  severity: securityEvents.severity,
  details: securityEvents.details,
  ipAddress: securityEvents.ipAddress,
  userAgent: securityEvents.userAgent,
  createdAt: securityEvents.createdAt,
};

/** Start of the current UTC day. */
export function utcMidnight(now: number): number {
  return now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The account page's view of one user's events: today's (since UTC midnight), critical ones of
 * the last 7 days, and the time of the latest event. Only rows of `userId` are ever read.
 */
export async function getSecuritySummary(store: EventStore, userId: string, now = Date.now()): Promise<SecuritySummary> {
  const db = toDb(store);
  const [today, critical, latest] = await db.batch([
    db
      .select(viewColumns)
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, utcMidnight(now))))
      .orderBy(desc(securityEvents.createdAt))
      .limit(SUMMARY_LIST_LIMIT),
    db
      .select(viewColumns)
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, userId),
          eq(securityEvents.severity, "critical"),
          gte(securityEvents.createdAt, now - 7 * DAY_MS),
        ),
      )
      .orderBy(desc(securityEvents.createdAt))
      .limit(SUMMARY_LIST_LIMIT),
    db.select({ latestAt: max(securityEvents.createdAt) }).from(securityEvents).where(eq(securityEvents.userId, userId)),
  ]);
  return { today, criticalLast7Days: critical, latestAt: latest[0]?.latestAt ?? null };
}

/** The daily clean-up: deletes events older than the retention period; returns how many. */
export async function purgeOldSecurityEvents(env: Pick<Bindings, "DB">, now = Date.now()): Promise<{ deleted: number }> {
  const result = await drizzle(env.DB)
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, now - SECURITY_EVENT_RETENTION_MS))
    .run();
  return { deleted: result.meta.changes ?? 0 };
}
