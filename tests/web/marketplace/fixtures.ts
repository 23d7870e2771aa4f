// Services and products as the catalogue API answers them (shared/marketplace-api.ts), with the
// price lines the server's shared price function would give.
import type { MarketService, OwnerProduct, ProductDetail, SellerSummary, ServiceDetail } from "@shared/marketplace-api";
import { productPriceDisplay, servicePriceDisplay, startingPackageCents } from "@shared/rules/price";

const NOW = Date.UTC(2026, 10, 20, 12);

const SELLER: SellerSummary = { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null };

export function makeService(overrides: Partial<MarketService> = {}, where: "owner" | "public" = "owner"): MarketService {
  const base = {
    id: "s1",
    userId: "u1",
    name: "Mix a single",
    description: "Full mix with two revisions.",
    category: "mixing" as const,
    needsScheduling: false,
    pricingModel: "per_session" as const,
    priceCents: 12000,
    packages: [],
    packagePriceCents: null,
    sellerPayable: true,
    turnaroundDays: 5,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
  const packagePriceCents = base.pricingModel === "package" ? startingPackageCents(base.packages) : null;
  return { ...base, packagePriceCents, price: overrides.price ?? servicePriceDisplay({ ...base, packagePriceCents }, where) };
}

/** A detail page's rating: the item's real reviews (null for an item without any). */
const RATING = { average: 4.7, count: 3 };

export function makeServiceDetail(
  overrides: Partial<MarketService> = {},
  viewer: ServiceDetail["viewer"] = { isOwner: false },
  rating: ServiceDetail["rating"] = RATING,
): ServiceDetail {
  return { ...makeService({ userId: SELLER.userId, ...overrides }, "public"), seller: SELLER, viewer, rating };
}

export function makeProduct(overrides: Partial<OwnerProduct> = {}): OwnerProduct {
  const base = {
    id: "p1",
    userId: "u1",
    name: "Dusty Keys Vol. 2",
    description: "Forty lo-fi piano loops.",
    category: "samples" as const,
    type: "digital" as const,
    priceCents: 2500,
    imageUrl: "/media/product-images/u1/p1.jpg",
    hasFile: true,
    sellerPayable: true,
    file: { name: "dusty-keys.zip", size: 4_200_000, mimeType: "application/zip" },
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
  return { ...base, price: productPriceDisplay(base.priceCents) };
}

export function makeProductDetail(
  overrides: Partial<OwnerProduct> = {},
  viewer: ProductDetail["viewer"] = { isOwner: false },
  rating: ProductDetail["rating"] = RATING,
): ProductDetail {
  const { file: _file, ...product } = makeProduct({ userId: SELLER.userId, ...overrides });
  return { ...product, seller: SELLER, viewer, rating };
}

export const page = <T>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor });
