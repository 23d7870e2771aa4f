// Spec social-feed-search §4 "Follow: not following to following and back", §6 "The follow
// button is hidden on the user's own row", §7 follows; marketplace-messaging-account public
// profile Follow (DESIGN.md: it follows). The feed reads follows live, so the next GET /api/feed
// reflects a change.
import { Hono } from "hono";
import { followBodySchema, type FollowState } from "@shared/social-api";
import { cannotReach, isBlockedBetween, isShownTo } from "../db/queries/audience";
import { isFollowing, profileExists, setFollow } from "../db/queries/follows";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { userParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { notifyUsers } from "../services/live";
import { followEvent } from "../services/notifications/events";
import { notify } from "../services/notifications/notify";
import { limitUser } from "../services/rate-limit";
import { PROFILE_TEXTS, SOCIAL_TEXTS } from "@shared/messages";

const profileNotFound = () => new ApiError("not_found", PROFILE_TEXTS.notFound);

/** Mounted at /users: GET and PUT /api/users/:userId/follow. */
export const followRoutes = new Hono<AppEnv>()
  .get("/:userId/follow", userParam, async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("param").userId;
    if (target === userId) return c.json({ following: false }, 200);
    const [exists, following, blocked] = await Promise.all([
      profileExists(c.var.db, target),
      isFollowing(c.var.db, userId, target),
      isBlockedBetween(c.var.db, userId, target),
    ]);
    if (!exists || blocked) throw profileNotFound();
    return c.json({ following }, 200);
  })
  .put("/:userId/follow", userParam, signedIn, validate("json", followBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("param").userId;
    if (target === userId) throw new ApiError("bad_request", SOCIAL_TEXTS.followSelf);
    // Across a block the profile does not exist for either side (decision record 0082).
    // So does a deleted account's placeholder (decision record 0084).
    if (await cannotReach(c.var.db, userId, target)) throw profileNotFound();
    await limitUser(c.var.ctx, "follow_toggle", userId);
    const result = await setFollow(c.var.db, { followerId: userId, followingId: target, following: c.req.valid("json").following });
    if (!result) throw profileNotFound();
    // A push for the one followed, once per follow (decision record 0096).
    if (result.created) await notify(c.var.ctx, [followEvent({ followerId: userId, followingId: target, at: c.var.ctx.now })]);
    // A new follower is activity for the one followed (decision record 0041).
    // Never from an account the one followed muted (DESIGN.md "Mute").
    if (result.following && (await isShownTo(c.var.db, target, userId))) await notifyUsers(c.env, c.var.log, [target], { type: "activity.created", activityType: "follow" });
    return c.json({ following: result.following, followerCount: result.followerCount, followingCount: result.followingCount } satisfies FollowState, 200);
  });
