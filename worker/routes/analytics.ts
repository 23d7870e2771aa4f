// Spec marketplace-messaging-account §2 "Analytics: four metric cards, a chart,
// top services, recent activity", on the signed-in user's own numbers (decision record 0051).
import { Hono } from "hono";
import { analyticsQuerySchema } from "@shared/analytics-api";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { analyticsOverview } from "../services/analytics";

/** Mounted at /analytics. */
export const analyticsRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", analyticsQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  return c.json(await analyticsOverview(c.var.db, userId, c.req.valid("query").days, c.var.ctx.now), 200);
});
