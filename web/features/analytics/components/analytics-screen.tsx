// /analytics (spec marketplace-messaging-account §2 "Analytics: four metric
// cards, a chart, top services, recent activity"; decision records 0051 and 0052): the signed-in
// user's own numbers for the last 7, 30 or 90 UTC days, each against the previous period of the
// same length. A new account sees zeros and how numbers appear, never sample numbers.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BarChart3, Eye, UserPlus, UserRound, Wallet, type LucideIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { METRIC_KEYS, type AnalyticsActivity, type AnalyticsOverview, type MetricKey, type TopService } from "@shared/analytics-api";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "@shared/constants";
import { ANALYTICS_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { BackLink } from "@web/components/back-link";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { appPaths, profilePath, servicePath } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { analyticsQueryOptions } from "../api";
import { formatChange, formatDay, formatMetric } from "../format";

// The charting library comes with this import only (decision record 0052).
const AnalyticsChart = lazy(() => import("./analytics-chart"));

const METRIC_ICONS: Record<MetricKey, LucideIcon> = { profileViews: UserRound, postViews: Eye, newFollowers: UserPlus, earningsCents: Wallet };

/** A row of radio buttons that looks like a segmented control: arrow keys move, Space picks. */
function SegmentedRadios<Value extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  testId,
  wrap = false,
}: {
  wrap?: boolean;
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  testId: string;
}) {
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="sr-only">{legend}</legend>
      {/* Four metrics do not fit one row on a phone: they wrap into two there. */}
      <div className={cn("flex w-full gap-1 overflow-x-auto bg-muted p-1 [scrollbar-width:none]", wrap ? "grid grid-cols-2 rounded-3xl sm:flex sm:rounded-full" : "rounded-full")}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "relative inline-flex h-9 flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-full px-3 text-sm font-medium text-muted-foreground transition hover:text-foreground",
              "has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
            )}
          >
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function MetricCard({ metric, overview }: { metric: MetricKey; overview: AnalyticsOverview }) {
  const summary = overview.metrics[metric];
  const Icon = METRIC_ICONS[metric];
  const tone = summary.change.kind === "up" || summary.change.kind === "new" ? "text-success" : summary.change.kind === "down" ? "text-destructive" : "text-muted-foreground";
  return (
    <Card className="p-4" data-testid={`metric-${metric}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{ANALYTICS_TEXTS.metrics[metric]}</h2>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </div>
      <p className="mt-2 font-display text-2xl font-bold tabular-nums" data-testid="metric-value">
        {formatMetric(metric, summary.current)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        <span className={cn("font-semibold", tone)} data-testid="metric-change">
          {formatChange(summary.change)}
        </span>{" "}
        {ANALYTICS_TEXTS.change.against(overview.period)}
      </p>
    </Card>
  );
}

function ChartCard({ overview }: { overview: AnalyticsOverview }) {
  const [metric, setMetric] = useState<MetricKey>("profileViews");
  const tableId = useId();
  const metricLabel = ANALYTICS_TEXTS.metrics[metric];
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>{ANALYTICS_TEXTS.chartTitle}</CardTitle>
        <SegmentedRadios
          legend={ANALYTICS_TEXTS.chartMetricLabel}
          name="analytics-chart-metric"
          options={METRIC_KEYS.map((key) => ({ value: key, label: ANALYTICS_TEXTS.metrics[key] }))}
          value={metric}
          onChange={setMetric}
          testId="chart-metric"
          wrap
        />
      </CardHeader>
      <CardContent className="space-y-3">
        <Suspense
          fallback={
            <div role="status" className="grid h-[220px] place-items-center">
              <span className="sr-only">{ANALYTICS_TEXTS.loadingChart}</span>
              <Skeleton className="h-full w-full" />
            </div>
          }
        >
          <AnalyticsChart days={overview.days} metric={metric} label={metricLabel} />
        </Suspense>
        <details className="group rounded-xl border px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium" aria-controls={tableId}>
            {ANALYTICS_TEXTS.showTable}
          </summary>
          <div className="mt-2 max-h-72 overflow-y-auto">
            <table id={tableId} className="w-full text-left tabular-nums" data-testid="chart-table">
              <caption className="sr-only">{ANALYTICS_TEXTS.chartTableCaption(metricLabel, ANALYTICS_TEXTS.periods[overview.period])}</caption>
              <thead>
                <tr className="text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    {ANALYTICS_TEXTS.dayColumn}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {metricLabel}
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.days.map((day) => (
                  <tr key={day.day} className="border-t">
                    <th scope="row" className="py-1 font-normal">
                      {formatDay(day.day)}
                    </th>
                    <td className="py-1 text-right">{formatMetric(metric, day[metric])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

function ServiceList({ title, services, figure }: { title: string; services: TopService[]; figure: (service: TopService) => string }) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {services.length === 0 ? (
        <p className="text-sm text-muted-foreground">{ANALYTICS_TEXTS.noServices}</p>
      ) : (
        <ol className="space-y-1.5">
          {services.map((service) => (
            <li key={service.serviceId} className="flex items-center justify-between gap-3 text-sm">
              <Link to={servicePath(service.serviceId)} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                {service.title}
              </Link>
              <span className="shrink-0 text-muted-foreground tabular-nums">{figure(service)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityLine({ item }: { item: AnalyticsActivity }) {
  if (item.kind === "follow") {
    const name = item.user.displayName || item.user.username;
    return (
      <Link to={profilePath(item.user.userId)} className="flex items-center gap-3 rounded-xl p-1 hover:bg-muted/60">
        <Avatar src={item.user.avatarUrl} name={name} size="sm" />
        <span className="min-w-0 flex-1 text-sm">{ANALYTICS_TEXTS.followed(name)}</span>
        <RelativeTime date={item.at} className="shrink-0 text-xs text-muted-foreground" />
      </Link>
    );
  }
  return (
    <Link to="/orders/$orderId" params={{ orderId: item.orderId }} className="flex items-center gap-3 rounded-xl p-1 hover:bg-muted/60">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Wallet className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 text-sm">{ANALYTICS_TEXTS.sold(item.itemName, formatCents(item.amountCents))}</span>
      <RelativeTime date={item.at} className="shrink-0 text-xs text-muted-foreground" />
    </Link>
  );
}

function isEmpty(overview: AnalyticsOverview): boolean {
  return METRIC_KEYS.every((key) => overview.metrics[key].current === 0 && overview.metrics[key].previous === 0) && overview.recentActivity.length === 0;
}

function AnalyticsSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" data-testid="analytics-skeleton">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {METRIC_KEYS.map((key) => (
          <Skeleton key={key} className="h-28 rounded-[var(--radius-card)]" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-[var(--radius-card)]" />
    </div>
  );
}

export function AnalyticsScreen({ period, onPeriodChange }: { period: AnalyticsPeriod; onPeriodChange: (period: AnalyticsPeriod) => void }) {
  const overview = useQuery({ ...analyticsQueryOptions(period), placeholderData: (previous) => previous });
  const data = overview.data;
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 pt-4 pb-8 sm:px-4">
      <div className="flex items-center gap-2">
        <BackLink to={appPaths.dashboard} label={ANALYTICS_TEXTS.backToDashboard} className="-ml-2" />
        <h1 className="flex-1 font-display text-2xl font-bold tracking-tight">{ANALYTICS_TEXTS.title}</h1>
      </div>
      <p className="text-sm text-muted-foreground">{ANALYTICS_TEXTS.intro}</p>
      <SegmentedRadios
        legend={ANALYTICS_TEXTS.periodLabel}
        name="analytics-period"
        options={ANALYTICS_PERIODS.map((days) => ({ value: days, label: ANALYTICS_TEXTS.periods[days] }))}
        value={period}
        onChange={onPeriodChange}
        testId="analytics-period"
      />

      {overview.isPending ? (
        <AnalyticsSkeleton />
      ) : overview.isError || !data ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
          <p className="font-semibold">{ANALYTICS_TEXTS.loadFailed}</p>
          <Button variant="outline" onClick={() => void overview.refetch()}>
            {ANALYTICS_TEXTS.retry}
          </Button>
        </div>
      ) : (
        <div className={cn("space-y-4 transition-opacity", overview.isPlaceholderData && "opacity-60")} aria-busy={overview.isPlaceholderData}>
          {isEmpty(data) ? (
            <div className="flex items-start gap-3 rounded-[var(--radius-card)] border border-dashed p-4" data-testid="analytics-empty">
              <BarChart3 className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              <div>
                <h2 className="font-semibold">{ANALYTICS_TEXTS.emptyTitle}</h2>
                <p className="text-sm text-muted-foreground">{ANALYTICS_TEXTS.empty}</p>
              </div>
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {METRIC_KEYS.map((key) => (
              <MetricCard key={key} metric={key} overview={data} />
            ))}
          </div>
          <ChartCard overview={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{ANALYTICS_TEXTS.topServicesTitle}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <ServiceList title={ANALYTICS_TEXTS.byViews} services={data.topServices.byViews} figure={(service) => ANALYTICS_TEXTS.views(service.views)} />
                <ServiceList title={ANALYTICS_TEXTS.bySales} services={data.topServices.bySales} figure={(service) => ANALYTICS_TEXTS.sales(service.sales)} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{ANALYTICS_TEXTS.recentActivityTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                {data.recentActivity.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{ANALYTICS_TEXTS.noActivity}</p>
                ) : (
                  <ul className="space-y-1" data-testid="analytics-activity">
                    {data.recentActivity.map((item) => (
                      <li key={`${item.kind}-${item.id}`}>
                        <ActivityLine item={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
