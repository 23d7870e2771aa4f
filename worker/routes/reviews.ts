// Reviews of completed orders and Request Review (DESIGN.md "Sample pages" and "Create Invoice,
// Request Review"; decision records 0047 and 0048; the contract in shared/review-api.ts). Every
// route is the caller's own data: reviews they received, orders they are a party to.
import type { Context } from "hono";
import { Hono } from "hono";
import { pageQuerySchema } from "../../shared/paging";
import {
  answerBodySchema,
  REVIEW_LIMITS,
  REVIEW_STARS,
  reviewBodySchema,
  type ReviewPage,
  type ReviewRequestList,
  type ReviewSummary,
} from "../../shared/review-api";
import { screenContent } from "../../shared/rules/content-screen";
import { listReceivedReviews, listRequestableOrders, sellerRatingSummary } from "../db/queries/reviews";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { orderParam, reviewParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { requireParticipant } from "../services/payments/orders";
import { enforce, rateSubject } from "../services/rate-limit";
import { answerOwnReview, assertCanRequest, assertCanReview, leaveReview, orderReviewState, requireAnswerable, requestReview } from "../services/reviews";
import { logSecurityEvent, requestMeta } from "../services/security-events";

/** One budget for reviews, answers and requests per user. */
async function limitReviews(c: Context<AppEnv>, userId: string) {
  const meta = requestMeta(c.req);
  await enforce(c.env, c.var.db, "review", [rateSubject("user", userId)], { userId, ip: meta.ip, userAgent: meta.userAgent });
  return meta;
}

/**
 * The rate limit, then the content screen (as messages and comments do it): a refusal by the
 * screen is logged as a content_violation event.
 */
async function screened(c: Context<AppEnv>, userId: string, text: string, source: string): Promise<string> {
  const meta = await limitReviews(c, userId);
  // The words were already cleaned and bounded by the body's schema.
  const result = screenContent(text);
  if (!result.ok) {
    await logSecurityEvent(c.var.db, {
      userId,
      eventType: "content_violation",
      severity: "medium",
      details: { source, reason: result.message },
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    throw new ApiError("validation_failed", result.message);
  }
  return text;
}

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
    const { order, role } = await requireParticipant(c.var.db, c.req.valid("param").orderId, userId);
    c.header("Cache-Control", "no-store");
    return c.json(await orderReviewState(c.var, order, role), 200);
  })
  .post("/orders/:orderId", orderParam, validate("json", reviewBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireParticipant(c.var.db, c.req.valid("param").orderId, userId);
    const body = c.req.valid("json");
    // The order's rules first, so a refused review costs no rate-limit budget and is not screened.
    assertCanReview(order, role);
    const content = await screened(c, userId, body.content, "review");
    return c.json(await leaveReview({ db: c.var.db, now: Date.now() }, { order, role, rating: body.rating, content }), 201);
  })
  .post("/orders/:orderId/request", orderParam, async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireParticipant(c.var.db, c.req.valid("param").orderId, userId);
    await assertCanRequest(c.var.db, order, role);
    await limitReviews(c, userId);
    return c.json(await requestReview({ env: c.env, db: c.var.db, log: c.var.log, now: Date.now() }, { order, role }), 201);
  })
  .post("/:reviewId/answer", reviewParam, validate("json", answerBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const review = await requireAnswerable(c.var.db, c.req.valid("param").reviewId, userId);
    const content = await screened(c, userId, c.req.valid("json").content, "review_answer");
    return c.json(await answerOwnReview({ db: c.var.db, now: Date.now() }, { review, answer: content }), 200);
  });
