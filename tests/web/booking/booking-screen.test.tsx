// /booking (decision records 0054 and 0055): the honest empty states, each booking's status and
// the buttons the server allows, every time in the viewer's own zone with the zone named, New
// Booking through the free times (a lost race shows the server's 'That time was just taken…'),
// the seller's Confirm, and weekly times sent with the browser's zone.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AvailabilityRule, Booking, BookingOverview, BookingPage, FreeSlots } from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { findToast } from "../social/helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

// Monday 23 November 2026, 15:00–16:00 UTC: 10:00 in New York, 16:00 in Berlin, 02:00 (Tuesday) in Sydney.
const START = Date.UTC(2026, 10, 23, 15, 0);
const END = START + 3_600_000;

function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: "b1",
    orderId: "o1",
    serviceName: "Vocal coaching",
    startsAt: START,
    endsAt: END,
    status: "pending",
    role: "seller",
    awaiting: "seller",
    counterpart: { id: "u3", username: "rae", displayName: "Rae Kim" },
    actions: ["confirm", "reschedule", "cancel"],
    updatedAt: START - 86_400_000,
    ...overrides,
  };
}

const EMPTY_OVERVIEW: BookingOverview = { sellsScheduledServices: false, bookableOrders: [] };
const page = (items: Booking[]): BookingPage => ({ items, nextCursor: null });

function openBooking(routes: Record<string, unknown>, path = "/booking") {
  const api = mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/booking/overview": EMPTY_OVERVIEW,
    "GET /api/booking/availability": [] satisfies AvailabilityRule[],
    "GET /api/booking/bookings": page([]),
    ...routes,
  });
  return { api, ...renderApp(path) };
}

/** Makes the browser report `zone` as its own, as a visitor elsewhere in the world would. */
function browserZone(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone: zone };
  });
}

afterEach(() => vi.restoreAllMocks());

describe("/booking", () => {
  it("says honestly that there is nothing yet, and how to enable scheduling", async () => {
    browserZone("Europe/Berlin");
    openBooking({});
    expect(await screen.findByTestId("no-bookings")).toHaveTextContent(BOOKING_TEXTS.noBookings);
    expect(screen.getByTestId("viewer-time-zone")).toHaveTextContent("Times are shown in your time zone: Europe/Berlin");
    const enable = await screen.findByTestId("no-scheduled-services");
    expect(enable).toHaveTextContent(BOOKING_TEXTS.noSchedulingServices);
    expect(enable).toHaveTextContent("tick 'Needs scheduling'");
    expect(within(enable).getByRole("link", { name: BOOKING_TEXTS.goToServices })).toHaveAttribute("href", "/services");

    // New Booking with no paid order to book says how to get one.
    await userEvent.setup().click(screen.getByRole("button", { name: BOOKING_TEXTS.newBooking }));
    expect(await screen.findByTestId("nothing-to-book")).toHaveTextContent(BOOKING_TEXTS.nothingToBook);
  });

  it.each([
    ["America/New_York", "Mon, Nov 23, 10:00 – 11:00 EST"],
    ["Europe/Berlin", "Mon, Nov 23, 16:00 – 17:00 GMT+1"],
    ["Australia/Sydney", "Tue, Nov 24, 02:00 – 03:00 GMT+11"],
  ])("shows each booking's time in the viewer's zone (%s)", async (zone, shown) => {
    browserZone(zone);
    openBooking({ "GET /api/booking/bookings": page([makeBooking()]) });
    const card = await screen.findByTestId("booking-card");
    expect(within(card).getByTestId("booking-time")).toHaveTextContent(shown);
    expect(screen.getByTestId("viewer-time-zone")).toHaveTextContent(zone);
  });

  it("shows each status and only the buttons the server allows", async () => {
    browserZone("UTC");
    openBooking({
      "GET /api/booking/bookings": page([
        makeBooking(),
        makeBooking({ id: "b2", serviceName: "Mix review", status: "confirmed", awaiting: null, role: "buyer", actions: ["reschedule", "cancel"] }),
        makeBooking({ id: "b3", serviceName: "Old session", status: "cancelled", awaiting: null, actions: [] }),
        makeBooking({ id: "b4", serviceName: "Moved session", role: "buyer", awaiting: "seller", actions: ["reschedule", "cancel"] }),
      ]),
    });
    const cards = await screen.findAllByTestId("booking-card");
    const [pending, confirmed, cancelled, waiting] = cards.map((card) => within(card));
    expect(pending!.getByTestId("booking-status")).toHaveTextContent("Pending");
    expect(pending!.getByTestId("booking-awaiting")).toHaveTextContent(BOOKING_TEXTS.awaitingYou);
    expect(pending!.getByText("With Rae Kim (client)")).toBeInTheDocument();
    expect(pending!.getAllByRole("button").map((b) => b.textContent)).toEqual(["Confirm", "Edit", "Cancel"]);
    expect(confirmed!.getByTestId("booking-status")).toHaveTextContent("Confirmed");
    expect(confirmed!.getAllByRole("button").map((b) => b.textContent)).toEqual(["Edit", "Cancel"]);
    expect(cancelled!.getByTestId("booking-status")).toHaveTextContent("Cancelled");
    expect(cancelled!.queryAllByRole("button")).toEqual([]);
    expect(waiting!.getByTestId("booking-awaiting")).toHaveTextContent("Waiting for Rae Kim to confirm");
    expect(waiting!.getByText("With Rae Kim (seller)")).toBeInTheDocument();
  });

  it("lets the seller confirm, and shows the new state", async () => {
    browserZone("UTC");
    const user = userEvent.setup();
    let confirmed = false;
    const { api } = openBooking({
      "GET /api/booking/bookings": () => json(page([confirmed ? makeBooking({ status: "confirmed", awaiting: null, actions: ["reschedule", "cancel"] }) : makeBooking()])),
      "POST /api/booking/bookings/b1/confirm": () => {
        confirmed = true;
        return json(makeBooking({ status: "confirmed", awaiting: null, actions: ["reschedule", "cancel"] }));
      },
    });
    await user.click(within(await screen.findByTestId("booking-card")).getByRole("button", { name: "Confirm" }));
    await findToast(BOOKING_TEXTS.toasts.confirmed);
    expect(api.callsTo("POST", "/api/booking/bookings/b1/confirm")).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId("booking-status")).toHaveTextContent("Confirmed"));
  });

  it("books a free time of a paid order, and says so plainly when someone else was quicker", async () => {
    browserZone("America/New_York");
    const user = userEvent.setup();
    const overview: BookingOverview = {
      sellsScheduledServices: false,
      bookableOrders: [{ orderId: "o9", serviceName: "Vocal coaching", seller: { id: "u2", username: "jonah", displayName: "Jonah Brooks" }, activeBookingId: null }],
    };
    const slots: FreeSlots = { orderId: "o9", slots: [{ startsAt: START, endsAt: END }, { startsAt: START + 2 * 86_400_000, endsAt: END + 2 * 86_400_000 }] };
    let attempts = 0;
    const { api } = openBooking(
      {
        "GET /api/booking/overview": overview,
        "GET /api/booking/orders/o9/slots": slots,
        "POST /api/booking/bookings": () => {
          attempts += 1;
          return attempts === 1 ? apiError(409, "conflict", BOOKING_TEXTS.slotTaken) : json(makeBooking({ id: "b9", orderId: "o9", role: "buyer" }), 201);
        },
      },
      "/booking?orderId=o9",
    );
    // The order page's link opens New Booking with its order picked.
    const dialog = within(await screen.findByTestId("pick-time-dialog"));
    const select = await dialog.findByLabelText(BOOKING_TEXTS.time);
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      BOOKING_TEXTS.pickTime,
      "Mon, Nov 23, 10:00 – 11:00 EST",
      "Wed, Nov 25, 10:00 – 11:00 EST",
    ]);
    await user.selectOptions(select, String(START));
    await user.click(dialog.getByRole("button", { name: BOOKING_TEXTS.book }));
    expect(await dialog.findByTestId("pick-time-error")).toHaveTextContent("That time was just taken. Please pick another.");
    expect(api.callsTo("POST", "/api/booking/bookings")[0]!.body).toEqual({ orderId: "o9", startsAt: START });

    await user.selectOptions(await dialog.findByLabelText(BOOKING_TEXTS.time), String(START + 2 * 86_400_000));
    await user.click(dialog.getByRole("button", { name: BOOKING_TEXTS.book }));
    await findToast(BOOKING_TEXTS.toasts.booked);
    expect(api.callsTo("POST", "/api/booking/bookings")[1]!.body).toEqual({ orderId: "o9", startsAt: START + 2 * 86_400_000 });
    await waitFor(() => expect(screen.queryByTestId("pick-time-dialog")).toBeNull());
  });

  it("adds a weekly time in the browser's zone and lists the seller's times", async () => {
    browserZone("Europe/Berlin");
    const user = userEvent.setup();
    const rule: AvailabilityRule = { id: "r1", weekday: 2, startTime: "09:30", durationMinutes: 45, timeZone: "Europe/Berlin" };
    let rules: AvailabilityRule[] = [{ id: "r0", weekday: 1, startTime: "10:00", durationMinutes: 60, timeZone: "America/New_York" }];
    const { api } = openBooking({
      "GET /api/booking/overview": { ...EMPTY_OVERVIEW, sellsScheduledServices: true },
      "GET /api/booking/availability": () => json(rules),
      "POST /api/booking/availability": () => {
        rules = [...rules, rule];
        return json(rule, 201);
      },
    });
    const list = await screen.findByTestId("availability-list");
    expect(list).toHaveTextContent("Monday 10:00 · 60 min");
    // A time offered from another zone names it.
    expect(list).toHaveTextContent("Offered in America/New_York");

    await user.selectOptions(screen.getByLabelText(BOOKING_TEXTS.weekday), "2");
    const start = screen.getByLabelText(BOOKING_TEXTS.startTime);
    await user.clear(start);
    await user.type(start, "09:30");
    const length = screen.getByLabelText(BOOKING_TEXTS.duration);
    await user.clear(length);
    await user.type(length, "45");
    await user.click(screen.getByRole("button", { name: BOOKING_TEXTS.addTime }));
    await findToast(BOOKING_TEXTS.toasts.timeAdded);
    expect(api.callsTo("POST", "/api/booking/availability")[0]!.body).toEqual({ weekday: 2, startTime: "09:30", durationMinutes: 45, timeZone: "Europe/Berlin" });
    await waitFor(() => expect(screen.getAllByTestId("availability-rule")).toHaveLength(2));
  });
});
