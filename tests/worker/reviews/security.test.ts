// Reviews against the security table (CONVENTIONS.md example 9), then the attacker cases its rows
// cannot show: nobody reads or answers another seller's reviews, nobody requests a review of an
// order that is not theirs to ask about, and a request is sent once, as one app message.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REVIEW_TEXTS } from "@shared/messages";
import type { OrderReviewState, ReviewPage, ReviewRequestList } from "@shared/review-api";
import { messages, reviewRequests, reviews } from "../../../worker/db/schema";
import { api, db, expectError, insertCompletedReview, insertOrder, json, runCommonRouteTests, signedInUser } from "../helpers";
import { REVIEW_ROUTES } from "../security-table";

runCommonRouteTests(REVIEW_ROUTES);

async function requestMessages(orderId: string) {
  return db()
    .select()
    .from(messages)
    .where(and(eq(messages.clientId, `app:review-request:${orderId}`), eq(messages.messageType, "review_request")));
}

describe("only one's own reviews", () => {
  it("never lists another seller's reviews or requestable sales, whatever the caller sends", async () => {
    const [seller, buyer, attacker] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    await insertCompletedReview({ buyerId: buyer.id, sellerId: seller.id, content: "Private praise" });
    await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    const page = await json<ReviewPage>(await api(`/api/reviews?sellerId=${seller.id}&userId=${seller.id}`, { cookie: attacker.cookie }), 200);
    expect(page.items).toEqual([]);
    const requests = await json<ReviewRequestList>(await api(`/api/reviews/requests?sellerId=${seller.id}`, { cookie: attacker.cookie }), 200);
    expect(requests.items).toEqual([]);
    // The buyer wrote it but did not receive it.
    expect((await json<ReviewPage>(await api("/api/reviews", { cookie: buyer.cookie }), 200)).items).toEqual([]);
    expect((await json<ReviewPage>(await api("/api/reviews", { cookie: seller.cookie }), 200)).items.map((r) => r.content)).toEqual(["Private praise"]);
  });
});

describe("Request Review", () => {
  it("sends the buyer one review_request message linking to the order page, then refuses a second", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    const listed = await json<ReviewRequestList>(await api("/api/reviews/requests", { cookie: seller.cookie }), 200);
    expect(listed.items).toEqual([expect.objectContaining({ orderId, requestedAt: null, buyer: expect.objectContaining({ id: buyer.id }) })]);

    const state = await json<OrderReviewState>(await api(`/api/reviews/orders/${orderId}/request`, { method: "POST", cookie: seller.cookie }), 201);
    expect(state).toMatchObject({ review: null, canRequest: false, requestedAt: expect.any(Number) });
    const sent = await requestMessages(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ senderId: seller.id, receiverId: buyer.id, linkPath: `/orders/${orderId}`, content: REVIEW_TEXTS.requestMessage("Inserted item") });

    await expectError(await api(`/api/reviews/orders/${orderId}/request`, { method: "POST", cookie: seller.cookie }), 409, REVIEW_TEXTS.alreadyRequested);
    expect(await requestMessages(orderId)).toHaveLength(1);
    const after = await json<ReviewRequestList>(await api("/api/reviews/requests", { cookie: seller.cookie }), 200);
    expect(after.items[0]!.requestedAt).toEqual(expect.any(Number));
    // The buyer sees the order ready for their review.
    const buyerState = await json<OrderReviewState>(await api(`/api/reviews/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(buyerState).toMatchObject({ canReview: true, requestedAt: expect.any(Number) });
  });

  it("refuses the buyer, a stranger, an order not completed and a reviewed order, sending nothing", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const completed = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    const delivered = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "delivered" });
    const reviewId = await insertCompletedReview({ buyerId: buyer.id, sellerId: seller.id });
    const request = (who: { cookie: string }, orderId: string) => api(`/api/reviews/orders/${orderId}/request`, { method: "POST", cookie: who.cookie });

    await expectError(await request(buyer, completed), 403, REVIEW_TEXTS.onlySellerRequests);
    await expectError(await request(stranger, completed), 404, "Order not found");
    await expectError(await request(seller, delivered), 409, REVIEW_TEXTS.requestNotCompleted);
    const requestable = await json<ReviewRequestList>(await api("/api/reviews/requests", { cookie: seller.cookie }), 200);
    expect(requestable.items.map((o) => o.orderId)).toEqual([completed]);
    const [reviewed] = await db().select({ orderId: reviews.orderId }).from(reviews).where(eq(reviews.id, reviewId));
    await expectError(await request(seller, reviewed!.orderId), 409, REVIEW_TEXTS.requestAlreadyReviewed);
    for (const orderId of [completed, delivered, reviewed!.orderId]) expect(await requestMessages(orderId)).toHaveLength(0);
    expect(await db().select().from(reviewRequests).where(eq(reviewRequests.sellerId, seller.id))).toHaveLength(0);
  });
});
