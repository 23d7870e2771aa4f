// The reports and moderation contract shared by the Worker and the SPA (issue #27 items 3 and 4;
// DESIGN.md "Reports and moderation"; decision record 0083). Texts are MODERATION_TEXTS in
// shared/messages.ts.
//
// Routes (JSON; every failure is the error envelope of shared/errors.ts; signed in, else 401):
//   POST /api/reports                  body ReportBody → 201 ReportReceipt (200 with the same
//                                      receipt when the caller already has an open report on the
//                                      target). A target that does not exist, or that the caller
//                                      cannot see, answers 404 'This content is no longer
//                                      available'; one's own content 400 'You cannot report your
//                                      own content'. The owner is resolved by the server.
//   GET  /api/moderation/queue         → ModerationQueue: open reports grouped by target, oldest
//                                      first. Moderators only: anyone else gets 404 'Not found'.
//   POST /api/moderation/actions       body ModerationActionBody → 200 ModerationActionResult.
//                                      Moderators only (404 for others).
import { z } from "zod";
import { MODERATION_TEXTS } from "./messages";

export const REPORT_TARGET_TYPES = ["post", "comment", "message", "profile", "service", "product"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ["spam", "harassment", "impersonation", "intellectual_property", "scam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_ACTIONS = ["dismiss", "hide", "restore", "suspend", "unsuspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const USER_ROLES = ["member", "moderator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** How a resolved report ended, as its reporter reads it in /activity. */
export const REPORT_OUTCOMES = ["action", "no_violation"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const MODERATION_LIMITS = {
  /** Open reports by this many distinct accounts hide the content at once, pending review. */
  hideThreshold: 3,
  /** The words an "other" report carries (and the most any report's details may hold). */
  details: 500,
  /** A moderator's note on an action. */
  note: 500,
  /** Targets the queue shows at once, oldest report first. */
  queueTargets: 50,
  /** Earlier reports and actions shown per account in the queue's history. */
  history: 10,
  /** Resolved reports a reporter's activity lists. */
  activity: 10,
} as const;

const idField = z.string({ error: MODERATION_TEXTS.targetMissing }).trim().min(1, MODERATION_TEXTS.targetMissing).max(64, MODERATION_TEXTS.targetMissing);
const targetTypeField = z.enum(REPORT_TARGET_TYPES, { error: MODERATION_TEXTS.targetTypeInvalid });

/** The report form: a reason, and words that "other" requires and the rest may add. */
export const reportBodySchema = z
  .object({
    targetType: targetTypeField,
    targetId: idField,
    reason: z.enum(REPORT_REASONS, { error: MODERATION_TEXTS.reasonRequired }),
    details: z
      .string({ error: MODERATION_TEXTS.detailsTooLong })
      .trim()
      .max(MODERATION_LIMITS.details, MODERATION_TEXTS.detailsTooLong)
      .optional(),
  })
  .refine((body) => body.reason !== "other" || (body.details ?? "").length > 0, {
    message: MODERATION_TEXTS.detailsRequired,
    path: ["details"],
  });
export type ReportBody = z.input<typeof reportBodySchema>;

export interface ReportReceipt {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  status: "open" | "resolved";
  createdAt: number;
}

export const moderationActionBodySchema = z.object({
  targetType: targetTypeField,
  targetId: idField,
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_TEXTS.actionInvalid }),
  note: z.string({ error: MODERATION_TEXTS.noteTooLong }).trim().max(MODERATION_LIMITS.note, MODERATION_TEXTS.noteTooLong).optional(),
});
export type ModerationActionBody = z.input<typeof moderationActionBodySchema>;

export interface ModerationActionResult {
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  /** Open reports the action resolved. */
  resolvedReports: number;
}

/** What the queue shows of the reported thing: its words and a picture where it has one. */
export interface ModerationContent {
  /** A post's caption, a comment's or message's text, an item's name and description, a profile's name and bio. */
  text: string | null;
  mediaUrl: string | null;
  /** The in-app page of the content, where it has one. */
  path: string | null;
  hiddenAt: number | null;
}

export interface ModerationAccount {
  userId: string;
  username: string | null;
  displayName: string | null;
  joinedAt: number;
  suspendedAt: number | null;
  /** Every report ever made about this account's content, open or resolved. */
  reportCount: number;
  earlierActions: { action: ModerationAction; targetType: ReportTargetType; note: string | null; createdAt: number }[];
}

export interface ModerationQueueItem {
  targetType: ReportTargetType;
  targetId: string;
  /** Null when the content is gone (deleted since it was reported). */
  content: ModerationContent | null;
  account: ModerationAccount;
  reports: { id: string; reason: ReportReason; details: string | null; createdAt: number }[];
  /** Distinct accounts with an open report on the target. */
  reporterCount: number;
}

export interface ModerationQueue {
  items: ModerationQueueItem[];
}
