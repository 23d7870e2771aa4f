// The caller's security activity (spec §7: today's events, critical events of the last 7 days and
// the latest event time), read from GET /api/security-events/summary.
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { Severity } from "@shared/constants";
import { SETTINGS_SCREEN_TEXTS } from "@shared/messages";
import { Badge, type BadgeVariant } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { type SecurityEventRow, securitySummaryQueryOptions } from "../api";

const T = SETTINGS_SCREEN_TEXTS.summary;

const severityVariant: Record<Severity, BadgeVariant> = {
  low: "secondary",
  medium: "outline",
  high: "destructive",
  critical: "destructive",
};

function eventLabel(eventType: string): string {
  return T.events[eventType] ?? eventType.replaceAll("_", " ");
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function EventList({ events, withDate, empty }: { events: readonly SecurityEventRow[]; withDate?: boolean; empty: string }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {events.map((event) => (
        <li key={event.id} className="flex items-center gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{eventLabel(event.eventType)}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={new Date(event.createdAt).toISOString()}>
                {(withDate ? dateTimeFormat : timeFormat).format(event.createdAt)}
              </time>
            </p>
          </div>
          <Badge variant={severityVariant[event.severity]}>{event.severity}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-2xl bg-muted/60 p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-display text-lg font-semibold leading-tight">{value}</span>
    </div>
  );
}

export function SecuritySummary() {
  const summary = useQuery(securitySummaryQueryOptions());

  if (summary.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-destructive" role="alert">
          {T.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          {T.tryAgain}
        </Button>
      </div>
    );
  }

  const { today, criticalLast7Days, latestAt } = summary.data;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-3 gap-2">
        <Stat label={T.today} value={String(today.length)} />
        <Stat label={T.critical} value={String(criticalLast7Days.length)} />
        <Stat label={T.latest} value={latestAt ? timeFormat.format(latestAt) : T.none} />
      </div>
      {latestAt ? (
        <p className="-mt-3 text-xs text-muted-foreground">
          {T.latestAt}<time dateTime={new Date(latestAt).toISOString()}>{dateTimeFormat.format(latestAt)}</time>
        </p>
      ) : null}
      <section aria-labelledby="security-today" className="flex flex-col gap-1">
        <h3 id="security-today" className="text-sm font-semibold">
          {T.todayHeading}
        </h3>
        <EventList events={today} empty={T.noneToday} />
      </section>
      <section aria-labelledby="security-critical" className="flex flex-col gap-1">
        <h3 id="security-critical" className="flex items-center gap-1.5 text-sm font-semibold">
          {criticalLast7Days.length > 0 ? (
            <ShieldAlert className="size-4 text-destructive" aria-hidden />
          ) : (
            <ShieldCheck className="size-4 text-success" aria-hidden />
          )}
          {T.criticalHeading}
        </h3>
        <EventList events={criticalLast7Days} withDate empty={T.noneCritical} />
      </section>
    </div>
  );
}
