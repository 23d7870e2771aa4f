// create-payment and create-embedded-payment (second document §4, §5, §7, §8, §9): the amounts
// Stripe is asked for come from the server's row plus 5% whatever the client sends, refusals write
// nothing, Stripe gets an idempotency key, and test mode writes the same pending order.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreateEmbeddedPaymentResponse, CreatePaymentResponse } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, PAYOUT_TEXTS } from "@shared/messages";
import { platformFeeCents } from "@shared/rules/price";
import {
  api,
  connectSeller,
  expectError,
  fakeStripe,
  historyOf,
  insertPricedService,
  insertProduct,
  json,
  keyedApi,
  orderRow,
  ordersOfBuyer,
  outbox,
  signedInUser,
  type FakeStripe,
} from "../helpers";

describe("the platform fee", () => {
  it("is 5% of the price in cents, rounded half up", () => {
    expect(platformFeeCents(10_000)).toBe(500);
    expect(platformFeeCents(2_999)).toBe(150); // 149.95
    expect(platformFeeCents(1_010)).toBe(51); // 50.5
    expect(platformFeeCents(1_009)).toBe(50); // 50.45
    expect(platformFeeCents(1)).toBe(0);
    expect(platformFeeCents(10)).toBe(1); // 0.5
  });
});

describe("with Stripe keys", () => {
  let stripe: FakeStripe;
  beforeEach(() => {
    stripe = fakeStripe();
  });
  afterEach(() => stripe.restore());

  it("asks Stripe Checkout for the row's price plus 5%, whatever name and price the client sends", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const account = await connectSeller(seller.id);
    const serviceId = await insertPricedService(seller.id, { priceCents: 12_345 });
    const res = await keyedApi("/api/checkout/create-payment", {
      cookie: buyer.cookie,
      body: { itemType: "service", itemId: serviceId, itemName: "Free stuff", itemPrice: 0.01 },
    });
    const body = await json<CreatePaymentResponse>(res, 201);
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(body.testMode).toBe(false);

    const [call] = stripe.calls;
    expect(call!.path).toBe("/v1/checkout/sessions");
    expect(call!.form["line_items[0][price_data][unit_amount]"]).toBe("12345");
    expect(call!.form["line_items[1][price_data][unit_amount]"]).toBe("617"); // 617.25
    expect(call!.form["line_items[0][price_data][product_data][name]"]).toMatch(/^Mixing session/);
    expect(call!.form["payment_intent_data[application_fee_amount]"]).toBe("617");
    expect(call!.form["payment_intent_data[transfer_data][destination]"]).toBe(account);
    expect(call!.form["metadata[orderId]"]).toBe(body.orderId);
    expect(call!.idempotencyKey).toBe(`order-${body.orderId}-checkout`);

    const order = await orderRow(body.orderId);
    expect(order).toMatchObject({ status: "pending", priceCents: 12_345, feeCents: 617, totalCents: 12_962, provider: "stripe", buyerId: buyer.id, sellerId: seller.id });
    expect(order!.providerSessionId).toMatch(/^cs_test_/);
    expect((await historyOf(body.orderId)).map((h) => h.status)).toEqual(["pending"]);
  });

  it("asks for a PaymentIntent of the total for the embedded form, and hands back its secret and the publishable key", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await connectSeller(seller.id);
    const productId = await insertProduct(seller.id, { priceCents: 2_999 });
    const res = await keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId, itemPrice: 1 } });
    const body = await json<CreateEmbeddedPaymentResponse>(res, 201);
    expect(body).toMatchObject({ testMode: false, publishableKey: "pk_test_fake", priceCents: 2_999, feeCents: 150, totalCents: 3_149 });
    expect(body.clientSecret).toMatch(/^pi_.*_secret_/);
    const [call] = stripe.calls;
    expect(call).toMatchObject({ path: "/v1/payment_intents", idempotencyKey: `order-${body.orderId}-intent` });
    expect(call!.form).toMatchObject({ amount: "3149", currency: "usd", application_fee_amount: "150" });
    expect((await orderRow(body.orderId))!.providerPaymentIntentId).toMatch(/^pi_/);
  });

  it("prices a package service from its package", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await connectSeller(seller.id);
    const serviceId = await insertPricedService(seller.id, { pricingModel: "package", packagePriceCents: 25_000 });
    const body = await json<CreateEmbeddedPaymentResponse>(
      await keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } }),
      201,
    );
    expect(body.totalCents).toBe(26_250);
  });

  it("refuses a seller without a connected account, saying why, and asks Stripe nothing", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const serviceId = await insertPricedService(seller.id);
    await expectError(
      await keyedApi("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } }),
      409,
      CHECKOUT_TEXTS.sellerNotPayable,
    );
    expect(stripe.calls).toEqual([]);
  });

  it("answers Stripe's refusal with the spec's text around a sentence of ours, never Stripe's own, and fails the order", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await connectSeller(seller.id);
    const serviceId = await insertPricedService(seller.id);
    stripe.failNext("/v1/checkout/sessions", "Invalid API Key provided: sk_live_secret_abc. No such destination: 'acct_hidden'");
    const res = await keyedApi("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } });
    const body = await res.clone().text();
    await expectError(res, 503, CHECKOUT_TEXTS.sessionFailedWith(PAYOUT_TEXTS.stripeErrors.invalidRequest));
    expect(body).not.toMatch(/sk_live|acct_hidden|No such destination/);
    expect((await ordersOfBuyer(buyer.id)).map((o) => o.status)).toEqual(["failed"]);
  });

  it.each([
    ["card_error", PAYOUT_TEXTS.stripeErrors.card],
    ["rate_limit_error", PAYOUT_TEXTS.stripeErrors.rateLimited],
    ["api_error", PAYOUT_TEXTS.stripeErrors.api],
    ["permission_error", PAYOUT_TEXTS.stripeErrors.configuration],
  ] as const)("maps Stripe's %s on the embedded form to our sentence", async (type, sentence) => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await connectSeller(seller.id);
    const productId = await insertProduct(seller.id);
    stripe.failNext("/v1/payment_intents", `raw ${type} text from Stripe for acct_secret`, { type });
    const res = await keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } });
    await expectError(res, 503, CHECKOUT_TEXTS.sessionFailedWith(sentence));
    expect((await ordersOfBuyer(buyer.id)).map((o) => o.status)).toEqual(["failed"]);
  });
});

describe("refusals", () => {
  it("asks a visitor to log in", async () => {
    const seller = await signedInUser();
    const serviceId = await insertPricedService(seller.id);
    await expectError(await api("/api/checkout/create-payment", { body: { itemType: "service", itemId: serviceId } }), 401, "Please log in to make a purchase");
  });

  it("refuses buying one's own item, an unpriced one and a missing one", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const own = await insertPricedService(seller.id);
    const unpriced = await insertPricedService(seller.id, { priceCents: null });
    const free = await insertProduct(seller.id, { priceCents: 0 });
    await expectError(await api("/api/checkout/create-payment", { cookie: seller.cookie, body: { itemType: "service", itemId: own } }), 400, CHECKOUT_TEXTS.ownItem);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: unpriced } }), 400, CHECKOUT_TEXTS.notPriced);
    await expectError(await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: free } }), 400, CHECKOUT_TEXTS.notPriced);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: own } }), 404, CHECKOUT_TEXTS.productNotFound);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: "nope" } }), 404, CHECKOUT_TEXTS.serviceNotFound);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
    expect(await ordersOfBuyer(seller.id)).toEqual([]);
  });
});

describe("the start limit", () => {
  it("lets a buyer start 20 payments in 10 minutes, then answers 429 and writes no order", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    for (let i = 0; i < 20; i++) {
      await json(await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201);
    }
    const res = await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await ordersOfBuyer(buyer.id)).toHaveLength(20);
  });
});

describe("test mode (no STRIPE_SECRET_KEY)", () => {
  it("writes the same pending order and points Checkout at the local TEST MODE page", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id, { priceCents: 1_010 });
    const body = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201);
    expect(body).toMatchObject({ testMode: true, url: `http://localhost/api/checkout/test/${body.orderId}` });
    expect(await orderRow(body.orderId)).toMatchObject({ status: "pending", provider: "test", priceCents: 1_010, feeCents: 51, totalCents: 1_061 });

    const page = await api(`/api/checkout/test/${body.orderId}`, { cookie: buyer.cookie });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(CHECKOUT_TEXTS.testPage.banner);
    expect(html).toContain("$10.61");
    expect(html).not.toMatch(/card number|cvc/i);
  });

  it("completes from the TEST MODE page's form to /payment-success, or back to the item on a decline", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    const pay = async () =>
      (await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201)).orderId;
    const form = (outcome: string) => ({ raw: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" }, cookie: buyer.cookie });

    const paidId = await pay();
    const ok = await api(`/api/checkout/test/${paidId}`, form("success"));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/payment-success?session_id=test_${paidId}&order=${paidId}`);
    expect((await orderRow(paidId))!.status).toBe("paid");

    const declinedId = await pay();
    const no = await api(`/api/checkout/test/${declinedId}`, form("decline"));
    expect(no.headers.get("location")).toBe(`/product/${productId}`);
    expect((await orderRow(declinedId))!.status).toBe("failed");

    // Back on the page, neither order can be paid again, and each says how it ended.
    const after = async (id: string) => (await api(`/api/checkout/test/${id}`, { cookie: buyer.cookie })).text();
    const paidPage = await after(paidId);
    expect(paidPage).not.toContain("<form");
    expect(paidPage).toContain(CHECKOUT_TEXTS.testPage.paid);
    const failedPage = await after(declinedId);
    expect(failedPage).not.toContain("<form");
    expect(failedPage).toContain(CHECKOUT_TEXTS.testPage.declined);
    await expectError(await api(`/api/checkout/test/${declinedId}`, { ...form("sideways") }), 400, "Invalid request");
  });

  // Found by the fuzz suite as the buyer (tests/worker/fuzz/bodies.test.ts): a multipart type
  // without a boundary made parseBody throw, and the page's form answered 500.
  it("answers a form it cannot read with 400 and leaves the order pending", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    const { orderId } = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201);
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const res = await api(`/api/checkout/test/${orderId}`, { raw: new Uint8Array(), headers: { "content-type": contentType }, cookie: buyer.cookie });
      await expectError(res, 400, "Invalid request");
    }
    expect((await orderRow(orderId))!.status).toBe("pending");
  });
});

describe("receipts", () => {
  it("mails the buyer a receipt and the seller a sale once a test payment succeeds, and nothing on a decline", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id, { priceCents: 2_000 });
    const start = async () =>
      (await json<CreateEmbeddedPaymentResponse>(await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201)).orderId;
    const declined = await start();
    await json(await api(`/api/checkout/test/${declined}/confirm`, { cookie: buyer.cookie, body: { outcome: "decline" } }), 200);
    expect(await outbox(buyer.email)).toEqual([]);

    const paid = await start();
    await json(await api(`/api/checkout/test/${paid}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
    const [receipt] = await outbox(buyer.email);
    const [sale] = await outbox(seller.email);
    const item = (await orderRow(paid))!.itemName;
    expect(receipt).toMatchObject({ subject: CHECKOUT_TEXTS.mail.receiptSubject(item) });
    expect(receipt!.text).toContain("$21");
    expect(receipt!.text).toContain(`/orders/${paid}`);
    expect(sale).toMatchObject({ subject: CHECKOUT_TEXTS.mail.saleSubject(item) });
    expect(sale!.text).toContain("$20");
  });
});
