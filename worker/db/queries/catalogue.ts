// Services and products in the API's answers (shared/catalogue.ts; decision record 0078): the one
// mapper from a services or products row to the public card (profile tabs, dashboard previews,
// search results) and to the owner's and detail pages' shape derived from it. Both read the same
// leading facts and the same package prices, so the two shapes cannot drift apart.
import type { ProductCard, ServiceCard } from "@shared/catalogue";
import type { MarketProduct, MarketService, ServicePackage } from "@shared/marketplace-api";
import type { ItemRating } from "@shared/review-api";
import { formatCents, formatServicePrice, productPriceDisplay, servicePriceDisplay, startingPackageCents } from "@shared/rules/price";
import { mediaUrl } from "../../lib/media-url";
import type { products, services } from "../schema";

type ServiceRow = typeof services.$inferSelect;
type ProductRow = typeof products.$inferSelect;

function nullableInt(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

/**
 * The stored packages as a list. The column holds the list the form sends; a row written before
 * packages were a list holds one object, read as a list of one. Anything else reads as none.
 */
export function readPackages(value: unknown): ServicePackage[] {
  const list: unknown[] = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : [];
  return list.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const p = item as Record<string, unknown>;
    return [{ sessions: nullableInt(p.sessions), priceCents: nullableInt(p.priceCents), description: typeof p.description === "string" ? p.description : null }];
  });
}

/** What every shape of a service opens with. */
function serviceFacts(row: ServiceRow) {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    category: row.category,
    needsScheduling: row.needsScheduling,
    pricingModel: row.pricingModel,
  };
}

/** A package service has no price of its own: it starts at its cheapest package. */
function servicePrices(row: ServiceRow) {
  const isPackage = row.pricingModel === "package";
  const packages = isPackage ? readPackages(row.packageDetails) : [];
  return { packages, priceCents: isPackage ? null : row.priceCents, packagePriceCents: isPackage ? startingPackageCents(packages) : null };
}

/** The public card: §9's public price line ('Starting at' for packages) beside the raw cents. */
export function toServiceCard(row: ServiceRow, rating: ItemRating | null): ServiceCard {
  const { priceCents, packagePriceCents } = servicePrices(row);
  return {
    ...serviceFacts(row),
    priceCents,
    packagePriceCents,
    priceLabel: formatServicePrice({ pricingModel: row.pricingModel, priceCents, packagePriceCents }, "public"),
    turnaroundDays: row.turnaroundDays,
    createdAt: row.createdAt,
    rating,
  };
}

/** A service row as the owner's grid ("owner": 'Package pricing') or a public page shows it. */
export function toMarketService(row: ServiceRow, where: "owner" | "public", sellerPayable: boolean): MarketService {
  const { packages, priceCents, packagePriceCents } = servicePrices(row);
  return {
    ...serviceFacts(row),
    priceCents,
    packages,
    packagePriceCents,
    price: servicePriceDisplay({ pricingModel: row.pricingModel, priceCents, packagePriceCents }, where),
    sellerPayable,
    turnaroundDays: row.turnaroundDays,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What every shape of a product opens with. */
function productFacts(row: ProductRow) {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    priceCents: row.priceCents,
  };
}

/** The image as a /media URL; the private file's key never leaves the server. */
function productImageUrl(row: ProductRow): string | null {
  return row.imageKey ? mediaUrl(row.imageKey) : null;
}

/** The public card. */
export function toProductCard(row: ProductRow, rating: ItemRating | null): ProductCard {
  return {
    ...productFacts(row),
    priceLabel: formatCents(row.priceCents),
    imageUrl: productImageUrl(row),
    createdAt: row.createdAt,
    rating,
  };
}

/** A product as its detail page and the owner's grid show it. */
export function toMarketProduct(row: ProductRow, sellerPayable: boolean): MarketProduct {
  return {
    ...productFacts(row),
    price: productPriceDisplay(row.priceCents),
    imageUrl: productImageUrl(row),
    hasFile: row.type === "digital" && row.fileKey !== null,
    sellerPayable,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
