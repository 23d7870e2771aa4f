// The per-user live channel and the badge counts it refreshes (DESIGN.md "Realtime": one live
// channel per user for badges and activity; second document §2 Messages unread badge, Activity;
// decision record 0041). A tab opens one socket at /api/live; on each frame, and whenever the
// socket (re)opens, it reads GET /api/unread.
import { Hono } from "hono";
import type { UnreadCounts } from "@shared/messaging-api";
import { listActivity } from "../db/queries/activity";
import { countUnreadMessages } from "../db/queries/conversations";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/session";
import { forwardToRoom, socketGate } from "../realtime/gateway";
import { SESSION_UNTIL_HEADER } from "../realtime/socket-utils";
import { USER_CHANNEL_SESSION_HEADER, USER_CHANNEL_USER_HEADER } from "../realtime/user-channel";
import { userChannel } from "../services/live";

/** Mounted at /: GET /api/live (WebSocket) and GET /api/unread. */
export const liveRoutes = new Hono<AppEnv>()
  .get("/live", async (c) => {
    // The channel speaks only of the signed-in user's own business: never to another site's page.
    socketGate(c, "refuse");
    const { userId, sessionId, activeUntil } = requireUser(c);
    // The session's clock, so the channel closes the socket when the session expires or idles out.
    const headers = { [USER_CHANNEL_USER_HEADER]: userId, [USER_CHANNEL_SESSION_HEADER]: sessionId, [SESSION_UNTIL_HEADER]: String(activeUntil) };
    return forwardToRoom(userChannel(c.env, userId), "https://user-channel.internal/connect", headers);
  })
  .get("/unread", async (c) => {
    const { userId } = requireUser(c);
    const [messages, activity] = await Promise.all([countUnreadMessages(c.var.db, userId), listActivity(c.var.db, userId)]);
    return c.json({ messages, activity: activity.filter((item) => !item.isRead).length } satisfies UnreadCounts, 200);
  });
