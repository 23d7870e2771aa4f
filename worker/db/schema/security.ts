// Server-side security events (spec §3 security_events, procedure log_security_event) and the
// local development mail outbox.
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SECURITY_EVENT_TYPES, SEVERITIES } from "@shared/constants";
import { createdAt, idColumn, inList } from "./columns";
import { users } from "./users";

export const securityEvents = sqliteTable(
  "security_events",
  {
    id: idColumn(),
    /** Null for events without a known user (e.g. failed sign-in for an unknown email). Kept after account deletion. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type", { enum: SECURITY_EVENT_TYPES }).notNull(),
    severity: text("severity", { enum: SEVERITIES }).notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** When the first of the row's occurrences happened. */
    createdAt: createdAt(),
    /** How many occurrences the row stands for: above 1 only for collapsed visitor events. */
    count: integer("count", { mode: "number" }).notNull().default(1),
    /**
     * Set only on events of visitors who are not signed in: `ip:…|type|severity|path|windowStart`.
     * Repeats with the same key add to `count` instead of adding rows (services/security-events.ts,
     * decision record 0022). Null everywhere else; SQLite's unique index lets nulls repeat.
     */
    collapseKey: text("collapse_key"),
  },
  (t) => [
    // Today's events for a user; latest created_at.
    index("security_events_user_created_idx").on(t.userId, t.createdAt),
    // Critical events in the last 7 days.
    index("security_events_user_severity_created_idx").on(t.userId, t.severity, t.createdAt),
    index("security_events_created_idx").on(t.createdAt),
    uniqueIndex("security_events_collapse_key_unique").on(t.collapseKey),
    check("security_events_type_check", inList(t.eventType, SECURITY_EVENT_TYPES)),
    check("security_events_severity_check", inList(t.severity, SEVERITIES)),
  ],
);
