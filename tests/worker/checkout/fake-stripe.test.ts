// The in-memory Stripe stays honest (issue #26 item 10), and Stripe's errors become sentences of
// ours (item 9). The fake is driven through the real SDK, as the Worker drives it.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { PAYOUT_TEXTS } from "@shared/messages";
import { createStripe, stripeErrorText } from "../../../worker/services/payments/stripe";
import { fakeCharge, fakeDispute, fakeStripe, parseStripeForm, type FakeStripe } from "../helpers";

let fake: FakeStripe;
let stripe: Stripe;
beforeEach(() => {
  fake = fakeStripe();
  stripe = createStripe("sk_test_fake");
});
afterEach(() => fake.restore());

describe("parseStripeForm", () => {
  it("decodes bracket notation into nested objects and lists, values left as strings", () => {
    const body = new URLSearchParams({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "12345",
      "line_items[1][price_data][product_data][name]": "Platform fee",
      "metadata[orderId]": "o-1",
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { unit_amount: "12345" } }, { price_data: { product_data: { name: "Platform fee" } } }],
      metadata: { orderId: "o-1" },
    });
  });
});

describe("the fake's endpoints", () => {
  it("decode each call into the SDK's parameter types, read through a typed accessor", async () => {
    await stripe.refunds.create({ payment_intent: "pi_1", reverse_transfer: true, refund_application_fee: true, amount: 500, metadata: { orderId: "o-1" } }, { idempotencyKey: "refund-o-1" });
    const [call] = fake.callsTo("refunds.create");
    expect(call!.params).toEqual({ payment_intent: "pi_1", reverse_transfer: true, refund_application_fee: true, amount: 500, metadata: { orderId: "o-1" } });
    expect(call!.idempotencyKey).toBe("refund-o-1");
    // A renamed or retyped Stripe parameter fails this typecheck.
    expectTypeOf(call!.params.reverse_transfer).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(call!.params.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(call!.params).toEqualTypeOf<Stripe.RefundCreateParams>();
  });

  it("refuse a parameter the endpoint does not have, as Stripe does", async () => {
    // @ts-expect-error: not a refund parameter (the SDK's type refuses it too)
    const refused = stripe.refunds.create({ payment_intent: "pi_1", reverse_transfers: true });
    await expect(refused).rejects.toMatchObject({ type: "StripeInvalidRequestError", message: "Received unknown parameter: reverse_transfers" });
    // @ts-expect-error: amount is required
    await expect(stripe.paymentIntents.create({ currency: "usd" })).rejects.toMatchObject({ message: "Missing required param: amount." });
  });

  it("keep what they create and serve it back; unknown objects and paths are 404 like Stripe", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1000, product_data: { name: "Beat" } } }, { quantity: 1, price_data: { currency: "usd", unit_amount: 50, product_data: { name: "Fee" } } }],
      metadata: { orderId: "o-2" },
      success_url: "http://localhost/payment-success",
    });
    expect(session).toMatchObject({ object: "checkout.session", amount_total: 1050, status: "open", payment_status: "unpaid", metadata: { orderId: "o-2" } });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
    expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ status: "expired", url: null });

    const intent = await stripe.paymentIntents.create({ amount: 3149, currency: "usd", application_fee_amount: 150, transfer_data: { destination: "acct_1" } });
    expect(await stripe.paymentIntents.cancel(intent.id)).toMatchObject({ status: "canceled", amount: 3149, application_fee_amount: 150, transfer_data: { destination: "acct_1" } });

    await expect(stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404 });
    await expect(stripe.customers.create({ email: "a@example.test" })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("make Account Links only for accounts it holds, and login links only once onboarding is done", async () => {
    const account = await stripe.accounts.create({ type: "express", email: "seller@example.test" });
    expect(account).toMatchObject({ object: "account", type: "express", details_submitted: false, charges_enabled: false });
    const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", return_url: "http://localhost/payments?payouts=return" });
    expect(link.url).toContain(account.id);
    await expect(stripe.accountLinks.create({ account: "acct_nobody", type: "account_onboarding" })).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({ type: "StripeInvalidRequestError" });
    fake.put({ ...account, details_submitted: true });
    expect((await stripe.accounts.createLoginLink(account.id)).object).toBe("login_link");
  });
});

describe("the factories", () => {
  it("build the SDK's own objects, for the event payloads tests send", () => {
    const charge = fakeCharge({ amount: 10_500, payment_intent: "pi_1" });
    const dispute = fakeDispute({ charge: charge.id, payment_intent: "pi_1", amount: 10_500 });
    expectTypeOf(charge).toEqualTypeOf<Stripe.Charge>();
    expectTypeOf(dispute).toEqualTypeOf<Stripe.Dispute>();
    expect(charge).toMatchObject({ object: "charge", amount: 10_500, refunded: false, disputed: false });
    expect(dispute).toMatchObject({ object: "dispute", charge: charge.id, status: "needs_response" });
  });
});

describe("stripeErrorText", () => {
  it("answers a sentence of ours for each kind of Stripe error, never its message", () => {
    const raw = { message: "Invalid API Key provided: sk_live_secret; No such destination: 'acct_x'" };
    const cases: [Error, string][] = [
      [new Stripe.errors.StripeCardError(raw), PAYOUT_TEXTS.stripeErrors.card],
      [new Stripe.errors.StripeRateLimitError(raw), PAYOUT_TEXTS.stripeErrors.rateLimited],
      [new Stripe.errors.StripeConnectionError(raw), PAYOUT_TEXTS.stripeErrors.connection],
      [new Stripe.errors.StripeAPIError(raw), PAYOUT_TEXTS.stripeErrors.api],
      [new Stripe.errors.StripeInvalidRequestError(raw), PAYOUT_TEXTS.stripeErrors.invalidRequest],
      [new Stripe.errors.StripeAuthenticationError(raw), PAYOUT_TEXTS.stripeErrors.configuration],
      [new Stripe.errors.StripePermissionError(raw), PAYOUT_TEXTS.stripeErrors.configuration],
      [new Error(raw.message), PAYOUT_TEXTS.stripeErrors.other],
    ];
    for (const [error, sentence] of cases) {
      expect(stripeErrorText(error)).toBe(sentence);
      expect(stripeErrorText(error)).not.toMatch(/sk_live|acct_x/);
    }
  });
});
