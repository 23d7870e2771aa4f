// Relative times (§9, first document). Pure: the caller passes `now` and, when it matters, a time
// zone, so the Worker, the SPA and the tests agree.
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../constants";

export type DateInput = Date | string | number;

function toMs(value: DateInput): number {
  return value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
}

// Calendar parts through Intl, which runs the same in browsers and workerd. An undefined time
// zone means the runtime's own (the user's, in a browser).
function parts(ms: number, timeZone: string | undefined): { year: string; month: string; day: string } {
  const formatted = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }).formatToParts(
    new Date(ms),
  );
  const get = (type: string) => formatted.find((p) => p.type === type)?.value ?? "";
  return { year: get("year"), month: get("month"), day: get("day") };
}

/**
 * "just now" under a minute (and for times in the future, which only clock skew produces),
 * then "5m", "3h", "6d" up to six days, then "Mar 4" in the same year as `now` or
 * "Mar 4, 2025" otherwise. An unparsable date gives "".
 */
export function formatRelativeTime(date: DateInput, now: DateInput, timeZone?: string): string {
  const then = toMs(date);
  const current = toMs(now);
  if (!Number.isFinite(then) || !Number.isFinite(current)) return "";
  const diff = current - then;
  if (diff < MINUTE_MS) return "just now";
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)}m`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)}h`;
  const days = Math.floor(diff / DAY_MS);
  if (days <= 6) return `${days}d`;
  const p = parts(then, timeZone);
  const sameYear = p.year === parts(current, timeZone).year;
  return sameYear ? `${p.month} ${p.day}` : `${p.month} ${p.day}, ${p.year}`;
}

