// Prices (second document §9; DESIGN.md). Every amount is integer cents: floating-point dollars
// would turn $0.10 + $0.20 into $0.30000000000000004. This file is the one place that decides how
// a price reads and whether it can be bought: owner lists, public cards, detail pages and the
// purchase dialog all call it, and the Worker stores the fee it computes here.
import { PLATFORM_FEE_PERCENT, type PricingModel } from "../constants";
import { PRICE_TEXTS } from "../messages";

function withThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function safeCents(cents: number): number {
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : 0;
}

/** "$45", "$45.50", "$1,250": whole dollars drop the cents. */
export function formatCents(cents: number): string {
  const safe = safeCents(cents);
  const whole = withThousands(Math.floor(safe / 100));
  const rest = safe % 100;
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
}

/** "$45.00", "$47.25": always two decimals, for the purchase summary (§9 "two decimals"). */
export function formatCentsExact(cents: number): string {
  const safe = safeCents(cents);
  return `$${withThousands(Math.floor(safe / 100))}.${String(safe % 100).padStart(2, "0")}`;
}

/**
 * What a person types in a price field ("45", "45.5", "$1,250.00") as cents; null for anything
 * that is not a non-negative amount with at most two decimals.
 */
export function parseDollarsToCents(input: string | number): number | null {
  const text = (typeof input === "number" ? String(input) : input).trim().replace(/^\$/, "").replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** One package of a package-priced service, as stored (price in cents; every field optional). */
export interface PackagePrice {
  priceCents: number | null;
}

/** The lowest priced package: what 'Starting at' shows and what Buy Now charges. Null when none has a price. */
export function startingPackageCents(packages: readonly PackagePrice[] | null | undefined): number | null {
  let lowest: number | null = null;
  for (const pack of packages ?? []) {
    if (pack.priceCents !== null && Number.isSafeInteger(pack.priceCents) && (lowest === null || pack.priceCents < lowest)) lowest = pack.priceCents;
  }
  return lowest;
}

export interface ServicePriceInput {
  pricingModel: PricingModel;
  /** Null for packages, and for a service without a price. */
  priceCents: number | null;
  /** The lowest package price (startingPackageCents), for packages only. */
  packagePriceCents: number | null;
}

/** A price line and whether Buy Now may be pressed: without a price it is disabled (§5). */
export interface PriceDisplay {
  label: string;
  /** What a purchase would charge before the fee; null without a price. */
  chargeCents: number | null;
  buyable: boolean;
}

/**
 * The service price of §9. `where` is "owner" on the owner's management list (a package shows
 * 'Package pricing') and "public" on detail, search and profile pages (a package shows
 * 'Starting at $X', the cheapest package). With no price at all: 'Contact for pricing' (the
 * owner's list still says 'Package pricing' for a package), and Buy Now is disabled.
 */
export function servicePriceDisplay(input: ServicePriceInput, where: "owner" | "public"): PriceDisplay {
  if (input.pricingModel === "package") {
    const from = input.packagePriceCents ?? input.priceCents;
    // The owner's list names the model even before a package has a price (§9); Buy Now still
    // needs one.
    if (where === "owner") return { label: PRICE_TEXTS.packagePricing, chargeCents: from, buyable: from !== null };
    if (from === null) return { label: PRICE_TEXTS.contactForPricing, chargeCents: null, buyable: false };
    return { label: PRICE_TEXTS.startingAt(formatCents(from)), chargeCents: from, buyable: true };
  }
  if (input.priceCents === null) return { label: PRICE_TEXTS.contactForPricing, chargeCents: null, buyable: false };
  const suffix = input.pricingModel === "hourly" ? PRICE_TEXTS.perHour : PRICE_TEXTS.perSession;
  return { label: `${formatCents(input.priceCents)}${suffix}`, chargeCents: input.priceCents, buyable: true };
}

/** The label alone (profile tabs and the dashboard). */
export function formatServicePrice(input: ServicePriceInput, where: "owner" | "public"): string {
  return servicePriceDisplay(input, where).label;
}

/** A product's price: always set (§5 'price required'), but a missing one reads like a service's. */
export function productPriceDisplay(priceCents: number | null): PriceDisplay {
  if (priceCents === null) return { label: PRICE_TEXTS.contactForPricing, chargeCents: null, buyable: false };
  return { label: formatCents(priceCents), chargeCents: priceCents, buyable: true };
}

/**
 * The platform fee (PLATFORM_FEE_PERCENT, 5%) in cents, rounded half up: price × 1.05 rounded to
 * the cent, minus the price. Integer arithmetic only, so $0.10 gives a fee of 1 cent (10.5 rounds
 * up) exactly.
 */
export function platformFeeCents(priceCents: number): number {
  const price = safeCents(priceCents);
  return Math.floor((price * PLATFORM_FEE_PERCENT + 50) / 100);
}

/** What the purchase dialog shows and what an order stores: price, fee and total (§9). */
export interface PurchaseTotal {
  priceCents: number;
  feeCents: number;
  totalCents: number;
  /** Two decimals each: "$45.00", "$2.25", "$47.25". */
  priceLabel: string;
  feeLabel: string;
  totalLabel: string;
}

export function purchaseTotal(priceCents: number): PurchaseTotal {
  const price = safeCents(priceCents);
  const fee = platformFeeCents(price);
  return {
    priceCents: price,
    feeCents: fee,
    totalCents: price + fee,
    priceLabel: formatCentsExact(price),
    feeLabel: formatCentsExact(fee),
    totalLabel: formatCentsExact(price + fee),
  };
}
