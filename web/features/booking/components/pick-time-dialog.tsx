// New Booking and Edit: pick one of the seller's free times (shown in the viewer's zone). New
// Booking first picks which paid order to book; Edit moves an existing booking, which then waits
// for the other side. A time someone else took a moment earlier comes back as the server's
// 'That time was just taken…', shown in the dialog, and the free times are read again.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { BookableOrder, Booking } from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { SelectField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { notifySuccess } from "@web/components/ui/toast";
import { freeSlotsQueryOptions, useBookingChange } from "../api";
import { formatSpan } from "@shared/rules/time-display";
import { partyName } from "./booking-card";

export type PickTimeTarget = { mode: "new"; orderId: string | null } | { mode: "edit"; booking: Booking };

interface PickTimeDialogProps {
  target: PickTimeTarget | null;
  /** Orders the viewer can still book (paid, no active booking). */
  orders: BookableOrder[];
  timeZone: string;
  onClose: () => void;
}

export function PickTimeDialog({ target, orders, timeZone, onClose }: PickTimeDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="pick-time-dialog">
        {target ? <PickTime key={target.mode === "edit" ? target.booking.id : "new"} target={target} orders={orders} timeZone={timeZone} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PickTime({ target, orders, timeZone, onDone }: { target: PickTimeTarget; orders: BookableOrder[]; timeZone: string; onDone: () => void }) {
  const initialOrder = target.mode === "edit" ? target.booking.orderId : (target.orderId ?? (orders.length === 1 ? orders[0]!.orderId : ""));
  const [orderId, setOrderId] = useState(initialOrder);
  const [startsAt, setStartsAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const slots = useQuery({ ...freeSlotsQueryOptions(orderId), enabled: orderId !== "" });
  const change = useBookingChange();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startsAt) {
      setError(BOOKING_TEXTS.pickTime);
      return;
    }
    setError(null);
    const at = Number(startsAt);
    change.mutate(target.mode === "edit" ? { action: "reschedule", bookingId: target.booking.id, startsAt: at } : { action: "book", orderId, startsAt: at }, {
      onSuccess: () => {
        notifySuccess(target.mode === "edit" ? BOOKING_TEXTS.toasts.rescheduled : BOOKING_TEXTS.toasts.booked);
        onDone();
      },
      onError: (failure) => {
        setStartsAt("");
        setError(failure.message);
        void slots.refetch();
      },
    });
  };

  if (target.mode === "new" && orders.length === 0) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{BOOKING_TEXTS.newBookingTitle}</DialogTitle>
          <DialogDescription>{BOOKING_TEXTS.nothingToBookHint}</DialogDescription>
        </DialogHeader>
        <p className="font-medium" data-testid="nothing-to-book">
          {BOOKING_TEXTS.nothingToBook}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {BOOKING_TEXTS.close}
          </Button>
        </DialogFooter>
      </>
    );
  }

  const slotList = slots.data?.slots ?? [];
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{target.mode === "edit" ? BOOKING_TEXTS.rescheduleTitle : BOOKING_TEXTS.newBookingTitle}</DialogTitle>
        <DialogDescription>{target.mode === "edit" ? BOOKING_TEXTS.rescheduleHint : BOOKING_TEXTS.timesShownIn(timeZone)}</DialogDescription>
      </DialogHeader>
      {target.mode === "new" ? (
        <SelectField
          label={BOOKING_TEXTS.order}
          placeholder={BOOKING_TEXTS.order}
          options={orders.map((o) => o.orderId)}
          optionLabel={(id) => {
            const order = orders.find((o) => o.orderId === id)!;
            return `${order.serviceName} · ${partyName(order.seller)}`;
          }}
          value={orderId}
          onChange={(event) => {
            setOrderId(event.target.value);
            setStartsAt("");
          }}
        />
      ) : null}
      {orderId === "" ? null : slots.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {BOOKING_TEXTS.loadingTimes}
        </p>
      ) : slotList.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-free-times">
          {BOOKING_TEXTS.noFreeTimes}
        </p>
      ) : (
        <SelectField
          label={BOOKING_TEXTS.time}
          placeholder={BOOKING_TEXTS.pickTime}
          options={slotList.map((slot) => String(slot.startsAt))}
          optionLabel={(value) => {
            const slot = slotList.find((s) => String(s.startsAt) === value)!;
            return formatSpan(slot.startsAt, slot.endsAt, timeZone);
          }}
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          data-testid="slot-select"
        />
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="pick-time-error">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {BOOKING_TEXTS.close}
        </Button>
        <Button type="submit" disabled={change.isPending || orderId === ""}>
          {change.isPending ? <Spinner /> : null} {target.mode === "edit" ? BOOKING_TEXTS.saveTime : BOOKING_TEXTS.book}
        </Button>
      </DialogFooter>
    </form>
  );
}
