// Nothing waits forever (issue #26): a Stripe order still pending a day after it was started is
// ended with Stripe by the daily cron, so neither the buyer's card nor the order hangs. The
// PaymentIntent is cancelled (the embedded form) or the Checkout Session expired; when Stripe
// answers that it was in fact paid, the order is fulfilled through the one fulfilment path
// instead. Errors are logged per order and never thrown out of the cron.
import { MONEY_TEXTS } from "@shared/messages";
import { markProviderChecked, stalePendingStripeOrders, type OrderRow } from "../../db/queries/orders";
import { failPendingOrder, fulfilPaidOrder, type PaymentContext } from "./orders";
import { createStripe, paymentsMode, type Stripe } from "./stripe";

/** A Stripe payment nobody finished within a day is not going to be finished. */
const STRIPE_PAYMENT_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Orders handled per run; the next day's run takes the rest. */
const BATCH = 50;

type Outcome = "expired" | "paid" | "left";

function intentIdOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function settleIntent(ctx: PaymentContext, stripe: Stripe, order: OrderRow, intentId: string): Promise<Outcome> {
  try {
    await stripe.paymentIntents.cancel(intentId);
  } catch (error) {
    // Refused: most likely it succeeded (or is processing) meanwhile. Stripe's word decides.
    const intent = await stripe.paymentIntents.retrieve(intentId);
    if (intent.status === "succeeded" && intent.amount_received === order.totalCents) {
      return (await fulfilPaidOrder(ctx, { orderId: order.id, paymentIntentId: intent.id })) ? "paid" : "left";
    }
    if (intent.status !== "canceled") {
      ctx.log.warn("a stale payment could not be cancelled", { orderId: order.id, status: intent.status, error });
      return "left";
    }
  }
  return (await failPendingOrder(ctx, { orderId: order.id, to: "expired", note: MONEY_TEXTS.notes.paymentAbandoned })) ? "expired" : "left";
}

async function settleSession(ctx: PaymentContext, stripe: Stripe, order: OrderRow, sessionId: string): Promise<Outcome> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    // Only an open session can be expired: one that completed was paid (or is being paid).
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid" && session.amount_total === order.totalCents) {
      return (await fulfilPaidOrder(ctx, { orderId: order.id, paymentIntentId: intentIdOf(session.payment_intent) })) ? "paid" : "left";
    }
    if (session.status !== "expired") {
      ctx.log.warn("a stale checkout session could not be expired", { orderId: order.id, status: session.status, error });
      return "left";
    }
  }
  return (await failPendingOrder(ctx, { orderId: order.id, to: "expired", note: MONEY_TEXTS.notes.paymentAbandoned })) ? "expired" : "left";
}

/** Ends the Stripe orders pending for more than a day; only with real keys (paymentsMode "stripe"). */
export async function expireStalePayments(ctx: PaymentContext): Promise<{ expired: number; paid: number; left: number }> {
  const counts = { expired: 0, paid: 0, left: 0 };
  if (paymentsMode(ctx.env) !== "stripe") return counts;
  const stripe = createStripe(ctx.env.STRIPE_SECRET_KEY!);
  for (const order of await stalePendingStripeOrders(ctx.db, ctx.now - STRIPE_PAYMENT_ABANDONED_AFTER_MS, BATCH)) {
    try {
      let outcome: Outcome;
      if (order.providerPaymentIntentId) outcome = await settleIntent(ctx, stripe, order, order.providerPaymentIntentId);
      else if (order.providerSessionId) outcome = await settleSession(ctx, stripe, order, order.providerSessionId);
      // Never reached Stripe (the order was written, then the process died): nothing to cancel.
      else outcome = (await failPendingOrder(ctx, { orderId: order.id, to: "expired", note: MONEY_TEXTS.notes.paymentAbandoned })) ? "expired" : "left";
      counts[outcome] += 1;
      if (outcome === "left") await markProviderChecked(ctx.db, order.id, ctx.now);
    } catch (error) {
      counts.left += 1;
      ctx.log.error("a stale payment could not be settled", { orderId: order.id, error });
      await markProviderChecked(ctx.db, order.id, ctx.now).catch(() => undefined);
    }
  }
  return counts;
}
