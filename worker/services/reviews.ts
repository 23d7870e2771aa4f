// The review rules (decision records 0047 and 0048): who may review, answer and ask for a review,
// read like the table in shared/review-api.ts. Every rule also holds in the database: the unique
// order id stops a second review, the guarded update a second answer, the request's primary key a
// second request, so two racing requests cannot get past a check together.
import type { OrderReviewState, Review } from "@shared/review-api";
import { REVIEW_TEXTS } from "@shared/messages";
import { newId } from "../db/ids";
import { isBlockedBetween } from "../db/queries/audience";
import type { OrderRow } from "../db/queries/orders";
import {
  answerReview,
  deleteReviewRequest,
  getReview,
  insertReview,
  insertReviewRequest,
  reviewOfOrder,
  reviewRequestOf,
  reviewWithBuyer,
  type ReviewRow,
} from "../db/queries/reviews";
import type { OrderRole } from "@shared/checkout-api";
import type { Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { sendAppMessage, type AppMessageContext } from "./app-messages";
import { reviewEvent } from "./notifications/events";
import { notify } from "./notifications/notify";

/** What the order page shows of the review, for the order's buyer or seller. */
export async function orderReviewState(ctx: Pick<AppMessageContext, "db">, { order, role }: { order: OrderRow; role: OrderRole }): Promise<OrderReviewState> {
  const [review, request] = await Promise.all([reviewOfOrder(ctx.db, order.id), reviewRequestOf(ctx.db, order.id)]);
  const open = order.status === "completed" && review === null;
  return {
    review,
    canReview: open && role === "buyer",
    canRequest: open && role === "seller" && request === null,
    requestedAt: request?.createdAt ?? null,
  };
}

/** Whether the caller may review the order now: its buyer, once it is completed. */
export function assertCanReview(order: OrderRow, role: OrderRole): void {
  // The seller is a party to the order, but the item is their own.
  if (role !== "buyer") throw new ApiError("forbidden", REVIEW_TEXTS.ownItem);
  if (order.status !== "completed") throw new ApiError("conflict", REVIEW_TEXTS.notCompleted);
}

/** The buyer's one review of a completed order (the words already screened); its seller is notified. */
export async function leaveReview(
  ctx: Pick<AppMessageContext, "db" | "now" | "log" | "env">,
  input: { order: OrderRow; role: OrderRole; rating: number; content: string },
): Promise<Review> {
  const { order } = input;
  assertCanReview(order, input.role);
  const row = await insertReview(ctx.db, {
    id: newId(),
    orderId: order.id,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    itemType: order.itemType,
    itemId: order.itemId,
    itemName: order.itemName,
    rating: input.rating,
    content: input.content,
    now: ctx.now,
  });
  if (!row) throw new ApiError("conflict", REVIEW_TEXTS.alreadyReviewed);
  await notify(ctx, [reviewEvent({ reviewId: row.id, orderId: order.id, buyerId: order.buyerId, sellerId: order.sellerId, itemName: order.itemName, at: ctx.now })]);
  return reviewWithBuyer(ctx.db, row);
}

/**
 * The review the caller may answer: a review they are no party to does not exist for them; its
 * buyer is told only the seller answers; an answered one is refused.
 */
export async function requireAnswerable(ctx: Pick<Ctx, "db">, input: { reviewId: string; userId: string }): Promise<ReviewRow> {
  const { userId } = input;
  const review = await getReview(ctx.db, input.reviewId);
  if (!review || (review.buyerId !== userId && review.sellerId !== userId)) throw new ApiError("not_found", REVIEW_TEXTS.reviewNotFound);
  if (review.sellerId !== userId) throw new ApiError("forbidden", REVIEW_TEXTS.onlySellerAnswers);
  if (review.answer !== null) throw new ApiError("conflict", REVIEW_TEXTS.alreadyAnswered);
  return review;
}

/** The seller's one answer (the words already screened); the guarded update settles a race. */
export async function answerOwnReview(ctx: Pick<AppMessageContext, "db" | "now">, input: { review: ReviewRow; answer: string }): Promise<Review> {
  const row = await answerReview(ctx.db, { reviewId: input.review.id, sellerId: input.review.sellerId, answer: input.answer, now: ctx.now });
  if (!row) throw new ApiError("conflict", REVIEW_TEXTS.alreadyAnswered);
  return reviewWithBuyer(ctx.db, row);
}

/** Whether the caller may ask for the order's review: its seller, completed, unreviewed. */
export async function assertCanRequest(ctx: Pick<Ctx, "db">, input: { order: OrderRow; role: OrderRole }): Promise<void> {
  const { order, role } = input;
  if (role !== "seller") throw new ApiError("forbidden", REVIEW_TEXTS.onlySellerRequests);
  if (order.status !== "completed") throw new ApiError("conflict", REVIEW_TEXTS.requestNotCompleted);
  if (await reviewOfOrder(ctx.db, order.id)) throw new ApiError("conflict", REVIEW_TEXTS.requestAlreadyReviewed);
  if (await reviewRequestOf(ctx.db, order.id)) throw new ApiError("conflict", REVIEW_TEXTS.alreadyRequested);
}

/**
 * Request Review: the seller of a completed, unreviewed order sends its buyer a message linking
 * to the order page, where the review form is. The request row is written first, so a racing
 * second click is refused by its primary key; the message's dedupe key makes a retry after a
 * failure find the stored message rather than send another.
 */
export async function requestReview(ctx: AppMessageContext, input: { order: OrderRow; role: OrderRole }): Promise<OrderReviewState> {
  const { order } = input;
  await assertCanRequest(ctx, { order, role: input.role });
  if (!(await insertReviewRequest(ctx.db, { orderId: order.id, sellerId: order.sellerId, now: ctx.now }))) {
    throw new ApiError("conflict", REVIEW_TEXTS.alreadyRequested);
  }
  // Across a block the request is recorded and answered as usual, but no message reaches the
  // buyer: nothing of a blocked account arrives in the blocker's inbox, and the seller is not
  // told of the block (decision record 0082).
  if (await isBlockedBetween(ctx.db, order.sellerId, order.buyerId)) return orderReviewState(ctx, { order, role: "seller" });
  try {
    await sendAppMessage(ctx, {
      senderId: order.sellerId,
      receiverId: order.buyerId,
      kind: "review_request",
      content: REVIEW_TEXTS.requestMessage(order.itemName),
      linkPath: `/orders/${order.id}`,
      dedupeKey: `review-request:${order.id}`,
    });
  } catch (error) {
    // Without the message the buyer was not asked: the seller may ask again.
    await deleteReviewRequest(ctx.db, order.id);
    throw error;
  }
  return orderReviewState(ctx, { order, role: "seller" });
}
