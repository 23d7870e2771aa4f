// The /analytics contract shared by the Worker and the SPA (spec
// marketplace-messaging-account §2 "Analytics: four metric cards, a chart, top services, recent
// activity"; decision records 0051 and 0052). Every day is a UTC day, written YYYY-MM-DD.
import { z } from "zod";
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from "./constants";
import { REQUEST_TEXTS } from "./messages";
import type { PersonLine } from "./people";

/** GET /api/analytics?days=7|30|90 (30 when absent). */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(["7", "30", "90"], { error: REQUEST_TEXTS.invalidRequest })
    .optional()
    .transform((raw): AnalyticsPeriod => (raw === undefined ? DEFAULT_ANALYTICS_PERIOD : (Number(raw) as AnalyticsPeriod))),
});

export const METRIC_KEYS = ["profileViews", "postViews", "newFollowers", "earningsCents"] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** One UTC day's numbers; days with nothing are present with zeros. */
export type AnalyticsDay = { day: string } & Record<MetricKey, number>;

/** The change of a total against the previous period of the same length. */
export type MetricChange = { kind: "up" | "down" | "same"; percent: number } | { kind: "new" };

export interface MetricSummary {
  current: number;
  previous: number;
  change: MetricChange;
}

export interface TopService {
  serviceId: string;
  title: string;
  views: number;
  sales: number;
  earningsCents: number;
}

export type AnalyticsActivity =
  | { kind: "follow"; id: string; at: number; user: PersonLine }
  | { kind: "sale"; id: string; at: number; orderId: string; itemName: string; amountCents: number };

export interface AnalyticsOverview {
  period: AnalyticsPeriod;
  /** The first and last UTC day of the period; the last is today, counted up to now. */
  from: string;
  to: string;
  metrics: Record<MetricKey, MetricSummary>;
  /** Every day of the period, oldest first. */
  days: AnalyticsDay[];
  topServices: { byViews: TopService[]; bySales: TopService[] };
  recentActivity: AnalyticsActivity[];
}

/**
 * The change of `current` against `previous`: from nothing to something is "new" (a percentage of
 * zero is meaningless), nothing to nothing is "same", otherwise the rounded percentage, whose sign
 * gives "up" or "down" (and a change that rounds to 0 % is "same").
 */
export function metricChange(current: number, previous: number): MetricChange {
  if (previous === 0) return current === 0 ? { kind: "same", percent: 0 } : { kind: "new" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { kind: "same", percent: 0 };
  return { kind: percent > 0 ? "up" : "down", percent: Math.abs(percent) };
}
