// The order state machine (decision record 0037): payment outcomes, the lifecycle steps each side
// may take, the daily automatic completions, and what a participant sees. Every change goes
// through transitionOrder's guarded update, so the payment provider, both parties and the cron
// can race without an order changing twice; only the caller that made a change sends its mail.
import {
  AUTO_COMPLETE_AFTER_DELIVERY_MS,
  DIGITAL_AUTO_COMPLETE_AFTER_MS,
  AUTO_COMPLETE_AFTER_SHIPPING_MS,
  type OrderAction,
  type OrderDetail,
  type OrderKind,
  type OrderRole,
  type OrderSummary,
  type PurchaseItemType,
} from "@shared/checkout-api";
import type { OrderStatus } from "@shared/constants";
import { CHECKOUT_TEXTS, MONEY_TEXTS, PAYMENTS_TEXTS } from "@shared/messages";
import { VERSIONS_MAX } from "@shared/revisions-api";
import { DIGITAL_DOWNLOAD_STATUSES, PAID_SALE_STATUSES, saleStanding } from "@shared/rules/earnings";
import { formatCents } from "@shared/rules/price";
import {
  counterpartOf,
  digitalOrdersDue,
  getOrder,
  markFilesDelivered,
  markFirstDownload,
  orderRecordOf,
  ordersDueIn,
  partyEmails,
  transitionOrder,
  type OrderFileRow,
  type OrderRow,
} from "../../db/queries/orders";
import { type PersonProfile, toPartyRef } from "../../db/queries/people";
import { gatherDrafts, type NoteRow, type VersionRow } from "../../db/queries/revisions";
import { newId } from "../../db/ids";
import { claimOffer } from "../../db/queries/payments";
import type { Bindings, Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { createMailer, linkMail } from "../mail";
import { chargebackEvent, orderPlacedEvent, orderStepEvent, providerRefundEvent } from "../notifications/events";
import { notify } from "../notifications/notify";
import { logger } from "../../lib/logger";
import { awaitsResolution, revisionView } from "./revision-view";
import { createStripe, paymentsMode, stripeErrorLog } from "./stripe";

/** States in which the buyer has paid and the money has not gone back (shared/rules/earnings.ts). */
const PAID_STATES: readonly OrderStatus[] = PAID_SALE_STATUSES;

function orderKind(order: Pick<OrderRow, "itemType" | "productType">): OrderKind {
  if (order.itemType === "service") return "service";
  return order.productType === "physical" ? "physical" : "digital";
}

/** What the order is for as the parties see it: an offer's order is stored as a service (decision record 0050). */
export function orderItemType(order: Pick<OrderRow, "itemType" | "offerId">): PurchaseItemType {
  return order.offerId ? "offer" : order.itemType;
}

type StepName = "ship" | "deliver" | "complete" | "request-revision" | "refund";

interface StepRule {
  by: OrderRole;
  kinds: readonly OrderKind[];
  from: readonly OrderStatus[];
  to: OrderStatus;
}

/** Who may move an order where: the table the route guards and the order page's buttons share. */
const STEPS: { readonly [Name in StepName]: StepRule } = {
  ship: { by: "seller", kinds: ["physical"], from: ["paid"], to: "shipped" },
  deliver: { by: "seller", kinds: ["service"], from: ["paid", "in_progress"], to: "delivered" },
  complete: { by: "buyer", kinds: ["physical", "service"], from: ["shipped", "delivered"], to: "completed" },
  "request-revision": { by: "buyer", kinds: ["service"], from: ["delivered"], to: "in_progress" },
  refund: { by: "seller", kinds: ["digital", "physical", "service"], from: PAID_STATES, to: "refunded" },
};

/**
 * Whether the buyer may download now: a digital product's file while the order stays paid (also
 * once completed), a service's delivered files once delivered (through revisions) until a refund.
 * An open card dispute pauses both until it closes; a lost one ends them (the order is refunded).
 */
export function canDownload(order: OrderRow): boolean {
  if (order.disputeStatus === "open") return false;
  const kind = orderKind(order);
  if (kind === "digital") return order.fileKey !== null && (DIGITAL_DOWNLOAD_STATUSES as readonly OrderStatus[]).includes(order.status);
  return kind === "service" && ["delivered", "in_progress", "completed"].includes(order.status);
}

/** Stripe refuses to refund a disputed charge: the seller's refund waits for the dispute to close. */
function refundBlocked(order: OrderRow): boolean {
  return order.disputeStatus === "open";
}

export function canAttachFiles(order: OrderRow): boolean {
  return orderKind(order) === "service" && (order.status === "paid" || order.status === "in_progress");
}

/** The order's versions and notes, for the steps that depend on them. */
interface RevisionRows {
  versions: readonly VersionRow[];
  notes: readonly NoteRow[];
}

function actionsFor(order: OrderRow, role: OrderRole, revisions: RevisionRows): OrderAction[] {
  const kind = orderKind(order);
  const actions: OrderAction[] = [];
  for (const [name, rule] of Object.entries(STEPS) as [StepName, StepRule][]) {
    if (name === "refund" && refundBlocked(order)) continue;
    if (rule.by === role && rule.kinds.includes(kind) && rule.from.includes(order.status)) actions.push(name);
  }
  if (role === "seller" && canAttachFiles(order)) actions.push("attach-file");
  // A service's files are offered one by one in `files`; "download" is the product's own file.
  if (role === "buyer" && kind === "digital" && canDownload(order)) actions.push("download");
  // Versions and revision notes (decision record 0091).
  if (role === "seller" && canAttachFiles(order) && revisions.versions.length < VERSIONS_MAX) actions.push("add-version");
  if (role === "buyer" && order.status === "delivered" && revisions.versions.some((v) => v.deliveredAt !== null)) actions.push("write-notes");
  if (role === "seller" && order.status === "in_progress" && revisions.notes.some(awaitsResolution)) actions.push("resolve-notes");
  return actions;
}

/** The caller's side of an order; null for anyone else (who is told the order does not exist). */
function roleOf(order: Pick<OrderRow, "buyerId" | "sellerId">, userId: string): OrderRole | null {
  if (order.buyerId === userId) return "buyer";
  if (order.sellerId === userId) return "seller";
  return null;
}

const orderNotFound = () => new ApiError("not_found", CHECKOUT_TEXTS.orderNotFound);

/** The order if the caller is a party to it, with their role; 404 otherwise, like a missing order. */
export async function requireOrderParty(ctx: Pick<Ctx, "db">, input: { orderId: string; userId: string }): Promise<{ order: OrderRow; role: OrderRole }> {
  const { userId } = input;
  const order = await getOrder(ctx.db, input.orderId);
  const role = order ? roleOf(order, userId) : null;
  if (!order || !role) throw orderNotFound();
  return { order, role };
}

// ---------------------------------------------------------------------------------------------
// What a participant sees

export function toSummary(order: OrderRow, role: OrderRole, counterpart: PersonProfile | null): OrderSummary {
  return {
    id: order.id,
    itemType: orderItemType(order),
    itemId: order.itemId,
    itemName: order.itemName,
    kind: orderKind(order),
    productType: order.productType,
    priceCents: order.priceCents,
    feeCents: order.feeCents,
    totalCents: order.totalCents,
    currency: order.currency,
    status: order.status,
    testMode: order.provider === "test",
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    statusChangedAt: order.statusChangedAt,
    role,
    counterpart: toPartyRef(role === "buyer" ? order.sellerId : order.buyerId, counterpart),
    packageLabel: order.packageLabel,
    dispute: order.disputeStatus,
    earning: role === "seller" ? saleStanding(order) : null,
  };
}

function autoCompleteAt(order: OrderRow): number | null {
  if (order.status === "shipped") return order.statusChangedAt + AUTO_COMPLETE_AFTER_SHIPPING_MS;
  if (order.status === "delivered") return order.statusChangedAt + AUTO_COMPLETE_AFTER_DELIVERY_MS;
  // A digital sale completes at the first download, or by itself this long after payment.
  if (order.status === "paid" && orderKind(order) === "digital") return (order.paidAt ?? order.statusChangedAt) + DIGITAL_AUTO_COMPLETE_AFTER_MS;
  return null;
}

function toFile(file: OrderFileRow) {
  return { id: file.id, name: file.name, size: file.size, contentType: file.contentType, createdAt: file.createdAt, deliveredAt: file.deliveredAt };
}

export async function orderDetail(ctx: Pick<Ctx, "db">, input: { order: OrderRow; role: OrderRole }): Promise<OrderDetail> {
  const { order, role } = input;
  const [record, counterpart] = await Promise.all([orderRecordOf(ctx.db, order.id), counterpartOf(ctx.db, role === "buyer" ? order.sellerId : order.buyerId)]);
  const { history, files, versions, notes } = record;
  const revisions = revisionView(role, { versions, notes, files });
  return {
    ...toSummary(order, role, counterpart),
    history: history.map((h) => ({ id: h.id, status: h.status, actor: h.actor, note: h.note, createdAt: h.createdAt, ...revisions.historyExtras(h.id) })),
    // The buyer sees a delivery's files once it is sent, not the seller's drafts.
    files: files.filter((f) => role === "seller" || f.deliveredAt !== null).map(toFile),
    versions: revisions.versions,
    notes: revisions.notes,
    hasProductFile: orderKind(order) === "digital" && order.fileKey !== null,
    autoCompleteAt: autoCompleteAt(order),
    actions: actionsFor(order, role, { versions, notes }),
  };
}

// ---------------------------------------------------------------------------------------------
// Payment outcomes: the one fulfilment path of a verified webhook and of the test mode.

/** What the payment services read from the request context: the origin is for the links in mails. */
export type PaymentContext = Pick<Ctx, "env" | "db" | "log" | "now" | "origin">;

/**
 * The payment succeeded: pending (or failed, when the buyer retried the same PaymentIntent) →
 * paid, then the receipt and the sale mail. A late success after a refund or expiry changes
 * nothing. Null when this call did not make the change (a replay or a concurrent duplicate).
 */
export async function fulfilPaidOrder(
  ctx: PaymentContext,
  { orderId, paymentIntentId }: { orderId: string; paymentIntentId?: string | null | undefined },
): Promise<OrderRow | null> {
  const row = await transitionOrder(ctx.db, {
    orderId,
    from: ["pending", "failed"],
    to: "paid",
    actor: "system",
    now: ctx.now,
    set: { paidAt: ctx.now, ...(paymentIntentId ? { providerPaymentIntentId: paymentIntentId } : {}) },
  });
  if (!row) return null;
  // An offer is paid once: a second payment (two tabs), or one that lands after a withdrawal,
  // cannot claim it and its money goes straight back (decision record 0050).
  if (row.offerId && !(await claimOffer(ctx.db, row.offerId, row.id, ctx.now))) return refundUnclaimedOffer(ctx, row);
  await sendPurchaseMails(ctx, row);
  // The sale's push for the seller; the sale mail above is its mail (decision record 0096).
  await notify(ctx, [orderPlacedEvent(row, ctx.now)]);
  return row;
}

async function refundUnclaimedOffer(ctx: PaymentContext, order: OrderRow): Promise<OrderRow | null> {
  ctx.log.warn("a payment for an offer no longer open is refunded", { orderId: order.id, offerId: order.offerId });
  await refundWithProvider(ctx.env, order);
  return transitionOrder(ctx.db, { orderId: order.id, from: ["paid"], to: "refunded", actor: "system", note: PAYMENTS_TEXTS.offerNoLongerOpen, now: ctx.now });
}

/** The payment failed or its session expired: only a pending order moves. */
export function failPendingOrder(
  ctx: Pick<PaymentContext, "db" | "now">,
  { orderId, to, note }: { orderId: string; to: "failed" | "expired"; note?: string | null },
): Promise<OrderRow | null> {
  return transitionOrder(ctx.db, { orderId, from: ["pending"], to, actor: "system", note: note ?? null, now: ctx.now });
}

/**
 * Stripe reports a refund (charge.refunded, or a lost dispute's chargeback): from any state but
 * refunded or expired, since a refund event can overtake the payment's own event and must still
 * win. Both sides are told, once, by the call that made the change.
 */
export async function markRefundedByProvider(
  ctx: PaymentContext,
  { orderId, chargeback = false }: { orderId: string; chargeback?: boolean },
): Promise<OrderRow | null> {
  const row = await transitionOrder(ctx.db, {
    orderId,
    from: ["pending", "failed", ...PAID_STATES],
    to: "refunded",
    actor: "system",
    note: chargeback ? MONEY_TEXTS.notes.chargeback : null,
    now: ctx.now,
  });
  if (!row || row.paidAt === null) return row;
  // The refund's push: the buyer's money is coming back, or (a chargeback) the seller's sale is
  // gone. The mails below are their mails (decision record 0096).
  await notify(ctx, [chargeback ? chargebackEvent(row, ctx.now) : providerRefundEvent(row, ctx.now)]);
  if (!chargeback) {
    await sendRefundMails(ctx, row);
  } else {
    // The buyer's bank tells the buyer; the seller learns it from us.
    const t = MONEY_TEXTS.mail;
    await mailParties(ctx, row, { seller: { subject: t.disputeLostSubject(row.itemName), intro: t.disputeLostIntro(row.itemName, formatCents(row.priceCents)) } });
  }
  return row;
}

/** A mail to one or both sides of an order, with the order's link; a failure is logged, never thrown. */
export async function mailParties(
  ctx: PaymentContext,
  order: OrderRow,
  mails: { buyer?: { subject: string; intro: string }; seller?: { subject: string; intro: string } },
): Promise<void> {
  try {
    const parties = await partyEmails(ctx.db, order.buyerId, order.sellerId);
    const mailer = createMailer(ctx.env, ctx.db);
    const link = `${ctx.origin}/orders/${order.id}`;
    const texts = CHECKOUT_TEXTS.mail;
    if (mails.buyer && parties.buyer) await mailer.send(linkMail(parties.buyer.email, mails.buyer.subject, mails.buyer.intro, texts.viewOrder, link, texts.outro));
    if (mails.seller && parties.seller) await mailer.send(linkMail(parties.seller.email, mails.seller.subject, mails.seller.intro, texts.viewOrder, link, texts.outro));
  } catch (error) {
    ctx.log.error("order mail failed", { orderId: order.id, error });
  }
}

/** The refund reached both sides: the buyer's money is on its way back, the seller's sale is gone. */
function sendRefundMails(ctx: PaymentContext, order: OrderRow): Promise<void> {
  const t = MONEY_TEXTS.mail;
  return mailParties(ctx, order, {
    buyer: { subject: t.refundBuyerSubject(order.itemName), intro: t.refundBuyerIntro(order.itemName, formatCents(order.totalCents)) },
    seller: { subject: t.refundSellerSubject(order.itemName), intro: t.refundSellerIntro(order.itemName, formatCents(order.priceCents)) },
  });
}

async function sendPurchaseMails(ctx: PaymentContext, order: OrderRow): Promise<void> {
  // A mail that cannot go out must not undo or repeat a payment: it is logged, and the order
  // page shows the same facts.
  try {
    const parties = await partyEmails(ctx.db, order.buyerId, order.sellerId);
    const mailer = createMailer(ctx.env, ctx.db);
    const link = `${ctx.origin}/orders/${order.id}`;
    const texts = CHECKOUT_TEXTS.mail;
    if (parties.buyer) {
      await mailer.send(
        linkMail(parties.buyer.email, texts.receiptSubject(order.itemName), texts.receiptIntro(order.itemName, formatCents(order.totalCents)), texts.viewOrder, link, texts.outro),
      );
    }
    if (parties.seller) {
      const buyerName = parties.buyer?.displayName || parties.buyer?.username || texts.someone;
      await mailer.send(
        linkMail(parties.seller.email, texts.saleSubject(order.itemName), `${texts.saleIntro(order.itemName, formatCents(order.priceCents), buyerName)} ${MONEY_TEXTS.mail.saleStanding(orderKind(order))}`, texts.viewOrder, link, texts.outro),
      );
    }
  } catch (error) {
    ctx.log.error("purchase mail failed", { orderId: order.id, error });
  }
}

// ---------------------------------------------------------------------------------------------
// Steps the parties take

/**
 * One lifecycle step by one side. The other side's step answers 403, a step the order's kind or
 * state does not allow 409; the guarded update settles a race between two requests.
 */
export async function takeStep(
  ctx: PaymentContext,
  input: { order: OrderRow; role: OrderRole; userId: string; step: StepName; note?: string | null | undefined },
): Promise<OrderRow> {
  const rule = STEPS[input.step];
  if (rule.by !== input.role) throw new ApiError("forbidden", CHECKOUT_TEXTS.stepNotAllowed);
  if (!rule.kinds.includes(orderKind(input.order)) || !rule.from.includes(input.order.status)) {
    throw new ApiError("conflict", CHECKOUT_TEXTS.stepNotAllowed);
  }
  if (input.step === "refund" && refundBlocked(input.order)) throw new ApiError("conflict", MONEY_TEXTS.refundWhileDisputed);
  if (input.step === "refund") await refundWithProvider(ctx.env, input.order);
  const historyId = newId();
  const row = await transitionOrder(ctx.db, {
    orderId: input.order.id,
    from: rule.from,
    to: rule.to,
    actor: input.role,
    note: input.note ?? null,
    now: ctx.now,
    by: { column: input.role, userId: input.userId },
    historyId,
  });
  if (!row) throw new ApiError("conflict", CHECKOUT_TEXTS.stepNotAllowed);
  // A delivery sends the files (and the versions they are) attached since the last one; a
  // revision request sends the buyer's draft notes (decision record 0091). Both link to the step's
  // history line, which lists them.
  if (input.step === "deliver") await markFilesDelivered(ctx.db, { orderId: row.id, historyId, now: ctx.now });
  if (input.step === "request-revision") await gatherDrafts(ctx.db, { orderId: row.id, historyId, now: ctx.now });
  if (input.step === "refund") await sendRefundMails(ctx, row);
  // The other side, whom the order now waits on, is notified (decision record 0096).
  await notify(ctx, [orderStepEvent(row, { step: input.step, historyId, actorId: input.userId, at: ctx.now })]);
  return row;
}

/**
 * The buyer's first download of a digital order's file: recorded once, and a paid order completes
 * (the sale is earned; shared/rules/earnings.ts). A later download, or one after the cron
 * completed the order, changes nothing.
 */
export async function recordProductDownload(ctx: Pick<PaymentContext, "db" | "now">, order: OrderRow): Promise<void> {
  if (orderKind(order) !== "digital" || order.firstDownloadedAt !== null) return;
  if (!(await markFirstDownload(ctx.db, order.id, ctx.now))) return;
  await transitionOrder(ctx.db, {
    orderId: order.id,
    from: ["paid"],
    to: "completed",
    actor: "buyer",
    note: MONEY_TEXTS.notes.firstDownload,
    now: ctx.now,
    by: { column: "buyer", userId: order.buyerId },
  });
}

/**
 * A Stripe order's money goes back through Stripe (the transfer and the platform fee reversed
 * too) before the order says refunded; the idempotency key makes a repeated click one refund. A
 * test-mode order is refunded locally.
 */
async function refundWithProvider(env: Bindings, order: OrderRow): Promise<void> {
  if (order.provider === "test") return;
  if (paymentsMode(env) !== "stripe" || !order.providerPaymentIntentId) throw new ApiError("unavailable", CHECKOUT_TEXTS.refundFailed);
  try {
    await createStripe(env.STRIPE_SECRET_KEY!).refunds.create(
      {
        payment_intent: order.providerPaymentIntentId,
        ...(order.destinationAccountId ? { reverse_transfer: true, refund_application_fee: true } : {}),
        metadata: { orderId: order.id },
      },
      { idempotencyKey: `refund-${order.id}` },
    );
  } catch (error) {
    // Stripe's own message is logged, never shown.
    logger.warn("stripe refused a refund", { orderId: order.id, stripe: stripeErrorLog(error) });
    throw new ApiError("unavailable", CHECKOUT_TEXTS.refundFailed);
  }
}

// ---------------------------------------------------------------------------------------------
// The daily cron

const AUTO_BATCH = 200;
/** A test-mode payment nobody finished within a day is not going to be finished. */
const TEST_PAYMENT_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Shipped orders 14 days on, delivered services 3 days on and digital sales never downloaded 3
 * days after payment complete by themselves; test-mode payments abandoned for a day expire.
 */
export async function autoCompleteOrders(ctx: Pick<Ctx, "db" | "now">): Promise<{ completed: number; expired: number }> {
  let completed = 0;
  const due: [OrderStatus, number][] = [
    ["shipped", AUTO_COMPLETE_AFTER_SHIPPING_MS],
    ["delivered", AUTO_COMPLETE_AFTER_DELIVERY_MS],
  ];
  for (const [status, after] of due) {
    for (const { id } of await ordersDueIn(ctx.db, status, ctx.now - after, AUTO_BATCH)) {
      const row = await transitionOrder(ctx.db, { orderId: id, from: [status], to: "completed", actor: "system", now: ctx.now });
      if (row) completed += 1;
    }
  }
  for (const { id } of await digitalOrdersDue(ctx.db, ctx.now - DIGITAL_AUTO_COMPLETE_AFTER_MS, AUTO_BATCH)) {
    const row = await transitionOrder(ctx.db, { orderId: id, from: ["paid"], to: "completed", actor: "system", note: MONEY_TEXTS.notes.digitalAutoComplete, now: ctx.now });
    if (row) completed += 1;
  }
  // Test-mode payments left open expire; a Stripe order waits for Stripe's own answer (a
  // Checkout Session expires with its event), since only Stripe knows whether it was paid.
  let expired = 0;
  for (const { id } of await ordersDueIn(ctx.db, "pending", ctx.now - TEST_PAYMENT_ABANDONED_AFTER_MS, AUTO_BATCH, "test")) {
    if (await failPendingOrder(ctx, { orderId: id, to: "expired" })) expired += 1;
  }
  return { completed, expired };
}
