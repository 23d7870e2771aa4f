// The /analytics overview (decision records 0051 and 0052): the period's days
// (rolled up, and the last two counted live), the four totals against the previous period of the
// same length, the top services and the recent activity — all of the signed-in user only.
import { DAY_MS } from "@shared/constants";
import {
  METRIC_KEYS,
  metricChange,
  type AnalyticsActivity,
  type AnalyticsDay,
  type AnalyticsOverview,
  type MetricKey,
  type MetricSummary,
} from "@shared/analytics-api";
import type { AnalyticsPeriod } from "@shared/constants";
import { liveTotals, recentActivityRows, rolledUpDaysQuery, serviceTotals, type DayTotals } from "../db/queries/analytics";
import type { Db } from "../db/client";
import { toPersonLine } from "../db/queries/people";

/** How many complete days each nightly run rewrites (yesterday and the two before). */
export const ANALYTICS_ROLLUP_DAYS = 3;
/** Days counted live from the raw rows: today and yesterday, which the 04:00 run may not have reached. */
const LIVE_DAYS = 2;
const TOP_SERVICES = 5;
const RECENT_ACTIVITY = 10;

/** The UTC date of a moment, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first millisecond of the UTC day holding `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

const ZERO: DayTotals = { profileViews: 0, postViews: 0, newFollowers: 0, earningsCents: 0 };

export async function analyticsOverview(db: Db, userId: string, period: AnalyticsPeriod, now: number): Promise<AnalyticsOverview> {
  const todayStart = utcDayStart(now);
  const liveStart = todayStart - (LIVE_DAYS - 1) * DAY_MS;
  const periodStart = todayStart - (period - 1) * DAY_MS;
  const previousStart = periodStart - period * DAY_MS;
  // The rolled-up days end where the live ones begin, so no day is counted twice.
  const rolledTo = utcDay(liveStart - DAY_MS);

  const [rolled, yesterday, today, services, recent] = await Promise.all([
    rolledUpDaysQuery(db, userId, utcDay(previousStart), rolledTo),
    liveTotals(db, userId, { start: liveStart, end: todayStart }),
    liveTotals(db, userId, { start: todayStart, end: now + 1 }),
    serviceTotals(db, userId, { from: utcDay(periodStart), to: rolledTo }, { start: liveStart, end: now + 1 }),
    recentActivityRows(db, userId, RECENT_ACTIVITY),
  ]);

  const byDay = new Map<string, DayTotals>(rolled.map(({ day, ...totals }) => [day, totals]));
  byDay.set(utcDay(liveStart), yesterday);
  byDay.set(utcDay(todayStart), today);

  const daysFrom = (start: number): AnalyticsDay[] =>
    Array.from({ length: period }, (_, i) => {
      const day = utcDay(start + i * DAY_MS);
      return { day, ...(byDay.get(day) ?? ZERO) };
    });
  const days = daysFrom(periodStart);
  const previousDays = daysFrom(previousStart);
  const sum = (list: AnalyticsDay[], key: MetricKey) => list.reduce((total, day) => total + day[key], 0);
  const metrics = Object.fromEntries(
    METRIC_KEYS.map((key) => {
      const current = sum(days, key);
      const previous = sum(previousDays, key);
      return [key, { current, previous, change: metricChange(current, previous) } satisfies MetricSummary];
    }),
  ) as Record<MetricKey, MetricSummary>;

  const ranked = (key: "views" | "sales") =>
    services
      .filter((service) => service[key] > 0)
      .sort((a, b) => b[key] - a[key] || b.earningsCents - a.earningsCents || a.title.localeCompare(b.title))
      .slice(0, TOP_SERVICES);

  const recentActivity: AnalyticsActivity[] = [
    ...recent.follows.map((row) => ({
      kind: "follow" as const,
      id: row.id,
      at: Number(row.at),
      user: toPersonLine(row.userId, row),
    })),
    ...recent.sales.map((row) => ({ kind: "sale" as const, id: row.id, at: Number(row.at), orderId: row.id, itemName: row.itemName, amountCents: Number(row.amountCents) })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_ACTIVITY);

  return {
    period,
    from: utcDay(periodStart),
    to: utcDay(todayStart),
    metrics,
    days,
    topServices: { byViews: ranked("views"), bySales: ranked("sales") },
    recentActivity,
  };
}
