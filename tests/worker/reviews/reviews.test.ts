// Reviews of completed orders (decision record 0047): the buyer's one review through the API's
// rules and the content screen, the seller's one answer, the seller's list and summary, and the
// ratings public pages show — asserted as a user sees them and as rows in D1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import type { ServiceDetail } from "@shared/marketplace-api";
import { REVIEW_TEXTS } from "@shared/messages";
import type { ServiceCardPage } from "@shared/profile-api";
import type { OrderReviewState, Review, ReviewPage, ReviewSummary } from "@shared/review-api";
import type { ServiceSearchPage } from "@shared/search-api";
import { reviews } from "../../../worker/db/schema";
import { api, db, eventsOf, expectError, insertCompletedReview, insertOrder, insertPricedService, insertProduct, json, signedInUser } from "../helpers";

async function reviewRows(orderId: string) {
  return db().select().from(reviews).where(eq(reviews.orderId, orderId));
}

function leave(who: { cookie: string }, orderId: string, body: unknown) {
  return api(`/api/reviews/orders/${orderId}`, { cookie: who.cookie, body });
}

describe("leaving a review", () => {
  it("a buyer pays, the seller delivers, the buyer completes and reviews: the item's rating is real everywhere", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const serviceId = await insertPricedService(seller.id);
    // A paid service order (the payment itself is proven in tests/worker/checkout) the seller delivers.
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemId: serviceId, status: "paid" });
    // Not completed yet: no review.
    await expectError(await leave(buyer, orderId, { rating: 5, content: "Early" }), 409, REVIEW_TEXTS.notCompleted);
    await json<OrderDetail>(await api(`/api/orders/${orderId}/deliver`, { cookie: seller.cookie, body: { note: "Mix attached" } }), 200);
    await expectError(await leave(buyer, orderId, { rating: 5, content: "Still early" }), 409, REVIEW_TEXTS.notCompleted);
    await json<OrderDetail>(await api(`/api/orders/${orderId}/complete`, { method: "POST", cookie: buyer.cookie }), 200);

    const before = await json<ServiceDetail>(await api(`/api/services/${serviceId}`), 200);
    expect(before.rating).toBeNull();
    const state = await json<OrderReviewState>(await api(`/api/reviews/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(state).toEqual({ review: null, canReview: true, canRequest: false, requestedAt: null });

    const review = await json<Review>(await leave(buyer, orderId, { rating: 4, content: "  Warm mix, <b>fast</b> turnaround.  " }), 201);
    expect(review).toMatchObject({ orderId, itemType: "service", itemId: serviceId, rating: 4, answer: null, buyer: { id: buyer.id } });
    // Trimmed and kept as plain text, as posts, comments and messages are: the screens render it as
    // text (React escapes it), so markup is shown, never interpreted.
    expect(review.content).toBe("Warm mix, <b>fast</b> turnaround.");
    const [row] = await reviewRows(orderId);
    expect(row).toMatchObject({ buyerId: buyer.id, sellerId: seller.id, itemId: serviceId, rating: 4 });

    const detail = await json<ServiceDetail>(await api(`/api/services/${serviceId}`), 200);
    expect(detail.rating).toEqual({ average: 4, count: 1 });
    const cards = await json<ServiceCardPage>(await api(`/api/users/${seller.id}/services`), 200);
    expect(cards.items.find((s) => s.id === serviceId)?.rating).toEqual({ average: 4, count: 1 });
    const search = await json<ServiceSearchPage>(await api(`/api/search/services`, { cookie: buyer.cookie }), 200);
    const found = search.items.find((s) => s.id === serviceId);
    if (found) expect(found.rating).toEqual({ average: 4, count: 1 });

    // The order page's state for both sides.
    const buyerState = await json<OrderReviewState>(await api(`/api/reviews/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(buyerState).toMatchObject({ canReview: false, canRequest: false, review: { id: review.id } });
    const sellerState = await json<OrderReviewState>(await api(`/api/reviews/orders/${orderId}`, { cookie: seller.cookie }), 200);
    expect(sellerState).toMatchObject({ canReview: false, canRequest: false, review: { id: review.id } });
  });

  it("refuses a second review of the same order, and keeps the first", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    await json<Review>(await leave(buyer, orderId, { rating: 5, content: "Superb" }), 201);
    await expectError(await leave(buyer, orderId, { rating: 1, content: "Changed my mind" }), 409, REVIEW_TEXTS.alreadyReviewed);
    const rows = await reviewRows(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, content: "Superb" });
  });

  it("stores one review when two submissions race", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    const answers = await Promise.all([leave(buyer, orderId, { rating: 5, content: "One" }), leave(buyer, orderId, { rating: 4, content: "Two" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await reviewRows(orderId)).toHaveLength(1);
  });

  it("refuses the seller reviewing their own item, and anyone else's order as if it did not exist", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    await expectError(await leave(seller, orderId, { rating: 5, content: "I am great" }), 403, REVIEW_TEXTS.ownItem);
    await expectError(await leave(stranger, orderId, { rating: 1, content: "Never bought it" }), 404, "Order not found");
    await expectError(await api(`/api/reviews/orders/${orderId}`, { cookie: stranger.cookie }), 404, "Order not found");
    expect(await reviewRows(orderId)).toHaveLength(0);
  });

  it("refuses orders that are not completed: paid, delivered, refunded, a digital product that stays paid", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    for (const status of ["pending", "paid", "in_progress", "delivered", "shipped", "refunded", "failed", "expired"] as const) {
      const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status });
      await expectError(await leave(buyer, orderId, { rating: 3, content: "Fine" }), 409, REVIEW_TEXTS.notCompleted);
    }
    const digital = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital", status: "paid" });
    await expectError(await leave(buyer, digital, { rating: 3, content: "Fine" }), 409, REVIEW_TEXTS.notCompleted);
  });

  it("validates stars and words with the contract's texts", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    for (const rating of [0, 6, 3.5, "5", null]) {
      await expectError(await leave(buyer, orderId, { rating, content: "Good" }), 400, REVIEW_TEXTS.ratingInvalid);
    }
    await expectError(await leave(buyer, orderId, { rating: 5, content: "   " }), 400, REVIEW_TEXTS.contentRequired);
    await expectError(await leave(buyer, orderId, { rating: 5 }), 400, REVIEW_TEXTS.contentRequired);
    await expectError(await leave(buyer, orderId, { rating: 5, content: "a".repeat(1001) }), 400, REVIEW_TEXTS.contentTooLong);
    expect(await reviewRows(orderId)).toHaveLength(0);
    // Exactly at the limit is fine.
    await json<Review>(await leave(buyer, orderId, { rating: 5, content: "x".repeat(1000) }), 201);
  });

  it("screens the words like messages and comments, and logs the refusal", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    await expectError(await leave(buyer, orderId, { rating: 5, content: "Send bitcoin to this wallet" }), 400, "Content contains suspicious patterns");
    expect(await reviewRows(orderId)).toHaveLength(0);
    const events = await eventsOf({ userId: buyer.id, eventType: "content_violation" });
    expect(events.some((e) => JSON.stringify(e.details).includes("review"))).toBe(true);
  });

  it("stores the item of the order, so a product's rating shows on its detail page", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id, { type: "physical" });
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "physical", itemId: productId, status: "completed" });
    await json<Review>(await leave(buyer, orderId, { rating: 3, content: "Arrived dented" }), 201);
    const detail = await json<{ rating: unknown }>(await api(`/api/products/${productId}`), 200);
    expect(detail.rating).toEqual({ average: 3, count: 1 });
  });
});

describe("the seller's answer", () => {
  it("lets the seller answer once; the buyer, a stranger and a second answer are refused", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const reviewId = await insertCompletedReview({ buyerId: buyer.id, sellerId: seller.id });
    const answer = (who: { cookie: string }, content: unknown) => api(`/api/reviews/${reviewId}/answer`, { cookie: who.cookie, body: { content } });

    await expectError(await answer(buyer, "Answering myself"), 403, REVIEW_TEXTS.onlySellerAnswers);
    await expectError(await answer(stranger, "Hijack"), 404, REVIEW_TEXTS.reviewNotFound);
    await expectError(await answer(seller, "  "), 400, REVIEW_TEXTS.answerRequired);
    await expectError(await answer(seller, "x".repeat(1001)), 400, REVIEW_TEXTS.answerTooLong);
    const answered = await json<Review>(await answer(seller, "Thanks, come back soon!"), 200);
    expect(answered.answer).toBe("Thanks, come back soon!");
    expect(answered.answeredAt).toEqual(expect.any(Number));
    await expectError(await answer(seller, "Another one"), 409, REVIEW_TEXTS.alreadyAnswered);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row!.answer).toBe("Thanks, come back soon!");
  });

  it("answers an unknown or malformed review id like a missing one", async () => {
    const seller = await signedInUser();
    await expectError(await api(`/api/reviews/${crypto.randomUUID()}/answer`, { cookie: seller.cookie, body: { content: "Hi" } }), 404, REVIEW_TEXTS.reviewNotFound);
    await expectError(await api(`/api/reviews/not%20an%20id/answer`, { cookie: seller.cookie, body: { content: "Hi" } }), 404, REVIEW_TEXTS.reviewNotFound);
  });
});

describe("the seller's reviews and summary: only their own", () => {
  it("lists the reviews they received newest first, with paging, and none of anyone else's", async () => {
    const [seller, otherSeller, buyer] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const ids: string[] = [];
    for (const rating of [5, 4, 5]) ids.push(await insertCompletedReview({ buyerId: buyer.id, sellerId: seller.id, rating }));
    await insertCompletedReview({ buyerId: buyer.id, sellerId: otherSeller.id, rating: 1 });

    const first = await json<ReviewPage>(await api("/api/reviews?limit=2", { cookie: seller.cookie }), 200);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await json<ReviewPage>(await api(`/api/reviews?limit=2&cursor=${first.nextCursor}`, { cookie: seller.cookie }), 200);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(ids));
    expect(all.every((r) => r.buyer.id === buyer.id)).toBe(true);

    // The buyer wrote reviews but received none.
    expect((await json<ReviewPage>(await api("/api/reviews", { cookie: buyer.cookie }), 200)).items).toEqual([]);
  });

  it("sums up the average to one decimal and every star, and says nothing without reviews", async () => {
    const [seller, buyer, newcomer] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    for (const rating of [5, 5, 4, 2]) await insertCompletedReview({ buyerId: buyer.id, sellerId: seller.id, rating });
    const summary = await json<ReviewSummary>(await api("/api/reviews/summary", { cookie: seller.cookie }), 200);
    expect(summary.rating).toEqual({ average: 4, count: 4 });
    expect(summary.breakdown).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 0 },
    ]);
    const empty = await json<ReviewSummary>(await api("/api/reviews/summary", { cookie: newcomer.cookie }), 200);
    expect(empty.rating).toBeNull();
    expect(empty.breakdown.every((b) => b.count === 0)).toBe(true);
  });

  it("averages an item's reviews to one decimal on its card", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const serviceId = await insertPricedService(seller.id);
    for (const rating of [5, 4, 4]) {
      const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemId: serviceId, status: "completed" });
      await json<Review>(await leave(buyer, orderId, { rating, content: "Good" }), 201);
    }
    const detail = await json<ServiceDetail>(await api(`/api/services/${serviceId}`), 200);
    expect(detail.rating).toEqual({ average: 4.3, count: 3 });
  });
});
