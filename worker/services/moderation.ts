// Reports and moderation (issue #27 items 3 and 4; DESIGN.md "Reports and moderation"; decision
// record 0083). A report names a target; the server finds its owner, refuses one's own content
// and content the reporter cannot see, keeps one open report per reporter and target, and hides
// the content once MODERATION_LIMITS.hideThreshold distinct accounts have reported it. A
// moderator's action changes the content or the account, resolves the target's open reports
// (their reporters read the outcome in /activity) and is written to the audit log.
import { MODERATION_TEXTS } from "@shared/messages";
import {
  MODERATION_LIMITS,
  type ModerationAction,
  type ModerationActionResult,
  type ReportOutcome,
  type ReportReason,
  type ReportReceipt,
  type ReportTargetType,
} from "@shared/moderation-api";
import { fileReport, findReportTarget, isHideable, messageReceiver, openReporterCount, recordModeration, reportedOwner, setHidden, setSuspended } from "../db/queries/moderation";
import { revokeSessions } from "../db/queries/sessions";
import { closeSessionSockets } from "./live";
import type { Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { notifyUsers } from "./live";
import { limitUser } from "./rate-limit";

interface ReportInput {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details?: string | undefined;
}

/** Files the caller's report; answers it and whether it is new (a repeat answers the open one). */
export async function reportContent(ctx: Ctx, reporterId: string, input: ReportInput): Promise<{ report: ReportReceipt; created: boolean }> {
  await limitUser(ctx, "report", reporterId);
  const target = await findReportTarget(ctx.db, input.targetType, input.targetId);
  if (!target) throw new ApiError("not_found", MODERATION_TEXTS.targetMissing);
  if (target.ownerId === reporterId) throw new ApiError("bad_request", MODERATION_TEXTS.ownContent);
  // A message is reported by the one person it was sent to; to anyone else, and for content
  // already hidden, the target answers like a missing one.
  if (target.audienceId !== null && target.audienceId !== reporterId) throw new ApiError("not_found", MODERATION_TEXTS.targetMissing);
  if (target.hiddenAt !== null) throw new ApiError("not_found", MODERATION_TEXTS.targetMissing);

  const details = input.details ? input.details : null;
  const { report, created } = await fileReport(ctx.db, {
    reporterId,
    targetType: input.targetType,
    targetId: input.targetId,
    targetUserId: target.ownerId,
    reason: input.reason,
    details,
    now: ctx.now,
  });
  // Hidden pending review once enough different accounts have reported it: a repeat by one
  // account never counts twice (reports_open_unique). A profile is not hidden this way; only a
  // moderator's suspension hides an account.
  if (created && isHideable(input.targetType)) {
    const reporters = await openReporterCount(ctx.db, input.targetType, input.targetId);
    if (reporters >= MODERATION_LIMITS.hideThreshold) {
      const hidden = await setHidden(ctx.db, input.targetType, input.targetId, ctx.now);
      if (hidden) ctx.log.info("content hidden pending review", { targetType: input.targetType, targetId: input.targetId, reporters });
      if (hidden) await tellReceiver(ctx, input.targetType, input.targetId, true);
    }
  }
  return { report, created };
}

/** What each action tells the reporters it resolves. */
const OUTCOMES: Record<ModerationAction, ReportOutcome> = {
  dismiss: "no_violation",
  hide: "action",
  restore: "no_violation",
  suspend: "action",
  unsuspend: "no_violation",
};

interface ActionInput {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  note?: string | undefined;
}

/** A moderator's action on a target (the caller is a moderator: the route checked). */
export async function moderate(ctx: Ctx, moderatorId: string, input: ActionInput): Promise<ModerationActionResult> {
  const { targetType, targetId, action } = input;
  const target = await findReportTarget(ctx.db, targetType, targetId);
  // Content deleted since it was reported can still have its reports closed (and its owner suspended).
  const ownerId = target?.ownerId ?? (await reportedOwner(ctx.db, targetType, targetId));
  if (ownerId === null) throw new ApiError("not_found", MODERATION_TEXTS.targetMissing);

  switch (action) {
    case "dismiss":
    case "restore":
      // No violation: content hidden pending review (or by an earlier action) comes back.
      if (target && isHideable(targetType)) {
        await setHidden(ctx.db, targetType, targetId, null);
        if (target.hiddenAt !== null) await tellReceiver(ctx, targetType, targetId, false);
      } else if (action === "restore") throw new ApiError("bad_request", MODERATION_TEXTS.actionNotApplicable);
      break;
    case "hide":
      if (!target || !isHideable(targetType)) throw new ApiError("bad_request", MODERATION_TEXTS.actionNotApplicable);
      await setHidden(ctx.db, targetType, targetId, ctx.now);
      await tellReceiver(ctx, targetType, targetId, true);
      break;
    case "suspend":
      if (ownerId === moderatorId) throw new ApiError("bad_request", MODERATION_TEXTS.actionNotApplicable);
      await setSuspended(ctx.db, ownerId, ctx.now);
      // Signed out everywhere at once; the same revocation "sign out everywhere" uses.
      await revokeSessions(ctx.db, { userId: ownerId }, "suspension", ctx.now);
      // Its open sockets close with the sessions (decision record 0085).
      await closeSessionSockets(ctx, { userId: ownerId, sessions: "all" });
      break;
    case "unsuspend":
      await setSuspended(ctx.db, ownerId, null);
      break;
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }

  const reporters = await recordModeration(ctx.db, {
    moderatorId,
    action,
    targetType,
    targetId,
    targetUserId: ownerId,
    note: input.note ? input.note : null,
    outcome: OUTCOMES[action],
    now: ctx.now,
  });
  ctx.log.info("moderation action", { action, targetType, targetId, resolved: reporters.length });
  await notifyUsers(ctx.env, ctx.log, reporters, { type: "activity.created", activityType: "report" });
  return { action, targetType, targetId, resolvedReports: reporters.length };
}

/**
 * A message hidden or brought back changes what its receiver has (the sender keeps seeing it):
 * their tabs drop it at once, or fetch the conversation again (decision records 0077, 0083).
 */
async function tellReceiver(ctx: Ctx, targetType: ReportTargetType, targetId: string, hidden: boolean): Promise<void> {
  if (targetType !== "message") return;
  const message = await messageReceiver(ctx.db, targetId);
  if (!message) return;
  const { conversationId, receiverId } = message;
  await notifyUsers(ctx.env, ctx.log, [receiverId], hidden ? { type: "message.hidden", conversationId, messageId: targetId } : { type: "message.created", conversationId });
}
