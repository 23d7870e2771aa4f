// Reports and the moderation audit log (issue #27 items 3 and 4; DESIGN.md "Reports and
// moderation"; decision record 0083). Mirrors migrations/0019_reports_moderation.sql, written by
// hand; the role, suspension and hidden_at columns live on their own tables' files.
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MODERATION_ACTIONS, REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGET_TYPES } from "@shared/moderation-api";
import { createdAt, idColumn, inList, timestampMs } from "./columns";
import { users } from "./users";

export const REPORT_STATUSES = ["open", "resolved"] as const;

export const reports = sqliteTable(
  "reports",
  {
    id: idColumn(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    /** The owner of the target, resolved by the server when the report is made. */
    targetUserId: text("target_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    /** Set with resolved_at: what the reporter reads in /activity. */
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    createdAt: createdAt(),
    resolvedAt: timestampMs("resolved_at"),
  },
  (t) => [
    // One open report per reporter per target: a repeat answers the existing one.
    uniqueIndex("reports_open_unique").on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index("reports_target_status_idx").on(t.targetType, t.targetId, t.status),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_target_user_idx").on(t.targetUserId, t.createdAt),
    index("reports_reporter_resolved_idx").on(t.reporterId, t.resolvedAt),
    check("reports_target_type_check", inList(t.targetType, REPORT_TARGET_TYPES)),
    check("reports_reason_check", inList(t.reason, REPORT_REASONS)),
    check("reports_status_check", inList(t.status, REPORT_STATUSES)),
    check("reports_outcome_check", sql`${t.outcome} is null or ${inList(t.outcome, REPORT_OUTCOMES)}`),
  ],
);

/** The audit log: every moderator action, kept when either account is deleted. */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: idColumn(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text("target_id").notNull(),
    /** The target's owner; no foreign key, so the log outlives the account. */
    targetUserId: text("target_user_id").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_target_user_idx").on(t.targetUserId, t.createdAt),
    index("moderation_actions_target_idx").on(t.targetType, t.targetId, t.createdAt),
    check("moderation_actions_action_check", inList(t.action, MODERATION_ACTIONS)),
    check("moderation_actions_target_type_check", inList(t.targetType, REPORT_TARGET_TYPES)),
  ],
);
