// Spec marketplace-messaging-account §2 "Portfolio", with real data, on
// the user's own posts, and the public profile's Portfolio tab (decision record 0053).
import { Hono } from "hono";
import { POST_ERRORS, PORTFOLIO_TEXTS } from "@shared/messages";
import { portfolioBodySchema, type Portfolio } from "@shared/portfolio-api";
import { listPortfolio, postOwners, replacePortfolio } from "../db/queries/portfolio";
import { isBlockedBetween } from "../db/queries/audience";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { paramOr, userParamSchema } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn, viewerId } from "../middleware/session";
import { limitUser } from "../services/rate-limit";

const EMPTY: Portfolio = { items: [] };

/** Mounted at /portfolio: the signed-in user's own portfolio. */
export const portfolioRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { userId } = requireUser(c);
    return c.json({ items: await listPortfolio(c.var.db, userId, userId) } satisfies Portfolio, 200);
  })
  // The whole list at once, in its new order: a reorder, an edit, an addition and a removal are
  // one request, checked as a whole before anything is written.
  .put("/", signedIn, validate("json", portfolioBodySchema), async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "portfolio_write", userId);
    const { items } = c.req.valid("json");
    const owners = await postOwners(
      c.var.db,
      items.map((item) => item.postId),
    );
    for (const item of items) {
      const owner = owners.get(item.postId);
      if (owner === undefined) throw new ApiError("not_found", POST_ERRORS.postNotFound);
      if (owner !== userId) throw new ApiError("forbidden", PORTFOLIO_TEXTS.notYourPost);
    }
    await replacePortfolio(c.var.db, userId, items, c.var.ctx.now);
    return c.json({ items: await listPortfolio(c.var.db, userId, userId) } satisfies Portfolio, 200);
  });

/** Mounted at /users: anyone's portfolio, for the public profile's tab. */
export const userPortfolioRoutes = new Hono<AppEnv>()
  // A user who does not exist has no portfolio: the same answer as one with none (like their services).
  .get("/:userId/portfolio", paramOr(userParamSchema, (c) => c.json(EMPTY, 200)), async (c) => {
    const owner = c.req.valid("param").userId;
    const viewer = viewerId(c);
    // Across a block the portfolio is as empty as a missing user's (decision record 0082).
    if (await isBlockedBetween(c.var.db, viewer, owner)) return c.json(EMPTY, 200);
    return c.json({ items: await listPortfolio(c.var.db, owner, viewer) } satisfies Portfolio, 200);
  });
