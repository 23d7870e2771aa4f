// Nothing waits forever (issue #26 item 5): the daily cron ends Stripe payments left pending for a
// day — the PaymentIntent cancelled or the Checkout Session expired — and fulfils the ones Stripe
// says were paid after all; digital sales never downloaded complete three days after payment.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIGITAL_AUTO_COMPLETE_AFTER_MS } from "@shared/checkout-api";
import { DAY_MS } from "@shared/constants";
import { MONEY_TEXTS } from "@shared/messages";
import { completeDueOrders } from "../../../worker/cron/orders-auto-complete";
import { orders } from "../../../worker/db/schema";
import { createLogger } from "../../../worker/lib/logger";
import { db, fakeCheckoutSession, fakePaymentIntent, fakeStripe, historyOf, insertOrder, orderRow, signedInUser, waitForMail, type FakeStripe, type SignedInUser } from "../helpers";

const keyed = { ...env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" };
const run = (now: number, withKeys = true) => completeDueOrders({ env: withKeys ? keyed : env, db: db(), now, log: createLogger(), origin: "https://backline.test" });

let stripe: FakeStripe;
let seller: SignedInUser;
let buyer: SignedInUser;
beforeEach(async () => {
  stripe = fakeStripe();
  [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
});
afterEach(() => stripe.restore());

async function stalePending(ref: { intent?: string; session?: string }, age = DAY_MS + 60_000) {
  const id = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "pending", provider: "stripe", statusChangedAt: Date.now() - age, providerPaymentIntentId: ref.intent ?? null });
  if (ref.session) await db().update(orders).set({ providerSessionId: ref.session }).where(eq(orders.id, id));
  return id;
}

describe("stale Stripe payments", () => {
  it("are cancelled or expired with Stripe after a day, then marked expired; younger ones wait", async () => {
    const staleIntent = `pi_stale_${crypto.randomUUID().slice(0, 8)}`;
    const staleSession = `cs_stale_${crypto.randomUUID().slice(0, 8)}`;
    // Stripe holds both, still open: the buyer never finished paying.
    stripe.objects.set(`/v1/payment_intents/${staleIntent}`, fakePaymentIntent({ id: staleIntent, status: "requires_payment_method", amount: 10_500 }));
    stripe.objects.set(`/v1/checkout/sessions/${staleSession}`, fakeCheckoutSession({ id: staleSession, status: "open", payment_status: "unpaid", amount_total: 10_500 }));
    const intentOrder = await stalePending({ intent: staleIntent });
    const sessionOrder = await stalePending({ session: staleSession });
    const young = await stalePending({ intent: `pi_young_${crypto.randomUUID().slice(0, 8)}` }, DAY_MS - 60_000);
    const result = await run(Date.now());
    expect(result.stripe.expired).toBeGreaterThanOrEqual(2);
    const intent = (await orderRow(intentOrder))!.providerPaymentIntentId!;
    const session = (await orderRow(sessionOrder))!.providerSessionId!;
    expect(stripe.calls.map((c) => [c.method, c.path])).toEqual(
      expect.arrayContaining([
        ["POST", `/v1/payment_intents/${intent}/cancel`],
        ["POST", `/v1/checkout/sessions/${session}/expire`],
      ]),
    );
    const youngIntent = (await orderRow(young))!.providerPaymentIntentId!;
    expect(stripe.calls.some((c) => c.path.includes(youngIntent))).toBe(false);
    expect((await orderRow(intentOrder))!.status).toBe("expired");
    expect((await orderRow(sessionOrder))!.status).toBe("expired");
    expect((await orderRow(young))!.status).toBe("pending");
    expect((await historyOf(intentOrder)).map((h) => [h.status, h.actor, h.note])).toEqual([["expired", "system", MONEY_TEXTS.notes.paymentAbandoned]]);
  });

  it("are fulfilled instead when Stripe refuses the cancel because the payment succeeded", async () => {
    const intent = `pi_paid_${crypto.randomUUID().slice(0, 8)}`;
    const orderId = await stalePending({ intent });
    stripe.failNext(`/v1/payment_intents/${intent}/cancel`, "You cannot cancel this PaymentIntent because it has a status of succeeded.");
    stripe.objects.set(`/v1/payment_intents/${intent}`, fakePaymentIntent({ id: intent, status: "succeeded", amount_received: 10_500 }));
    const result = await run(Date.now());
    expect(result.stripe.paid).toBeGreaterThanOrEqual(1);
    const row = (await orderRow(orderId))!;
    expect(row.status).toBe("paid");
    expect(row.paidAt).not.toBeNull();
    // The one fulfilment path: the receipt and the sale mail go out.
    expect(await waitForMail(buyer.email)).toHaveLength(1);
  });

  it("are fulfilled when the session cannot be expired because it was paid, and left when Stripe cannot say", async () => {
    const paidSession = `cs_paid_${crypto.randomUUID().slice(0, 8)}`;
    const paid = await stalePending({ session: paidSession });
    stripe.failNext(`/v1/checkout/sessions/${paidSession}/expire`, "Only Checkout Sessions with a status of open can be expired.");
    stripe.objects.set(`/v1/checkout/sessions/${paidSession}`, fakeCheckoutSession({ id: paidSession, status: "complete", payment_status: "paid", amount_total: 10_500, payment_intent: "pi_from_session" }));
    const unknownIntent = `pi_gone_${crypto.randomUUID().slice(0, 8)}`;
    const unknown = await stalePending({ intent: unknownIntent });
    stripe.failNext(`/v1/payment_intents/${unknownIntent}/cancel`, "Stripe is down");
    await run(Date.now());
    expect((await orderRow(paid))!).toMatchObject({ status: "paid", providerPaymentIntentId: "pi_from_session" });
    // Neither cancelled nor found: it stays pending, checked, for tomorrow's run; nothing was thrown.
    expect((await orderRow(unknown))!.status).toBe("pending");
    expect((await orderRow(unknown))!.providerCheckedAt).not.toBeNull();
  });

  it("are left to Stripe's own events without keys", async () => {
    const orderId = await stalePending({ intent: `pi_nokeys_${crypto.randomUUID().slice(0, 8)}` });
    await run(Date.now(), false);
    expect((await orderRow(orderId))!.status).toBe("pending");
    expect(stripe.calls).toEqual([]);
  });
});

describe("digital sales never downloaded", () => {
  it("complete three days after payment, not before, and not while disputed", async () => {
    const now = Date.now();
    const digital = (paidAgo: number) =>
      insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital", fileKey: "product-files/a/b/c.zip", status: "paid", statusChangedAt: now - paidAgo });
    const due = await digital(DIGITAL_AUTO_COMPLETE_AFTER_MS + 60_000);
    const young = await digital(DIGITAL_AUTO_COMPLETE_AFTER_MS - 60_000);
    const disputed = await digital(DIGITAL_AUTO_COMPLETE_AFTER_MS + 60_000);
    await db().update(orders).set({ disputeStatus: "open", disputeId: "dp_x" }).where(eq(orders.id, disputed));
    await run(now, false);
    expect((await orderRow(due))!.status).toBe("completed");
    expect((await historyOf(due)).map((h) => [h.status, h.actor, h.note])).toEqual([["completed", "system", MONEY_TEXTS.notes.digitalAutoComplete]]);
    expect((await orderRow(young))!.status).toBe("paid");
    expect((await orderRow(disputed))!.status).toBe("paid");
  });
});
