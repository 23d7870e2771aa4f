// The order lifecycle (decision record 0037): every step, who may take it, the lists, the detail
// with its history, refunds (Stripe and local) and the daily automatic completions.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTO_COMPLETE_AFTER_DELIVERY_MS, AUTO_COMPLETE_AFTER_SHIPPING_MS, type OrderDetail, type OrderPage } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { completeDueOrders } from "../../../worker/cron/orders-auto-complete";
import { createLogger } from "../../../worker/lib/logger";
import {
  api,
  db,
  expectError,
  fakeStripe,
  historyOf,
  insertOrder,
  json,
  keyedApi,
  orderRow,
  signedInUser,
  type FakeStripe,
  type SignedInUser,
} from "../helpers";

let seller: SignedInUser;
let buyer: SignedInUser;
let stranger: SignedInUser;

beforeEach(async () => {
  [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
});

const post = (orderId: string, step: string, who: SignedInUser, body: unknown = {}) => api(`/api/orders/${orderId}/${step}`, { cookie: who.cookie, body });

describe("a service order", () => {
  it("goes paid → delivered → in progress on a revision → delivered → completed, each step by its side", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    const delivered = await json<OrderDetail>(await post(orderId, "deliver", seller, { note: "Mix v1 attached" }), 200);
    expect(delivered).toMatchObject({ status: "delivered", role: "seller" });
    expect(delivered.autoCompleteAt).toBe(delivered.statusChangedAt + AUTO_COMPLETE_AFTER_DELIVERY_MS);

    const buyerView = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(buyerView.actions).toEqual(["complete", "request-revision"]);
    expect(buyerView.counterpart.id).toBe(seller.id);

    await json<OrderDetail>(await post(orderId, "request-revision", buyer, { note: "More bass please" }), 200);
    expect((await orderRow(orderId))!.status).toBe("in_progress");
    await json<OrderDetail>(await post(orderId, "deliver", seller, { note: "Mix v2" }), 200);
    const done = await json<OrderDetail>(await post(orderId, "complete", buyer), 200);
    expect(done.status).toBe("completed");
    expect(done.history.map((h) => [h.status, h.actor, h.note])).toEqual([
      ["delivered", "seller", "Mix v1 attached"],
      ["in_progress", "buyer", "More bass please"],
      ["delivered", "seller", "Mix v2"],
      ["completed", "buyer", null],
    ]);
  });

  it("refuses the other side's steps (403), steps of another kind or state (409), and strangers (404), writing nothing", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    await expectError(await post(orderId, "deliver", buyer), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "refund", buyer), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "complete", seller), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "ship", seller), 409, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "complete", buyer), 409, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "request-revision", buyer), 409, CHECKOUT_TEXTS.stepNotAllowed);
    for (const step of ["deliver", "complete", "refund", "ship", "request-revision"]) {
      await expectError(await post(orderId, step, stranger), 404, CHECKOUT_TEXTS.orderNotFound);
    }
    await expectError(await api(`/api/orders/${orderId}`, { cookie: stranger.cookie }), 404, CHECKOUT_TEXTS.orderNotFound);
    expect((await orderRow(orderId))!.status).toBe("paid");
    expect(await historyOf(orderId)).toEqual([]);
  });

  it("takes a step once when both clicks race", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service", status: "delivered" });
    const results = await Promise.all([post(orderId, "complete", buyer), post(orderId, "complete", buyer), post(orderId, "request-revision", buyer)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await historyOf(orderId)).toHaveLength(1);
  });

  it("keeps a pending order out of every step", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service", status: "pending" });
    await expectError(await post(orderId, "deliver", seller), 409, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await post(orderId, "refund", seller), 409, CHECKOUT_TEXTS.stepNotAllowed);
  });
});

describe("a physical product order", () => {
  it("goes paid → shipped (with a tracking note) → completed by the buyer", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "physical" });
    await expectError(await post(orderId, "deliver", seller), 409, CHECKOUT_TEXTS.stepNotAllowed);
    const shipped = await json<OrderDetail>(await post(orderId, "ship", seller, { note: "UPS 1Z999" }), 200);
    expect(shipped.autoCompleteAt).toBe(shipped.statusChangedAt + AUTO_COMPLETE_AFTER_SHIPPING_MS);
    expect((await json<OrderDetail>(await post(orderId, "complete", buyer), 200)).status).toBe("completed");
    expect((await historyOf(orderId)).map((h) => h.note)).toContain("UPS 1Z999");
  });
});

describe("the daily cron", () => {
  it("completes shipped orders after 14 days and delivered services after 3, and nothing younger", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const oldShipped = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "physical", status: "shipped", statusChangedAt: now - 14 * day - 1 });
    const youngShipped = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "physical", status: "shipped", statusChangedAt: now - 13 * day });
    const oldDelivered = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "delivered", statusChangedAt: now - 3 * day - 1 });
    const youngDelivered = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "delivered", statusChangedAt: now - 2 * day });
    const result = await completeDueOrders({ env, db: db(), now, log: createLogger() });
    expect(result.completed).toBeGreaterThanOrEqual(2);
    expect((await orderRow(oldShipped))!.status).toBe("completed");
    expect((await orderRow(oldDelivered))!.status).toBe("completed");
    expect((await orderRow(youngShipped))!.status).toBe("shipped");
    expect((await orderRow(youngDelivered))!.status).toBe("delivered");
    expect((await historyOf(oldShipped)).map((h) => [h.status, h.actor])).toEqual([["completed", "system"]]);
    // A test-mode payment abandoned for a day expires; a Stripe one waits for Stripe.
    const abandoned = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "pending", statusChangedAt: now - day - 1 });
    const recent = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "pending", statusChangedAt: now - day + 60_000 });
    const atStripe = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "pending", provider: "stripe", statusChangedAt: now - 3 * day });
    expect((await completeDueOrders({ env, db: db(), now, log: createLogger() })).expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(abandoned))!.status).toBe("expired");
    expect((await orderRow(recent))!.status).toBe("pending");
    expect((await orderRow(atStripe))!.status).toBe("pending");
    // A second run finds nothing more to do for these.
    await completeDueOrders({ env, db: db(), now, log: createLogger() });
    expect(await historyOf(oldShipped)).toHaveLength(1);
  });
});

describe("refunds", () => {
  let stripe: FakeStripe;
  beforeEach(() => {
    stripe = fakeStripe();
  });
  afterEach(() => stripe.restore());

  it("refunds a test-mode order locally", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital", fileKey: "product-files/x" });
    expect((await json<OrderDetail>(await post(orderId, "refund", seller), 200)).status).toBe("refunded");
    expect(stripe.calls).toEqual([]);
  });

  it("refunds a Stripe order through Stripe with one idempotency key, then marks it refunded", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, provider: "stripe", providerPaymentIntentId: "pi_paid" });
    const res = await keyedApi(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} });
    expect((await json<OrderDetail>(res, 200)).status).toBe("refunded");
    expect(stripe.calls).toMatchObject([{ path: "/v1/refunds", idempotencyKey: `refund-${orderId}`, form: { payment_intent: "pi_paid" } }]);
  });

  it("leaves the order paid when Stripe refuses the refund", async () => {
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, provider: "stripe", providerPaymentIntentId: "pi_refused" });
    stripe.failNext("/v1/refunds", "Charge already refunded");
    await expectError(await keyedApi(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} }), 503, CHECKOUT_TEXTS.refundFailed);
    expect((await orderRow(orderId))!.status).toBe("paid");
  });
});

describe("order lists", () => {
  it("shows each side its own orders that were paid, newest first, page by page", async () => {
    const base = Date.now() - 10_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertOrder({ buyerId: buyer.id, sellerId: seller.id, createdAt: base + i }));
    await insertOrder({ buyerId: stranger.id, sellerId: seller.id, createdAt: base + 10 });
    // Attempts that never went through are on neither list.
    for (const status of ["pending", "failed", "expired"] as const) await insertOrder({ buyerId: buyer.id, sellerId: seller.id, createdAt: base + 20, status });
    const first = await json<OrderPage>(await api("/api/orders?role=buyer&limit=3", { cookie: buyer.cookie }), 200);
    expect(first.items.map((o) => o.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(first.items[0]!.counterpart.id).toBe(seller.id);
    const second = await json<OrderPage>(await api(`/api/orders?role=buyer&limit=3&cursor=${first.nextCursor}`, { cookie: buyer.cookie }), 200);
    expect(second.items.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();

    const sales = await json<OrderPage>(await api("/api/orders?role=seller&limit=20", { cookie: seller.cookie }), 200);
    expect(sales.items).toHaveLength(6);
    expect(sales.items.every((o) => o.role === "seller")).toBe(true);
    expect((await json<OrderPage>(await api("/api/orders?role=seller", { cookie: buyer.cookie }), 200)).items).toEqual([]);
    expect((await json<OrderPage>(await api("/api/orders", { cookie: stranger.cookie }), 200)).items).toHaveLength(1);
  });
});
