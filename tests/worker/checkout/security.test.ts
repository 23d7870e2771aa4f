// Checkout, orders, downloads and payouts against the security table (CONVENTIONS.md example 9),
// then what its rows cannot show: the test-mode routes complete only the buyer's own pending order,
// and with Stripe keys they do not exist at all.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreatePaymentResponse, OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { api, expectError, fakeStripe, insertProduct, json, keyedApi, orderRow, runCommonRouteTests, signedInUser, type FakeStripe } from "../helpers";
import { CHECKOUT_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(CHECKOUT_ROUTES);

describe("test mode belongs to the buyer", () => {
  let stripe: FakeStripe;
  beforeEach(() => {
    stripe = fakeStripe();
  });
  afterEach(() => stripe.restore());

  it("lets only the buyer confirm their pending order, once, through the webhook's fulfilment", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id);
    const { orderId } = await json<CreatePaymentResponse>(
      await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }),
      201,
    );
    await expectError(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: seller.cookie, body: { outcome: "success" } }), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: stranger.cookie, body: { outcome: "success" } }), 404, CHECKOUT_TEXTS.orderNotFound);
    expect((await orderRow(orderId))!.status).toBe("pending");

    const paid = await json<OrderDetail>(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
    expect(paid).toMatchObject({ status: "paid", testMode: true, actions: ["download"] });
    // A decline after success changes nothing: only a pending order fails.
    const again = await json<OrderDetail>(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "decline" } }), 200);
    expect(again.status).toBe("paid");
    expect(again.history.map((h) => h.status)).toEqual(["pending", "paid"]);
  });

  it("has no test routes when Stripe keys are set, so a Stripe order cannot be confirmed for free", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id);
    const { orderId } = await json<CreatePaymentResponse>(
      await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }),
      201,
    );
    await expectError(await keyedApi(`/api/checkout/test/${orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 404, CHECKOUT_TEXTS.notTestMode);
    await expectError(await keyedApi(`/api/checkout/test/${orderId}`, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.notTestMode);
    expect((await orderRow(orderId))!.status).toBe("pending");
  });
});
