// Booking (decision records 0054 and 0055): a seller's weekly times become free slots for the
// next BOOKING_WEEKS_AHEAD weeks; the buyer of a paid service that needs scheduling books one; the
// side the booking waits for confirms it; either side cancels it or moves it to another free
// time, which makes it wait for the other side again. Every step tells the other side in their
// messages. Who may do what is decided here, from the rows; the guards of the database (partial
// unique indexes, revision-guarded updates) make racing requests change a booking once.
import {
  BOOKING_MAX_RULES,
  BOOKING_WEEKS_AHEAD,
  formatStartTime,
  parseStartTime,
  type AvailabilityRule,
  type Booking,
  type BookingRole,
  type FreeSlot,
} from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { offsetAt, weeklyStarts } from "@shared/rules/zoned-time";
import type { Db } from "../db/client";
import {
  activeBookingOfOrder,
  activeBookingsBetween,
  getBooking,
  insertAvailability,
  insertBooking,
  isBookableOrder,
  isSlotTaken,
  listAvailability,
  updateBooking,
  type AvailabilityRuleRow,
  type BookingListRow,
  type BookingRow,
} from "../db/queries/booking";
import { cannotReach } from "../db/queries/audience";
import type { OrderRow } from "../db/queries/orders";
import { toBookingParty } from "../db/queries/people";
import { ApiError } from "../lib/errors";
import type { Ctx } from "../env";
import { sendAppMessage, type AppMessageContext } from "./app-messages";
import { BOOKING_EVENT_TYPES, notificationPaths } from "./notifications/events";

const WEEK_MINUTES = 7 * 24 * 60;
const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

export function toAvailabilityRule(row: AvailabilityRuleRow): AvailabilityRule {
  return { id: row.id, weekday: row.weekday, startTime: formatStartTime(row.startMinute), durationMinutes: row.durationMinutes, timeZone: row.timeZone };
}

/**
 * A rule as minutes of a UTC week at `now`: how weekly times in different zones are compared.
 * Rules in one zone (the usual case: the editor sends the browser's zone) compare exactly.
 */
function weekInterval(rule: Pick<AvailabilityRuleRow, "weekday" | "startMinute" | "durationMinutes" | "timeZone">, now: number): [number, number] {
  const start = ((((rule.weekday - 1) * 1440 + rule.startMinute - offsetAt(rule.timeZone, now) / MINUTE_MS) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  return [start, start + rule.durationMinutes];
}

function overlaps(a: [number, number], b: [number, number]): boolean {
  // A week wraps: compare b also one week earlier and later.
  return [-WEEK_MINUTES, 0, WEEK_MINUTES].some((shift) => a[0] < b[1] + shift && b[0] + shift < a[1]);
}

/** Adds a weekly time, refusing one that overlaps another, so a seller's free slots never overlap. */
export async function addAvailability(
  ctx: Pick<Ctx, "db" | "now">,
  { userId, ...input }: { userId: string; weekday: number; startTime: string; durationMinutes: number; timeZone: string },
): Promise<AvailabilityRule> {
  const { db, now } = ctx;
  const startMinute = parseStartTime(input.startTime);
  if (startMinute === null) throw new ApiError("validation_failed", BOOKING_TEXTS.invalidStartTime);
  const existing = await listAvailability(db, userId);
  if (existing.length >= BOOKING_MAX_RULES) throw new ApiError("conflict", BOOKING_TEXTS.tooManyTimes(BOOKING_MAX_RULES));
  const candidate = { weekday: input.weekday, startMinute, durationMinutes: input.durationMinutes, timeZone: input.timeZone };
  const interval = weekInterval(candidate, now);
  if (existing.some((rule) => overlaps(interval, weekInterval(rule, now)))) throw new ApiError("bad_request", BOOKING_TEXTS.overlapsTime);
  return toAvailabilityRule(await insertAvailability(db, { userId, ...candidate, createdAt: now }));
}

/**
 * The seller's free slots in [now, now + BOOKING_WEEKS_AHEAD weeks): every weekly time's starts in
 * its own zone, less the ones an active booking overlaps, soonest first.
 */
export async function freeSlots(ctx: Pick<Ctx, "db" | "now">, input: { sellerId: string }): Promise<FreeSlot[]> {
  const { db, now } = ctx;
  const { sellerId } = input;
  const until = now + BOOKING_WEEKS_AHEAD * WEEK_MS;
  const [rules, booked] = await Promise.all([listAvailability(db, sellerId), activeBookingsBetween(db, sellerId, now, until + 8 * 60 * MINUTE_MS)]);
  const byStart = new Map<number, FreeSlot>();
  for (const rule of rules) {
    for (const startsAt of weeklyStarts({ weekday: rule.weekday, minuteOfDay: rule.startMinute, timeZone: rule.timeZone }, now, until)) {
      byStart.set(startsAt, { startsAt, endsAt: startsAt + rule.durationMinutes * MINUTE_MS });
    }
  }
  return [...byStart.values()]
    .filter((slot) => !booked.some((b) => b.startsAt < slot.endsAt && slot.startsAt < b.endsAt))
    .sort((a, b) => a.startsAt - b.startsAt);
}

/** The free slot starting at `startsAt`, or the reason there is none (taken, or never offered). */
async function requireFreeSlot(db: Db, sellerId: string, startsAt: number, now: number): Promise<FreeSlot> {
  const slot = (await freeSlots({ db, now }, { sellerId })).find((s) => s.startsAt === startsAt);
  if (slot) return slot;
  const [taken] = await activeBookingsBetween(db, sellerId, startsAt, startsAt + 1);
  throw taken && startsAt > now ? new ApiError("conflict", BOOKING_TEXTS.slotTaken) : new ApiError("bad_request", BOOKING_TEXTS.slotUnavailable);
}

/** The order must still be paid (or in progress) and be a service that needs scheduling. */
async function requireBookableOrder(db: Db, orderId: string): Promise<void> {
  if (!(await isBookableOrder(db, orderId))) throw new ApiError("conflict", BOOKING_TEXTS.orderNotBookable);
}

function roleOf(row: Pick<BookingRow, "buyerId" | "sellerId">, userId: string): BookingRole | null {
  if (row.buyerId === userId) return "buyer";
  if (row.sellerId === userId) return "seller";
  return null;
}

const otherSide = (role: BookingRole): BookingRole => (role === "buyer" ? "seller" : "buyer");

export function toBooking(row: BookingListRow, userId: string): Booking {
  const b = row.booking;
  // Only a party's own rows reach here (the lists and requireBookingParty select them by user).
  const role: BookingRole = b.sellerId === userId ? "seller" : "buyer";
  const counterpart =
    role === "buyer"
      ? toBookingParty(b.sellerId, { username: row.sellerUsername, displayName: row.sellerDisplayName })
      : toBookingParty(b.buyerId, { username: row.buyerUsername, displayName: row.buyerDisplayName });
  const actions: Booking["actions"] = [];
  if (b.status === "pending" && b.awaiting === role) actions.push("confirm");
  if (b.status !== "cancelled") actions.push("reschedule", "cancel");
  return {
    id: b.id,
    orderId: b.orderId,
    serviceName: row.serviceName,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    status: b.status,
    role,
    awaiting: b.status === "pending" ? b.awaiting : null,
    counterpart,
    actions,
    updatedAt: b.updatedAt,
  };
}

/** The booking if the user is a party to it, with their side; 404 otherwise, like a missing one. */
async function requireBookingParty(db: Db, bookingId: string, userId: string): Promise<{ row: BookingListRow; role: BookingRole }> {
  const row = await getBooking(db, bookingId);
  const role = row ? roleOf(row.booking, userId) : null;
  if (!row || !role) throw new ApiError("not_found", BOOKING_TEXTS.bookingNotFound);
  return { row, role };
}

type Event = keyof typeof BOOKING_TEXTS.messages;

/** Tells the other side, once per change of the booking (its revision names the event). */
async function tellOtherSide(ctx: AppMessageContext, booking: BookingRow, actorId: string, serviceName: string, event: Event): Promise<void> {
  await sendAppMessage(ctx, {
    senderId: actorId,
    receiverId: actorId === booking.buyerId ? booking.sellerId : booking.buyerId,
    kind: "booking",
    content: BOOKING_TEXTS.messages[event](serviceName),
    linkPath: "/booking",
    dedupeKey: `booking:${booking.id}:${booking.revision}`,
    notice: { type: BOOKING_EVENT_TYPES[event], path: notificationPaths.booking, params: { bookingId: booking.id, orderId: booking.orderId, item: serviceName } },
  });
}

async function answer(db: Db, bookingId: string, userId: string): Promise<Booking> {
  const row = await getBooking(db, bookingId);
  if (!row) throw new ApiError("not_found", BOOKING_TEXTS.bookingNotFound);
  return toBooking(row, userId);
}

/**
 * The buyer books a free time for their paid order; it waits for the seller. The insert itself
 * settles a race: the partial unique indexes let one active booking hold a time, and one an order.
 */
export async function createBooking(ctx: AppMessageContext, input: { userId: string; order: OrderRow; role: "buyer" | "seller"; startsAt: number }): Promise<Booking> {
  const { db, now } = ctx;
  const { order } = input;
  if (input.role !== "buyer") throw new ApiError("forbidden", BOOKING_TEXTS.orderNotBookable);
  // No booking across a block, nor with a deleted seller; the answer is the one a seller with no
  // free time gives (decision records 0082, 0084).
  if (await cannotReach(db, order.buyerId, order.sellerId)) throw new ApiError("conflict", BOOKING_TEXTS.slotUnavailable);
  await requireBookableOrder(db, order.id);
  if (await activeBookingOfOrder(db, order.id)) throw new ApiError("conflict", BOOKING_TEXTS.orderAlreadyBooked);
  const slot = await requireFreeSlot(db, order.sellerId, input.startsAt, now);
  const stored = await insertBooking(db, {
    orderId: order.id,
    sellerId: order.sellerId,
    buyerId: order.buyerId,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    status: "pending",
    awaiting: "seller",
    createdAt: now,
    updatedAt: now,
  });
  if (!stored) {
    throw (await activeBookingOfOrder(db, order.id))
      ? new ApiError("conflict", BOOKING_TEXTS.orderAlreadyBooked)
      : new ApiError("conflict", BOOKING_TEXTS.slotTaken);
  }
  await tellOtherSide(ctx, stored, input.userId, order.itemName, "requested");
  return answer(db, stored.id, input.userId);
}

/** The side a pending booking waits for confirms it. */
export async function confirmBooking(ctx: AppMessageContext, { bookingId, userId }: { bookingId: string; userId: string }): Promise<Booking> {
  const { row, role } = await requireBookingParty(ctx.db, bookingId, userId);
  const b = row.booking;
  if (b.status !== "pending") throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  if (b.awaiting !== role) throw new ApiError("forbidden", BOOKING_TEXTS.cannotConfirm);
  const updated = await updateBooking(ctx.db, { id: b.id, revision: b.revision, now: ctx.now, set: { status: "confirmed", awaiting: null } });
  if (!updated) throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  await tellOtherSide(ctx, updated, userId, row.serviceName, "confirmed");
  return answer(ctx.db, b.id, userId);
}

/** Either side cancels; the partial unique index then no longer counts the time as taken. */
export async function cancelBooking(ctx: AppMessageContext, { bookingId, userId }: { bookingId: string; userId: string }): Promise<Booking> {
  const { row } = await requireBookingParty(ctx.db, bookingId, userId);
  const b = row.booking;
  if (b.status === "cancelled") throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  const updated = await updateBooking(ctx.db, { id: b.id, revision: b.revision, now: ctx.now, set: { status: "cancelled", awaiting: null } });
  if (!updated) throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  await tellOtherSide(ctx, updated, userId, row.serviceName, "cancelled");
  return answer(ctx.db, b.id, userId);
}

/**
 * Either side moves the booking to another free time of the seller. It is pending again and
 * waits for the other side: whoever did not choose the new time confirms it (decision 0055).
 */
export async function rescheduleBooking(
  ctx: AppMessageContext,
  { bookingId, userId, startsAt }: { bookingId: string; userId: string; startsAt: number },
): Promise<Booking> {
  const { row, role } = await requireBookingParty(ctx.db, bookingId, userId);
  const b = row.booking;
  if (b.status === "cancelled") throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  await requireBookableOrder(ctx.db, b.orderId);
  const slot = await requireFreeSlot(ctx.db, b.sellerId, startsAt, ctx.now);
  let updated: BookingRow | null;
  try {
    updated = await updateBooking(ctx.db, {
      id: b.id,
      revision: b.revision,
      now: ctx.now,
      set: { startsAt: slot.startsAt, endsAt: slot.endsAt, status: "pending", awaiting: otherSide(role) },
    });
  } catch (error) {
    // Another booking took the time between the check and this update.
    if (isSlotTaken(error)) throw new ApiError("conflict", BOOKING_TEXTS.slotTaken);
    throw error;
  }
  if (!updated) throw new ApiError("conflict", BOOKING_TEXTS.bookingClosed);
  await tellOtherSide(ctx, updated, userId, row.serviceName, "rescheduled");
  return answer(ctx.db, b.id, userId);
}
