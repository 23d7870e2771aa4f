// Reviews of completed orders and Request Review (DESIGN.md "Sample pages" and "Create Invoice,
// Request Review"; decision records 0047 and 0048; the contract in shared/review-api.ts). Every
// route is the caller's own data: reviews they received, orders they are a party to.
import { Hono } from "hono";
import { pageQuerySchema } from "@shared/schemas/paging";
import {
  answerBodySchema,
  REVIEW_LIMITS,
  REVIEW_STARS,
  reviewBodySchema,
  type ReviewPage,
  type ReviewRequestList,
  type ReviewSummary,
} from "@shared/review-api";
import { screenContent } from "@shared/rules/content-screen";
import { listReceivedReviews, listRequestableOrders, sellerRatingSummary } from "../db/queries/reviews";
import type { AppEnv } from "../env";
import { orderParam, reviewParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { screenOrRefuse } from "../services/content-screen";
import { requireOrderParty } from "../services/payments/orders";
import { limitUser } from "../services/rate-limit";
import { answerOwnReview, assertCanRequest, assertCanReview, leaveReview, orderReviewState, requireAnswerable, requestReview } from "../services/reviews";

/** Mounted at /reviews. */
export const reviewRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    const page = await listReceivedReviews(c.var.db, { sellerId: userId, cursor, limit });
    c.header("Cache-Control", "no-store");
    return c.json(page satisfies ReviewPage, 200);
  })
  .get("/summary", signedIn, async (c) => {
    const { userId } = requireUser(c);
    const { rating, breakdown } = await sellerRatingSummary(c.var.db, userId);
    c.header("Cache-Control", "no-store");
    return c.json({ rating, breakdown: REVIEW_STARS.map((stars) => ({ stars, count: breakdown.get(stars) ?? 0 })) } satisfies ReviewSummary, 200);
  })
  .get("/requests", signedIn, async (c) => {
    const { userId } = requireUser(c);
    const items = await listRequestableOrders(c.var.db, userId, REVIEW_LIMITS.requestable);
    c.header("Cache-Control", "no-store");
    return c.json({ items } satisfies ReviewRequestList, 200);
  })
  .get("/orders/:orderId", orderParam, async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    c.header("Cache-Control", "no-store");
    return c.json(await orderReviewState(c.var.ctx, { order, role }), 200);
  })
  .post("/orders/:orderId", orderParam, signedIn, validate("json", reviewBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    const body = c.req.valid("json");
    // The order's rules first, so a refused review costs no rate-limit budget and is not screened.
    assertCanReview(order, role);
    // One budget for reviews, answers and requests per user. The words were already cleaned and
    // bounded by the body's schema.
    await screenOrRefuse(c.var.ctx, { userId, rule: "review", verdict: screenContent(body.content), source: "review" });
    return c.json(await leaveReview(c.var.ctx, { order, role, rating: body.rating, content: body.content }), 201);
  })
  .post("/orders/:orderId/request", orderParam, async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    await assertCanRequest(c.var.ctx, { order, role });
    await limitUser(c.var.ctx, "review", userId);
    return c.json(await requestReview(c.var.ctx, { order, role }), 201);
  })
  .post("/:reviewId/answer", reviewParam, signedIn, validate("json", answerBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const review = await requireAnswerable(c.var.ctx, { reviewId: c.req.valid("param").reviewId, userId });
    const answer = c.req.valid("json").content;
    await screenOrRefuse(c.var.ctx, { userId, rule: "review", verdict: screenContent(answer), source: "review_answer" });
    return c.json(await answerOwnReview(c.var.ctx, { review, answer }), 200);
  });
