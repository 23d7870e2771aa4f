// What notifies (issue #30 item 1; decision record 0096): each happening, done through the real
// API (or the payment provider's signed webhook), enqueues one event for the person it concerns,
// with the screen a click opens; doing it to oneself, or repeating it, enqueues nothing. An app
// message (an offer, a booking step) notifies as that happening, never also as "new message".
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Booking, FreeSlots } from "@shared/booking-api";
import type { CreatePaymentResponse, OrderDetail } from "@shared/checkout-api";
import type { ChatMessage } from "@shared/messaging-api";
import type { Offer } from "@shared/payments-api";
import { newId } from "../../../worker/db/ids";
import { services } from "../../../worker/db/schema";
import {
  api,
  captureNotifications,
  db,
  insertOrder,
  insertPost,
  insertProduct,
  json,
  openConversationWith,
  payableInTestMode,
  sendWebhook,
  signedInUser,
  stripeEvent,
  type Capture,
  type SignedInUser,
} from "../helpers";

let captured: Capture;
beforeEach(() => {
  captured = captureNotifications();
});
afterEach(() => captured.restore());

/** The events enqueued since the last call, as the assertions read them. */
function take() {
  const events = captured.events().map((event) => ({
    type: event.type,
    recipientId: event.recipientId,
    actorId: event.actorId,
    path: event.path,
    key: event.key,
  }));
  captured.clear();
  return events;
}

describe("social: likes, follows, comments", () => {
  it("a like notifies the post's owner once; liking again, unliking and one's own post notify nobody", async () => {
    const [owner, fan] = await Promise.all([signedInUser(), signedInUser()]);
    const postId = await insertPost(owner.id);
    await json(
      await api(`/api/posts/${postId}/like`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { liked: true },
      }),
      200,
    );
    expect(take()).toEqual([
      {
        type: "like.created",
        recipientId: owner.id,
        actorId: fan.id,
        path: `/post/${postId}`,
        key: `like:${postId}:${fan.id}`,
      },
    ]);
    // A repeat of the same state, an unlike and one's own like enqueue nothing.
    await json(
      await api(`/api/posts/${postId}/like`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { liked: true },
      }),
      200,
    );
    await json(
      await api(`/api/posts/${postId}/like`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { liked: false },
      }),
      200,
    );
    await json(
      await api(`/api/posts/${postId}/like`, {
        method: "PUT",
        cookie: owner.cookie,
        body: { liked: true },
      }),
      200,
    );
    expect(take()).toEqual([]);
    // Liking again after an unlike is the same event key: the consumer records it once.
    await json(
      await api(`/api/posts/${postId}/like`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { liked: true },
      }),
      200,
    );
    expect(take().map((event) => event.key)).toEqual([`like:${postId}:${fan.id}`]);
  });

  it("a follow notifies the one followed, opening the follower's profile; a repeated follow does not", async () => {
    const [star, fan] = await Promise.all([signedInUser(), signedInUser()]);
    await json(
      await api(`/api/users/${star.id}/follow`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { following: true },
      }),
      200,
    );
    expect(take()).toEqual([
      {
        type: "follow.created",
        recipientId: star.id,
        actorId: fan.id,
        path: `/profile/${fan.id}`,
        key: `follow:${fan.id}`,
      },
    ]);
    await json(
      await api(`/api/users/${star.id}/follow`, {
        method: "PUT",
        cookie: fan.cookie,
        body: { following: true },
      }),
      200,
    );
    expect(take()).toEqual([]);
  });

  it("a comment notifies the post's owner; a reply notifies the thread's author and the owner; the owner's own comment nobody", async () => {
    const [owner, first, second] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const postId = await insertPost(owner.id);
    const comment = await json<{ id: string }>(
      await api(`/api/posts/${postId}/comments`, {
        cookie: first.cookie,
        body: { content: "Great mix" },
      }),
      201,
    );
    expect(take()).toEqual([
      {
        type: "comment.created",
        recipientId: owner.id,
        actorId: first.id,
        path: `/post/${postId}`,
        key: `comment:${comment.id}`,
      },
    ]);

    const reply = await json<{ id: string }>(
      await api(`/api/posts/${postId}/comments`, {
        cookie: second.cookie,
        body: { content: "Agreed", parentId: comment.id },
      }),
      201,
    );
    // One request, one sendBatch, with both events.
    expect(captured.calls()).toBe(1);
    expect(take()).toEqual([
      {
        type: "comment.reply",
        recipientId: first.id,
        actorId: second.id,
        path: `/post/${postId}`,
        key: `comment:${reply.id}`,
      },
      {
        type: "comment.created",
        recipientId: owner.id,
        actorId: second.id,
        path: `/post/${postId}`,
        key: `comment:${reply.id}`,
      },
    ]);

    await json(
      await api(`/api/posts/${postId}/comments`, {
        cookie: owner.cookie,
        body: { content: "Thanks all" },
      }),
      201,
    );
    expect(take()).toEqual([]);
    // The owner replying to a comment notifies its author only.
    const ownerReply = await json<{ id: string }>(
      await api(`/api/posts/${postId}/comments`, {
        cookie: owner.cookie,
        body: { content: "Cheers", parentId: comment.id },
      }),
      201,
    );
    expect(take()).toEqual([
      {
        type: "comment.reply",
        recipientId: first.id,
        actorId: owner.id,
        path: `/post/${postId}`,
        key: `comment:${ownerReply.id}`,
      },
    ]);
  });
});

describe("messages", () => {
  it("a message notifies its receiver with the conversation's screen; a resend with the same client id does not", async () => {
    const [ana, bo] = await Promise.all([signedInUser(), signedInUser()]);
    const conversationId = await openConversationWith(ana, bo.id);
    captured.clear();
    const clientId = crypto.randomUUID();
    const sent = await json<ChatMessage>(
      await api(`/api/conversations/${conversationId}/messages`, {
        cookie: ana.cookie,
        body: { content: "Hi Bo", clientId },
      }),
      201,
    );
    expect(take()).toEqual([
      {
        type: "message.received",
        recipientId: bo.id,
        actorId: ana.id,
        path: `/messages?conversation=${conversationId}`,
        key: `message:${sent.id}`,
      },
    ]);
    expect(captured.events()).toEqual([]);
    const again = await api(`/api/conversations/${conversationId}/messages`, {
      cookie: ana.cookie,
      body: { content: "Hi Bo", clientId },
    });
    expect(again.status).toBeLessThan(300);
    expect(take()).toEqual([]);
  });
});

/** Pays for an item in test mode, through the purchase dialog's own routes. */
async function pay(buyer: SignedInUser, item: { itemType: "service" | "product" | "offer"; itemId: string }): Promise<string> {
  const { orderId } = await json<CreatePaymentResponse>(
    await api("/api/checkout/create-embedded-payment", {
      cookie: buyer.cookie,
      body: item,
    }),
    201,
  );
  await json(
    await api(`/api/checkout/test/${orderId}/confirm`, {
      cookie: buyer.cookie,
      body: { outcome: "success" },
    }),
    200,
  );
  return orderId;
}

describe("orders", () => {
  it("a sale notifies the seller once (the payment's replay does not)", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id, { type: "physical" });
    const orderId = await pay(buyer, {
      itemType: "product",
      itemId: productId,
    });
    expect(take()).toEqual([
      {
        type: "order.placed",
        recipientId: seller.id,
        actorId: buyer.id,
        path: `/orders/${orderId}`,
        key: `order:${orderId}:placed`,
      },
    ]);
    const replay = await api(`/api/checkout/test/${orderId}/confirm`, {
      cookie: buyer.cookie,
      body: { outcome: "success" },
    });
    expect(replay.status).toBeGreaterThanOrEqual(200);
    expect(take()).toEqual([]);
  });

  it("each step notifies the side it now waits on: shipped → buyer, accepted → seller", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
      itemType: "product",
      productType: "physical",
    });
    await json<OrderDetail>(
      await api(`/api/orders/${orderId}/ship`, {
        cookie: seller.cookie,
        body: {},
      }),
      200,
    );
    const [shipped] = take();
    expect(shipped).toMatchObject({
      type: "order.shipped",
      recipientId: buyer.id,
      actorId: seller.id,
      path: `/orders/${orderId}`,
    });
    expect(shipped!.key).toMatch(new RegExp(`^order:${orderId}:shipped:`));
    // A second click is refused and notifies nobody.
    expect(
      (
        await api(`/api/orders/${orderId}/ship`, {
          cookie: seller.cookie,
          body: {},
        })
      ).status,
    ).toBe(409);
    expect(take()).toEqual([]);
    await json<OrderDetail>(
      await api(`/api/orders/${orderId}/complete`, {
        cookie: buyer.cookie,
        body: {},
      }),
      200,
    );
    expect(take()).toMatchObject([
      {
        type: "order.accepted",
        recipientId: seller.id,
        actorId: buyer.id,
        path: `/orders/${orderId}`,
      },
    ]);
  });

  it("a service's delivery notifies the buyer, a revision request the seller, each delivery its own event", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
    });
    await json(
      await api(`/api/orders/${orderId}/deliver`, {
        cookie: seller.cookie,
        body: { note: "v1" },
      }),
      200,
    );
    await json(
      await api(`/api/orders/${orderId}/request-revision`, {
        cookie: buyer.cookie,
        body: { note: "louder" },
      }),
      200,
    );
    await json(
      await api(`/api/orders/${orderId}/deliver`, {
        cookie: seller.cookie,
        body: { note: "v2" },
      }),
      200,
    );
    const events = take();
    expect(events.map(({ type, recipientId }) => ({ type, recipientId }))).toEqual([
      { type: "order.delivered", recipientId: buyer.id },
      { type: "order.revision_requested", recipientId: seller.id },
      { type: "order.delivered", recipientId: buyer.id },
    ]);
    expect(new Set(events.map((event) => event.key)).size).toBe(3);
  });

  it("the seller's refund notifies the buyer", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
    });
    await json(
      await api(`/api/orders/${orderId}/refund`, {
        cookie: seller.cookie,
        body: {},
      }),
      200,
    );
    expect(take()).toEqual([
      {
        type: "order.refunded",
        recipientId: buyer.id,
        actorId: seller.id,
        path: `/orders/${orderId}`,
        key: `order:${orderId}:refunded`,
      },
    ]);
  });

  it("a refund by the provider notifies the buyer; a dispute the seller; replayed webhooks nothing", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const intent = `pi_${newId().replaceAll("-", "").slice(0, 20)}`;
    const disputed = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
      provider: "stripe",
      providerPaymentIntentId: intent,
    });
    const dispute = stripeEvent("charge.dispute.created", {
      id: "dp_notify",
      object: "dispute",
      payment_intent: intent,
      charge: "ch_notify",
      status: "needs_response",
    });
    expect((await sendWebhook(dispute)).status).toBe(200);
    expect(take()).toEqual([
      {
        type: "order.disputed",
        recipientId: seller.id,
        actorId: null,
        path: `/orders/${disputed}`,
        key: `order:${disputed}:disputed:dp_notify`,
      },
    ]);
    expect((await sendWebhook(dispute)).status).toBe(200);
    expect(take()).toEqual([]);

    const refundIntent = `pi_${newId().replaceAll("-", "").slice(0, 20)}`;
    const refunded = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
      provider: "stripe",
      providerPaymentIntentId: refundIntent,
    });
    const refund = stripeEvent("charge.refunded", {
      id: "ch_refund",
      object: "charge",
      payment_intent: refundIntent,
      metadata: { orderId: refunded },
      amount_refunded: 10_500,
      refunded: true,
    });
    expect((await sendWebhook(refund)).status).toBe(200);
    expect(take()).toEqual([
      {
        type: "order.refunded",
        recipientId: buyer.id,
        actorId: null,
        path: `/orders/${refunded}`,
        key: `order:${refunded}:refunded`,
      },
    ]);
  });

  it("a review notifies the seller", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({
      buyerId: buyer.id,
      sellerId: seller.id,
      status: "completed",
    });
    const review = await json<{ id: string }>(
      await api(`/api/reviews/orders/${orderId}`, {
        cookie: buyer.cookie,
        body: { rating: 5, content: "Superb work" },
      }),
      201,
    );
    expect(take()).toEqual([
      {
        type: "review.received",
        recipientId: seller.id,
        actorId: buyer.id,
        path: `/orders/${orderId}`,
        key: `review:${review.id}`,
      },
    ]);
  });
});

describe("offers: one happening, one notification", () => {
  it("an offer notifies its buyer as an offer (not also as a message); its payment notifies the seller as 'offer paid'", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    await payableInTestMode(seller.id);
    const offer = await json<Offer>(
      await api("/api/offers", {
        cookie: seller.cookie,
        body: {
          username: buyer.username,
          title: "Custom mix",
          description: "Two songs",
          price: "200.00",
          deliveryDays: 5,
        },
      }),
      201,
    );
    const [received, ...rest] = take();
    expect(rest).toEqual([]);
    expect(received).toMatchObject({
      type: "offer.received",
      recipientId: buyer.id,
      actorId: seller.id,
      path: `/offers/${offer.id}`,
    });
    expect(received!.key).toMatch(/^message:/);

    const orderId = await pay(buyer, { itemType: "offer", itemId: offer.id });
    expect(take()).toEqual([
      {
        type: "offer.paid",
        recipientId: seller.id,
        actorId: buyer.id,
        path: `/orders/${orderId}`,
        key: `order:${orderId}:placed`,
      },
    ]);
  });
});

describe("bookings: each step notifies the other side, as a booking step", () => {
  it("requested → seller, confirmed → buyer, changed → the other side, cancelled → the other side", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    await payableInTestMode(seller.id);
    const serviceId = newId();
    await db().insert(services).values({
      id: serviceId,
      userId: seller.id,
      name: "Vocal coaching",
      category: "mixing",
      pricingModel: "per_session",
      priceCents: 6_000,
      needsScheduling: true,
    });
    await json(
      await api("/api/booking/availability", {
        cookie: seller.cookie,
        body: {
          weekday: 1,
          startTime: "10:00",
          durationMinutes: 60,
          timeZone: "UTC",
        },
      }),
      201,
    );
    const orderId = await pay(buyer, {
      itemType: "service",
      itemId: serviceId,
    });
    captured.clear();
    const { slots } = await json<FreeSlots>(
      await api(`/api/booking/orders/${orderId}/slots`, {
        cookie: buyer.cookie,
      }),
      200,
    );

    const booking = await json<Booking>(
      await api("/api/booking/bookings", {
        cookie: buyer.cookie,
        body: { orderId, startsAt: slots[0]!.startsAt },
      }),
      201,
    );
    await json(
      await api(`/api/booking/bookings/${booking.id}/confirm`, {
        cookie: seller.cookie,
        body: {},
      }),
      200,
    );
    await json(
      await api(`/api/booking/bookings/${booking.id}/reschedule`, {
        cookie: seller.cookie,
        body: { startsAt: slots[1]!.startsAt },
      }),
      200,
    );
    await json(
      await api(`/api/booking/bookings/${booking.id}/cancel`, {
        cookie: buyer.cookie,
        body: {},
      }),
      200,
    );
    const events = take();
    expect(
      events.map(({ type, recipientId, actorId, path }) => ({
        type,
        recipientId,
        actorId,
        path,
      })),
    ).toEqual([
      {
        type: "booking.requested",
        recipientId: seller.id,
        actorId: buyer.id,
        path: "/booking",
      },
      {
        type: "booking.confirmed",
        recipientId: buyer.id,
        actorId: seller.id,
        path: "/booking",
      },
      {
        type: "booking.changed",
        recipientId: buyer.id,
        actorId: seller.id,
        path: "/booking",
      },
      {
        type: "booking.cancelled",
        recipientId: seller.id,
        actorId: buyer.id,
        path: "/booking",
      },
    ]);
    // Every step is its own event (the booking's message), none a second "new message".
    expect(new Set(events.map((event) => event.key)).size).toBe(4);
    expect(events.every((event) => event.key.startsWith("message:"))).toBe(true);
  });
});

describe("without the queue binding", () => {
  it("the action still succeeds and nothing is enqueued", async () => {
    const [owner, fan] = await Promise.all([signedInUser(), signedInUser()]);
    const postId = await insertPost(owner.id);
    const { apiInEnvironment } = await import("../helpers");
    const res = await apiInEnvironment(
      `/api/posts/${postId}/like`,
      { NOTIFICATIONS: undefined, APP_ORIGIN: undefined },
      { method: "PUT", cookie: fan.cookie, body: { liked: true } },
    );
    expect(res.status).toBe(200);
    expect(take()).toEqual([]);
  });
});
