// Booking (second document §2 Sample-data pages "Booking: statuses confirmed and pending, Edit,
// Cancel and New Booking buttons, sample availability slots", made real; decision records 0054
// and 0055; the contract is shared/booking-api.ts). Signed in only, and only the caller's own data:
// someone else's weekly time or booking answers 404 exactly like a missing one.
import type { Context } from "hono";
import { Hono } from "hono";
import {
  availabilityBodySchema,
  newBookingBodySchema,
  rescheduleBodySchema,
  type BookingOverview,
  type BookingPage,
  type FreeSlots,
} from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { pageQuerySchema } from "@shared/schemas/paging";
import { bookableOrders, deleteAvailability, listAvailability, listBookings, sellsScheduledServices } from "../db/queries/booking";
import { mapPage } from "../db/queries/paging";
import { toBookingParty } from "../db/queries/people";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { availabilityParam, bookingParam, orderParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import {
  addAvailability,
  cancelBooking,
  confirmBooking,
  createBooking,
  freeSlots,
  rescheduleBooking,
  toAvailabilityRule,
  toBooking,
} from "../services/booking";
import { requireOrderParty } from "../services/payments/orders";
import { limitUser } from "../services/rate-limit";

/** The signed-in writer, held to the booking_write limit. */
async function writer(c: Context<AppEnv>): Promise<string> {
  const { userId } = requireUser(c);
  await limitUser(c.var.ctx, "booking_write", userId);
  return userId;
}

/** Mounted at /booking. */
export const bookingRoutes = new Hono<AppEnv>()
  .get("/overview", signedIn, async (c) => {
    const { userId } = requireUser(c);
    const [sells, orders] = await Promise.all([sellsScheduledServices(c.var.db, userId), bookableOrders(c.var.db, userId)]);
    const overview: BookingOverview = {
      sellsScheduledServices: sells,
      bookableOrders: orders.map((o) => ({
        orderId: o.orderId,
        serviceName: o.serviceName,
        seller: toBookingParty(o.sellerId, { username: o.sellerUsername, displayName: o.sellerDisplayName }),
        activeBookingId: o.activeBookingId,
      })),
    };
    c.header("Cache-Control", "no-store");
    return c.json(overview, 200);
  })
  .get("/availability", signedIn, async (c) => {
    const { userId } = requireUser(c);
    return c.json((await listAvailability(c.var.db, userId)).map(toAvailabilityRule), 200);
  })
  .post("/availability", signedIn, validate("json", availabilityBodySchema), async (c) => {
    const userId = await writer(c);
    return c.json(await addAvailability(c.var.ctx, { userId, ...c.req.valid("json") }), 201);
  })
  .delete("/availability/:ruleId", availabilityParam, signedIn, async (c) => {
    const userId = await writer(c);
    if (!(await deleteAvailability(c.var.db, { id: c.req.valid("param").ruleId, userId }))) {
      throw new ApiError("not_found", BOOKING_TEXTS.availabilityNotFound);
    }
    return c.json({ ok: true as const }, 200);
  })
  // Either party of the order may read the seller's free times: the buyer to book, both to move it.
  .get("/orders/:orderId/slots", orderParam, signedIn, async (c) => {
    const { userId } = requireUser(c);
    const { order } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    const answer: FreeSlots = { orderId: order.id, slots: await freeSlots(c.var.ctx, { sellerId: order.sellerId }) };
    c.header("Cache-Control", "no-store");
    return c.json(answer, 200);
  })
  .get("/bookings", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    const found = await listBookings(c.var.db, { userId, cursor, limit });
    const page: BookingPage = mapPage(found, (row) => toBooking(row, userId));
    c.header("Cache-Control", "no-store");
    return c.json(page, 200);
  })
  .post("/bookings", signedIn, validate("json", newBookingBodySchema), async (c) => {
    const userId = await writer(c);
    const { orderId, startsAt } = c.req.valid("json");
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId, userId });
    return c.json(await createBooking(c.var.ctx, { userId, order, role, startsAt }), 201);
  })
  .post("/bookings/:bookingId/confirm", bookingParam, signedIn, async (c) => {
    const userId = await writer(c);
    return c.json(await confirmBooking(c.var.ctx, { bookingId: c.req.valid("param").bookingId, userId }), 200);
  })
  .post("/bookings/:bookingId/cancel", bookingParam, signedIn, async (c) => {
    const userId = await writer(c);
    return c.json(await cancelBooking(c.var.ctx, { bookingId: c.req.valid("param").bookingId, userId }), 200);
  })
  .post("/bookings/:bookingId/reschedule", bookingParam, signedIn, validate("json", rescheduleBodySchema), async (c) => {
    const userId = await writer(c);
    return c.json(await rescheduleBooking(c.var.ctx, { bookingId: c.req.valid("param").bookingId, userId, startsAt: c.req.valid("json").startsAt }), 200);
  });
