import { describe, expect, it } from "vitest";
import { initials, matchPercentage, skillsDisplay, trendingBadge } from "../../shared/rules/display";
import {
  computePlatformFee,
  CONTACT_FOR_PRICING,
  formatCents,
  formatCentsExact,
  formatServicePrice,
  PACKAGE_PRICING,
  parseDollarsToCents,
} from "../../shared/rules/price";
import { formatMessageTime, formatRelativeTime } from "../../shared/rules/relative-time";

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

  it("formats message times as h:mm AM/PM", () => {
    expect(formatMessageTime(Date.UTC(2026, 2, 20, 15, 5), "UTC")).toBe("3:05 PM");
    expect(formatMessageTime(Date.UTC(2026, 2, 20, 0, 7), "UTC")).toBe("12:07 AM");
  });
});

describe("prices", () => {
  it("formats cents as dollars, dropping whole cents", () => {
    expect(formatCents(4500)).toBe("$45");
    expect(formatCents(4550)).toBe("$45.50");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(125_000)).toBe("$1,250");
    expect(formatCentsExact(4500)).toBe("$45.00");
    expect(() => formatCents(45.5)).toThrow(RangeError);
  });

  it("parses what people type into cents", () => {
    expect(parseDollarsToCents("45")).toBe(4500);
    expect(parseDollarsToCents("45.5")).toBe(4550);
    expect(parseDollarsToCents("$1,250.99")).toBe(125_099);
    expect(parseDollarsToCents(19.99)).toBe(1999);
    expect(parseDollarsToCents("1.999")).toBeNull();
    expect(parseDollarsToCents("-5")).toBeNull();
    expect(parseDollarsToCents("abc")).toBeNull();
  });

  it("shows the service price line per pricing model", () => {
    expect(formatServicePrice({ pricingModel: "hourly", priceCents: 4500 }, "public")).toBe("$45/hour");
    expect(formatServicePrice({ pricingModel: "per_session", priceCents: 12_050 }, "owner")).toBe("$120.50/session");
    expect(formatServicePrice({ pricingModel: "package", priceCents: null, packageDetails: { priceCents: 19_900 } }, "owner")).toBe(
      PACKAGE_PRICING,
    );
    expect(formatServicePrice({ pricingModel: "package", priceCents: null, packageDetails: { priceCents: 19_900 } }, "public")).toBe(
      "Starting at $199",
    );
    expect(formatServicePrice({ pricingModel: "package", priceCents: null }, "public")).toBe(CONTACT_FOR_PRICING);
    expect(formatServicePrice({ pricingModel: "hourly", priceCents: null }, "public")).toBe("Contact for pricing");
    expect(PACKAGE_PRICING).toBe("Package pricing");
  });

  it("adds a 5% fee in integer cents, rounding half up", () => {
    expect(computePlatformFee(10_000)).toEqual({ priceCents: 10_000, feeCents: 500, totalCents: 10_500 });
    expect(computePlatformFee(10)).toEqual({ priceCents: 10, feeCents: 1, totalCents: 11 }); // 0.5 → 1
    expect(computePlatformFee(9)).toEqual({ priceCents: 9, feeCents: 0, totalCents: 9 }); // 0.45 → 0
    expect(computePlatformFee(1999)).toEqual({ priceCents: 1999, feeCents: 100, totalCents: 2099 }); // 99.95 → 100
    expect(computePlatformFee(1989)).toEqual({ priceCents: 1989, feeCents: 99, totalCents: 2088 }); // 99.45 → 99
    expect(computePlatformFee(0).totalCents).toBe(0);
    expect(() => computePlatformFee(12.5)).toThrow(RangeError);
    expect(() => computePlatformFee(-1)).toThrow(RangeError);
  });
});

describe("display helpers", () => {
  it("gives trending badges by rank", () => {
    expect([1, 2, 3, 4, 12].map(trendingBadge)).toEqual(["Hot", "Rising", "Rising", "Popular", "Popular"]);
  });

  it("turns a score into a match percentage", () => {
    expect(matchPercentage(8.75)).toBe(88);
    expect(matchPercentage(8.74)).toBe(87);
    expect(matchPercentage(0)).toBe(0);
    expect(matchPercentage(14)).toBe(100);
    expect(matchPercentage(Number.NaN)).toBe(0);
  });

  it("shows at most five skills, then '+N more'", () => {
    const skills = ["Mixing", "Mastering", "Vocals", "Drums", "Bass", "Keys", "Synths"];
    expect(skillsDisplay(skills)).toEqual({ shown: skills.slice(0, 5), more: "+2 more" });
    expect(skillsDisplay(skills.slice(0, 5))).toEqual({ shown: skills.slice(0, 5), more: null });
  });

  it("builds initials", () => {
    expect(initials("Ana Lopez")).toBe("AL");
    expect(initials("dj_max")).toBe("D");
    expect(initials("  ")).toBe("");
  });
});
