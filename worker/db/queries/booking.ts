// Weekly availability and bookings (decision records 0054 and 0055). A booking is written by one
// INSERT … ON CONFLICT DO NOTHING against the partial unique indexes (seller, start) and (order)
// of active bookings, so two buyers racing for one time both reach the database and exactly one
// row is stored; the caller learns which index refused it from what is there afterwards.
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Cursor } from "@shared/cursor";
import type { Db } from "../client";
import { availabilityRules, bookings, orders, profiles, services } from "../schema";
import { pageOf } from "./paging";

export type AvailabilityRuleRow = typeof availabilityRules.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export async function listAvailability(db: Db, userId: string): Promise<AvailabilityRuleRow[]> {
  return db
    .select()
    .from(availabilityRules)
    .where(eq(availabilityRules.userId, userId))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute), asc(availabilityRules.id));
}

export async function insertAvailability(db: Db, row: typeof availabilityRules.$inferInsert): Promise<AvailabilityRuleRow> {
  const [stored] = await db.insert(availabilityRules).values(row).returning();
  if (!stored) throw new Error("availability insert returned no row");
  return stored;
}

/** Deletes the rule only if it is the user's own; false for someone else's or a missing one. */
export async function deleteAvailability(db: Db, input: { id: string; userId: string }): Promise<boolean> {
  const rows = await db
    .delete(availabilityRules)
    .where(and(eq(availabilityRules.id, input.id), eq(availabilityRules.userId, input.userId)))
    .returning({ id: availabilityRules.id });
  return rows.length > 0;
}

/** A seller's pending and confirmed bookings that overlap [from, until): the times no longer free. */
export async function activeBookingsBetween(db: Db, sellerId: string, from: number, until: number): Promise<Pick<BookingRow, "id" | "startsAt" | "endsAt">[]> {
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.sellerId, sellerId), ne(bookings.status, "cancelled"), lt(bookings.startsAt, until), gt(bookings.endsAt, from)));
}

const sellerProfile = alias(profiles, "seller_profile");
const buyerProfile = alias(profiles, "buyer_profile");

const bookingColumns = {
  booking: bookings,
  serviceName: orders.itemName,
  sellerUsername: sellerProfile.username,
  sellerDisplayName: sellerProfile.displayName,
  buyerUsername: buyerProfile.username,
  buyerDisplayName: buyerProfile.displayName,
};

function bookingSelect(db: Db) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(sellerProfile, eq(sellerProfile.userId, bookings.sellerId))
    .leftJoin(buyerProfile, eq(buyerProfile.userId, bookings.buyerId));
}

export type BookingListRow = Awaited<ReturnType<ReturnType<typeof bookingSelect>["all"]>>[number];

export async function getBooking(db: Db, id: string): Promise<BookingListRow | null> {
  const [row] = await bookingSelect(db).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/**
 * A user's bookings on both sides, latest time first, keyset on (starts_at, id). Each side is one
 * range of its own index (buyer / seller, starts_at, id), read in one batch and merged, rather
 * than one OR that SQLite would have to sort; the cursor is a position in the merged order, so it
 * bounds both ranges alike.
 */
export async function listBookings(db: Db, options: { userId: string; cursor?: Cursor | undefined; limit: number }) {
  const side = (column: typeof bookings.buyerId | typeof bookings.sellerId) =>
    bookingSelect(db)
      .where(
        and(
          eq(column, options.userId),
          options.cursor ? sql`(${bookings.startsAt}, ${bookings.id}) < (${options.cursor.createdAt}, ${options.cursor.id})` : undefined,
        ),
      )
      .orderBy(desc(bookings.startsAt), desc(bookings.id))
      .limit(options.limit + 1);
  const [asBuyer, asSeller] = await db.batch([side(bookings.buyerId), side(bookings.sellerId)]);
  const merged = [...asBuyer, ...asSeller].sort((a, b) => b.booking.startsAt - a.booking.startsAt || (a.booking.id < b.booking.id ? 1 : -1));
  // The cursor's time field carries the booking's start: the list is keyed on (starts_at, id).
  return pageOf(merged, options.limit, (row) => ({ createdAt: row.booking.startsAt, id: row.booking.id }));
}

/**
 * Stores a pending booking unless an active booking already holds the seller's time or the
 * order: the partial unique indexes decide, atomically, so the second of two racing inserts
 * stores nothing. Returns the row, or null when it was refused.
 */
export async function insertBooking(db: Db, row: typeof bookings.$inferInsert): Promise<BookingRow | null> {
  const [stored] = await db.insert(bookings).values(row).onConflictDoNothing().returning();
  return stored ?? null;
}

/** The order's pending or confirmed booking, if any. */
export async function activeBookingOfOrder(db: Db, orderId: string): Promise<Pick<BookingRow, "id"> | null> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.orderId, orderId), ne(bookings.status, "cancelled")))
    .limit(1);
  return row ?? null;
}

/**
 * One guarded change of an active booking: it applies only while the booking is still at the
 * revision the caller read, so two sides acting at once change it once; the loser gets null.
 */
export async function updateBooking(
  db: Db,
  input: { id: string; revision: number; now: number; set: Partial<Pick<BookingRow, "status" | "awaiting" | "startsAt" | "endsAt">> },
): Promise<BookingRow | null> {
  const [row] = await db
    .update(bookings)
    .set({ ...input.set, revision: input.revision + 1, updatedAt: input.now })
    .where(and(eq(bookings.id, input.id), eq(bookings.revision, input.revision), ne(bookings.status, "cancelled")))
    .returning();
  return row ?? null;
}

/** Whether an update failed on the (seller, start) index: another booking took the time first. */
export function isSlotTaken(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /UNIQUE constraint failed: bookings\.seller_id, bookings\.starts_at|bookings_seller_slot_active_unique/i.test(text);
}

/** Whether the user sells at least one service that needs scheduling. */
export async function sellsScheduledServices(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.userId, userId), eq(services.needsScheduling, true)))
    .limit(1);
  return row !== undefined;
}

/** Order states in which a booking may be made or changed: paid, and not yet delivered. */
const BOOKABLE_ORDER_STATUSES = ["paid", "in_progress"] as const;

/**
 * The buyer's orders that can be booked: paid or in progress, of a service that (still) needs
 * scheduling, with the order's active booking if it has one. A buyer holds few such orders at a
 * time; the bound keeps the overview one small read.
 */
export async function bookableOrders(db: Db, buyerId: string, limit = 50) {
  const active = alias(bookings, "active_booking");
  return db
    .select({
      orderId: orders.id,
      serviceName: orders.itemName,
      sellerId: orders.sellerId,
      sellerUsername: profiles.username,
      sellerDisplayName: profiles.displayName,
      activeBookingId: active.id,
    })
    .from(orders)
    .innerJoin(services, and(eq(services.id, orders.itemId), eq(services.needsScheduling, true)))
    .leftJoin(profiles, eq(profiles.userId, orders.sellerId))
    .leftJoin(active, and(eq(active.orderId, orders.id), ne(active.status, "cancelled")))
    .where(and(eq(orders.buyerId, buyerId), eq(orders.itemType, "service"), inArray(orders.status, [...BOOKABLE_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Whether this order is a bookable one: paid or in progress, of a service that needs scheduling. */
export async function isBookableOrder(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(services, and(eq(services.id, orders.itemId), eq(services.needsScheduling, true)))
    .where(and(eq(orders.id, orderId), eq(orders.itemType, "service"), inArray(orders.status, [...BOOKABLE_ORDER_STATUSES])))
    .limit(1);
  return row !== undefined;
}
