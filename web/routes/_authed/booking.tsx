// Spec marketplace-messaging-account §2 "Booking" (a sample-data page made real, DESIGN.md
// "Sample pages"; decision records 0054 and 0055): the signed-in user's own bookings and weekly
// times, every time in their browser's zone. `?orderId=` opens New Booking for that order, as the
// order page's New Booking link does.
import { createFileRoute } from "@tanstack/react-router";
import { BOOKING_TEXTS } from "@shared/messages";
import { BackLink } from "@web/components/back-link";
import { availabilityQueryOptions, bookingOverviewQueryOptions, bookingsInfiniteQueryOptions } from "@web/features/booking/api";
import { BookingScreen } from "@web/features/booking/components/booking-screen";
import { viewerTimeZone } from "@shared/rules/time-display";
import { appPaths } from "@web/lib/app-paths";
import { optionalString } from "@web/lib/search-params";

export const Route = createFileRoute("/_authed/booking")({
  validateSearch: (search): { orderId?: string } => ({ orderId: optionalString(search.orderId, { max: 64 }) }),
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(bookingOverviewQueryOptions());
    void context.queryClient.prefetchQuery(availabilityQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(bookingsInfiniteQueryOptions());
  },
  component: BookingPage,
});

function BookingPage() {
  const { orderId } = Route.useSearch();
  return (
    <div className="px-3 pt-4 pb-6 sm:px-4">
      <div className="mb-4 flex items-center gap-2 px-1">
        <BackLink to={appPaths.dashboard} label={BOOKING_TEXTS.backToDashboard} className="-ml-2" />
        <h1 className="font-display text-2xl font-bold tracking-tight">{BOOKING_TEXTS.title}</h1>
      </div>
      <BookingScreen timeZone={viewerTimeZone()} orderId={orderId} />
    </div>
  );
}
