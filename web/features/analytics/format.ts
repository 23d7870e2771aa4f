// How the analytics screen writes its numbers: one place for a metric's value, its change and a
// UTC day, used by the cards, the chart's table and its axis.
import { formatCents } from "@shared/rules/price";
import { ANALYTICS_TEXTS } from "@shared/messages";
import type { MetricChange, MetricKey } from "@shared/analytics-api";

export function formatMetric(key: MetricKey, value: number): string {
  return key === "earningsCents" ? formatCents(value) : value.toLocaleString("en-US");
}

/** "+12%", "−40%" (a real minus sign), "new" or "no change". */
export function formatChange(change: MetricChange): string {
  switch (change.kind) {
    case "new":
      return ANALYTICS_TEXTS.change.new;
    case "same":
      return ANALYTICS_TEXTS.change.same;
    case "up":
      return `+${change.percent}%`;
    case "down":
      return `\u2212${change.percent}%`;
    default: {
      const exhaustive: never = change;
      return exhaustive;
    }
  }
}

/** "Mar 9" for the UTC day 2026-03-09, whatever the viewer's time zone. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}
