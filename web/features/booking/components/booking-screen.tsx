// The /booking screen (second document §2 Sample-data pages "Booking: statuses confirmed and
// pending, Edit, Cancel and New Booking buttons, sample availability slots", on the viewer's own
// data): the bookings on both sides with what each side may do, New Booking for a paid order of a
// service that needs scheduling, and the seller's weekly times. Every time is shown in the
// viewer's own zone, which is named at the top.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { CalendarPlus, Globe } from "lucide-react";
import { useState } from "react";
import type { Booking } from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { PagedList } from "@web/components/paged-list";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { availabilityQueryOptions, bookingOverviewQueryOptions, bookingsInfiniteQueryOptions, useBookingChange } from "../api";
import { AvailabilityEditor } from "./availability-editor";
import { BookingCard } from "./booking-card";
import { PickTimeDialog, type PickTimeTarget } from "./pick-time-dialog";

interface BookingScreenProps {
  /** The viewer's IANA zone (the browser's; a prop so tests can pick one). */
  timeZone: string;
  /** Opens New Booking for this order at once (the order page's New Booking link). */
  orderId?: string | undefined;
}

export function BookingScreen({ timeZone, orderId }: BookingScreenProps) {
  const overview = useQuery(bookingOverviewQueryOptions());
  const availability = useQuery(availabilityQueryOptions());
  const bookings = useInfiniteQuery(bookingsInfiniteQueryOptions());
  const change = useBookingChange();
  const [picking, setPicking] = useState<PickTimeTarget | null>(orderId ? { mode: "new", orderId } : null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const openOrders = (overview.data?.bookableOrders ?? []).filter((o) => o.activeBookingId === null);

  const confirm = (booking: Booking) =>
    change.mutate(
      { action: "confirm", bookingId: booking.id },
      { onSuccess: () => notifySuccess(BOOKING_TEXTS.toasts.confirmed), onError: (error) => notifyError(error.message) },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="viewer-time-zone">
          <Globe className="size-4 shrink-0" aria-hidden />
          {BOOKING_TEXTS.timesShownIn(timeZone)}
        </p>
        <Button onClick={() => setPicking({ mode: "new", orderId: null })} disabled={overview.isPending} data-testid="new-booking">
          <CalendarPlus aria-hidden /> {BOOKING_TEXTS.newBooking}
        </Button>
      </div>

      <section aria-labelledby="bookings-title" className="space-y-3">
        <h2 id="bookings-title" className="font-display text-lg font-semibold">
          {BOOKING_TEXTS.bookingsTitle}
        </h2>
        <PagedList
          query={bookings}
          errorMessage={BOOKING_TEXTS.loadFailed}
          toastId="booking-list"
          label={BOOKING_TEXTS.bookingsTitle}
          loadingLabel={BOOKING_TEXTS.loadingBookings}
          loadingMoreLabel={BOOKING_TEXTS.loadingBookings}
          skeletons={<Skeleton className="h-36 w-full rounded-[var(--radius-card)]" />}
          empty={
            <div className="rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center" data-testid="no-bookings">
              <p className="font-medium">{BOOKING_TEXTS.noBookings}</p>
              <p className="mt-1 text-sm text-muted-foreground">{BOOKING_TEXTS.noBookingsHint}</p>
            </div>
          }
          endText={BOOKING_TEXTS.bookingsEnd}
          itemKey={(booking) => booking.id}
          renderItem={(booking) => (
            <BookingCard
              booking={booking}
              timeZone={timeZone}
              busy={change.isPending}
              onConfirm={() => confirm(booking)}
              onEdit={() => setPicking({ mode: "edit", booking })}
              onCancel={() => setCancelling(booking)}
            />
          )}
          listClassName="space-y-3"
        />
      </section>

      {overview.data && availability.data ? (
        <AvailabilityEditor rules={availability.data} sellsScheduledServices={overview.data.sellsScheduledServices} timeZone={timeZone} />
      ) : (
        <Skeleton className="h-40 w-full rounded-[var(--radius-card)]" />
      )}

      <PickTimeDialog target={overview.data ? picking : null} orders={openOrders} timeZone={timeZone} onClose={() => setPicking(null)} />
      <CancelDialog
        booking={cancelling}
        busy={change.isPending}
        onKeep={() => setCancelling(null)}
        onCancel={(booking) =>
          change.mutate(
            { action: "cancel", bookingId: booking.id },
            {
              onSuccess: () => {
                notifySuccess(BOOKING_TEXTS.toasts.cancelled);
                setCancelling(null);
              },
              onError: (error) => notifyError(error.message),
            },
          )
        }
      />
    </div>
  );
}

function CancelDialog({ booking, busy, onKeep, onCancel }: { booking: Booking | null; busy: boolean; onKeep: () => void; onCancel: (booking: Booking) => void }) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onKeep())}>
      <DialogContent data-testid="cancel-booking-dialog">
        <DialogHeader>
          <DialogTitle>{BOOKING_TEXTS.cancelTitle}</DialogTitle>
          <DialogDescription>{BOOKING_TEXTS.cancelHint}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onKeep}>
            {BOOKING_TEXTS.keep}
          </Button>
          <Button variant="destructive" disabled={busy || booking === null} onClick={() => booking && onCancel(booking)}>
            {BOOKING_TEXTS.cancel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
