// Custom offers: the seller's Create Invoice on /payments (DESIGN.md "Create Invoice, Request
// Review"; decision record 0050). An offer names one buyer, is priced in integer cents like every
// item, and is paid through the ordinary checkout; the order that paid it is kept on the offer.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { OFFER_STATUSES } from "@shared/payments-api";
import { createdAt, idColumn, inList, timestampMs, updatedAt } from "./columns";
import { users } from "./users";

/**
 * Stored states only: an open offer past `expires_at` reads as expired (computed on read), so no
 * job has to sweep it and the paying path checks the same clock.
 */
export const offers = sqliteTable(
  "offers",
  {
    id: idColumn(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    priceCents: integer("price_cents", { mode: "number" }).notNull(),
    deliveryDays: integer("delivery_days", { mode: "number" }).notNull(),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    /** The order that paid it (no foreign key, like orders.item_id: the order outlives nothing here). */
    orderId: text("order_id"),
    expiresAt: timestampMs("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The two sides' lists on /payments, newest first, keyset on (created_at, id).
    index("offers_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
    index("offers_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    check("offers_status_check", inList(t.status, OFFER_STATUSES)),
    check("offers_price_positive", sql`${t.priceCents} > 0`),
    check("offers_delivery_days_positive", sql`${t.deliveryDays} >= 1`),
  ],
);
