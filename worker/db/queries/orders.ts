// Orders, their history and delivery files, and handled Stripe events (decision records
// 0037–0039; payout accounts live in payouts.ts). Every state change is one guarded UPDATE (`… where status in
// (allowed)`), so two requests racing for the same step, or a webhook arriving twice or out of
// order, change an order at most once: the loser's update matches no row.
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { OrderStatus } from "@shared/constants";
import type { Db } from "../client";
import type { ServicePackage } from "@shared/marketplace-api";
import { pageOf } from "./paging";
import { personColumns } from "./people";
import { readPackages } from "./catalogue";
import { recountOrderDay } from "./analytics";
import { visibleContent } from "./visibility";
import { orderFiles, orderHistory, orderVersions, orders, products, profiles, services, stripeEvents, users } from "../schema";
import { notesOf, versionsOf } from "./revisions";

export type OrderRow = typeof orders.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
type OrderHistoryRow = typeof orderHistory.$inferSelect;
type OrderActor = OrderHistoryRow["actor"];

/** What a buyer is about to pay for, read from the seller's own row (never from the request). */
export interface PurchasableItem {
  sellerId: string;
  name: string;
  /** Null when the item has no price (a service to be quoted, or a package service: see `packages`). */
  priceCents: number | null;
  productType: "digital" | "physical" | null;
  fileKey: string | null;
  /** The digital file's original name, the name its downloads arrive under. */
  fileName?: string | null;
  /** A package-priced service's packages as the seller wrote them (the buyer picks one); else none. */
  packages?: ServicePackage[] | null;
}

export async function findPurchasableItem(db: Db, itemType: "service" | "product", itemId: string): Promise<PurchasableItem | null> {
  if (itemType === "product") {
    const [row] = await db
      .select({
        sellerId: products.userId,
        name: products.name,
        priceCents: products.priceCents,
        productType: products.type,
        fileKey: products.fileKey,
        fileName: products.fileName,
      })
      .from(products)
      // Hidden by moderation, or its seller suspended: it cannot be bought, even through a kept link (decision record 0083).
      .where(and(eq(products.id, itemId), visibleContent(products, null)))
      .limit(1);
    return row ? { ...row, packages: null } : null;
  }
  const [row] = await db
    .select({ sellerId: services.userId, name: services.name, pricingModel: services.pricingModel, priceCents: services.priceCents, packageDetails: services.packageDetails })
    .from(services)
    .where(and(eq(services.id, itemId), visibleContent(services, null)))
    .limit(1);
  if (!row) return null;
  // A package's price lives in its details (the pricing model leaves price_cents null): the
  // checkout prices the package the buyer chose.
  const packages = row.pricingModel === "package" ? readPackages(row.packageDetails) : null;
  return { sellerId: row.sellerId, name: row.name, priceCents: packages ? null : row.priceCents, productType: null, fileKey: null, fileName: null, packages };
}

export type NewOrder = Pick<
  typeof orders.$inferInsert,
  "id" | "buyerId" | "sellerId" | "itemType" | "itemId" | "itemName" | "priceCents" | "feeCents" | "totalCents" | "provider" | "productType" | "fileKey" | "fileName" | "destinationAccountId" | "offerId" | "packageIndex" | "packageLabel"
>;

/** A pending order and its first history line, in one atomic batch. */
export async function insertPendingOrder(db: Db, order: NewOrder & { id: string }, now: number): Promise<void> {
  await db.batch([
    db.insert(orders).values({ ...order, status: "pending", createdAt: now, updatedAt: now, statusChangedAt: now }),
    db.insert(orderHistory).values({ orderId: order.id, status: "pending", actor: "buyer", createdAt: now }),
  ]);
}

export async function setProviderRefs(db: Db, orderId: string, refs: { providerSessionId?: string; providerPaymentIntentId?: string }): Promise<void> {
  await db.update(orders).set(refs).where(eq(orders.id, orderId));
}

export async function getOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** The order a Stripe object belongs to: by its Checkout Session id, PaymentIntent id or our own id. */
export async function findOrderByProviderRef(db: Db, ref: { orderId?: string | null; sessionId?: string | null; paymentIntentId?: string | null }): Promise<OrderRow | null> {
  const conditions = [
    ref.orderId ? eq(orders.id, ref.orderId) : undefined,
    ref.sessionId ? eq(orders.providerSessionId, ref.sessionId) : undefined,
    ref.paymentIntentId ? eq(orders.providerPaymentIntentId, ref.paymentIntentId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(or(...conditions))
    .limit(1);
  return row ?? null;
}

export interface Transition {
  orderId: string;
  from: readonly OrderStatus[];
  to: OrderStatus;
  actor: OrderActor;
  note?: string | null;
  now: number;
  /** Only this user may take the step (the order's buyer or seller id column). */
  by?: { column: "buyer" | "seller"; userId: string };
  /** Extra columns set with the step (the paid time, the PaymentIntent id, the first download). */
  set?: Partial<Pick<OrderRow, "paidAt" | "providerPaymentIntentId" | "firstDownloadedAt">>;
  /** The id of the history line it writes, when the caller links rows to it (a delivery's versions, a request's notes). */
  historyId?: string;
}

/**
 * Moves an order from one of `from` to `to` and writes its history line; null when the order was
 * not in an allowed state (already moved by a concurrent request or an earlier event), so the
 * caller knows it did not take the step and sends no mail.
 */
export async function transitionOrder(db: Db, step: Transition): Promise<OrderRow | null> {
  const guard = and(
    eq(orders.id, step.orderId),
    inArray(orders.status, [...step.from]),
    step.by ? eq(step.by.column === "buyer" ? orders.buyerId : orders.sellerId, step.by.userId) : undefined,
  );
  const [row] = await db
    .update(orders)
    .set({ ...step.set, status: step.to, statusChangedAt: step.now, updatedAt: step.now })
    .where(guard)
    .returning();
  if (!row) return null;
  await db
    .insert(orderHistory)
    .values({ ...(step.historyId ? { id: step.historyId } : {}), orderId: row.id, status: step.to, actor: step.actor, note: step.note ?? null, createdAt: step.now });
  // Paid and refunded are the steps that make an order start or stop counting as a sale
  // (shared/rules/earnings.ts): its day of the analytics roll-up is re-counted at once.
  if (step.to === "paid" || step.to === "refunded") await recountOrderDay(db, row);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Disputes (decision record 0081)

/**
 * A dispute opened on the order's charge: recorded once, with a history line at the order's
 * current status. Null when the order already has a dispute (a replay, or a `closed` event that
 * overtook this one), so a late `created` never reopens a closed dispute.
 */
export async function openDispute(db: Db, input: { orderId: string; disputeId: string; note: string; now: number }): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ disputeId: input.disputeId, disputeStatus: "open", updatedAt: input.now })
    .where(and(eq(orders.id, input.orderId), isNull(orders.disputeStatus)))
    .returning();
  if (!row) return null;
  await db.insert(orderHistory).values({ orderId: row.id, status: row.status, actor: "system", note: input.note, createdAt: input.now });
  await recountOrderDay(db, row);
  return row;
}

/**
 * The dispute's outcome, from open (or from none, when `closed` arrives first): won or lost, once.
 * Null when it was already closed. A lost dispute's refund is the caller's transition.
 */
export async function closeDispute(
  db: Db,
  input: { orderId: string; disputeId: string; outcome: "won" | "lost"; note: string | null; now: number },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ disputeId: input.disputeId, disputeStatus: input.outcome, updatedAt: input.now })
    .where(and(eq(orders.id, input.orderId), or(isNull(orders.disputeStatus), eq(orders.disputeStatus, "open"))))
    .returning();
  if (!row) return null;
  if (input.note) await db.insert(orderHistory).values({ orderId: row.id, status: row.status, actor: "system", note: input.note, createdAt: input.now });
  await recountOrderDay(db, row);
  return row;
}

/** The buyer's first download of a digital order's file; false when one was recorded before. */
export async function markFirstDownload(db: Db, orderId: string, now: number): Promise<boolean> {
  const [row] = await db
    .update(orders)
    .set({ firstDownloadedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.firstDownloadedAt)))
    .returning({ id: orders.id });
  return row !== undefined;
}


// ---------------------------------------------------------------------------------------------
// Lists


/**
 * Payment attempts that never went through: every Buy Now writes a pending order, so abandoned
 * dialogs and declined cards would crowd both lists. Their order pages stay reachable by id.
 */
const UNPAID_STATUSES = ["pending", "failed", "expired"] as const;

/** One side's orders, newest first, keyset on (created_at, id) through the buyer / seller index. */
export async function listOrders(db: Db, options: { userId: string; role: "buyer" | "seller"; cursor?: Cursor | undefined; limit: number }) {
  const mine = options.role === "buyer" ? orders.buyerId : orders.sellerId;
  const other = options.role === "buyer" ? orders.sellerId : orders.buyerId;
  const { cursor } = options;
  const rows = await db
    .select({ order: orders, counterpart: personColumns })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, other))
    .where(
      and(
        eq(mine, options.userId),
        notInArray(orders.status, [...UNPAID_STATUSES]),
        // The row-value form is what SQLite turns into one index range (tests/worker/db/query-plans.test.ts).
        cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit, (row) => ({ createdAt: row.order.createdAt, id: row.order.id }));
}

export async function counterpartOf(db: Db, userId: string) {
  const [row] = await db.select(personColumns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? { username: null, displayName: null, avatarUrl: null };
}

/** The two parties' addresses, for the receipt and sale mails. */
export async function partyEmails(db: Db, buyerId: string, sellerId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, username: profiles.username, displayName: profiles.displayName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [buyerId, sellerId]));
  return { buyer: rows.find((r) => r.id === buyerId) ?? null, seller: rows.find((r) => r.id === sellerId) ?? null };
}

/** Orders sitting in `status` since before `before` (of one provider, if given): the cron's automatic steps. */
export async function ordersDueIn(db: Db, status: OrderStatus, before: number, limit: number, provider?: OrderRow["provider"]): Promise<Pick<OrderRow, "id">[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, status), lte(orders.statusChangedAt, before), provider ? eq(orders.provider, provider) : undefined))
    .orderBy(asc(orders.statusChangedAt))
    .limit(limit);
}

/**
 * Paid digital orders whose buyer never downloaded the file, paid before `before` and with no open
 * dispute: the cron completes them (orders_status_changed_idx's 'paid' range).
 */
export async function digitalOrdersDue(db: Db, before: number, limit: number): Promise<Pick<OrderRow, "id">[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        lte(orders.statusChangedAt, before),
        eq(orders.itemType, "product"),
        eq(orders.productType, "digital"),
        or(isNull(orders.disputeStatus), sql`${orders.disputeStatus} <> 'open'`),
      ),
    )
    .orderBy(asc(orders.statusChangedAt))
    .limit(limit);
}

/**
 * Stripe orders still pending since before `before`: the cron asks Stripe to end them. The ones
 * never checked come first, so orders Stripe could not settle cannot fill every day's batch.
 */
export async function stalePendingStripeOrders(db: Db, before: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.statusChangedAt, before), eq(orders.provider, "stripe")))
    .orderBy(sql`coalesce(${orders.providerCheckedAt}, 0)`, asc(orders.statusChangedAt))
    .limit(limit);
}

/** When a pending Stripe order was last checked with Stripe. */
export async function markProviderChecked(db: Db, orderId: string, now: number): Promise<void> {
  await db.update(orders).set({ providerCheckedAt: now }).where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------------------------------------
// Delivery files

export async function insertOrderFile(db: Db, file: typeof orderFiles.$inferInsert): Promise<OrderFileRow> {
  const [row] = await db.insert(orderFiles).values(file).returning();
  return row!;
}


export async function getOrderFile(db: Db, orderId: string, fileId: string): Promise<OrderFileRow | null> {
  const [row] = await db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/**
 * The files uploaded since the last delivery go out with this one, and with them the versions
 * they are (decision record 0091), linked to the delivery's history line; one atomic batch.
 */
export async function markFilesDelivered(db: Db, input: { orderId: string; historyId: string; now: number }): Promise<void> {
  await db.batch([
    db
      .update(orderFiles)
      .set({ deliveredAt: input.now })
      .where(and(eq(orderFiles.orderId, input.orderId), isNull(orderFiles.deliveredAt))),
    db
      .update(orderVersions)
      .set({ deliveredAt: input.now, deliveryHistoryId: input.historyId })
      .where(and(eq(orderVersions.orderId, input.orderId), isNull(orderVersions.deliveredAt))),
  ]);
}

/**
 * What the order page shows besides the order row: its history, delivery files, versions and
 * revision notes, in one round trip.
 */
export async function orderRecordOf(db: Db, orderId: string) {
  const [history, files, versions, notes] = await db.batch([
    db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.createdAt), asc(orderHistory.id)),
    db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(asc(orderFiles.createdAt), asc(orderFiles.id)),
    versionsOf(db, orderId),
    notesOf(db, orderId),
  ]);
  return { history, files, versions, notes };
}

// ---------------------------------------------------------------------------------------------
// Stripe events and provider checks

export async function stripeEventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return row !== undefined;
}

/** Stored once handling succeeded; a concurrent duplicate's insert is ignored. */
export async function recordStripeEvent(db: Db, eventId: string, type: string): Promise<void> {
  await db.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing();
}

/**
 * Claims the right to ask Stripe about a pending order (at most once per `everyMs`): a guarded
 * update of provider_checked_at, so of two polls at the same moment only one asks. True when
 * this caller won the slot.
 */
export async function claimProviderCheck(db: Db, orderId: string, now: number, everyMs: number): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ providerCheckedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), or(isNull(orders.providerCheckedAt), lte(orders.providerCheckedAt, now - everyMs))))
    .returning({ id: orders.id });
  return claimed.length > 0;
}
