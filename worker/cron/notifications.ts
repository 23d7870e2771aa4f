// The notifications pipeline's crons (issue #30; decision record 0096): every 15 minutes, the
// pushes quiet hours held whose hours have ended (the fallback of the flush the consumer
// scheduled: a hold longer than the queue's 12-hour delay, or a flush that was lost) and the
// digest of unread messages; daily, the recorded events older than 30 days.
import { DAY_MS } from "@shared/constants";
import { COLLAPSE_WINDOW_MS } from "@shared/notifications-api";
import { deleteNotificationsBefore, releasableKeys } from "../db/queries/notifications";
import type { Ctx } from "../env";
import type { NotificationJob } from "../services/notifications/jobs";
import { sendMessageDigests } from "../services/notifications/mails";
import { purgeInBatches } from "./purge-batches";

/** How long a recorded event is kept: the dedupe of a replay and the digest need far less. */
const NOTIFICATION_RETENTION_MS = 30 * DAY_MS;
/** Keys released per run; the rest wait 15 minutes. */
const RELEASE_MAX = 500;
/** A pending row this much older than its window missed its flush. */
const STALE_PENDING_MS = 10 * COLLAPSE_WINDOW_MS;
/** Queues take at most 100 messages per sendBatch. */
const SEND_BATCH_MAX = 100;

/** Enqueues a flush for each (recipient, collapse key) with held pushes due, or pending ones whose flush never came. */
export async function releaseHeldNotifications(ctx: Pick<Ctx, "env" | "db" | "now" | "log">): Promise<{ released: number }> {
  const keys = await releasableKeys(ctx.db, { now: ctx.now, staleBefore: ctx.now - STALE_PENDING_MS, limit: RELEASE_MAX });
  if (keys.length === 0) return { released: 0 };
  const queue = ctx.env.NOTIFICATIONS;
  if (!queue) {
    ctx.log.warn("held notifications wait: no NOTIFICATIONS queue binding", { keys: keys.length });
    return { released: 0 };
  }
  for (let i = 0; i < keys.length; i += SEND_BATCH_MAX) {
    const jobs = keys.slice(i, i + SEND_BATCH_MAX).map((key): MessageSendRequest<NotificationJob> => ({ body: { kind: "flush", ...key }, contentType: "json" }));
    await queue.sendBatch(jobs);
  }
  return { released: keys.length };
}

export function mailMessageDigests(ctx: Ctx) {
  return sendMessageDigests(ctx);
}

export async function purgeOldNotifications({ db, now }: Pick<Ctx, "db" | "now">) {
  const deleted = await purgeInBatches((limit) => deleteNotificationsBefore(db, now - NOTIFICATION_RETENTION_MS, limit));
  return { deleted };
}
