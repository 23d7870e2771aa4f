// Seller payouts (decision records 0039 and 0081): the five payout states from Connect's
// account.updated (on its own endpoint and secret), requirements in our words, stale events
// ignored; Stripe onboarding (an Account Link once, a login link once the details are in) with a
// per-seller limit; the TEST MODE onboarding; the throttled refresh; and who can be bought from.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import type { CreateEmbeddedPaymentResponse, PayoutAccount } from "@shared/checkout-api";
import type { ProductDetail, ServiceDetail, OwnerProductPage, OwnerServicePage } from "@shared/marketplace-api";
import { CHECKOUT_TEXTS, PAYOUT_TEXTS } from "@shared/messages";
import type Stripe from "stripe";
import { payoutAccounts, stripeEvents } from "../../../worker/db/schema";
import {
  api,
  CONNECT_WEBHOOK_SECRET,
  connectSeller,
  db,
  expectError,
  fakeAccount,
  fakeRequirements,
  fakeStripe,
  insertPricedService,
  insertProduct,
  json,
  keyedApi,
  ordersOfBuyer,
  PRODUCT_BODY,
  sendWebhook,
  SERVICE_BODY,
  signedInUser,
  stripeEvent,
  WEBHOOK_SECRET,
  type FakeStripe,
} from "../helpers";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

async function payoutRow(userId: string) {
  const [row] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** A seller who has started Stripe onboarding: their Express account exists at Stripe and here. */
async function onboardedSeller() {
  const seller = await signedInUser();
  await json(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
  const [created] = stripe.callsTo("accounts.create");
  const accountId = (await payoutRow(seller.id))!.stripeAccountId;
  expect(created).toBeDefined();
  return { seller, accountId };
}

function accountUpdated(account: Stripe.Account, createdSeconds = Math.floor(Date.now() / 1000)) {
  return stripeEvent("account.updated", account, undefined, createdSeconds);
}

async function stateOf(cookie: string, keyed = true): Promise<PayoutAccount> {
  return json<PayoutAccount>(await (keyed ? keyedApi : api)("/api/payouts/account", { cookie }), 200);
}

describe("payout states from Connect's account.updated", () => {
  it("walks the five states, with what Stripe needs in our words and never its codes", async () => {
    const { seller, accountId } = await onboardedSeller();
    expect(await stateOf(seller.cookie)).toMatchObject({ state: "details_needed", chargesEnabled: false, mode: "stripe", syncedAt: null });

    // Started, not finished: details_needed, listing what is due.
    const due = ["external_account", "individual.dob.day", "individual.dob.month", "individual.verification.document", "tos_acceptance.date", "tos_acceptance.ip"];
    await sendWebhook(accountUpdated(fakeAccount({ id: accountId, requirements: fakeRequirements({ currently_due: due, disabled_reason: "requirements.past_due" }) })), { endpoint: "connect" });
    const needed = await stateOf(seller.cookie);
    expect(needed.state).toBe("details_needed");
    expect(needed.requirements).toEqual([
      PAYOUT_TEXTS.requirements.bankAccount,
      PAYOUT_TEXTS.requirements.dateOfBirth,
      PAYOUT_TEXTS.requirements.identityDocument,
      PAYOUT_TEXTS.requirements.terms,
    ]);
    expect(JSON.stringify(needed)).not.toMatch(/individual|tos_acceptance|external_account|past_due/);

    // Submitted, Stripe verifying: pending_verification.
    await sendWebhook(
      accountUpdated(fakeAccount({ id: accountId, details_submitted: true, requirements: fakeRequirements({ pending_verification: ["individual.id_number"], disabled_reason: "requirements.pending_verification" }) })),
      { endpoint: "connect" },
    );
    expect(await stateOf(seller.cookie)).toMatchObject({ state: "pending_verification", requirements: [], chargesEnabled: false });

    // Verified: enabled.
    await sendWebhook(accountUpdated(fakeAccount({ id: accountId, details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: fakeRequirements() })), { endpoint: "connect" });
    const enabled = await stateOf(seller.cookie);
    expect(enabled).toMatchObject({ state: "enabled", chargesEnabled: true, payoutsEnabled: true, requirements: [] });
    expect(enabled.syncedAt).toEqual(expect.any(Number));

    // Stripe later asks for more: restricted, saying what (each kind once).
    await sendWebhook(
      accountUpdated(
        fakeAccount({
          id: accountId,
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: false,
          requirements: fakeRequirements({ currently_due: ["individual.ssn_last_4"], past_due: ["individual.id_number", "business_profile.url"] }),
        }),
      ),
      { endpoint: "connect" },
    );
    expect(await stateOf(seller.cookie)).toMatchObject({ state: "restricted", requirements: [PAYOUT_TEXTS.requirements.idNumber, PAYOUT_TEXTS.requirements.website] });

    // Rejected by Stripe: restricted, with the reason in our words.
    await sendWebhook(
      accountUpdated(fakeAccount({ id: accountId, details_submitted: true, requirements: fakeRequirements({ disabled_reason: "rejected.fraud" }) })),
      { endpoint: "connect" },
    );
    expect(await stateOf(seller.cookie)).toMatchObject({ state: "restricted", chargesEnabled: false, requirements: [PAYOUT_TEXTS.disabled.rejected] });
    expect(await payoutRow(seller.id)).toMatchObject({ detailsSubmitted: true, chargesEnabled: false, requirementsDue: [], disabledReason: "rejected.fraud" });
  });

  it("maps unknown codes and other people's fields to plain sentences, deduplicated", async () => {
    const { seller, accountId } = await onboardedSeller();
    const due = ["person_1AbCdE.verification.document", "representative.address.line1", "company.tax_id", "business_profile.mcc", "some_future_field.value", "another_future_field"];
    await sendWebhook(accountUpdated(fakeAccount({ id: accountId, details_submitted: true, requirements: fakeRequirements({ past_due: due }) })), { endpoint: "connect" });
    expect((await stateOf(seller.cookie)).requirements).toEqual([
      PAYOUT_TEXTS.requirements.identityDocument,
      PAYOUT_TEXTS.requirements.address,
      PAYOUT_TEXTS.requirements.companyTaxId,
      PAYOUT_TEXTS.requirements.businessDescription,
      PAYOUT_TEXTS.requirements.other,
    ]);
  });

  it("ignores an event older than the state it holds, whatever order they arrive in", async () => {
    const { seller, accountId } = await onboardedSeller();
    const now = Math.floor(Date.now() / 1000);
    const newer = accountUpdated(fakeAccount({ id: accountId, details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: fakeRequirements() }), now);
    const older = accountUpdated(fakeAccount({ id: accountId }), now - 60);
    expect((await sendWebhook(newer, { endpoint: "connect" })).status).toBe(200);
    expect((await sendWebhook(older, { endpoint: "connect" })).status).toBe(200);
    expect(await payoutRow(seller.id)).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, syncedAt: now * 1000 });
    expect((await stateOf(seller.cookie)).state).toBe("enabled");
    // Both are recorded as handled: a replay of either changes nothing either.
    const handled = await db().select().from(stripeEvents).where(eq(stripeEvents.id, older.id));
    expect(handled).toHaveLength(1);
  });

  it("refuses an event signed with the other endpoint's secret, on both endpoints", async () => {
    const { seller, accountId } = await onboardedSeller();
    const event = accountUpdated(fakeAccount({ id: accountId, details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: fakeRequirements() }));
    await expectError(await sendWebhook(event, { endpoint: "connect", secret: WEBHOOK_SECRET }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    await expectError(await sendWebhook(event, { endpoint: "platform", secret: CONNECT_WEBHOOK_SECRET }), 400, CHECKOUT_TEXTS.webhookSignatureInvalid);
    expect((await payoutRow(seller.id))!.chargesEnabled).toBe(false);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    // Signed for it, the Connect endpoint takes it once; a replay is answered and changes nothing.
    expect((await sendWebhook(event, { endpoint: "connect" })).status).toBe(200);
    await db().update(payoutAccounts).set({ chargesEnabled: false }).where(eq(payoutAccounts.userId, seller.id));
    expect((await sendWebhook(event, { endpoint: "connect" })).status).toBe(200);
    expect((await payoutRow(seller.id))!.chargesEnabled).toBe(false);
  });
});

describe("onboarding with Stripe keys", () => {
  it("creates the seller's Express account once and answers an Account Link back to /payments each time", async () => {
    const seller = await signedInUser();
    const first = await json<{ url: string }>(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    await json(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);

    const created = stripe.callsTo("accounts.create");
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`payout-account-${seller.id}`);
    expect(created[0]!.params).toMatchObject({ type: "express", email: seller.email, metadata: { userId: seller.id } });
    const row = await payoutRow(seller.id);
    expect(row).toMatchObject({ mode: "stripe", chargesEnabled: false, detailsSubmitted: false });

    const links = stripe.callsTo("account_links.create");
    expect(links.map((l) => l.params)).toEqual([
      { account: row!.stripeAccountId, type: "account_onboarding", return_url: "http://localhost/payments?payouts=return", refresh_url: "http://localhost/payments?payouts=refresh" },
      { account: row!.stripeAccountId, type: "account_onboarding", return_url: "http://localhost/payments?payouts=return", refresh_url: "http://localhost/payments?payouts=refresh" },
    ]);
    // The typed accessor reads Stripe's own parameter types.
    expectTypeOf(links[0]!.params.type).toEqualTypeOf<Stripe.AccountLinkCreateParams.Type>();
  });

  it("answers a login link to the Express dashboard once the details are in", async () => {
    const { seller, accountId } = await onboardedSeller();
    // Stripe holds the account as finished; the webhook says so.
    const done = fakeAccount({ id: accountId, details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: fakeRequirements() });
    stripe.put(done);
    await sendWebhook(accountUpdated(done), { endpoint: "connect" });
    const link = await json<{ url: string }>(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    expect(link.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/express/${accountId}/`));
    expect(stripe.callsTo("accounts.login_links.create").map((c) => c.path)).toEqual([`/v1/accounts/${accountId}/login_links`]);
    expect(stripe.callsTo("account_links.create")).toHaveLength(1);
  });

  it("limits links to 10 an hour per seller, with our 429", async () => {
    const seller = await signedInUser();
    for (let i = 0; i < 10; i += 1) await json(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    const refused = await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} });
    await expectError(refused, 429, "Please wait 60 minutes before trying again");
    expect(stripe.callsTo("account_links.create")).toHaveLength(10);
    // Another seller has their own budget.
    const other = await signedInUser();
    await json(await keyedApi("/api/payouts/onboarding-link", { cookie: other.cookie, body: {} }), 200);
  });

  it("shows our words, never Stripe's, when Stripe refuses", async () => {
    const seller = await signedInUser();
    stripe.failNext("/v1/accounts", "Invalid API Key provided: sk_live_secret_123. No such destination acct_9", { type: "authentication_error" });
    const res = await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} });
    const body = await res.text();
    expect(res.status).toBe(503);
    expect(JSON.parse(body)).toMatchObject({ error: { message: PAYOUT_TEXTS.stripeErrors.configuration } });
    expect(body).not.toMatch(/sk_live|acct_9|No such destination/);
    expect(await payoutRow(seller.id)).toBeUndefined();
  });

  it("offers Stripe's onboarding to a seller whose only account is a TEST MODE stand-in", async () => {
    const seller = await signedInUser();
    await insertProduct(seller.id); // the factories' test-mode account
    expect(await stateOf(seller.cookie)).toMatchObject({ state: "not_set_up", mode: "stripe" });
    await json(await keyedApi("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    expect(await payoutRow(seller.id)).toMatchObject({ mode: "stripe", chargesEnabled: false });
  });
});

describe("refresh", () => {
  it("asks Stripe at most once per 10 seconds per seller and stores what it says", async () => {
    const { seller, accountId } = await onboardedSeller();
    stripe.put(fakeAccount({ id: accountId, details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: fakeRequirements() }));
    const [a, b] = await Promise.all([
      keyedApi("/api/payouts/refresh", { cookie: seller.cookie, body: {} }),
      keyedApi("/api/payouts/refresh", { cookie: seller.cookie, body: {} }),
    ]);
    const answers = [await json<PayoutAccount>(a!, 200), await json<PayoutAccount>(b!, 200)];
    expect(stripe.callsTo("accounts.retrieve")).toHaveLength(1);
    expect(answers.map((x) => x.state)).toContain("enabled");
    expect(await json<PayoutAccount>(await keyedApi("/api/payouts/refresh", { cookie: seller.cookie, body: {} }), 200)).toMatchObject({ state: "enabled" });
    expect(stripe.callsTo("accounts.retrieve")).toHaveLength(1);
    expect(await payoutRow(seller.id)).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
  });

  it("answers the stored state without asking anyone in test mode, and for a seller with no account", async () => {
    const seller = await signedInUser();
    expect(await json<PayoutAccount>(await api("/api/payouts/refresh", { cookie: seller.cookie, body: {} }), 200)).toMatchObject({ state: "not_set_up", mode: "test" });
    expect(await json<PayoutAccount>(await keyedApi("/api/payouts/refresh", { cookie: seller.cookie, body: {} }), 200)).toMatchObject({ state: "not_set_up", mode: "stripe" });
    expect(stripe.calls).toEqual([]);
  });
});

describe("TEST MODE onboarding", () => {
  it("links to the Worker's labelled page, whose buttons set the seller's stand-in account and return to /payments", async () => {
    const seller = await signedInUser();
    expect(await stateOf(seller.cookie, false)).toEqual({ state: "not_set_up", chargesEnabled: false, payoutsEnabled: false, requirements: [], mode: "test", syncedAt: null });
    const link = await json<{ url: string }>(await api("/api/payouts/onboarding-link", { cookie: seller.cookie, body: {} }), 200);
    expect(link.url).toBe("http://localhost/api/payouts/test-onboarding");

    const page = await api("/api/payouts/test-onboarding", { cookie: seller.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(PAYOUT_TEXTS.testPage.banner);
    expect(html).toContain(PAYOUT_TEXTS.testPage.complete);
    expect(html).toContain(PAYOUT_TEXTS.testPage.unfinished);
    expect(html).toContain('class="banner"');

    const form = (outcome: string) => ({ raw: new TextEncoder().encode(`outcome=${outcome}`), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const unfinished = await api("/api/payouts/test-onboarding", { cookie: seller.cookie, ...form("unfinished") });
    expect(unfinished.status).toBe(303);
    expect(unfinished.headers.get("location")).toBe("/payments?payouts=return");
    const afterUnfinished = await stateOf(seller.cookie, false);
    expect(afterUnfinished).toMatchObject({ state: "details_needed", chargesEnabled: false });
    expect(afterUnfinished.requirements.length).toBeGreaterThan(0);
    const standIn = (await payoutRow(seller.id))!.stripeAccountId;
    expect(standIn).toMatch(/^acct_test_/);

    const complete = await api("/api/payouts/test-onboarding", { cookie: seller.cookie, ...form("complete") });
    expect(complete.status).toBe(303);
    expect(await stateOf(seller.cookie, false)).toMatchObject({ state: "enabled", chargesEnabled: true, payoutsEnabled: true, requirements: [] });
    expect(await payoutRow(seller.id)).toMatchObject({ mode: "test", stripeAccountId: standIn, detailsSubmitted: true });
    expect(stripe.calls).toEqual([]);

    await expectError(await api("/api/payouts/test-onboarding", { cookie: seller.cookie, ...form("sideways") }), 400, "Invalid request");
    // A form that cannot be read is bad input too (the fuzz suite found it answering 500).
    const unreadable = await api("/api/payouts/test-onboarding", { cookie: seller.cookie, raw: new TextEncoder().encode("outcome=unfinished"), headers: { "content-type": "multipart/form-data" } });
    await expectError(unreadable, 400, "Invalid request");
    expect((await payoutRow(seller.id))!.chargesEnabled).toBe(true);
  });

  it("does not exist with Stripe keys", async () => {
    const seller = await signedInUser();
    await expectError(await keyedApi("/api/payouts/test-onboarding", { cookie: seller.cookie }), 404, PAYOUT_TEXTS.notTestMode);
    const res = await keyedApi("/api/payouts/test-onboarding", {
      cookie: seller.cookie,
      raw: new TextEncoder().encode("outcome=complete"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await expectError(res, 404, PAYOUT_TEXTS.notTestMode);
    expect(await payoutRow(seller.id)).toBeUndefined();
  });
});

describe("who can be bought from", () => {
  it("refuses a seller without payouts in test mode too, writing no order", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id, { payable: false });
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 409, CHECKOUT_TEXTS.sellerNotPayable);
    await expectError(await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 409, CHECKOUT_TEXTS.sellerNotPayable);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
  });

  it("with keys, refuses a TEST MODE stand-in and a Stripe account that cannot take charges; pays a connected one", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const productId = await insertProduct(seller.id); // a test-mode stand-in
    const buy = () => keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } });
    await expectError(await buy(), 409, CHECKOUT_TEXTS.sellerNotPayable);
    const account = await connectSeller(seller.id);
    await db().update(payoutAccounts).set({ chargesEnabled: false }).where(eq(payoutAccounts.userId, seller.id));
    await expectError(await buy(), 409, CHECKOUT_TEXTS.sellerNotPayable);
    expect(stripe.calls).toEqual([]);
    expect(await ordersOfBuyer(buyer.id)).toEqual([]);
    await db().update(payoutAccounts).set({ chargesEnabled: true }).where(eq(payoutAccounts.userId, seller.id));
    const paid = await json<CreateEmbeddedPaymentResponse>(await buy(), 201);
    expect(paid.testMode).toBe(false);
    expect(stripe.callsTo("payment_intents.create")[0]!.params.transfer_data).toEqual({ destination: account });
  });

  it("carries sellerPayable on every list and detail answer, by the mode's rule", async () => {
    const payable = await signedInUser();
    const unpaid = await signedInUser();
    const visitorView = async (keyed: boolean, path: string) => json<ServiceDetail | ProductDetail>(await (keyed ? keyedApi : api)(path), 200);
    const serviceA = await insertPricedService(payable.id);
    const productA = await insertProduct(payable.id);
    const serviceB = await insertPricedService(unpaid.id, { payable: false });
    const productB = await insertProduct(unpaid.id, { payable: false });

    // Test mode: the stand-in account counts.
    expect((await visitorView(false, `/api/services/${serviceA}`)).sellerPayable).toBe(true);
    expect((await visitorView(false, `/api/products/${productA}`)).sellerPayable).toBe(true);
    expect((await visitorView(false, `/api/services/${serviceB}`)).sellerPayable).toBe(false);
    expect((await visitorView(false, `/api/products/${productB}`)).sellerPayable).toBe(false);
    const ownServices = await json<OwnerServicePage>(await api("/api/services", { cookie: payable.cookie }), 200);
    const ownProducts = await json<OwnerProductPage>(await api("/api/products", { cookie: unpaid.cookie }), 200);
    expect(ownServices.items.map((s) => s.sellerPayable)).toEqual([true]);
    expect(ownProducts.items.map((p) => p.sellerPayable)).toEqual([false]);

    // With keys a stand-in is not enough; a connected Stripe account is.
    expect((await visitorView(true, `/api/services/${serviceA}`)).sellerPayable).toBe(false);
    await connectSeller(payable.id);
    expect((await visitorView(true, `/api/products/${productA}`)).sellerPayable).toBe(true);
    const created = await json<{ sellerPayable: boolean }>(
      await keyedApi("/api/services", { cookie: payable.cookie, body: SERVICE_BODY }),
      201,
    );
    expect(created.sellerPayable).toBe(true);
    const createdUnpaid = await json<{ sellerPayable: boolean }>(
      await api("/api/products", { cookie: unpaid.cookie, body: PRODUCT_BODY }),
      201,
    );
    expect(createdUnpaid.sellerPayable).toBe(false);
  });
});
