// Worker entry: HTTP through the Hono app, Cron Triggers through the dispatcher.
// Durable Object classes are re-exported here as they are built.
import { app } from "./app";
import { dispatchScheduled } from "./cron";
import type { Bindings } from "./env";
import { refusedConfiguration } from "./lib/config";

export { ChatRoom } from "./realtime/chat-room";
export { CommentRoom } from "./realtime/comment-room";
export { RateLimiter } from "./realtime/rate-limiter";
export { UserChannel } from "./realtime/user-channel";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // A deploy missing its configuration runs no job either (decision record 0086); the refusal
    // was logged once.
    if (refusedConfiguration(env).length > 0) return;
    ctx.waitUntil(dispatchScheduled(controller.cron, env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Bindings>;
