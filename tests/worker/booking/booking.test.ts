// Booking (decision records 0054 and 0055): weekly times are their owner's alone; only the buyer
// who paid for a service that needs scheduling books it; two buyers racing for one time get one
// booking between them; the seller confirms; either side cancels (the time is free again) or moves
// the booking (it then waits for the other side); each step messages the other side.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AvailabilityRule, Booking, BookingOverview, BookingPage, FreeSlots } from "@shared/booking-api";
import type { CreatePaymentResponse } from "@shared/checkout-api";
import { BOOKING_TEXTS, CHECKOUT_TEXTS } from "@shared/messages";
import { wallClockOf } from "@shared/rules/zoned-time";
import { newId } from "../../../worker/db/ids";
import { availabilityRules, bookings, messages, services } from "../../../worker/db/schema";
import { freeSlots } from "../../../worker/services/booking";
import { api, db, expectError, insertOrder, json, payableInTestMode, signedInUser, type SignedInUser } from "../helpers";

const HOUR = 3_600_000;

async function insertScheduledService(sellerId: string, needsScheduling = true): Promise<string> {
  const id = newId();
  await payableInTestMode(sellerId);
  await db().insert(services).values({ id, userId: sellerId, name: `Vocal coaching ${id.slice(0, 4)}`, category: "mixing", pricingModel: "per_session", priceCents: 6_000, needsScheduling });
  return id;
}

/** Pays for the service in test mode, through the same routes the purchase dialog uses. */
async function pay(buyer: SignedInUser, serviceId: string): Promise<string> {
  const { orderId } = await json<CreatePaymentResponse>(
    await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } }),
    201,
  );
  await json(await api(`/api/checkout/test/${orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
  return orderId;
}

async function addTime(user: SignedInUser, body: { weekday: number; startTime: string; durationMinutes: number; timeZone: string }) {
  return api("/api/booking/availability", { cookie: user.cookie, body });
}

/** A seller offering Mondays 10:00 UTC (60 min) and Wednesdays 15:00 UTC (90 min), and a buyer who paid. */
async function paidScheduledSale() {
  const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
  const serviceId = await insertScheduledService(seller.id);
  await json(await addTime(seller, { weekday: 1, startTime: "10:00", durationMinutes: 60, timeZone: "UTC" }), 201);
  await json(await addTime(seller, { weekday: 3, startTime: "15:00", durationMinutes: 90, timeZone: "UTC" }), 201);
  const orderId = await pay(buyer, serviceId);
  return { seller, buyer, serviceId, orderId };
}

async function slotsOf(user: SignedInUser, orderId: string) {
  return (await json<FreeSlots>(await api(`/api/booking/orders/${orderId}/slots`, { cookie: user.cookie }), 200)).slots;
}

function book(user: SignedInUser, orderId: string, startsAt: number) {
  return api("/api/booking/bookings", { cookie: user.cookie, body: { orderId, startsAt } });
}

async function bookingRow(id: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row;
}

async function bookingMessagesTo(receiverId: string) {
  return db()
    .select({ content: messages.content, kind: messages.messageType, linkPath: messages.linkPath, senderId: messages.senderId })
    .from(messages)
    .where(and(eq(messages.receiverId, receiverId), eq(messages.messageType, "booking")))
    .orderBy(messages.seq);
}

describe("weekly availability", () => {
  it("is added, listed and removed by its owner only", async () => {
    const [ana, bo] = await Promise.all([signedInUser(), signedInUser()]);
    const added = await json<AvailabilityRule>(await addTime(ana, { weekday: 2, startTime: "09:30", durationMinutes: 45, timeZone: "Europe/Berlin" }), 201);
    expect(added).toMatchObject({ weekday: 2, startTime: "09:30", durationMinutes: 45, timeZone: "Europe/Berlin" });
    expect(await json<AvailabilityRule[]>(await api("/api/booking/availability", { cookie: ana.cookie }), 200)).toEqual([added]);
    expect(await json<AvailabilityRule[]>(await api("/api/booking/availability", { cookie: bo.cookie }), 200)).toEqual([]);

    await expectError(await api(`/api/booking/availability/${added.id}`, { method: "DELETE", cookie: bo.cookie }), 404, BOOKING_TEXTS.availabilityNotFound);
    expect(await db().select().from(availabilityRules).where(eq(availabilityRules.id, added.id))).toHaveLength(1);
    await json(await api(`/api/booking/availability/${added.id}`, { method: "DELETE", cookie: ana.cookie }), 200);
    expect(await db().select().from(availabilityRules).where(eq(availabilityRules.userId, ana.id))).toEqual([]);
  });

  it("refuses an overlapping time, a bad zone, a bad start and a length out of range", async () => {
    const ana = await signedInUser();
    await json(await addTime(ana, { weekday: 5, startTime: "14:00", durationMinutes: 120, timeZone: "UTC" }), 201);
    await expectError(await addTime(ana, { weekday: 5, startTime: "15:00", durationMinutes: 30, timeZone: "UTC" }), 400, BOOKING_TEXTS.overlapsTime);
    // 16:30 in Berlin in any season is 14:30 or 15:30 UTC: inside the first time as well.
    await expectError(await addTime(ana, { weekday: 5, startTime: "16:30", durationMinutes: 30, timeZone: "Europe/Berlin" }), 400, BOOKING_TEXTS.overlapsTime);
    await expectError(await addTime(ana, { weekday: 5, startTime: "18:00", durationMinutes: 30, timeZone: "Mars/Base" }), 400, BOOKING_TEXTS.invalidTimeZone);
    await expectError(await addTime(ana, { weekday: 5, startTime: "25:00", durationMinutes: 30, timeZone: "UTC" }), 400, BOOKING_TEXTS.invalidStartTime);
    await expectError(await addTime(ana, { weekday: 8, startTime: "18:00", durationMinutes: 30, timeZone: "UTC" }), 400, BOOKING_TEXTS.invalidWeekday);
    await expectError(await addTime(ana, { weekday: 5, startTime: "18:00", durationMinutes: 5, timeZone: "UTC" }), 400, BOOKING_TEXTS.invalidDuration(15, 480));
    // Back to back is no overlap.
    await json(await addTime(ana, { weekday: 5, startTime: "16:00", durationMinutes: 30, timeZone: "UTC" }), 201);
    expect(await db().select().from(availabilityRules).where(eq(availabilityRules.userId, ana.id))).toHaveLength(2);
  });
});

describe("free slots", () => {
  it("are every weekly time for the next four weeks, in the future, soonest first", async () => {
    const { buyer, seller, orderId } = await paidScheduledSale();
    const slots = await slotsOf(buyer, orderId);
    expect(slots).toHaveLength(8);
    const now = Date.now();
    for (const slot of slots) {
      expect(slot.startsAt).toBeGreaterThan(now);
      expect(slot.startsAt).toBeLessThan(now + 28 * 24 * HOUR);
      const wall = wallClockOf("UTC", slot.startsAt);
      expect(`${wall.weekday}@${wall.minuteOfDay}`).toBe(wall.weekday === 1 ? "1@600" : "3@900");
      expect(slot.endsAt - slot.startsAt).toBe(wall.weekday === 1 ? HOUR : 1.5 * HOUR);
    }
    expect(slots.map((s) => s.startsAt)).toEqual([...slots.map((s) => s.startsAt)].sort((a, b) => a - b));
    // The seller of the order reads the same times (to move a booking); nobody else may.
    expect(await slotsOf(seller, orderId)).toEqual(slots);
    const stranger = await signedInUser();
    await expectError(await api(`/api/booking/orders/${orderId}/slots`, { cookie: stranger.cookie }), 404, CHECKOUT_TEXTS.orderNotFound);
  });

  it("keep the seller's local hour across a DST change (controlled clock)", async () => {
    const seller = await signedInUser();
    await json(await addTime(seller, { weekday: 7, startTime: "10:00", durationMinutes: 60, timeZone: "Europe/Berlin" }), 201);
    const slots = await freeSlots({ db: db(), now: Date.parse("2026-03-16T00:00:00Z") }, { sellerId: seller.id });
    expect(slots.map((s) => new Date(s.startsAt).toISOString())).toEqual([
      "2026-03-22T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-04-05T08:00:00.000Z",
      "2026-04-12T08:00:00.000Z",
    ]);
    expect(slots.every((s) => s.endsAt - s.startsAt === HOUR)).toBe(true);
  });
});

describe("bookings", () => {
  it("are made by the paying buyer only, wait for the seller, and tell the seller", async () => {
    const { seller, buyer, orderId } = await paidScheduledSale();
    const [first, second] = await slotsOf(buyer, orderId);
    const stranger = await signedInUser();
    await expectError(await book(stranger, orderId, first!.startsAt), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await book(seller, orderId, first!.startsAt), 403, BOOKING_TEXTS.orderNotBookable);
    // A time that was never offered, or one already past, is not bookable.
    await expectError(await book(buyer, orderId, first!.startsAt + 60_000), 400, BOOKING_TEXTS.slotUnavailable);
    await expectError(await book(buyer, orderId, Date.now() - HOUR), 400, BOOKING_TEXTS.slotUnavailable);
    expect(await db().select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);

    const booking = await json<Booking>(await book(buyer, orderId, first!.startsAt), 201);
    expect(booking).toMatchObject({ orderId, startsAt: first!.startsAt, endsAt: first!.endsAt, status: "pending", role: "buyer", awaiting: "seller", actions: ["reschedule", "cancel"] });
    expect(booking.counterpart.id).toBe(seller.id);
    expect(await bookingRow(booking.id)).toMatchObject({ sellerId: seller.id, buyerId: buyer.id, status: "pending", awaiting: "seller" });
    // The time is gone from the free ones, and the order holds one active booking at most.
    expect((await slotsOf(buyer, orderId)).map((s) => s.startsAt)).not.toContain(first!.startsAt);
    await expectError(await book(buyer, orderId, second!.startsAt), 409, BOOKING_TEXTS.orderAlreadyBooked);
    expect(await bookingMessagesTo(seller.id)).toEqual([
      { content: BOOKING_TEXTS.messages.requested(booking.serviceName), kind: "booking", linkPath: "/booking", senderId: buyer.id },
    ]);
    // The seller sees it on their side, with Confirm.
    const page = await json<BookingPage>(await api("/api/booking/bookings", { cookie: seller.cookie }), 200);
    expect(page.items).toMatchObject([{ id: booking.id, role: "seller", awaiting: "seller", actions: ["confirm", "reschedule", "cancel"] }]);
  });

  it("refuse an order that is unpaid, of a service without scheduling, or refunded", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    await json(await addTime(seller, { weekday: 2, startTime: "08:00", durationMinutes: 60, timeZone: "UTC" }), 201);
    const plain = await pay(buyer, await insertScheduledService(seller.id, false));
    const scheduled = await insertScheduledService(seller.id);
    const { orderId: unpaid } = await json<CreatePaymentResponse>(
      await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: scheduled } }),
      201,
    );
    const refunded = await pay(buyer, scheduled);
    await json(await api(`/api/orders/${refunded}/refund`, { cookie: seller.cookie, body: {} }), 200);
    const [slot] = await slotsOf(buyer, plain);
    for (const orderId of [plain, unpaid, refunded]) {
      await expectError(await book(buyer, orderId, slot!.startsAt), 409, BOOKING_TEXTS.orderNotBookable);
    }
    // An order inserted for another item of the seller is no booking ticket either.
    const other = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "paid" });
    await expectError(await book(buyer, other, slot!.startsAt), 409, BOOKING_TEXTS.orderNotBookable);
    expect(await db().select().from(bookings).where(eq(bookings.sellerId, seller.id))).toEqual([]);
    const overview = await json<BookingOverview>(await api("/api/booking/overview", { cookie: buyer.cookie }), 200);
    expect(overview).toEqual({ sellsScheduledServices: false, bookableOrders: [] });
  });

  it("let exactly one of two buyers racing for one time have it", async () => {
    const { seller, buyer, serviceId, orderId } = await paidScheduledSale();
    const rival = await signedInUser();
    const rivalOrder = await pay(rival, serviceId);
    const [slot] = await slotsOf(buyer, orderId);
    const answers = await Promise.all([book(buyer, orderId, slot!.startsAt), book(rival, rivalOrder, slot!.startsAt)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    await expectError(loser, 409, BOOKING_TEXTS.slotTaken);
    await answers.find((r) => r.status === 201)!.arrayBuffer();
    const rows = await db().select().from(bookings).where(eq(bookings.sellerId, seller.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt).toBe(slot!.startsAt);
    // The seller's overview counts them as a seller of a scheduled service; each buyer sees their order.
    expect((await json<BookingOverview>(await api("/api/booking/overview", { cookie: seller.cookie }), 200)).sellsScheduledServices).toBe(true);
    const rivalView = await json<BookingOverview>(await api("/api/booking/overview", { cookie: rival.cookie }), 200);
    expect(rivalView.bookableOrders).toMatchObject([{ orderId: rivalOrder, seller: { id: seller.id } }]);
  });

  it("are confirmed by the seller only, and the buyer is told", async () => {
    const { seller, buyer, orderId } = await paidScheduledSale();
    const [slot] = await slotsOf(buyer, orderId);
    const booking = await json<Booking>(await book(buyer, orderId, slot!.startsAt), 201);
    await expectError(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: buyer.cookie, body: {} }), 403, BOOKING_TEXTS.cannotConfirm);
    const stranger = await signedInUser();
    await expectError(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: stranger.cookie, body: {} }), 404, BOOKING_TEXTS.bookingNotFound);
    expect((await bookingRow(booking.id))!.status).toBe("pending");

    const confirmed = await json<Booking>(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: seller.cookie, body: {} }), 200);
    expect(confirmed).toMatchObject({ status: "confirmed", awaiting: null, role: "seller", actions: ["reschedule", "cancel"] });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", awaiting: null, revision: 2 });
    await expectError(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: seller.cookie, body: {} }), 409, BOOKING_TEXTS.bookingClosed);
    expect((await bookingMessagesTo(buyer.id)).map((m) => m.content)).toEqual([BOOKING_TEXTS.messages.confirmed(booking.serviceName)]);
  });

  it("are cancelled by either side, which frees the time for another buyer", async () => {
    const { seller, buyer, serviceId, orderId } = await paidScheduledSale();
    const [slot] = await slotsOf(buyer, orderId);
    const booking = await json<Booking>(await book(buyer, orderId, slot!.startsAt), 201);
    const cancelled = await json<Booking>(await api(`/api/booking/bookings/${booking.id}/cancel`, { cookie: seller.cookie, body: {} }), 200);
    expect(cancelled).toMatchObject({ status: "cancelled", awaiting: null, actions: [] });
    await expectError(await api(`/api/booking/bookings/${booking.id}/cancel`, { cookie: buyer.cookie, body: {} }), 409, BOOKING_TEXTS.bookingClosed);
    expect((await bookingMessagesTo(buyer.id)).map((m) => m.content)).toEqual([BOOKING_TEXTS.messages.cancelled(booking.serviceName)]);
    expect((await slotsOf(buyer, orderId)).map((s) => s.startsAt)).toContain(slot!.startsAt);

    const next = await signedInUser();
    const nextOrder = await pay(next, serviceId);
    await json(await book(next, nextOrder, slot!.startsAt), 201);
    // And the first buyer may book their order again, another time.
    const [, later] = await slotsOf(buyer, orderId);
    await json(await book(buyer, orderId, later!.startsAt), 201);
    const rows = await db().select().from(bookings).where(eq(bookings.sellerId, seller.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "pending", "pending"]);
  });

  it("are moved by either side to a free time, then wait for the other side", async () => {
    const { seller, buyer, orderId } = await paidScheduledSale();
    const [first, second, third] = await slotsOf(buyer, orderId);
    const booking = await json<Booking>(await book(buyer, orderId, first!.startsAt), 201);
    await json(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: seller.cookie, body: {} }), 200);

    const moved = await json<Booking>(await api(`/api/booking/bookings/${booking.id}/reschedule`, { cookie: seller.cookie, body: { startsAt: second!.startsAt } }), 200);
    expect(moved).toMatchObject({ status: "pending", awaiting: "buyer", startsAt: second!.startsAt, endsAt: second!.endsAt });
    // Now the buyer confirms, not the seller.
    await expectError(await api(`/api/booking/bookings/${booking.id}/confirm`, { cookie: seller.cookie, body: {} }), 403, BOOKING_TEXTS.cannotConfirm);
    const free = (await slotsOf(buyer, orderId)).map((s) => s.startsAt);
    expect(free).toContain(first!.startsAt);
    expect(free).not.toContain(second!.startsAt);
    // Its own time is held (by itself): not a free time to move to.
    await expectError(await api(`/api/booking/bookings/${booking.id}/reschedule`, { cookie: buyer.cookie, body: { startsAt: second!.startsAt } }), 409, BOOKING_TEXTS.slotTaken);

    const movedBack = await json<Booking>(await api(`/api/booking/bookings/${booking.id}/reschedule`, { cookie: buyer.cookie, body: { startsAt: third!.startsAt } }), 200);
    expect(movedBack).toMatchObject({ status: "pending", awaiting: "seller", startsAt: third!.startsAt });
    expect(await bookingRow(booking.id)).toMatchObject({ startsAt: third!.startsAt, status: "pending", awaiting: "seller", revision: 4 });
    expect((await bookingMessagesTo(buyer.id)).map((m) => m.content)).toEqual([
      BOOKING_TEXTS.messages.confirmed(booking.serviceName),
      BOOKING_TEXTS.messages.rescheduled(booking.serviceName),
    ]);
    expect((await bookingMessagesTo(seller.id)).map((m) => m.content)).toEqual([
      BOOKING_TEXTS.messages.requested(booking.serviceName),
      BOOKING_TEXTS.messages.rescheduled(booking.serviceName),
    ]);
  });

  it("are listed for both sides, latest time first, a page at a time", async () => {
    const { seller, buyer, serviceId, orderId } = await paidScheduledSale();
    const slots = await slotsOf(buyer, orderId);
    await json(await book(buyer, orderId, slots[0]!.startsAt), 201);
    const others = await Promise.all([signedInUser(), signedInUser()]);
    for (const [i, other] of others.entries()) await json(await book(other, await pay(other, serviceId), slots[i + 1]!.startsAt), 201);

    const first = await json<BookingPage>(await api("/api/booking/bookings?limit=2", { cookie: seller.cookie }), 200);
    expect(first.items.map((b) => b.startsAt)).toEqual([slots[2]!.startsAt, slots[1]!.startsAt]);
    expect(first.nextCursor).not.toBeNull();
    const rest = await json<BookingPage>(await api(`/api/booking/bookings?limit=2&cursor=${first.nextCursor}`, { cookie: seller.cookie }), 200);
    expect(rest.items.map((b) => b.startsAt)).toEqual([slots[0]!.startsAt]);
    expect(rest.nextCursor).toBeNull();
    const mine = await json<BookingPage>(await api("/api/booking/bookings", { cookie: buyer.cookie }), 200);
    expect(mine.items).toMatchObject([{ role: "buyer", startsAt: slots[0]!.startsAt, counterpart: { id: seller.id } }]);
  });
});
