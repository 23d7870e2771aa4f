// The one price function (spec marketplace-messaging-account §5 'Buy Now disabled without a
// price', §9 price display and platform fee) at its boundaries: a package without a price, zero,
// the half-cent of the fee, and the largest prices.
import { describe, expect, it } from "vitest";
import { MARKET_LIMITS } from "@shared/constants";
import { PRICE_TEXTS } from "@shared/messages";
import {
  formatCents,
  formatCentsExact,
  platformFeeCents,
  productPriceDisplay,
  purchaseTotal,
  servicePriceDisplay,
  startingPackageCents,
} from "@shared/rules/price";

describe("service price lines", () => {
  it("suffixes hourly and per-session prices on every page", () => {
    for (const where of ["owner", "public"] as const) {
      expect(servicePriceDisplay({ pricingModel: "hourly", priceCents: 4500, packagePriceCents: null }, where)).toEqual({ label: "$45/hour", chargeCents: 4500, buyable: true });
      expect(servicePriceDisplay({ pricingModel: "per_session", priceCents: 12_050, packagePriceCents: null }, where)).toEqual({
        label: "$120.50/session",
        chargeCents: 12_050,
        buyable: true,
      });
    }
  });

  it("says 'Package pricing' to the owner and 'Starting at' to everyone else", () => {
    const pack = { pricingModel: "package" as const, priceCents: null, packagePriceCents: 30_000 };
    expect(servicePriceDisplay(pack, "owner")).toEqual({ label: PRICE_TEXTS.packagePricing, chargeCents: 30_000, buyable: true });
    expect(servicePriceDisplay(pack, "public")).toEqual({ label: "Starting at $300", chargeCents: 30_000, buyable: true });
  });

  it("disables Buy Now for a package without a price: 'Contact for pricing' in public", () => {
    const pack = { pricingModel: "package" as const, priceCents: null, packagePriceCents: null };
    expect(servicePriceDisplay(pack, "public")).toEqual({ label: PRICE_TEXTS.contactForPricing, chargeCents: null, buyable: false });
    expect(servicePriceDisplay(pack, "owner")).toEqual({ label: PRICE_TEXTS.packagePricing, chargeCents: null, buyable: false });
    expect(servicePriceDisplay({ pricingModel: "hourly", priceCents: null, packagePriceCents: null }, "public")).toEqual({
      label: PRICE_TEXTS.contactForPricing,
      chargeCents: null,
      buyable: false,
    });
  });

  it("treats zero as a price, not as its absence", () => {
    expect(servicePriceDisplay({ pricingModel: "hourly", priceCents: 0, packagePriceCents: null }, "public")).toEqual({ label: "$0/hour", chargeCents: 0, buyable: true });
    expect(servicePriceDisplay({ pricingModel: "package", priceCents: null, packagePriceCents: 0 }, "public").label).toBe("Starting at $0");
    expect(productPriceDisplay(0)).toEqual({ label: "$0", chargeCents: 0, buyable: true });
    expect(productPriceDisplay(null)).toEqual({ label: PRICE_TEXTS.contactForPricing, chargeCents: null, buyable: false });
  });

  it("starts a package at its cheapest priced package", () => {
    expect(startingPackageCents([{ priceCents: 50_000 }, { priceCents: null }, { priceCents: 20_000 }])).toBe(20_000);
    expect(startingPackageCents([{ priceCents: null }])).toBeNull();
    expect(startingPackageCents([])).toBeNull();
    expect(startingPackageCents(null)).toBeNull();
  });

  it("writes large prices with thousands separators", () => {
    expect(formatCents(MARKET_LIMITS.priceMaxCents)).toBe("$100,000");
    expect(formatCents(123_456_789_01)).toBe("$123,456,789.01");
    expect(servicePriceDisplay({ pricingModel: "hourly", priceCents: 99_999_999, packagePriceCents: null }, "public").label).toBe("$999,999.99/hour");
  });
});

describe("the 5% fee on top at purchase", () => {
  it("rounds price × 1.05 half up to the cent", () => {
    // $0.10 × 1.05 = $0.105: the half cent rounds up to $0.11 (floating point would give 0.10500000000000001 or worse).
    expect(purchaseTotal(10)).toMatchObject({ feeCents: 1, totalCents: 11, totalLabel: "$0.11" });
    // $0.09 × 1.05 = $0.0945 rounds down to $0.09; $0.30 × 1.05 = $0.315 rounds up to $0.32.
    expect(purchaseTotal(9)).toMatchObject({ feeCents: 0, totalCents: 9 });
    expect(purchaseTotal(30)).toMatchObject({ feeCents: 2, totalCents: 32 });
    // $1.01 × 1.05 = $1.0605 → $1.06; $1.10 × 1.05 = $1.155 → $1.16 (toFixed(2) gives 1.15).
    expect(purchaseTotal(101).totalCents).toBe(106);
    expect(purchaseTotal(110).totalCents).toBe(116);
  });

  it("shows price, fee and total with two decimals", () => {
    expect(purchaseTotal(4500)).toEqual({
      priceCents: 4500,
      feeCents: 225,
      totalCents: 4725,
      priceLabel: "$45.00",
      feeLabel: "$2.25",
      totalLabel: "$47.25",
    });
    expect(formatCentsExact(5)).toBe("$0.05");
  });

  it("charges nothing on nothing and stays exact for the largest prices", () => {
    expect(purchaseTotal(0)).toMatchObject({ feeCents: 0, totalCents: 0, totalLabel: "$0.00" });
    expect(purchaseTotal(MARKET_LIMITS.priceMaxCents)).toMatchObject({ feeCents: 500_000, totalCents: 10_500_000, totalLabel: "$105,000.00" });
    // Far beyond any listing, the arithmetic is still integer and exact.
    expect(platformFeeCents(99_999_999_999)).toBe(5_000_000_000);
    expect(purchaseTotal(99_999_999_999).totalLabel).toBe("$1,049,999,999.99");
  });

  it("refuses to compute on amounts that are not cents", () => {
    expect(platformFeeCents(-100)).toBe(0);
    expect(platformFeeCents(10.5)).toBe(0);
    expect(purchaseTotal(Number.NaN).totalCents).toBe(0);
  });
});
