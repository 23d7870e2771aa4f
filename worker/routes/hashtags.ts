// Spec social-feed-search §2 Tags (trending topics), §7 hashtags "read ordered by trending_score",
// user_interactions (a view with a hashtag), §9 trending topics. The trending score itself is
// computed every 15 minutes by worker/cron/hashtag-trending.ts (decision record 0032).
import { Hono } from "hono";
import { trendingQuerySchema, type TrendingTopics } from "@shared/search-api";
import { normalizeHashtag } from "@shared/rules/post-text";
import { recordInteraction } from "../db/queries/interactions";
import { listTrendingTopics } from "../db/queries/trending";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { requireUser, signedIn, viewerId } from "../middleware/session";

/** Mounted at /hashtags (beside GET /api/hashtags/:name/posts in routes/feed.ts). */
export const hashtagRoutes = new Hono<AppEnv>()
  .get("/trending", signedIn, validate("query", trendingQuerySchema), async (c) => {
    requireUser(c);
    const topics: TrendingTopics = { items: await listTrendingTopics(c.var.db, c.req.valid("query").limit) };
    return c.json(topics, 200);
  })
  // Like post views and profile visits: recording never fails the client. Only a signed-in
  // viewer is recorded (an interaction belongs to a user), and a name that cannot be a hashtag,
  // or names none that exists, writes nothing. recordInteraction bounds the rows per viewer.
  .post("/:name/views", async (c) => {
    const viewer = viewerId(c);
    // The same normalisation as tagging a post and GET /api/hashtags/:name/posts.
    const name = normalizeHashtag(c.req.param("name").slice(0, 200));
    if (viewer === null || name === null) return c.body(null, 204);
    try {
      await recordInteraction(c.var.db, { userId: viewer, interactionType: "view", metadata: { hashtag: name }, now: c.var.ctx.now });
    } catch (error) {
      c.var.log.warn("hashtag view not recorded", { error });
    }
    return c.body(null, 204);
  });
