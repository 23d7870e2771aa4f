// Wall-clock time in an IANA time zone, on the platform's own Intl (decision record 0054): a
// seller's weekly time ("Tuesdays 10:00 in Europe/Berlin") becomes real instants across daylight
// saving changes, and the SPA shows instants in the viewer's zone. Intl ships the tz database in
// both workerd and browsers, so no library (and no second copy of that database) is bundled.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A local date and time of day: what a clock on the wall in the zone shows. */
interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone: building a DateTimeFormat is far slower than using one. */
function numericFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows this zone name ("Europe/Berlin", "UTC"); the names are case-sensitive here. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

function localParts(timeZone: string, instant: number) {
  const values: Record<string, number> = {};
  for (const part of numericFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute!, second: values.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +7,200,000). */
export function offsetAt(timeZone: string, instant: number): number {
  const p = localParts(timeZone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** What the wall clock in the zone shows at an instant. */
export function wallClockOf(timeZone: string, instant: number): WallClock {
  const p = localParts(timeZone, instant);
  const weekday = ((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7) + 1;
  return { year: p.year, month: p.month, day: p.day, weekday, minuteOfDay: p.hour * 60 + p.minute };
}

/**
 * The instant a wall-clock time names in the zone, resolved the way Temporal's "compatible"
 * disambiguation does: a time that happens twice (the hour repeated when clocks go back) is the
 * earlier one, and a time that never happens (the hour skipped when clocks go forward) moves
 * forward by the gap, so 02:30 on that morning is 03:30.
 */
export function instantOf(timeZone: string, wall: Pick<WallClock, "year" | "month" | "day" | "minuteOfDay">): number {
  const local = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minuteOfDay * MINUTE_MS;
  // Offsets a day either side lie outside any transition near this time: at most two candidates.
  const before = offsetAt(timeZone, local - DAY_MS);
  const after = offsetAt(timeZone, local + DAY_MS);
  const candidates = [...new Set([before, after])].map((offset) => local - offset).filter((t) => offsetAt(timeZone, t) === local - t);
  if (candidates.length > 0) return Math.min(...candidates);
  // A skipped time: read it with the offset in force before the change, which lands after the gap.
  return local - before;
}

/**
 * Every start of a weekly time ("weekday at minuteOfDay in the zone") in [from, until), one per
 * local week, each resolved through instantOf, so the local time stays put across a DST change
 * while the UTC instant moves by the hour.
 */
export function weeklyStarts(rule: { weekday: number; minuteOfDay: number; timeZone: string }, from: number, until: number): number[] {
  const first = wallClockOf(rule.timeZone, from);
  const daysAhead = (rule.weekday - first.weekday + 7) % 7;
  const starts: number[] = [];
  // Local dates are stepped as UTC dates: calendar arithmetic without any zone in it.
  for (let date = Date.UTC(first.year, first.month - 1, first.day) + daysAhead * DAY_MS; ; date += 7 * DAY_MS) {
    const d = new Date(date);
    const start = instantOf(rule.timeZone, { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), minuteOfDay: rule.minuteOfDay });
    if (start >= until) break;
    if (start >= from) starts.push(start);
  }
  return starts;
}
