// Booking (second document §2 "Booking"; decision records 0054 and 0055): a seller's weekly
// times and the bookings buyers of their scheduled services make against them.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BOOKING_ROLES, BOOKING_STATUSES } from "@shared/booking-api";
import { createdAt, idColumn, inList, timestampMs, updatedAt } from "./columns";
import { orders } from "./marketplace";
import { users } from "./users";

/**
 * One weekly time a seller offers: an ISO weekday and a wall-clock start in the seller's IANA
 * zone, stored with the rule, so "Tuesdays 10:00 in Berlin" stays 10:00 in Berlin across DST.
 */
export const availabilityRules = sqliteTable(
  "availability_rules",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekday: integer("weekday", { mode: "number" }).notNull(),
    /** Minutes after local midnight. */
    startMinute: integer("start_minute", { mode: "number" }).notNull(),
    durationMinutes: integer("duration_minutes", { mode: "number" }).notNull(),
    timeZone: text("time_zone").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("availability_rules_user_idx").on(t.userId, t.weekday, t.startMinute),
    check("availability_rules_weekday_check", sql`${t.weekday} between 1 and 7`),
    check("availability_rules_start_check", sql`${t.startMinute} between 0 and 1439`),
    check("availability_rules_duration_check", sql`${t.durationMinutes} between 15 and 480`),
  ],
);

/**
 * A booked time for one paid order. Seller and buyer are copied from the order so the lists and
 * the double-booking guard need no join. The time is the slot's UTC instant; cancelled rows stay
 * as history, and the partial unique indexes ignore them, so cancelling frees the time.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    startsAt: timestampMs("starts_at").notNull(),
    endsAt: timestampMs("ends_at").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    /** While pending, the side whose confirmation it waits for: the other side of whoever last chose the time. */
    awaiting: text("awaiting", { enum: BOOKING_ROLES }),
    /** Bumped by every change: the message each change sends is deduplicated by it. */
    revision: integer("revision", { mode: "number" }).notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A time can never be booked twice: two buyers racing for it, one insert wins (decision 0055).
    uniqueIndex("bookings_seller_slot_active_unique").on(t.sellerId, t.startsAt).where(sql`${t.status} <> 'cancelled'`),
    // One active booking per order.
    uniqueIndex("bookings_order_active_unique").on(t.orderId).where(sql`${t.status} <> 'cancelled'`),
    // Each side's list, latest time first, and the seller's booked times in the offered range.
    index("bookings_seller_starts_idx").on(t.sellerId, t.startsAt, t.id),
    index("bookings_buyer_starts_idx").on(t.buyerId, t.startsAt, t.id),
    check("bookings_status_check", inList(t.status, BOOKING_STATUSES)),
    check("bookings_awaiting_check", sql`${t.awaiting} is null or ${t.awaiting} in ('buyer', 'seller')`),
    check("bookings_span_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
