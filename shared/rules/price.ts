// Prices (second document §9; DESIGN.md). Every amount is integer cents: floating-point dollars
// would turn $0.10 + $0.20 into $0.30000000000000004.
import type { PricingModel } from "../constants";
import { PRICE_TEXTS } from "../messages";

/** "$45", "$45.50", "$1,250": whole dollars drop the cents. */
export function formatCents(cents: number): string {
  const safe = Number.isSafeInteger(cents) && cents >= 0 ? cents : 0;
  const whole = String(Math.floor(safe / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = safe % 100;
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
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

export interface ServicePriceInput {
  pricingModel: PricingModel;
  /** Null for packages, and for a service without a price. */
  priceCents: number | null;
  /** The package's own price (package_details.priceCents), for packages only. */
  packagePriceCents: number | null;
}

/**
 * The service price line of §9. `where` is "owner" on the owner's management list (a package
 * shows 'Package pricing') and "public" on detail, search and profile pages (a package shows
 * 'Starting at $X'). With no price at all: 'Contact for pricing'.
 */
export function formatServicePrice(input: ServicePriceInput, where: "owner" | "public"): string {
  if (input.pricingModel === "package") {
    if (where === "owner") return PRICE_TEXTS.packagePricing;
    const from = input.packagePriceCents ?? input.priceCents;
    return from === null ? PRICE_TEXTS.contactForPricing : PRICE_TEXTS.startingAt(formatCents(from));
  }
  if (input.priceCents === null) return PRICE_TEXTS.contactForPricing;
  const suffix = input.pricingModel === "hourly" ? PRICE_TEXTS.perHour : PRICE_TEXTS.perSession;
  return `${formatCents(input.priceCents)}${suffix}`;
}

/**
 * The platform fee of §9 (5% on top of the price) in cents, rounded half up: integer arithmetic,
 * so 1,010 cents gives 51 (50.5 rounded up) without a floating-point detour.
 */
export function platformFeeCents(priceCents: number): number {
  return Math.floor((priceCents * 5 + 50) / 100);
}
