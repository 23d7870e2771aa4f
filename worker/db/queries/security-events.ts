// The security_events table (spec social-feed-search §3 security_events, §9 security monitor):
// the insert behind logSecurityEvent (services/security-events.ts), the account page's summary
// and the daily clean-up's delete.
import { and, desc, eq, gte, lt, max, sql } from "drizzle-orm";
import { DAY_MS, type SecurityEventType, type Severity } from "@shared/constants";
import type { Db } from "../client";
import { securityEvents } from "../schema";

/** Rows returned per list of the summary; the spec's local log keeps 100 too. */
const SUMMARY_LIST_LIMIT = 100;

export type NewSecurityEvent = typeof securityEvents.$inferInsert;

export async function insertSecurityEvent(db: Db, row: NewSecurityEvent): Promise<void> {
  await db.insert(securityEvents).values(row);
}

/**
 * Inserts a visitor's event under its collapse key, or, when a row with that key exists, adds one
 * to its count: one statement, so concurrent repeats cannot both insert. The first occurrence's
 * details, user agent and time stay on the row.
 */
export async function insertOrCountSecurityEvent(db: Db, row: NewSecurityEvent & { collapseKey: string }): Promise<void> {
  await db
    .insert(securityEvents)
    .values(row)
    .onConflictDoUpdate({ target: securityEvents.collapseKey, set: { count: sql`${securityEvents.count} + 1` } });
}

interface SecurityEventView {
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
export async function getSecuritySummary(db: Db, userId: string, now = Date.now()): Promise<SecuritySummary> {
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

/** Deletes every event created before `before`; returns how many. */
export async function deleteSecurityEventsBefore(db: Db, before: number): Promise<{ deleted: number }> {
  const result = await db.delete(securityEvents).where(lt(securityEvents.createdAt, before)).run();
  return { deleted: result.meta.changes ?? 0 };
}
