// Prices and the platform fee (§9, second document; DESIGN.md). All amounts are integer cents:
// floating-point dollars would turn $0.10 + $0.20 into $0.30000000000000004.
import { PLATFORM_FEE_BPS, type PricingModel } from "../constants";

export const PACKAGE_PRICING = "Package pricing";
export const CONTACT_FOR_PRICING = "Contact for pricing";

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer number of cents`);
}

/** "$45", "$45.50", "$1,250" — whole dollars drop the cents. */
export function formatCents(cents: number): string {
  assertCents(cents, "cents");
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const whole = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
}

/** "$45.00" — always two decimals, for totals and receipts where columns must line up. */
export function formatCentsExact(cents: number): string {
  assertCents(cents, "cents");
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Parses what a person types in a price field ("45", "45.5", "$1,250.00") into cents. Returns
 * null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseDollarsToCents(input: string | number): number | null {
  const text = (typeof input === "number" ? String(input) : input).trim().replace(/^\$/, "").replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return dollars * 100 + cents;
}

export interface PackageDetailsLike {
  priceCents?: number | null;
}

export interface PriceDisplayInput {
  pricingModel: PricingModel | null | undefined;
  priceCents: number | null | undefined;
  packageDetails?: PackageDetailsLike | null;
}

/**
 * The service price line. `where` is "owner" for the owner's management list (package shows
 * "Package pricing") and "public" for detail, search and profile pages (package shows
 * "Starting at $X" from its details). No price at all: "Contact for pricing".
 */
export function formatServicePrice(input: PriceDisplayInput, where: "owner" | "public"): string {
  const { pricingModel, priceCents } = input;
  if (pricingModel === "package") {
    if (where === "owner") return PACKAGE_PRICING;
    const from = input.packageDetails?.priceCents ?? priceCents;
    return typeof from === "number" ? `Starting at ${formatCents(from)}` : CONTACT_FOR_PRICING;
  }
  if (typeof priceCents !== "number") return CONTACT_FOR_PRICING;
  const suffix = pricingModel === "hourly" ? "/hour" : pricingModel === "per_session" ? "/session" : "";
  return `${formatCents(priceCents)}${suffix}`;
}

export interface FeeBreakdown {
  priceCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * The 5% platform fee on top of the price, rounded half up to a whole cent with integer
 * arithmetic only: fee = floor((price × 500 + 5000) / 10000).
 */
export function computePlatformFee(priceCents: number): FeeBreakdown {
  assertCents(priceCents, "priceCents");
  const feeCents = Math.floor((priceCents * PLATFORM_FEE_BPS + 5000) / 10_000);
  return { priceCents, feeCents, totalCents: priceCents + feeCents };
}
