// Spec social-feed-search §2 Explore (recommendations when there is no query and no filter), §3
// user_recommendations and "recommendation shown to the user", §7 user_recommendations and the
// generate_user_recommendations procedure, §8 'Recommendations Updated', §9 recommendations.
// How they are computed: worker/services/recommendations.ts (decision record 0033).
import { Hono } from "hono";
import type { Recommendations } from "@shared/search-api";
import { hasFreshRecommendations } from "../db/queries/recommendations";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/session";
import { limitUser } from "../services/rate-limit";
import { generateRecommendations, readRecommendations } from "../services/recommendations";

/** Mounted at /recommendations: always the signed-in user's own. */
export const recommendationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { userId } = requireUser(c);
    const now = c.var.ctx.now;
    // Someone the nightly job has not reached yet (a new account) gets theirs on first look.
    if (!(await hasFreshRecommendations(c.var.db, userId, now))) await generateRecommendations(c.var.db, userId, now);
    const answer: Recommendations = await readRecommendations(c.var.db, userId, now);
    c.header("Cache-Control", "no-store");
    return c.json(answer, 200);
  })
  .post("/refresh", async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "recommendations_refresh", userId);
    const now = c.var.ctx.now;
    await generateRecommendations(c.var.db, userId, now);
    const answer: Recommendations = await readRecommendations(c.var.db, userId, now);
    return c.json(answer, 200);
  });
