// The package the buyer chose (issue #26): a package-priced service is charged the price of the
// package the buyer picked, read from the seller's own row, never the cheapest one and never a
// price the client sends. The order keeps the package's index and its words, so an edit of the
// service later cannot change what was bought.
import type { ServicePackage } from "@shared/marketplace-api";
import { MONEY_TEXTS } from "@shared/messages";
import type { PurchasableItem } from "../../db/queries/orders";
import { ApiError } from "../../lib/errors";

export interface PricedChoice {
  /** Null when the item has no price (the caller refuses it). */
  priceCents: number | null;
  packageIndex: number | null;
  packageLabel: string | null;
}

/** "3 sessions · Full mix and master", from what the seller wrote; "Package 2" when nothing. */
function packageLabel(pack: ServicePackage, index: number): string {
  const parts: string[] = [];
  if (pack.sessions !== null && pack.sessions > 0) parts.push(MONEY_TEXTS.packageSessions(pack.sessions));
  const description = pack.description?.trim();
  if (description) parts.push(description);
  return parts.length > 0 ? MONEY_TEXTS.packageLabel(parts) : MONEY_TEXTS.packageNumber(index + 1);
}

/**
 * The price of what is bought. Items without packages ignore `packageIndex`. A package service
 * with one package uses it; with several the buyer must choose (400); an index out of range or a
 * package without a price answers 400, never 500.
 */
export function priceChoice(item: Pick<PurchasableItem, "priceCents" | "packages">, packageIndex: number | undefined): PricedChoice {
  const packages = item.packages;
  if (!packages) return { priceCents: item.priceCents, packageIndex: null, packageLabel: null };
  if (packages.length === 0) return { priceCents: null, packageIndex: null, packageLabel: null };
  let index = packageIndex;
  if (index === undefined) {
    if (packages.length > 1) throw new ApiError("bad_request", MONEY_TEXTS.choosePackage);
    index = 0;
  }
  const pack = packages[index];
  if (!pack) throw new ApiError("bad_request", MONEY_TEXTS.packageNotFound);
  if (pack.priceCents === null || pack.priceCents <= 0) throw new ApiError("bad_request", MONEY_TEXTS.packageNotPriced);
  return { priceCents: pack.priceCents, packageIndex: index, packageLabel: packageLabel(pack, index) };
}
