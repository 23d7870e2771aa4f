// Seller payouts (decision record 0039): an Express account created once, an
// onboarding link, the status a seller sees, and test mode needing none of it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreateEmbeddedPaymentResponse, PayoutAccount } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { api, expectError, fakeStripe, insertProduct, json, keyedApi, sendWebhook, signedInUser, stripeEvent, type FakeStripe } from "../helpers";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

describe("with Stripe keys", () => {
  it("creates the seller's Express account once and answers an onboarding link each time", async () => {
    const seller = await signedInUser();
    const first = await json<{ url: string }>(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    await json(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    const created = stripe.calls.filter((c) => c.path === "/v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ idempotencyKey: `payout-account-${seller.id}`, form: { type: "express", email: seller.email } });
    const links = stripe.calls.filter((c) => c.path === "/v1/account_links");
    expect(links.map((l) => l.form.type)).toEqual(["account_onboarding", "account_onboarding"]);

    const pending = await json<PayoutAccount>(await keyedApi("/api/payouts/account", { cookie: seller.cookie }), 200);
    expect(pending).toMatchObject({ state: "details_needed", chargesEnabled: false, payoutsEnabled: false, mode: "stripe" });

    // Stripe reports the finished onboarding; from then on the seller can be bought from.
    await sendWebhook(stripeEvent("account.updated", { id: links[0]!.form.account, object: "account", charges_enabled: true, payouts_enabled: true }));
    expect(await json<PayoutAccount>(await keyedApi("/api/payouts/account", { cookie: seller.cookie }), 200)).toMatchObject({ state: "enabled" });
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    const payment = await json<CreateEmbeddedPaymentResponse>(
      await keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }),
      201,
    );
    expect(stripe.calls.at(-1)!.form["transfer_data[destination]"]).toBe(links[0]!.form.account);
    expect(payment.testMode).toBe(false);
  });
});

describe("test mode", () => {
  it("has no payouts to set up, and buying needs no connected seller", async () => {
    const seller = await signedInUser();
    expect(await json<PayoutAccount>(await api("/api/payouts/account", { cookie: seller.cookie }), 200)).toEqual({
      state: "not_set_up",
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: [],
      mode: "test",
      syncedAt: null,
    });
    await expectError(await api("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 409, CHECKOUT_TEXTS.payoutsNeedKeys);
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id);
    await json(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201);
    expect(stripe.calls).toEqual([]);
  });
});
