// The booking contract shared by the Worker and the SPA (second document §2 Sample-data pages
// "Booking"; DESIGN.md "Sample pages" on real data; decision records 0054 and 0055). Texts come
// from shared/messages.ts (BOOKING_TEXTS); every time is an instant in milliseconds since the
// epoch, and the SPA shows it in the viewer's own time zone.
//
// Routes (signed in; every failure is the error envelope of shared/errors.ts):
//   GET    /api/booking/overview                → BookingOverview: whether the caller sells a
//                                                 service that needs scheduling, and their paid
//                                                 orders of such services (what they can book).
//   GET    /api/booking/availability            → AvailabilityRule[] (the caller's weekly times).
//   POST   /api/booking/availability            body AvailabilityBody → AvailabilityRule (201);
//                                                 400 for an overlap with another weekly time.
//   DELETE /api/booking/availability/:ruleId    → { ok: true }; someone else's time answers 404
//                                                 'Availability time not found', like a missing one.
//   GET    /api/booking/orders/:orderId/slots   → FreeSlots: the order's seller's free times for the
//                                                 next BOOKING_WEEKS_AHEAD weeks, for either party
//                                                 (404 'Order not found' for anyone else).
//   GET    /api/booking/bookings?cursor=&limit= → BookingPage: the caller's bookings on both sides,
//                                                 latest time first.
//   POST   /api/booking/bookings                body NewBookingBody → Booking (201), pending for the
//                                                 seller. The order's buyer only, order paid or in
//                                                 progress; 409 'That time was just taken…' when
//                                                 another booking holds the time.
//   POST   /api/booking/bookings/:bookingId/confirm     the side the booking waits for → confirmed.
//   POST   /api/booking/bookings/:bookingId/cancel      either side → cancelled (the time is free again).
//   POST   /api/booking/bookings/:bookingId/reschedule  body RescheduleBody; either side → pending
//                                                        again, now waiting for the other side.
//   A booking someone is no party to answers 404 'Booking not found'.
import { z } from "zod";
import { BOOKING_TEXTS } from "./messages";
import { isTimeZone } from "./rules/zoned-time";
import { idSchema } from "./schemas/common";
import type { Page } from "./paging";
import type { PartyRef } from "./people";

/** How far ahead free times are offered (decision record 0054). */
export const BOOKING_WEEKS_AHEAD = 4;
export const BOOKING_DURATION_MIN = 15;
export const BOOKING_DURATION_MAX = 480;
/** Weekly times one seller may offer: enough for every hour of a working week, and a bound on the slot maths. */
export const BOOKING_MAX_RULES = 60;

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_ROLES = ["buyer", "seller"] as const;
export type BookingRole = (typeof BOOKING_ROLES)[number];

/** "09:30" → 570. */
export function parseStartTime(raw: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(raw.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 570 → "09:30". */
export function formatStartTime(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, "0")}:${String(minuteOfDay % 60).padStart(2, "0")}`;
}

/** POST /api/booking/availability: a weekly time in the seller's zone (the SPA sends the browser's). */
export const availabilityBodySchema = z.object({
  weekday: z.coerce.number({ error: BOOKING_TEXTS.invalidWeekday }).int(BOOKING_TEXTS.invalidWeekday).min(1, BOOKING_TEXTS.invalidWeekday).max(7, BOOKING_TEXTS.invalidWeekday),
  startTime: z.string({ error: BOOKING_TEXTS.invalidStartTime }).refine((raw) => parseStartTime(raw) !== null, BOOKING_TEXTS.invalidStartTime),
  durationMinutes: z.coerce
    .number({ error: BOOKING_TEXTS.invalidDuration(BOOKING_DURATION_MIN, BOOKING_DURATION_MAX) })
    .int(BOOKING_TEXTS.invalidDuration(BOOKING_DURATION_MIN, BOOKING_DURATION_MAX))
    .min(BOOKING_DURATION_MIN, BOOKING_TEXTS.invalidDuration(BOOKING_DURATION_MIN, BOOKING_DURATION_MAX))
    .max(BOOKING_DURATION_MAX, BOOKING_TEXTS.invalidDuration(BOOKING_DURATION_MIN, BOOKING_DURATION_MAX)),
  timeZone: z.string({ error: BOOKING_TEXTS.invalidTimeZone }).refine(isTimeZone, BOOKING_TEXTS.invalidTimeZone),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

/** A slot start the Worker offered (FreeSlots); the Worker checks it is still one. */
const slotStartSchema = z.number({ error: BOOKING_TEXTS.invalidSlot }).int(BOOKING_TEXTS.invalidSlot).min(0, BOOKING_TEXTS.invalidSlot).max(8.64e15, BOOKING_TEXTS.invalidSlot);

export const newBookingBodySchema = z.object({ orderId: idSchema, startsAt: slotStartSchema });

export const rescheduleBodySchema = z.object({ startsAt: slotStartSchema });

export interface AvailabilityRule {
  id: string;
  weekday: number;
  /** "HH:MM" in `timeZone`. */
  startTime: string;
  durationMinutes: number;
  timeZone: string;
}

export interface FreeSlot {
  startsAt: number;
  endsAt: number;
}

export interface FreeSlots {
  orderId: string;
  slots: FreeSlot[];
}

/** The other party of a booking: a PartyRef without the avatar, which the booking screens do not show. */
export type BookingParty = Omit<PartyRef, "avatarUrl">;

export interface Booking {
  id: string;
  orderId: string;
  serviceName: string;
  startsAt: number;
  endsAt: number;
  status: BookingStatus;
  /** The caller's side. */
  role: BookingRole;
  /** While pending: whose confirmation it waits for. */
  awaiting: BookingRole | null;
  counterpart: BookingParty;
  /** What the caller may do now. */
  actions: ("confirm" | "cancel" | "reschedule")[];
  updatedAt: number;
}

export type BookingPage = Page<Booking>;

/** A paid order of a service that needs scheduling, bought by the caller. */
export interface BookableOrder {
  orderId: string;
  serviceName: string;
  seller: BookingParty;
  /** Its pending or confirmed booking, if it has one (one per order). */
  activeBookingId: string | null;
}

export interface BookingOverview {
  sellsScheduledServices: boolean;
  bookableOrders: BookableOrder[];
}
