// The seller's weekly times (the spec's "availability slots", made real): add a day, start time
// and length in the browser's own zone, which is stored with the time; remove one. A seller with
// no service that needs scheduling and no times yet is told how to enable scheduling instead.
import { Link } from "@tanstack/react-router";
import { CalendarOff, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { BOOKING_DURATION_MAX, BOOKING_DURATION_MIN, BOOKING_WEEKS_AHEAD, type AvailabilityRule } from "@shared/booking-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { FormField, SelectField } from "@web/components/form-field";
import { Button, buttonVariants } from "@web/components/ui/button";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { professionalToolPaths } from "@web/lib/app-paths";
import { useAddAvailability, useRemoveAvailability } from "../api";

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
const weekdayName = (weekday: number) => BOOKING_TEXTS.weekdays[weekday - 1] ?? "";

interface AvailabilityEditorProps {
  rules: AvailabilityRule[];
  sellsScheduledServices: boolean;
  timeZone: string;
}

export function AvailabilityEditor({ rules, sellsScheduledServices, timeZone }: AvailabilityEditorProps) {
  return (
    <section aria-labelledby="availability-title" className="space-y-3" data-testid="availability">
      <h2 id="availability-title" className="font-display text-lg font-semibold">
        {BOOKING_TEXTS.availabilityTitle}
      </h2>
      {!sellsScheduledServices && rules.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center" data-testid="no-scheduled-services">
          <CalendarOff className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{BOOKING_TEXTS.noSchedulingServices}</p>
          <p className="max-w-md text-sm text-muted-foreground">{BOOKING_TEXTS.enableSchedulingHint}</p>
          <Link to={professionalToolPaths.services} className={buttonVariants({ variant: "outline" })}>
            {BOOKING_TEXTS.goToServices}
          </Link>
        </div>
      ) : (
        <div className="space-y-4 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm">
          <p className="text-sm text-muted-foreground">{BOOKING_TEXTS.availabilityHint(BOOKING_WEEKS_AHEAD)}</p>
          {rules.length === 0 ? (
            <p className="text-sm" data-testid="no-availability">
              {BOOKING_TEXTS.noAvailability}
            </p>
          ) : (
            <ul className="divide-y rounded-2xl border" data-testid="availability-list">
              {rules.map((rule) => (
                <RuleRow key={rule.id} rule={rule} viewerZone={timeZone} />
              ))}
            </ul>
          )}
          <AddTimeForm timeZone={timeZone} />
        </div>
      )}
    </section>
  );
}

function RuleRow({ rule, viewerZone }: { rule: AvailabilityRule; viewerZone: string }) {
  const remove = useRemoveAvailability();
  const label = `${weekdayName(rule.weekday)} ${rule.startTime}`;
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2" data-testid="availability-rule">
      <span className="min-w-0 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground"> · {BOOKING_TEXTS.minutes(rule.durationMinutes)}</span>
        {/* A time offered from another zone names it: it repeats at that zone's wall-clock hour. */}
        {rule.timeZone === viewerZone ? null : <span className="block text-xs text-muted-foreground">{BOOKING_TEXTS.offeredIn(rule.timeZone)}</span>}
      </span>
      <Button
        size="icon"
        variant="ghost"
        aria-label={BOOKING_TEXTS.removeTime(label)}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(rule.id, {
            onSuccess: () => notifySuccess(BOOKING_TEXTS.toasts.timeRemoved),
            onError: (error) => notifyError(error.message),
          })
        }
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

function AddTimeForm({ timeZone }: { timeZone: string }) {
  const add = useAddAvailability();
  const [weekday, setWeekday] = useState("1");
  const [startTime, setStartTime] = useState("10:00");
  const [duration, setDuration] = useState("60");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { weekday: Number(weekday), startTime, durationMinutes: Number(duration), timeZone },
      {
        onSuccess: () => notifySuccess(BOOKING_TEXTS.toasts.timeAdded),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate data-testid="add-time-form">
      <SelectField
        label={BOOKING_TEXTS.weekday}
        placeholder={BOOKING_TEXTS.weekday}
        options={WEEKDAYS}
        optionLabel={(value) => weekdayName(Number(value))}
        value={weekday}
        onChange={(event) => setWeekday(event.target.value)}
      />
      <FormField label={BOOKING_TEXTS.startTime} type="time" value={startTime} onChange={(event) => setStartTime(event.target.value)} required />
      <FormField
        label={BOOKING_TEXTS.duration}
        type="number"
        inputMode="numeric"
        min={BOOKING_DURATION_MIN}
        max={BOOKING_DURATION_MAX}
        step={15}
        value={duration}
        onChange={(event) => setDuration(event.target.value)}
        required
      />
      <Button type="submit" disabled={add.isPending}>
        {BOOKING_TEXTS.addTime}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-4" data-testid="add-time-error">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground sm:col-span-4">{BOOKING_TEXTS.offeredIn(timeZone)}</p>
    </form>
  );
}
