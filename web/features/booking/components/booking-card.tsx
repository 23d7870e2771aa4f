// One booking in the list: its status (the spec's confirmed and pending, and cancelled), the
// service, the other side, the time in the viewer's zone, and the buttons the server allows now
// (`actions`): Confirm for the side it waits for, Edit (move it) and Cancel for both.
import { CalendarClock } from "lucide-react";
import type { Booking, BookingStatus } from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { formatSpan } from "@shared/rules/time-display";

// Outlined with dark text, as the order badges are: tinted fills fall under the contrast ratio.
const STATUS_CLASSES: Record<BookingStatus, string> = {
  pending: "bg-transparent border border-amber-600/60 text-amber-900 dark:text-amber-200",
  confirmed: "bg-transparent border border-emerald-600/60 text-emerald-800 dark:text-emerald-300",
  cancelled: "bg-transparent border border-border text-muted-foreground",
};

function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge className={STATUS_CLASSES[status]} data-testid="booking-status">
      {BOOKING_TEXTS.statusLabels[status]}
    </Badge>
  );
}

export function partyName(party: { displayName: string | null; username: string | null }): string {
  return party.displayName ?? party.username ?? BOOKING_TEXTS.someone;
}

interface BookingCardProps {
  booking: Booking;
  timeZone: string;
  busy: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  onCancel: () => void;
}

export function BookingCard({ booking, timeZone, busy, onConfirm, onEdit, onCancel }: BookingCardProps) {
  const name = partyName(booking.counterpart);
  const can = (action: Booking["actions"][number]) => booking.actions.includes(action);
  return (
    <article
      className={cn("space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm", booking.status === "cancelled" && "opacity-80")}
      data-testid="booking-card"
      aria-label={booking.serviceName}
    >
      <div className="flex flex-wrap items-center gap-2">
        <BookingStatusBadge status={booking.status} />
        {booking.awaiting ? (
          <span className="text-xs text-muted-foreground" data-testid="booking-awaiting">
            {booking.awaiting === booking.role ? BOOKING_TEXTS.awaitingYou : BOOKING_TEXTS.awaitingOther(name)}
          </span>
        ) : null}
      </div>
      <div className="space-y-1">
        <h3 className="font-display text-lg font-semibold break-words">{booking.serviceName}</h3>
        <p className="text-sm text-muted-foreground">{booking.role === "buyer" ? BOOKING_TEXTS.youBooked(name) : BOOKING_TEXTS.bookedYou(name)}</p>
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="booking-time">
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <time dateTime={new Date(booking.startsAt).toISOString()}>{formatSpan(booking.startsAt, booking.endsAt, timeZone)}</time>
        </p>
      </div>
      {booking.actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {can("confirm") ? (
            <Button size="sm" onClick={onConfirm} disabled={busy}>
              {BOOKING_TEXTS.confirm}
            </Button>
          ) : null}
          {can("reschedule") ? (
            <Button size="sm" variant="outline" onClick={onEdit} disabled={busy}>
              {BOOKING_TEXTS.edit}
            </Button>
          ) : null}
          {can("cancel") ? (
            <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
              {BOOKING_TEXTS.cancel}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
