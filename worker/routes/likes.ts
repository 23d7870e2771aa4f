// Spec social-feed-search §4 "Like: toggles per user and post between liked and not liked", §5
// "Like … require a signed-in user", §7 post_likes, §8 'Post not found'. The client sends the state
// it wants (rapid taps collapse into one request carrying the final state), so the call is
// idempotent; the count is the trigger-maintained likes_count read back after the write.
import { Hono } from "hono";
import { POST_ERRORS } from "@shared/messages";
import { likeBodySchema, type LikeState } from "@shared/social-api";
import { isBlockedBetween, isShownTo } from "../db/queries/audience";
import { getPostOwnerId } from "../db/queries/comments";
import { setLike } from "../db/queries/likes";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { postParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { notifyUsers } from "../services/live";
import { likeEvent } from "../services/notifications/events";
import { notify } from "../services/notifications/notify";
import { limitUser } from "../services/rate-limit";

/** Mounted at /posts: PUT /api/posts/:postId/like. */
export const likeRoutes = new Hono<AppEnv>().put("/:postId/like", postParam, signedIn, validate("json", likeBodySchema), async (c) => {
  const { userId } = requireUser(c);
  const { postId } = c.req.valid("param");
  // Across a block the post answers as missing (decision record 0082).
  const ownerId = await getPostOwnerId(c.var.db, postId);
  if (!ownerId || (await isBlockedBetween(c.var.db, userId, ownerId))) throw new ApiError("not_found", POST_ERRORS.postNotFound);
  await limitUser(c.var.ctx, "like_toggle", userId);
  const result = await setLike(c.var.db, { postId, userId, liked: c.req.valid("json").liked });
  if (!result) throw new ApiError("not_found", POST_ERRORS.postNotFound);
  // A push for the owner, once per like (a repeated "liked" changes nothing; decision record 0096).
  if (result.created) await notify(c.var.ctx, [likeEvent({ postId, likerId: userId, ownerId, at: c.var.ctx.now })]);
  // A like by someone else is activity for the post's owner (decision record 0041).
  // Never from an account the owner muted (DESIGN.md "Mute": its activity is not theirs to see).
  if (result.liked && ownerId !== userId && (await isShownTo(c.var.db, ownerId, userId))) {
    await notifyUsers(c.env, c.var.log, [ownerId], { type: "activity.created", activityType: "like" });
  }
  return c.json({ liked: result.liked, likesCount: result.likesCount } satisfies LikeState, 200);
});
