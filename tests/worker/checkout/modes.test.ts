// Production behaviour (DESIGN.md "Modes", decision record 0081, worker/lib/modes.ts): only
// ENVIRONMENT "development" or "test" relaxes anything. Through the app with production-like
// bindings and no Stripe key, nobody can "buy" for free: create-payment answers 503 with our text
// and writes no order; a Stripe test key is refused outside development and test unless
// STRIPE_ALLOW_TEST_KEY is "true"; the /dev routes are 404.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreatePaymentResponse, PayoutAccount } from "@shared/checkout-api";
import type { ProductDetail } from "@shared/marketplace-api";
import { CHECKOUT_TEXTS, PAYOUT_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { apiInEnvironment, connectSeller, expectError, fakeStripe, insertProduct, json, ordersOfBuyer, signedInUser, type FakeStripe } from "../helpers";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

const PRODUCTION_LIKE: [string, string | undefined][] = [
  ["production", "production"],
  ["staging (a named environment)", "staging"],
  ["empty", ""],
  ["misspelt", "Development"],
  ["missing", undefined],
];

describe.each(PRODUCTION_LIKE)("ENVIRONMENT %s without Stripe keys", (_, environment) => {
  const bindings = { ENVIRONMENT: environment, STRIPE_SECRET_KEY: undefined };

  it("refuses to start a payment, with our text, writing no order and asking no one", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    for (const route of ["create-payment", "create-embedded-payment"]) {
      const res = await apiInEnvironment(`/api/checkout/${route}`, bindings, { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } });
      await expectError(res, 503, CHECKOUT_TEXTS.providerUnavailable);
    }
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
    expect(stripe.calls).toEqual([]);
  });

  it("offers no payout onboarding, no TEST MODE page, and no seller as payable", async () => {
    const seller = await signedInUser();
    const productId = await insertProduct(seller.id);
    await expectError(await apiInEnvironment("/api/payouts/onboarding-link", bindings, { cookie: seller.cookie, body: {} }), 503, PAYOUT_TEXTS.unavailable);
    await expectError(await apiInEnvironment("/api/payouts/test-onboarding", bindings, { cookie: seller.cookie }), 404, PAYOUT_TEXTS.notTestMode);
    expect(await json<PayoutAccount>(await apiInEnvironment("/api/payouts/account", bindings, { cookie: seller.cookie }), 200)).toMatchObject({ mode: "unavailable", state: "not_set_up", chargesEnabled: false });
    expect((await json<ProductDetail>(await apiInEnvironment(`/api/products/${productId}`, bindings), 200)).sellerPayable).toBe(false);
  });

  it("answers 404 on the /dev routes", async () => {
    await expectError(await apiInEnvironment("/dev/outbox.json", bindings), 404, REQUEST_TEXTS.notFound);
    const page = await apiInEnvironment("/dev/outbox", bindings);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("<article>");
  });
});

describe("a Stripe test key", () => {
  async function buy(bindings: Record<string, string | undefined>) {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await connectSeller(seller.id);
    const productId = await insertProduct(seller.id);
    const res = await apiInEnvironment("/api/checkout/create-payment", bindings, { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } });
    return { res, buyer };
  }

  it("is refused in production: no order, no Stripe call", async () => {
    const { res, buyer } = await buy({ ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_test_fake" });
    await expectError(res, 503, CHECKOUT_TEXTS.providerUnavailable);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
    expect(stripe.calls).toEqual([]);
  });

  it("runs real Stripe mode in production when STRIPE_ALLOW_TEST_KEY is \"true\" (a staging deploy)", async () => {
    const { res, buyer } = await buy({ ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_ALLOW_TEST_KEY: "true" });
    const body = await json<CreatePaymentResponse>(res, 201);
    expect(body.testMode).toBe(false);
    expect(stripe.callsTo("checkout.sessions.create")).toHaveLength(1);
    expect((await ordersOfBuyer(buyer.id)).map((o) => [o.provider, o.status])).toEqual([["stripe", "pending"]]);
  });

  it("is not allowed by any other value of STRIPE_ALLOW_TEST_KEY", async () => {
    const { res, buyer } = await buy({ ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_ALLOW_TEST_KEY: "yes" });
    await expectError(res, 503, CHECKOUT_TEXTS.providerUnavailable);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
  });

  it("runs real Stripe mode in production with a live key", async () => {
    const { res } = await buy({ ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_live_fake" });
    expect((await json<CreatePaymentResponse>(res, 201)).testMode).toBe(false);
  });
});
