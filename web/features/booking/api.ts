// Booking API for the SPA (the contract in shared/booking-api.ts; decision records 0054 and
// 0055): a key factory, query options for the overview, the weekly times, the bookings and an
// order's free slots, and the mutations. Every booking change refreshes everything booking shows,
// because one step moves a booking, frees or takes a time and changes what can be booked.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvailabilityBody, AvailabilityRule, Booking, BookingOverview, BookingPage, FreeSlots } from "@shared/booking-api";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, pageQuery } from "@web/lib/paging";

const bookingKeys = {
  all: ["booking"] as const,
  overview: () => [...bookingKeys.all, "overview"] as const,
  availability: () => [...bookingKeys.all, "availability"] as const,
  bookings: () => [...bookingKeys.all, "bookings"] as const,
  slots: (orderId: string) => [...bookingKeys.all, "slots", orderId] as const,
};

const booking = api.api.booking;

export function bookingOverviewQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.overview(),
    queryFn: ({ signal }): Promise<BookingOverview> => unwrap(booking.overview.$get(undefined, { init: { signal } })),
  });
}

export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.availability(),
    queryFn: ({ signal }): Promise<AvailabilityRule[]> => unwrap(booking.availability.$get(undefined, { init: { signal } })),
  });
}

export function bookingsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: bookingKeys.bookings(),
    queryFn: ({ pageParam, signal }): Promise<BookingPage> =>
      unwrap(booking.bookings.$get({ query: pageQuery(pageParam) }, { init: { signal } })),
    ...cursorPages,
  });
}

export function freeSlotsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: bookingKeys.slots(orderId),
    queryFn: ({ signal }): Promise<FreeSlots> => unwrap(booking.orders[":orderId"].slots.$get({ param: { orderId } }, { init: { signal } })),
    // Free times change whenever anyone books: never show a stale list in a dialog.
    staleTime: 0,
  });
}

type BookingChange =
  | { action: "book"; orderId: string; startsAt: number }
  | { action: "confirm"; bookingId: string }
  | { action: "cancel"; bookingId: string }
  | { action: "reschedule"; bookingId: string; startsAt: number };

function runChange(change: BookingChange): Promise<Booking> {
  switch (change.action) {
    case "book":
      return unwrap(booking.bookings.$post({ json: { orderId: change.orderId, startsAt: change.startsAt } }));
    case "confirm":
      return unwrap(booking.bookings[":bookingId"].confirm.$post({ param: { bookingId: change.bookingId } }));
    case "cancel":
      return unwrap(booking.bookings[":bookingId"].cancel.$post({ param: { bookingId: change.bookingId } }));
    case "reschedule":
      return unwrap(booking.bookings[":bookingId"].reschedule.$post({ param: { bookingId: change.bookingId }, json: { startsAt: change.startsAt } }));
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}

/** Books, confirms, cancels or moves a booking; afterwards (success or a lost race) every booking view refetches. */
export function useBookingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useAddAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityBody): Promise<AvailabilityRule> => unwrap(booking.availability.$post({ json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useRemoveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => unwrap(booking.availability[":ruleId"].$delete({ param: { ruleId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
