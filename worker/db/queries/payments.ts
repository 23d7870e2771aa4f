// The payments overview and custom offers (decision records 0049 and 0050). Totals are sums in
// SQL over one side's orders through that side's (user, created_at, id) index; the recent list
// merges the two sides' keyset pages; offers are read and moved by guarded updates, so a paid,
// withdrawn or concurrently changed offer is never moved twice.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { OrderStatus } from "@shared/constants";
import type { Cursor } from "@shared/cursor";
import { PAID_SALE_STATUSES } from "@shared/rules/earnings";
import type { Db } from "../client";
import { offers, orders, profiles } from "../schema";
import { saleConditions } from "./earnings";
import { listOrders } from "./orders";
import { pageFrom, pageOf } from "./paging";
import { personColumns } from "./people";

export type OfferRow = typeof offers.$inferSelect;

/** A purchase whose fee the platform kept: paid and never refunded. */
const FEE_KEPT: readonly OrderStatus[] = PAID_SALE_STATUSES;

/**
 * The statement of saleTotals: one pass over the seller's range of orders_seller_created_idx,
 * which carries the status, dispute and price, so no order row is read (issue #33 item 4).
 * Exported for its query-plan test.
 */
export function saleTotalsQuery(db: Db, userId: string) {
  const is = saleConditions("orders");
  return db
    .select({
      earnedCents: sql<number>`coalesce(sum(case when ${is.earned} then ${orders.priceCents} else 0 end), 0)`,
      pendingCents: sql<number>`coalesce(sum(case when ${is.pending} then ${orders.priceCents} else 0 end), 0)`,
      heldCents: sql<number>`coalesce(sum(case when ${is.held} then ${orders.priceCents} else 0 end), 0)`,
    })
    .from(orders)
    .where(eq(orders.sellerId, userId));
}

/** The seller's earned, pending and held cents (shared/rules/earnings.ts, the one definition). */
export async function saleTotals(db: Db, userId: string): Promise<{ earnedCents: number; pendingCents: number; heldCents: number }> {
  const [row] = await saleTotalsQuery(db, userId);
  return { earnedCents: Number(row?.earnedCents ?? 0), pendingCents: Number(row?.pendingCents ?? 0), heldCents: Number(row?.heldCents ?? 0) };
}

/** The platform fees of the buyer's purchases that stayed paid (orders_buyer_created_idx). */
export async function feesPaid(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orders.feeCents}), 0)` })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), inArray(orders.status, [...FEE_KEPT])));
  return Number(row?.cents ?? 0);
}

/**
 * Sales and purchases together, newest first. Each side's keyset page comes from its own index
 * (listOrders, whose plans are tested); the newest `limit` of the two pages together are exactly
 * the newest `limit` overall, so no OR scan or temporary sort over all of a user's orders is needed.
 */
export async function listPayments(db: Db, options: { userId: string; cursor?: Cursor | undefined; limit: number }) {
  const [bought, sold] = await Promise.all([listOrders(db, { ...options, role: "buyer" }), listOrders(db, { ...options, role: "seller" })]);
  const merged = [...bought.items.map((r) => ({ ...r, role: "buyer" as const })), ...sold.items.map((r) => ({ ...r, role: "seller" as const }))].sort(
    (a, b) => b.order.createdAt - a.order.createdAt || (a.order.id < b.order.id ? 1 : a.order.id > b.order.id ? -1 : 0),
  );
  const more = merged.length > options.limit || bought.nextCursor !== null || sold.nextCursor !== null;
  return pageFrom(merged.slice(0, options.limit), more, (row) => ({ createdAt: row.order.createdAt, id: row.order.id }));
}

// ---------------------------------------------------------------------------------------------
// Offers

export async function insertOffer(db: Db, offer: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(offer).returning();
  return row!;
}

export async function getOffer(db: Db, offerId: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}


/** One side's offers, newest first, keyset on (created_at, id) through that side's index. */
export async function listOffers(db: Db, options: { userId: string; role: "sent" | "received"; cursor?: Cursor | undefined; limit: number }) {
  const mine = options.role === "sent" ? offers.sellerId : offers.buyerId;
  const other = options.role === "sent" ? offers.buyerId : offers.sellerId;
  const { cursor } = options;
  const rows = await db
    .select({ offer: offers, counterpart: personColumns })
    .from(offers)
    .leftJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(mine, options.userId), cursor ? sql`(${offers.createdAt}, ${offers.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit, (row) => ({ createdAt: row.offer.createdAt, id: row.offer.id }));
}

/** The seller takes back an open offer; null when it was no longer open (paid, withdrawn, raced). */
export async function withdrawOffer(db: Db, offerId: string, sellerId: string, now: number): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ status: "withdrawn", updatedAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.sellerId, sellerId), eq(offers.status, "open")))
    .returning();
  return row ?? null;
}

/**
 * A paid order claims its offer: open → paid with the order's id. True when this order holds the
 * offer (also when it already did: a replayed fulfilment); false when another order or a
 * withdrawal got there first.
 */
export async function claimOffer(db: Db, offerId: string, orderId: string, now: number): Promise<boolean> {
  const [row] = await db
    .update(offers)
    .set({ status: "paid", orderId, updatedAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.status, "open")))
    .returning({ id: offers.id });
  if (row) return true;
  const current = await getOffer(db, offerId);
  return current?.orderId === orderId;
}

/** The user a Create Invoice names, case-insensitively through profiles_username_lower_unique. */
export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ userId: profiles.userId, ...personColumns })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}
