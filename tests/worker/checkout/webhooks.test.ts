// POST /api/webhooks/stripe: signatures verified on the raw body, each event
// handled once, and forged, replayed, out-of-order and concurrent events ending in the right state
// with no duplicate transitions or mails.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { orders, payoutAccounts, stripeEvents } from "../../../worker/db/schema";
import { PROVIDER_CHECK_EVERY_MS } from "../../../worker/services/payments/checkout";
import {
  connectSeller,
  db,
  expectError,
  fakeAccount,
  fakeCheckoutSession,
  fakePaymentIntent,
  fakeRequirements,
  fakeStripe,
  historyOf,
  insertOrder,
  json,
  keyedApi,
  orderRow,
  outbox,
  sendWebhook,
  signedInUser,
  stripeEvent,
  type FakeStripe,
} from "../helpers";

async function pendingStripeOrder(kind: "session" | "intent" = "intent") {
  const seller = await signedInUser();
  const buyer = await signedInUser();
  const pi = `pi_${crypto.randomUUID().slice(0, 12)}`;
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "pending", provider: "stripe", providerPaymentIntentId: kind === "intent" ? pi : null });
  return { seller, buyer, orderId, pi };
}

const intentSucceeded = (orderId: string, pi: string, amount = 10_500) =>
  stripeEvent("payment_intent.succeeded", { id: pi, object: "payment_intent", amount_received: amount, metadata: { orderId } });

describe("signatures", () => {
  it("refuses a forged, re-signed, unsigned or stale event and changes nothing", async () => {
    const { orderId, pi } = await pendingStripeOrder();
    const event = intentSucceeded(orderId, pi);
    await expectError(await sendWebhook(event, { secret: "whsec_attacker" }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    await expectError(await sendWebhook(event, { signature: null }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    await expectError(await sendWebhook(event, { signature: "t=1,v1=deadbeef" }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    await expectError(await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    expect((await orderRow(orderId))!.status).toBe("pending");
    expect(await db().select().from(stripeEvents)).toEqual([]);
  });
});

describe("payment events", () => {
  it("pays the order once, mails the receipt and the sale once, and a replay changes nothing", async () => {
    const { orderId, pi, buyer, seller } = await pendingStripeOrder();
    const event = intentSucceeded(orderId, pi);
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(event)).status).toBe(200);
    const order = await orderRow(orderId);
    expect(order!.status).toBe("paid");
    expect(order!.paidAt).not.toBeNull();
    expect((await historyOf(orderId)).map((h) => h.status)).toEqual(["paid"]);
    expect(await outbox(buyer.email)).toHaveLength(1);
    expect(await outbox(seller.email)).toHaveLength(1);
    expect((await outbox(buyer.email))[0]!.subject).toBe(CHECKOUT_TEXTS.mail.receiptSubject("Inserted item"));
  });

  it("handles the same event delivered concurrently, and two different success events for one order, as one transition", async () => {
    const { orderId, pi, buyer } = await pendingStripeOrder();
    const event = intentSucceeded(orderId, pi);
    const other = intentSucceeded(orderId, pi);
    const results = await Promise.all([sendWebhook(event), sendWebhook(event), sendWebhook(other), sendWebhook(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await historyOf(orderId)).filter((h) => h.status === "paid")).toHaveLength(1);
    expect(await outbox(buyer.email)).toHaveLength(1);
  });

  it("pays a Checkout Session only when it is paid, through its async success otherwise", async () => {
    const { orderId } = await pendingStripeOrder("session");
    const session = (payment_status: string) => ({ id: `cs_${orderId}`, object: "checkout.session", payment_status, amount_total: 10_500, payment_intent: "pi_async", metadata: { orderId } });
    await sendWebhook(stripeEvent("checkout.session.completed", session("unpaid")));
    expect((await orderRow(orderId))!.status).toBe("pending");
    await sendWebhook(stripeEvent("checkout.session.async_payment_succeeded", session("paid")));
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", providerPaymentIntentId: "pi_async" });
  });

  it("fails on async failure and expires on expiry, but only while pending", async () => {
    const a = await pendingStripeOrder("session");
    await sendWebhook(stripeEvent("checkout.session.async_payment_failed", { id: "cs_a", object: "checkout.session", metadata: { orderId: a.orderId } }));
    expect((await orderRow(a.orderId))!.status).toBe("failed");
    const b = await pendingStripeOrder("session");
    await sendWebhook(stripeEvent("checkout.session.expired", { id: "cs_b", object: "checkout.session", metadata: { orderId: b.orderId } }));
    expect((await orderRow(b.orderId))!.status).toBe("expired");
    // A late expiry after payment leaves the order paid.
    const c = await pendingStripeOrder();
    await sendWebhook(intentSucceeded(c.orderId, c.pi));
    await sendWebhook(stripeEvent("checkout.session.expired", { id: "cs_c", object: "checkout.session", metadata: { orderId: c.orderId } }));
    expect((await orderRow(c.orderId))!.status).toBe("paid");
  });

  it("ends right whatever the order: a failure after success stays paid, a success after a failed attempt pays", async () => {
    const a = await pendingStripeOrder();
    await sendWebhook(intentSucceeded(a.orderId, a.pi));
    await sendWebhook(stripeEvent("payment_intent.payment_failed", { id: a.pi, object: "payment_intent", metadata: { orderId: a.orderId } }));
    expect((await orderRow(a.orderId))!.status).toBe("paid");

    const b = await pendingStripeOrder();
    await sendWebhook(stripeEvent("payment_intent.payment_failed", { id: b.pi, object: "payment_intent", metadata: { orderId: b.orderId } }));
    expect((await orderRow(b.orderId))!.status).toBe("failed");
    await sendWebhook(intentSucceeded(b.orderId, b.pi));
    expect((await orderRow(b.orderId))!.status).toBe("paid");
  });

  it("does not pay an order when Stripe's amount differs from the order's total", async () => {
    const { orderId, pi } = await pendingStripeOrder();
    await sendWebhook(intentSucceeded(orderId, pi, 1));
    expect((await orderRow(orderId))!.status).toBe("pending");
  });

  it("refunds on a full charge.refunded, even one that overtakes the payment; a partial refund changes nothing; a late success stays refunded", async () => {
    const a = await pendingStripeOrder();
    const refunded = (full: boolean) => stripeEvent("charge.refunded", { id: `ch_${a.pi}`, object: "charge", refunded: full, payment_intent: a.pi, metadata: {} });
    await sendWebhook(intentSucceeded(a.orderId, a.pi));
    await sendWebhook(refunded(false));
    expect((await orderRow(a.orderId))!.status).toBe("paid");
    await sendWebhook(refunded(true));
    expect((await orderRow(a.orderId))!.status).toBe("refunded");

    const b = await pendingStripeOrder();
    await sendWebhook(stripeEvent("charge.refunded", { id: "ch_b", object: "charge", refunded: true, payment_intent: b.pi, metadata: {} }));
    await sendWebhook(intentSucceeded(b.orderId, b.pi));
    expect((await orderRow(b.orderId))!.status).toBe("refunded");
    expect((await historyOf(b.orderId)).map((h) => h.status)).toEqual(["refunded"]);
  });

  it("no longer takes account.updated: that is the Connect endpoint's", async () => {
    const seller = await signedInUser();
    const account = await connectSeller(seller.id);
    await db().update(payoutAccounts).set({ chargesEnabled: false, payoutsEnabled: false }).where(eq(payoutAccounts.userId, seller.id));
    const res = await sendWebhook(stripeEvent("account.updated", fakeAccount({ id: account, charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: fakeRequirements() })));
    expect(res.status).toBe(200);
    const [row] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id));
    expect(row).toMatchObject({ chargesEnabled: false, payoutsEnabled: false });
  });

  it("acknowledges an event it does not handle, and one for an unknown order", async () => {
    expect((await sendWebhook(stripeEvent("customer.created", { id: "cus_1", object: "customer" }))).status).toBe(200);
    expect((await sendWebhook(intentSucceeded("no-such-order", "pi_unknown"))).status).toBe(200);
  });
});

/** Moves the order's last Stripe check back past the 5-second throttle, as time passing would. */
async function allowNextProviderCheck(orderId: string) {
  await db()
    .update(orders)
    .set({ providerCheckedAt: Date.now() - PROVIDER_CHECK_EVERY_MS - 1 })
    .where(eq(orders.id, orderId));
}

describe("a buyer's order page before the webhook", () => {
  let stripe: FakeStripe;
  beforeEach(() => {
    stripe = fakeStripe();
  });
  afterEach(() => stripe.restore());

  it("asks Stripe and fulfils a paid order through the same path, once, whatever arrives after", async () => {
    const { orderId, pi, buyer } = await pendingStripeOrder();
    stripe.put(fakePaymentIntent({ id: pi, status: "processing", amount: 10_500, amount_received: 0 }));
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("pending");
    stripe.put(fakePaymentIntent({ id: pi, status: "succeeded", amount: 10_500, amount_received: 10_500 }));
    // Five seconds on: the next poll may ask Stripe again.
    await allowNextProviderCheck(orderId);
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("paid");
    await sendWebhook(intentSucceeded(orderId, pi));
    expect((await historyOf(orderId)).map((h) => h.status)).toEqual(["paid"]);
    expect(await outbox(buyer.email)).toHaveLength(1);
  });

  it("checks a Checkout Session's payment and amount, and leaves the order pending when Stripe cannot answer", async () => {
    const { orderId, buyer, seller } = await pendingStripeOrder("session");
    await db().update(orders).set({ providerSessionId: `cs_${orderId}` }).where(eq(orders.id, orderId));
    // The seller's view never asks Stripe; an unknown session leaves it pending.
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: seller.cookie }), 200)).status).toBe("pending");
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("pending");
    await allowNextProviderCheck(orderId);
    stripe.put(fakeCheckoutSession({ id: `cs_${orderId}`, payment_status: "paid", status: "complete", amount_total: 1, payment_intent: "pi_s" }));
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("pending");
    await allowNextProviderCheck(orderId);
    stripe.put(fakeCheckoutSession({ id: `cs_${orderId}`, payment_status: "paid", status: "complete", amount_total: 10_500, payment_intent: "pi_s" }));
    expect(await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).toMatchObject({ status: "paid" });
    expect((await orderRow(orderId))!.providerPaymentIntentId).toBe("pi_s");
    expect(stripe.calls.filter((c) => c.method === "GET")).toHaveLength(3);
  });

  it("asks Stripe at most once per order every 5 seconds, however many polls arrive at once", async () => {
    const { orderId, pi, buyer } = await pendingStripeOrder();
    stripe.put(fakePaymentIntent({ id: pi, status: "processing", amount: 10_500 }));
    const polls = await Promise.all([1, 2, 3, 4].map(() => keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie })));
    expect(polls.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await Promise.all(polls.map((r) => r.arrayBuffer()));
    expect(stripe.callsTo("payment_intents.retrieve")).toHaveLength(1);
    // Another poll a moment later answers from the database alone.
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("pending");
    expect(stripe.callsTo("payment_intents.retrieve")).toHaveLength(1);
    const checkedAt = (await orderRow(orderId))!.providerCheckedAt;
    expect(checkedAt).not.toBeNull();
    // Past the 5 seconds, the next poll asks again and finds the payment.
    stripe.put(fakePaymentIntent({ id: pi, status: "succeeded", amount: 10_500, amount_received: 10_500 }));
    await allowNextProviderCheck(orderId);
    expect((await json<OrderDetail>(await keyedApi(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200)).status).toBe("paid");
    expect(stripe.callsTo("payment_intents.retrieve")).toHaveLength(2);
  });
});
