// Stripe's webhooks (decision records 0037 and 0081): the platform's own payment events on
// /stripe, connected accounts' events (account.updated) on /stripe-connect, each endpoint with its
// own signing secret, so an event signed for one is refused by the other. The signature is
// verified on the raw body before anything is read from it; each event id is stored once its
// handling succeeded, so a replay is answered without touching anything; and every change is a
// guarded transition (or, for accounts, a write guarded by the event's time), so events that
// arrive twice at once, or out of order, leave each order and account in the right state.
import type { Context } from "hono";
import { Hono } from "hono";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { findOrderByProviderRef, recordStripeEvent, stripeEventSeen } from "../db/queries/orders";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { failPendingOrder, fulfilPaidOrder, markRefundedByProvider, type PaymentContext } from "../services/payments/orders";
import { disputeClosed, disputeOpened } from "../services/payments/disputes";
import { applyAccountUpdate } from "../services/payments/payouts";
import { purgeSellerItemPages } from "./shared-pages";
import { verifyWebhook, type Stripe } from "../services/payments/stripe";

type Ref = { orderId?: string | null; sessionId?: string | null; paymentIntentId?: string | null };

function intentId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * A success whose amount is not the order's total is not fulfilled: the order keeps waiting and
 * the mismatch is logged, since only a bug or tampering on Stripe's side could cause it.
 */
async function paid(ctx: PaymentContext, ref: Ref, amountCents: number | null): Promise<void> {
  const order = await findOrderByProviderRef(ctx.db, ref);
  if (!order) return;
  if (amountCents !== null && amountCents !== order.totalCents) {
    ctx.log.error("stripe amount differs from the order total", { orderId: order.id, amountCents, totalCents: order.totalCents });
    return;
  }
  await fulfilPaidOrder(ctx, { orderId: order.id, paymentIntentId: ref.paymentIntentId });
}

async function failed(ctx: PaymentContext, ref: Ref, to: "failed" | "expired"): Promise<void> {
  const order = await findOrderByProviderRef(ctx.db, ref);
  if (order) await failPendingOrder(ctx, { orderId: order.id, to });
}

/** The platform endpoint's events: payments, refunds. */
async function handlePaymentEvent(ctx: PaymentContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed method (bank debit) completes the session unpaid; its own success event follows.
      if (session.payment_status !== "paid") return;
      await paid(ctx, { orderId: session.metadata?.orderId, sessionId: session.id, paymentIntentId: intentId(session.payment_intent) }, session.amount_total);
      return;
    }
    case "checkout.session.async_payment_failed":
      await failed(ctx, { orderId: event.data.object.metadata?.orderId, sessionId: event.data.object.id }, "failed");
      return;
    case "checkout.session.expired":
      await failed(ctx, { orderId: event.data.object.metadata?.orderId, sessionId: event.data.object.id }, "expired");
      return;
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      await paid(ctx, { orderId: intent.metadata?.orderId, paymentIntentId: intent.id }, intent.amount_received);
      return;
    }
    case "payment_intent.payment_failed":
      await failed(ctx, { orderId: event.data.object.metadata?.orderId, paymentIntentId: event.data.object.id }, "failed");
      return;
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund leaves the order as it is; only the whole amount back ends it.
      if (!charge.refunded) return;
      const order = await findOrderByProviderRef(ctx.db, { orderId: charge.metadata?.orderId, paymentIntentId: intentId(charge.payment_intent) });
      if (order) await markRefundedByProvider(ctx, { orderId: order.id });
      return;
    }
    case "charge.dispute.created":
      await disputeOpened(ctx, event.data.object);
      return;
    case "charge.dispute.closed":
      await disputeClosed(ctx, event.data.object);
      return;
    default:
      // Other event types are not subscribed to; one that arrives anyway is acknowledged.
      return;
  }
}

/** The Connect endpoint's events: connected accounts' state. */
async function handleConnectEvent(ctx: PaymentContext, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "account.updated":
      await applyAccountUpdate(ctx, event.data.object, event.created);
      // Whether the seller's items can be bought may have changed (decision record 0097).
      await purgeSellerItemPages(ctx, { stripeAccountId: event.data.object.id });
      return;
    default:
      return;
  }
}

type SecretName = "STRIPE_WEBHOOK_SECRET" | "STRIPE_CONNECT_WEBHOOK_SECRET";

async function verified(c: Context<AppEnv>, secretName: SecretName): Promise<Stripe.Event> {
  const secret = c.env[secretName];
  if (!secret) throw new ApiError("unavailable", CHECKOUT_TEXTS.webhookNotConfigured);
  const signature = c.req.header("stripe-signature");
  const raw = await c.req.text();
  if (!signature) throw new ApiError("bad_request", CHECKOUT_TEXTS.webhookSignatureInvalid);
  try {
    return await verifyWebhook(raw, signature, secret);
  } catch {
    throw new ApiError("bad_request", CHECKOUT_TEXTS.webhookSignatureInvalid);
  }
}

/** One endpoint: verify with its secret, handle each event id once, acknowledge. */
async function receive(c: Context<AppEnv>, secretName: SecretName, handle: (ctx: PaymentContext, event: Stripe.Event) => Promise<void>) {
  const event = await verified(c, secretName);
  if (await stripeEventSeen(c.var.db, event.id)) return c.json({ received: true }, 200);
  await handle(c.var.ctx, event);
  await recordStripeEvent(c.var.db, event.id, event.type);
  return c.json({ received: true }, 200);
}

/** Mounted at /webhooks. */
export const webhookRoutes = new Hono<AppEnv>()
  .post("/stripe", (c) => receive(c, "STRIPE_WEBHOOK_SECRET", handlePaymentEvent))
  .post("/stripe-connect", (c) => receive(c, "STRIPE_CONNECT_WEBHOOK_SECRET", handleConnectEvent));
