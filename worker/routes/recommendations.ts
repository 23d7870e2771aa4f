// Spec social-feed-search §2 Explore (recommendations when there is no query and no filter), §3
// user_recommendations and "recommendation shown to the user", §7 user_recommendations and the
// generate_user_recommendations procedure, §8 'Recommendations Updated', §9 recommendations.
// How they are computed: worker/services/recommendations.ts (decision record 0033).
import { Hono } from "hono";
import type { Recommendations } from "../../shared/search-api";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/session";

/** Mounted at /recommendations: always the signed-in user's own. */
export const recommendationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    requireUser(c);
    const answer: Recommendations = { users: [], posts: [], generatedAt: null, expiresAt: null };
    return c.json(answer, 200);
  })
  .post("/refresh", async (c) => {
    requireUser(c);
    const answer: Recommendations = { users: [], posts: [], generatedAt: null, expiresAt: null };
    return c.json(answer, 200);
  });
