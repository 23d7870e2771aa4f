// What Buy Now hands the purchase for a service or a product, built in one place for the detail
// pages and the owner's cards: the price line's charge (null: no price, Buy Now disabled), and for
// a package-priced service its priced packages, so the buyer chooses one (issue #26 item 6).
import type { MarketProduct, MarketService, ServicePackage } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { plural } from "@web/lib/format";
import type { PurchaseItem, PurchasePackage } from "./types";

export type BuyableItem = Omit<PurchaseItem, "priceCents"> & { priceCents: number | null };

/** A package's name as the service page lists it: its sessions, or "Option n" without them. */
export function packageTitle(pack: ServicePackage, index: number): string {
  return pack.sessions !== null ? plural(pack.sessions, "session") : MARKET_SCREEN_TEXTS.packageEditor.option(index + 1);
}

/** The packages a buyer can pay for: those with a price, each keeping its place in the list. */
function purchasePackages(packages: readonly ServicePackage[]): PurchasePackage[] {
  return packages.flatMap((pack, index) => (pack.priceCents === null ? [] : [{ index, title: packageTitle(pack, index), description: pack.description, priceCents: pack.priceCents }]));
}

export function servicePurchaseItem(service: MarketService): BuyableItem {
  const item: BuyableItem = { itemType: "service", itemId: service.id, itemName: service.name, priceCents: service.price.buyable ? service.price.chargeCents : null };
  const packages = service.pricingModel === "package" ? purchasePackages(service.packages) : [];
  return packages.length > 0 ? { ...item, packages } : item;
}

export function productPurchaseItem(product: MarketProduct): BuyableItem {
  return { itemType: "product", itemId: product.id, itemName: product.name, priceCents: product.price.buyable ? product.price.chargeCents : null };
}
