import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "@shared/rules/relative-time";

describe("relative time", () => {
  const now = Date.UTC(2026, 2, 20, 12, 0, 0); // 20 Mar 2026 12:00 UTC
  const ago = (ms: number) => now - ms;
  const rel = (ms: number) => formatRelativeTime(ago(ms), now, "UTC");

  it("says 'just now' under a minute (59 s) and minutes from 60 s", () => {
    expect(rel(0)).toBe("just now");
    expect(rel(59_999)).toBe("just now");
    expect(rel(60_000)).toBe("1m");
    expect(rel(59 * 60_000 + 59_999)).toBe("59m");
  });

  it("switches to hours at 60 minutes and days at 24 hours", () => {
    expect(rel(60 * 60_000)).toBe("1h");
    expect(rel(24 * 3_600_000 - 1)).toBe("23h");
    expect(rel(24 * 3_600_000)).toBe("1d");
  });

  it("shows days up to 6 and a date from 7", () => {
    expect(rel(7 * 86_400_000 - 1)).toBe("6d");
    expect(rel(7 * 86_400_000)).toBe("Mar 13");
  });

  it("adds the year only for another year", () => {
    expect(formatRelativeTime(Date.UTC(2026, 0, 1, 0, 0), now, "UTC")).toBe("Jan 1");
    expect(formatRelativeTime(Date.UTC(2025, 2, 4, 9, 0), now, "UTC")).toBe("Mar 4, 2025");
    expect(formatRelativeTime("2025-12-31T23:00:00Z", now, "UTC")).toBe("Dec 31, 2025");
  });

  it("treats future times as 'just now' and bad input as empty", () => {
    expect(formatRelativeTime(now + 5000, now, "UTC")).toBe("just now");
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});
