// Wall-clock time in a zone on Intl (shared/rules/zoned-time.ts, decision record 0054): a weekly
// time keeps its local hour across daylight saving changes while its UTC instant moves, the hour
// that is skipped moves forward, and the hour that repeats is read as its first occurrence.
import { describe, expect, it } from "vitest";
import { instantOf, isTimeZone, offsetAt, wallClockOf, weeklyStarts } from "@shared/rules/zoned-time";

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe("zoned time", () => {
  it("knows IANA zone names and refuses anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Europe/Berlin; drop table")).toBe(false);
  });

  it("reads the offset and the wall clock on both sides of a change", () => {
    expect(offsetAt("Europe/Berlin", utc("2026-01-15T12:00:00Z"))).toBe(HOUR);
    expect(offsetAt("Europe/Berlin", utc("2026-07-15T12:00:00Z"))).toBe(2 * HOUR);
    expect(offsetAt("America/New_York", utc("2026-07-15T12:00:00Z"))).toBe(-4 * HOUR);
    expect(wallClockOf("Europe/Berlin", utc("2026-03-29T08:00:00Z"))).toEqual({ year: 2026, month: 3, day: 29, weekday: 7, minuteOfDay: 600 });
    expect(wallClockOf("Pacific/Auckland", utc("2026-03-29T08:00:00Z"))).toMatchObject({ day: 29, weekday: 7, minuteOfDay: 21 * 60 });
  });

  it("turns a local time into its instant, skipped and repeated hours included", () => {
    expect(instantOf("Europe/Berlin", { year: 2026, month: 1, day: 15, minuteOfDay: 600 })).toBe(utc("2026-01-15T09:00:00Z"));
    expect(instantOf("Europe/Berlin", { year: 2026, month: 7, day: 15, minuteOfDay: 600 })).toBe(utc("2026-07-15T08:00:00Z"));
    // 29 March 2026 02:30 never happens in Berlin (02:00 → 03:00): it is 03:30 CEST.
    expect(instantOf("Europe/Berlin", { year: 2026, month: 3, day: 29, minuteOfDay: 150 })).toBe(utc("2026-03-29T01:30:00Z"));
    // 25 October 2026 02:30 happens twice (03:00 → 02:00): the first, still in summer time.
    expect(instantOf("Europe/Berlin", { year: 2026, month: 10, day: 25, minuteOfDay: 150 })).toBe(utc("2026-10-25T00:30:00Z"));
    expect(instantOf("America/New_York", { year: 2026, month: 3, day: 8, minuteOfDay: 150 })).toBe(utc("2026-03-08T07:30:00Z"));
  });

  it("keeps a weekly time at its local hour across the spring change", () => {
    const sundaysAtTen = weeklyStarts({ weekday: 7, minuteOfDay: 600, timeZone: "Europe/Berlin" }, utc("2026-03-16T00:00:00Z"), utc("2026-04-13T00:00:00Z"));
    expect(sundaysAtTen.map((t) => new Date(t).toISOString())).toEqual([
      "2026-03-22T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-04-05T08:00:00.000Z",
      "2026-04-12T08:00:00.000Z",
    ]);
    for (const t of sundaysAtTen) expect(wallClockOf("Europe/Berlin", t)).toMatchObject({ weekday: 7, minuteOfDay: 600 });
  });

  it("keeps it across the autumn change, and leaves out starts before `from`", () => {
    const from = utc("2026-10-26T15:00:00Z");
    const mondays = weeklyStarts({ weekday: 1, minuteOfDay: 9 * 60, timeZone: "America/New_York" }, utc("2026-10-19T14:00:00Z"), utc("2026-11-10T00:00:00Z"));
    expect(mondays.map((t) => new Date(t).toISOString())).toEqual(["2026-10-26T13:00:00.000Z", "2026-11-02T14:00:00.000Z", "2026-11-09T14:00:00.000Z"]);
    expect(weeklyStarts({ weekday: 1, minuteOfDay: 9 * 60, timeZone: "America/New_York" }, from, utc("2026-11-10T00:00:00Z"))).toEqual(mondays.slice(1));
  });
});
