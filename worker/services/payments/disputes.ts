// Card disputes (issue #26, decision record 0081). Stripe tells us when a buyer's bank opens a
// dispute on a charge (charge.dispute.created) and how it ends (charge.dispute.closed). While it
// is open the buyer's downloads pause and the sale's money counts as held (shared/rules/
// earnings.ts); won, the sale stands; lost, the bank took the money back and the order moves to
// refunded (a chargeback), so no buyer keeps both the file and the money. Each change is a guarded
// update on dispute_status, so a replayed or out-of-order event changes nothing twice: a late
// `created` after `closed` does not reopen the dispute.
import { MONEY_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { closeDispute, findOrderByProviderRef, getOrder, openDispute, type OrderRow } from "../../db/queries/orders";
import { disputeEvent } from "../notifications/events";
import { notify } from "../notifications/notify";
import { mailParties, markRefundedByProvider, type PaymentContext } from "./orders";
import { createStripe, paymentsMode, type Stripe } from "./stripe";

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * The order a dispute is about: by its PaymentIntent, else by its charge's (an expanded charge
 * carries our orderId in its metadata; a bare charge id is looked up with Stripe when keys are set).
 */
async function orderOfDispute(ctx: PaymentContext, dispute: Stripe.Dispute): Promise<OrderRow | null> {
  const intent = idOf(dispute.payment_intent);
  if (intent) {
    const order = await findOrderByProviderRef(ctx.db, { paymentIntentId: intent });
    if (order) return order;
  }
  let charge: Stripe.Charge | null = typeof dispute.charge === "object" ? dispute.charge : null;
  if (!charge && typeof dispute.charge === "string" && paymentsMode(ctx.env) === "stripe") {
    try {
      charge = await createStripe(ctx.env.STRIPE_SECRET_KEY!).charges.retrieve(dispute.charge);
    } catch (error) {
      ctx.log.warn("stripe charge of a dispute not found", { disputeId: dispute.id, error });
    }
  }
  if (!charge) return null;
  return findOrderByProviderRef(ctx.db, { orderId: charge.metadata?.orderId, paymentIntentId: idOf(charge.payment_intent) });
}

/** charge.dispute.created: the dispute is recorded, downloads pause and the seller is told (a push and a mail). */
export async function disputeOpened(ctx: PaymentContext, dispute: Stripe.Dispute): Promise<OrderRow | null> {
  const order = await orderOfDispute(ctx, dispute);
  if (!order) {
    ctx.log.warn("a dispute names no order of ours", { disputeId: dispute.id });
    return null;
  }
  const row = await openDispute(ctx.db, { orderId: order.id, disputeId: dispute.id, note: MONEY_TEXTS.notes.disputeOpened, now: ctx.now });
  if (!row) return null;
  await notify(ctx, [disputeEvent(row, { disputeId: dispute.id, at: ctx.now })]);
  const t = MONEY_TEXTS.mail;
  await mailParties(ctx, row, { seller: { subject: t.disputeOpenedSubject(row.itemName), intro: t.disputeOpenedIntro(row.itemName, formatCents(row.priceCents)) } });
  return row;
}

/** What Stripe's closing status means for the order: won (also a closed inquiry or warning) or lost. */
function outcomeOf(status: Stripe.Dispute.Status): "won" | "lost" | null {
  if (status === "lost") return "lost";
  if (status === "won" || status === "warning_closed") return "won";
  return null;
}

/**
 * charge.dispute.closed: the outcome is recorded once. Lost: the order is refunded (a chargeback,
 * the seller told); won: the seller is told the sale stands.
 */
export async function disputeClosed(ctx: PaymentContext, dispute: Stripe.Dispute): Promise<OrderRow | null> {
  const outcome = outcomeOf(dispute.status);
  if (!outcome) return null;
  const order = await orderOfDispute(ctx, dispute);
  if (!order) {
    ctx.log.warn("a dispute names no order of ours", { disputeId: dispute.id });
    return null;
  }
  const closed = await closeDispute(ctx.db, {
    orderId: order.id,
    disputeId: dispute.id,
    outcome,
    // A lost dispute's history line is the refund's own (with the chargeback note).
    note: outcome === "won" ? MONEY_TEXTS.notes.disputeWon : null,
    now: ctx.now,
  });
  if (!closed) return null;
  if (outcome === "lost") {
    const refunded = await markRefundedByProvider(ctx, { orderId: order.id, chargeback: true });
    return refunded ?? (await getOrder(ctx.db, order.id));
  }
  const t = MONEY_TEXTS.mail;
  await mailParties(ctx, closed, { seller: { subject: t.disputeWonSubject(closed.itemName), intro: t.disputeWonIntro(closed.itemName, formatCents(closed.priceCents)) } });
  return closed;
}
