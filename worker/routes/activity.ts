// Second document §2 Activity, §3 activity, §7 Activity rows, §9 "20 follows, 20 likes, 20
// comments and 10 messages, newest first, capped at 50"; DESIGN.md: activity read state on the
// server, click targets the post, the follower's profile or the conversation; decision record 0041.
import { Hono } from "hono";
import { MESSAGING_TEXTS } from "@shared/messages";
import type { ActivityFeed } from "@shared/messaging-api";
import { activityBelongsTo, listActivity, markActivityRead } from "../db/queries/activity";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { activityParam } from "../lib/params";
import { requireUser } from "../middleware/session";
import { notifyUsers } from "../services/live";
import { limitUser } from "../services/rate-limit";

/** Mounted at /activity. */
export const activityRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { userId } = requireUser(c);
    const items = await listActivity(c.var.db, userId);
    return c.json({ items, unreadCount: items.filter((item) => !item.isRead).length } satisfies ActivityFeed, 200);
  })
  // Marks every item of the feed as the user sees it now; what arrives later stays unread.
  .post("/read-all", async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "read_marker", userId);
    const items = await listActivity(c.var.db, userId);
    await markActivityRead(
      c.var.db,
      userId,
      items.filter((item) => !item.isRead).map((item) => item.id),
    );
    await notifyUsers(c.env, c.var.log, [userId], { type: "activity.read" });
    return c.json({ unreadCount: 0 }, 200);
  })
  .put("/:activityId/read", activityParam, async (c) => {
    const { userId } = requireUser(c);
    const { activityId } = c.req.valid("param");
    // Only an item of the caller's own feed can be marked, so the table holds nothing else.
    if (!(await activityBelongsTo(c.var.db, userId, activityId))) throw new ApiError("not_found", MESSAGING_TEXTS.activityNotFound);
    await limitUser(c.var.ctx, "read_marker", userId);
    await markActivityRead(c.var.db, userId, [activityId]);
    await notifyUsers(c.env, c.var.log, [userId], { type: "activity.read" });
    return c.json({ id: activityId, isRead: true as const }, 200);
  });
