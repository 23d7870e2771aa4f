// Reviews and review requests (decision records 0047 and 0048). Ratings are read, never stored
// twice: an item's average and count and a seller's breakdown are index-only aggregates over
// reviews_item_rating_idx and reviews_seller_rating_idx (tests/worker/reviews/query-plans.test.ts),
// so there is no counter that a failed write could leave wrong.
import { and, avg, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { ItemRating, RequestableOrder, Review, ReviewPerson } from "@shared/review-api";
import type { Db } from "../client";
import { orders, profiles, reviewRequests, reviews } from "../schema";
import { mapPage, pageOf } from "./paging";
import { personColumns, toPartyRef } from "./people";

export type ReviewRow = typeof reviews.$inferSelect;

function toReview(row: ReviewRow, buyer: ReviewPerson): Review {
  return {
    id: row.id,
    orderId: row.orderId,
    itemType: row.itemType,
    itemId: row.itemId,
    itemName: row.itemName,
    rating: row.rating,
    content: row.content,
    answer: row.answer,
    answeredAt: row.answeredAt,
    createdAt: row.createdAt,
    buyer,
  };
}

/** One decimal, as every rating is shown. */
function roundAverage(value: number): number {
  return Math.round(value * 10) / 10;
}

interface NewReview {
  id: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
  itemType: "service" | "product";
  itemId: string;
  itemName: string;
  rating: number;
  content: string;
  now: number;
}

/**
 * Stores the order's review; null when the order already has one (reviews_order_unique), so two
 * racing submissions store exactly one.
 */
export async function insertReview(db: Db, review: NewReview): Promise<ReviewRow | null> {
  const { now, ...values } = review;
  const [row] = await db
    .insert(reviews)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: reviews.orderId })
    .returning();
  return row ?? null;
}

export async function getReview(db: Db, reviewId: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  return row ?? null;
}

/** The order's review with its buyer's name, or null. */
export async function reviewOfOrder(db: Db, orderId: string): Promise<Review | null> {
  const [row] = await db
    .select({ review: reviews, buyer: personColumns })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.buyerId))
    .where(eq(reviews.orderId, orderId))
    .limit(1);
  return row ? toReview(row.review, toPartyRef(row.review.buyerId, row.buyer)) : null;
}

export async function reviewWithBuyer(db: Db, row: ReviewRow): Promise<Review> {
  const [buyer] = await db.select(personColumns).from(profiles).where(eq(profiles.userId, row.buyerId)).limit(1);
  return toReview(row, toPartyRef(row.buyerId, buyer ?? null));
}

/**
 * The seller's answer, once: the guarded update matches only the seller's own unanswered review,
 * so a second answer (or two racing ones) changes nothing and answers null.
 */
export async function answerReview(db: Db, input: { reviewId: string; sellerId: string; answer: string; now: number }): Promise<ReviewRow | null> {
  const [row] = await db
    .update(reviews)
    .set({ answer: input.answer, answeredAt: input.now, updatedAt: input.now })
    .where(and(eq(reviews.id, input.reviewId), eq(reviews.sellerId, input.sellerId), isNull(reviews.answer)))
    .returning();
  return row ?? null;
}

/** The page query of the reviews a seller received, newest first; exported for the plan test. */
export function receivedReviewsQuery(db: Db, options: { sellerId: string; cursor?: Cursor | null | undefined; limit: number }) {
  const { cursor } = options;
  return db
    .select({ review: reviews, buyer: personColumns })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.buyerId))
    .where(
      and(
        eq(reviews.sellerId, options.sellerId),
        // The row-value form is what SQLite turns into one index range.
        cursor ? sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit + 1);
}

export async function listReceivedReviews(db: Db, options: { sellerId: string; cursor?: Cursor | null | undefined; limit: number }) {
  const rows = await receivedReviewsQuery(db, options);
  return mapPage(pageOf(rows, options.limit, (r) => ({ createdAt: r.review.createdAt, id: r.review.id })), (r) => toReview(r.review, toPartyRef(r.review.buyerId, r.buyer)));
}

/** The seller's breakdown query: one index-only count per star; exported for the plan test. */
export function sellerBreakdownQuery(db: Db, sellerId: string) {
  return db.select({ stars: reviews.rating, n: count() }).from(reviews).where(eq(reviews.sellerId, sellerId)).groupBy(reviews.rating);
}

/** The seller's count per star (every star 1–5, zero included) and their overall rating. */
export async function sellerRatingSummary(db: Db, sellerId: string): Promise<{ rating: ItemRating | null; breakdown: Map<number, number> }> {
  const rows = await sellerBreakdownQuery(db, sellerId);
  const breakdown = new Map(rows.map((r) => [r.stars, r.n]));
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const points = rows.reduce((sum, r) => sum + r.stars * r.n, 0);
  return { rating: total === 0 ? null : { average: roundAverage(points / total), count: total }, breakdown };
}

/** The ratings query of a page of items; exported for the plan test. */
export function itemRatingsQuery(db: Db, itemType: "service" | "product", itemIds: string[]) {
  return db
    .select({ itemId: reviews.itemId, average: avg(reviews.rating), n: count() })
    .from(reviews)
    .where(and(eq(reviews.itemType, itemType), inArray(reviews.itemId, itemIds)))
    .groupBy(reviews.itemId);
}

/**
 * The rating of each item of one page (cards, a detail page): one index-only query however many
 * items, and no entry for an item without reviews.
 */
export async function itemRatings(db: Db, itemType: "service" | "product", itemIds: readonly string[]): Promise<Map<string, ItemRating>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await itemRatingsQuery(db, itemType, ids);
  return new Map(rows.filter((r) => r.n > 0 && r.average !== null).map((r) => [r.itemId, { average: roundAverage(Number(r.average)), count: r.n }]));
}

/** One item's rating, or null without reviews. */
export async function itemRating(db: Db, itemType: "service" | "product", itemId: string): Promise<ItemRating | null> {
  return (await itemRatings(db, itemType, [itemId])).get(itemId) ?? null;
}

export async function reviewRequestOf(db: Db, orderId: string): Promise<{ createdAt: number } | null> {
  const [row] = await db.select({ createdAt: reviewRequests.createdAt }).from(reviewRequests).where(eq(reviewRequests.orderId, orderId)).limit(1);
  return row ?? null;
}

/** Records the seller's request; false when the order was already asked about (the primary key). */
export async function insertReviewRequest(db: Db, input: { orderId: string; sellerId: string; now: number }): Promise<boolean> {
  const rows = await db
    .insert(reviewRequests)
    .values({ orderId: input.orderId, sellerId: input.sellerId, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ orderId: reviewRequests.orderId });
  return rows.length > 0;
}

/** Takes back a request whose message could not be sent, so the seller may try again. */
export async function deleteReviewRequest(db: Db, orderId: string): Promise<void> {
  await db.delete(reviewRequests).where(eq(reviewRequests.orderId, orderId));
}

/**
 * The seller's completed sales without a review, newest first (orders_seller_created_idx, the
 * review checked through reviews_order_unique); exported for the plan test.
 */
export function requestableOrdersQuery(db: Db, sellerId: string, limit: number) {
  return db
    .select({ order: orders, buyer: personColumns, requestedAt: reviewRequests.createdAt })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, orders.buyerId))
    .leftJoin(reviewRequests, eq(reviewRequests.orderId, orders.id))
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.status, "completed"),
        sql`not exists (select 1 from ${reviews} where ${reviews.orderId} = ${orders.id})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function listRequestableOrders(db: Db, sellerId: string, limit: number): Promise<RequestableOrder[]> {
  const rows = await requestableOrdersQuery(db, sellerId, limit);
  return rows.map((r) => ({
    orderId: r.order.id,
    itemType: r.order.itemType,
    itemId: r.order.itemId,
    itemName: r.order.itemName,
    completedAt: r.order.statusChangedAt,
    buyer: toPartyRef(r.order.buyerId, r.buyer),
    requestedAt: r.requestedAt ?? null,
  }));
}
