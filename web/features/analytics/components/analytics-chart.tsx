// The over-time chart of /analytics (decision record 0052): uPlot on a canvas, loaded only by this
// route through React.lazy, so no other screen's bundle carries it. The canvas is decorative for
// assistive technology: the same numbers are in the table beside it (AnalyticsScreen).
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { AnalyticsDay, MetricKey } from "@shared/analytics-api";
import { formatDay, formatMetric } from "../format";

const HEIGHT = 220;

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The colour at a low opacity for the area under the line (canvas needs a plain colour value). */
function translucent(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  return hex ? `rgba(${parseInt(hex[1]!, 16)}, ${parseInt(hex[2]!, 16)}, ${parseInt(hex[3]!, 16)}, ${alpha})` : "transparent";
}

function seriesOf(days: AnalyticsDay[], metric: MetricKey): uPlot.AlignedData {
  return [days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000), days.map((day) => day[metric])];
}

export default function AnalyticsChart({ days, metric, label }: { days: AnalyticsDay[]; metric: MetricKey; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  // One plot per metric: the axis formats and the series label change with it.
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const primary = cssColor("--primary", "#c2410c");
    const muted = cssColor("--muted-foreground", "#6b625b");
    const grid = cssColor("--border", "#e7e1da");
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: "12px Inter Variable, system-ui, sans-serif" };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      // The days are UTC days: the axis shows them as such, whatever the viewer's zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, metric === "earningsCents" ? 100 : 1) * 1.1] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((seconds) => formatDay(new Date(seconds * 1000).toISOString().slice(0, 10))) },
        { ...axis, size: 56, values: (_u, splits) => splits.map((value) => (Number.isInteger(metric === "earningsCents" ? value / 100 : value) ? formatMetric(metric, value) : "")) },
      ],
      series: [{}, { label, stroke: primary, width: 2, fill: translucent(primary, 0.14), points: { show: days.length <= 31 } }],
    };
    plot.current = new uPlot(options, seriesOf(days, metric), element);
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [metric, label, days]);

  return <div ref={holder} aria-hidden="true" className="w-full overflow-hidden" style={{ minHeight: HEIGHT }} data-testid="analytics-chart" />;
}
