// The public catalogue card (decision record 0078): a service or a product as everyone may see it
// in a list: a profile's tabs, the dashboard's previews and the search results. The owner's grid
// and the detail pages (shared/marketplace-api.ts) derive their shapes from these, so a field of a
// service or a product means the same thing in every contract. The Worker builds them all in
// worker/db/queries/catalogue.ts.
import type { PricingModel, ProductCategory, ProductType, ServiceCategory } from "./constants";
import type { ItemRating } from "./review-api";

/** A service on a profile or the dashboard, with what §9's price line needs. */
export interface ServiceCard {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  category: ServiceCategory;
  needsScheduling: boolean;
  pricingModel: PricingModel;
  /** Null for packages and unpriced services. */
  priceCents: number | null;
  /** The package's price, packages only. */
  packagePriceCents: number | null;
  /** §9's public line: '$45/hour', '$120/session', 'Starting at $300', 'Contact for pricing'. */
  priceLabel: string;
  /** Whole days (DESIGN.md). */
  turnaroundDays: number | null;
  createdAt: number;
  /** The service's reviews (average to one decimal and count); null without any. */
  rating: ItemRating | null;
}

export interface ProductCard {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  category: ProductCategory;
  type: ProductType;
  priceCents: number;
  /** '$25', '$19.99'. */
  priceLabel: string;
  /** `/media/product-images/…`, or null for the placeholder. */
  imageUrl: string | null;
  createdAt: number;
  /** The product's reviews; null without any. */
  rating: ItemRating | null;
}
