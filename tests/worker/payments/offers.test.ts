// Custom offers (Create Invoice; decision record 0050): a seller names a buyer, the buyer finds
// the offer in their messages and pays it through the ordinary checkout with the ordinary 5% fee,
// and the order follows a service's lifecycle. Only the named buyer pays, once, while it is open.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreateEmbeddedPaymentResponse, OrderDetail, OrderPage } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, PAYMENTS_TEXTS } from "@shared/messages";
import type { Offer, OfferPage, PaymentTotals } from "@shared/payments-api";
import { platformFeeCents } from "@shared/rules/price";
import { messages } from "../../../worker/db/schema";
import { api, db, expectError, historyOf, insertOffer, json, offerRow, orderRow, ordersOfBuyer, payableInTestMode, signedInUser, type SignedInUser } from "../helpers";

const OFFER = { title: "Mix and master two songs", description: "Stems included", price: "250.50", deliveryDays: 5 };

/** A seller who has set up payouts (test mode's stand-in) sends an offer. */
async function sendOffer(seller: SignedInUser, buyer: { username: string }, body: Record<string, unknown> = {}): Promise<Offer> {
  await payableInTestMode(seller.id);
  return json<Offer>(await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, username: buyer.username, ...body } }), 201);
}

function startPayment(buyer: SignedInUser, offerId: string, extra: Record<string, unknown> = {}) {
  return api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "offer", itemId: offerId, ...extra } });
}

/** Pays an offer in test mode through the same confirm route every purchase uses. */
async function payOffer(buyer: SignedInUser, offerId: string): Promise<OrderDetail> {
  const { orderId } = await json<CreateEmbeddedPaymentResponse>(await startPayment(buyer, offerId), 201);
  return json<OrderDetail>(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
}

describe("creating an offer", () => {
  it("writes the offer for the named buyer and puts it in their messages with a link", async () => {
    const [seller, buyer] = await Promise.all([signedInUser({ displayName: "Sam Seller" }), signedInUser({ displayName: "Bea Buyer" })]);
    const before = Date.now();
    const offer = await sendOffer(seller, { username: `@${buyer.username.toUpperCase()}` });
    expect(offer).toMatchObject({
      title: OFFER.title,
      description: OFFER.description,
      priceCents: 25_050,
      feeCents: platformFeeCents(25_050),
      totalCents: 25_050 + platformFeeCents(25_050),
      deliveryDays: 5,
      state: "open",
      orderId: null,
      role: "seller",
      counterpart: { id: buyer.id, displayName: "Bea Buyer" },
    });
    // Fourteen days to pay it.
    expect(offer.expiresAt - before).toBeGreaterThanOrEqual(14 * 24 * 60 * 60 * 1000);
    expect(offer.expiresAt - Date.now()).toBeLessThanOrEqual(14 * 24 * 60 * 60 * 1000);

    const [message] = await db().select().from(messages).where(eq(messages.receiverId, buyer.id));
    expect(message).toMatchObject({ senderId: seller.id, messageType: "offer", linkPath: `/offers/${offer.id}`, content: PAYMENTS_TEXTS.offerMessage(OFFER.title, "$250.50") });

    // Both sides see it, each from their own side; the buyer's list is "received".
    const received = await json<OfferPage>(await api("/api/offers?role=received", { cookie: buyer.cookie }), 200);
    expect(received.items.map((o) => [o.id, o.role, o.counterpart.displayName])).toEqual([[offer.id, "buyer", "Sam Seller"]]);
    const sent = await json<OfferPage>(await api("/api/offers?role=sent", { cookie: seller.cookie }), 200);
    expect(sent.items.map((o) => o.id)).toEqual([offer.id]);
    expect((await json<Offer>(await api(`/api/offers/${offer.id}`, { cookie: buyer.cookie }), 200)).role).toBe("buyer");
  });

  it("accepts the longest description and title in 3-byte characters (over the 4 KB default body)", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const offer = await sendOffer(seller, buyer, { title: "音".repeat(100), description: "音".repeat(2000) });
    expect(offer.description).toHaveLength(2000);
  });

  it("refuses with the field's message, in the catalogue's price range, and writes nothing", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: "" }, 400, PAYMENTS_TEXTS.usernameRequired],
      [{ username: "nobody_by_this_name_at_all" }, 404, PAYMENTS_TEXTS.userNotFound],
      [{ username: seller.username }, 400, PAYMENTS_TEXTS.ownOffer],
      [{ title: "  " }, 400, PAYMENTS_TEXTS.titleRequired],
      [{ title: "x".repeat(101) }, 400, PAYMENTS_TEXTS.titleTooLong],
      [{ description: "x".repeat(2001) }, 400, PAYMENTS_TEXTS.descriptionTooLong],
      [{ price: "" }, 400, PAYMENTS_TEXTS.priceRequired],
      [{ price: "0.10" }, 400, "Price must be between $0.50 and $100,000"],
      [{ price: "12.345" }, 400, "Price must be an amount in dollars and cents"],
      [{ deliveryDays: 0 }, 400, PAYMENTS_TEXTS.deliveryDaysInvalid],
      [{ deliveryDays: "" }, 400, PAYMENTS_TEXTS.deliveryDaysInvalid],
    ];
    for (const [change, status, message] of cases) {
      const res = await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, username: buyer.username, ...change } });
      const { error } = await expectError(res, status);
      expect(JSON.stringify(error), JSON.stringify(change)).toContain(message);
    }
    expect(await json<OfferPage>(await api("/api/offers?role=sent", { cookie: seller.cookie }), 200)).toEqual({ items: [], nextCursor: null });
  });
});

describe("paying an offer through the ordinary checkout", () => {
  it("charges the offer's price plus 5%, whatever the client sends, and runs a service's lifecycle", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const offer = await sendOffer(seller, buyer);
    const started = await json<CreateEmbeddedPaymentResponse>(await startPayment(buyer, offer.id, { itemName: "Free", itemPrice: 0.01 }), 201);
    expect(started).toMatchObject({ testMode: true, priceCents: 25_050, feeCents: 1_253, totalCents: 26_303 });
    const row = await orderRow(started.orderId);
    expect(row).toMatchObject({ itemType: "service", itemId: offer.id, offerId: offer.id, itemName: OFFER.title, priceCents: 25_050, feeCents: 1_253, status: "pending" });

    const paid = await json<OrderDetail>(await api(`/api/checkout/test/${started.orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
    expect(paid).toMatchObject({ status: "paid", itemType: "offer", itemId: offer.id, kind: "service", role: "buyer" });
    expect(await offerRow(offer.id)).toMatchObject({ status: "paid", orderId: started.orderId });
    expect((await json<Offer>(await api(`/api/offers/${offer.id}`, { cookie: seller.cookie }), 200)).state).toBe("paid");

    // The seller delivers and the buyer completes, exactly as for a service.
    await json<OrderDetail>(await api(`/api/orders/${paid.id}/deliver`, { cookie: seller.cookie, body: { note: "Here you go" } }), 200);
    const done = await json<OrderDetail>(await api(`/api/orders/${paid.id}/complete`, { cookie: buyer.cookie, method: "POST" }), 200);
    expect(done.status).toBe("completed");
    expect(await json<PaymentTotals>(await api("/api/payments/summary", { cookie: seller.cookie }), 200)).toMatchObject({ earnedCents: 25_050 });
    expect(await json<PaymentTotals>(await api("/api/payments/summary", { cookie: buyer.cookie }), 200)).toMatchObject({ feesPaidCents: 1_253 });
    // And it is in the buyer's purchases like any order.
    const purchases = await json<OrderPage>(await api("/api/orders?role=buyer", { cookie: buyer.cookie }), 200);
    expect(purchases.items.map((o) => [o.id, o.itemType])).toEqual([[paid.id, "offer"]]);
  });

  it("is the named buyer's alone: the seller and a stranger are told it does not exist", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const offer = await sendOffer(seller, buyer);
    await expectError(await startPayment(stranger, offer.id), 404, PAYMENTS_TEXTS.offerNotFound);
    await expectError(await startPayment(seller, offer.id), 404, PAYMENTS_TEXTS.offerNotFound);
    await expectError(await api(`/api/offers/${offer.id}`, { cookie: stranger.cookie }), 404, PAYMENTS_TEXTS.offerNotFound);
    expect(await ordersOfBuyer(stranger.id)).toEqual([]);
    expect(await ordersOfBuyer(seller.id)).toEqual([]);
  });

  it("is paid once: a second start is refused, and a second payment racing the first is refunded", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const offer = await sendOffer(seller, buyer);
    // Two tabs start a payment before either pays.
    const first = await json<CreateEmbeddedPaymentResponse>(await startPayment(buyer, offer.id), 201);
    const second = await json<CreateEmbeddedPaymentResponse>(await startPayment(buyer, offer.id), 201);
    await api(`/api/checkout/test/${first.orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } });
    const late = await json<OrderDetail>(await api(`/api/checkout/test/${second.orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
    expect(late.status).toBe("refunded");
    expect((await historyOf(second.orderId)).find((h) => h.status === "refunded")?.note).toBe(PAYMENTS_TEXTS.offerNoLongerOpen);
    expect(await offerRow(offer.id)).toMatchObject({ status: "paid", orderId: first.orderId });

    await expectError(await startPayment(buyer, offer.id), 409, PAYMENTS_TEXTS.offerPaid);
    expect(await ordersOfBuyer(buyer.id)).toHaveLength(2);
  });

  it("cannot be paid while its seller cannot be paid (payouts not set up), and writes no order", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const offerId = await insertOffer({ sellerId: seller.id, buyerId: buyer.id, payable: false });
    await expectError(await startPayment(buyer, offerId), 409, CHECKOUT_TEXTS.sellerNotPayable);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
    expect((await offerRow(offerId))!.status).toBe("open");
  });

  it("cannot be paid once withdrawn or expired", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const withdrawn = await sendOffer(seller, buyer);
    await json<Offer>(await api(`/api/offers/${withdrawn.id}/withdraw`, { cookie: seller.cookie, method: "POST" }), 200);
    await expectError(await startPayment(buyer, withdrawn.id), 409, PAYMENTS_TEXTS.offerWithdrawn);

    const expiredId = await insertOffer({ sellerId: seller.id, buyerId: buyer.id, expiresAt: Date.now() - 1 });
    await expectError(await startPayment(buyer, expiredId), 409, PAYMENTS_TEXTS.offerExpired);
    expect((await json<Offer>(await api(`/api/offers/${expiredId}`, { cookie: buyer.cookie }), 200)).state).toBe("expired");
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
  });
});

describe("withdrawing an offer", () => {
  it("is the seller's, and only while it is open", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const offer = await sendOffer(seller, buyer);
    await expectError(await api(`/api/offers/${offer.id}/withdraw`, { cookie: buyer.cookie, method: "POST" }), 403, PAYMENTS_TEXTS.offerOnlySellerWithdraws);
    expect((await offerRow(offer.id))!.status).toBe("open");
    const withdrawn = await json<Offer>(await api(`/api/offers/${offer.id}/withdraw`, { cookie: seller.cookie, method: "POST" }), 200);
    expect(withdrawn.state).toBe("withdrawn");
    await expectError(await api(`/api/offers/${offer.id}/withdraw`, { cookie: seller.cookie, method: "POST" }), 409, PAYMENTS_TEXTS.offerCannotWithdraw);

    const paidOffer = await sendOffer(seller, buyer);
    await payOffer(buyer, paidOffer.id);
    await expectError(await api(`/api/offers/${paidOffer.id}/withdraw`, { cookie: seller.cookie, method: "POST" }), 409, PAYMENTS_TEXTS.offerCannotWithdraw);
    expect((await offerRow(paidOffer.id))!.status).toBe("paid");
  });
});
