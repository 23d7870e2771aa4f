// The producer (issue #30 item 6; decision record 0096): a request that stored something another
// person should hear about hands the events to notify(), which only enqueues them. The request
// never waits on a push service or a mail, and never fails because of one: the stored row (the
// like, the message, the order step) is the truth, and a lost notification is a logged one.
import { COLLAPSE_WINDOW_MS, COLLAPSED_CATEGORIES, NOTIFICATION_EVENTS } from "@shared/notifications-api";
import type { Bindings, Ctx } from "../../env";
import { logger } from "../../lib/logger";
import type { NotificationEvent, NotificationJob } from "./jobs";

/** What enqueuing needs from the request context. */
export type NotifyContext = Pick<Ctx, "log"> & { env: Pick<Bindings, "NOTIFICATIONS"> };

/** Said once per isolate: a deploy without the queue binding notifies nobody. */
let warnedWithoutQueue = false;

/**
 * Enqueues the events, in one sendBatch for the request. An event whose actor is its recipient
 * (liking one's own post) is dropped here. Never throws.
 */
export async function notify(ctx: NotifyContext, events: readonly (NotificationEvent | null | undefined)[]): Promise<void> {
  const jobs: MessageSendRequest<NotificationJob>[] = events
    .filter((event): event is NotificationEvent => Boolean(event) && event!.actorId !== event!.recipientId)
    .map((event) => ({ body: { kind: "event", event }, contentType: "json" }));
  if (jobs.length === 0) return;
  const queue = ctx.env.NOTIFICATIONS;
  if (!queue) {
    if (!warnedWithoutQueue) logger.warn("notifications are off: no NOTIFICATIONS queue binding", { dropped: jobs.length });
    warnedWithoutQueue = true;
    return;
  }
  try {
    await queue.sendBatch(jobs);
  } catch (error) {
    ctx.log.error("notifications could not be enqueued", { error, events: jobs.map((job) => (job.body.kind === "event" ? job.body.event.key : job.body.kind)) });
  }
}

/**
 * Whether an event's category waits for the collapse window before its first push. The flush that
 * ends the window is scheduled by the consumer, not here: only the consumer knows whether an
 * earlier event of the same key is already waiting (then no second flush is needed).
 */
export function collapsesInWindow(event: Pick<NotificationEvent, "type">): boolean {
  return COLLAPSED_CATEGORIES.includes(NOTIFICATION_EVENTS[event.type]);
}

/** Seconds until an event's collapse window closes, as the queue's delaySeconds. */
export function windowDelaySeconds(at: number, now: number): number {
  return Math.max(0, Math.ceil((at + COLLAPSE_WINDOW_MS - now) / 1000));
}
