// Worker entry: HTTP through the Hono app, Cron Triggers through the dispatcher, the
// NOTIFICATIONS queue through its consumer (decision record 0096).
// Durable Object classes are re-exported here as they are built.
import { app } from "./app";
import { dispatchScheduled } from "./cron";
import type { Bindings } from "./env";
import { refusedConfiguration } from "./lib/config";
import { consumeNotifications } from "./services/notifications/consumer";
import type { NotificationJob } from "./services/notifications/jobs";
import { sendPush } from "./services/notifications/senders";
import type { SendPush } from "./services/notifications/senders/types";

export { ChatRoom } from "./realtime/chat-room";
export { CommentRoom } from "./realtime/comment-room";
export { RateLimiter } from "./realtime/rate-limiter";
export { UserChannel } from "./realtime/user-channel";

/**
 * The queue() handler around a push sender: tests build it with a scripted sender, production
 * with the real one (web push, FCM, APNs).
 */
export function queueHandler(send: SendPush): ExportedHandlerQueueHandler<Bindings> {
  return async (batch, env) => {
    // A deploy missing its configuration sends nothing either; the platform retries the batch
    // once it is fixed (decision record 0086).
    if (refusedConfiguration(env).length > 0) {
      batch.retryAll({ delaySeconds: 300 });
      return;
    }
    // Only our producers write to the queue; the consumer still checks each body before use.
    await consumeNotifications(batch as MessageBatch<NotificationJob>, env, { send });
  };
}

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // A deploy missing its configuration runs no job either (decision record 0086); the refusal
    // was logged once.
    if (refusedConfiguration(env).length > 0) return;
    ctx.waitUntil(dispatchScheduled(controller.cron, env, controller.scheduledTime));
  },
  queue: queueHandler(sendPush),
} satisfies ExportedHandler<Bindings>;
