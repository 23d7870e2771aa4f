// A seller's services and products as cards (spec marketplace-messaging-account §2 Public profile
// tabs Products and Services, Dashboard previews; §7 Services/Products "read by user"; §9 price
// display). Newest first with a keyset cursor on (created_at, id) (decision record 0006), served by
// services_user_created_idx and products_user_created_idx.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Cursor } from "../../../shared/cursor";
import type { SellerSummary, ServicePackage } from "../../../shared/marketplace-api";
import type { ProductCard, ProductCardPage, ServiceCard, ServiceCardPage } from "../../../shared/profile-api";
import type { ItemRating } from "../../../shared/review-api";
import { formatCents, formatServicePrice, startingPackageCents } from "../../../shared/rules/price";
import { mediaUrl } from "../../lib/media-url";
import type { Db } from "../client";
import { bookmarks, products, services } from "../schema";
import { mapPage, pageOf } from "./paging";
import { toPersonLine } from "./people";
import { itemRatings } from "./reviews";

export interface SellerListOptions {
  userId: string;
  cursor?: Cursor | null;
  limit: number;
}

function before(table: typeof services | typeof products, cursor: Cursor | null | undefined): SQL | undefined {
  return cursor ? sql`(${table.createdAt}, ${table.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined;
}

type ServiceRow = typeof services.$inferSelect;

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

/** The seller line of a detail page from a left join on profiles (a user without one still has a line). */
export function toSeller(userId: string, row: { username: string | null; displayName: string | null; avatarUrl: string | null }): SellerSummary {
  const line = toPersonLine(userId, row);
  // The detail page's seller line shows the username for an empty display name too.
  return { ...line, displayName: line.displayName || line.username };
}

/** The public card: §9's public price line ('Starting at' for packages) beside the raw cents. */
export function toServiceCard(row: ServiceRow, rating: ItemRating | null): ServiceCard {
  const packagePriceCents = row.pricingModel === "package" ? startingPackageCents(readPackages(row.packageDetails)) : null;
  const priceCents = row.pricingModel === "package" ? null : row.priceCents;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    category: row.category,
    needsScheduling: row.needsScheduling,
    pricingModel: row.pricingModel,
    priceCents,
    packagePriceCents,
    priceLabel: formatServicePrice({ pricingModel: row.pricingModel, priceCents, packagePriceCents }, "public"),
    turnaroundDays: row.turnaroundDays,
    createdAt: row.createdAt,
    rating,
  };
}

type ProductRow = typeof products.$inferSelect;

/** The public card. The private file key never leaves the server; the image is a /media URL. */
function toProductCard(row: ProductRow, rating: ItemRating | null): ProductCard {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    priceCents: row.priceCents,
    priceLabel: formatCents(row.priceCents),
    imageUrl: row.imageKey ? mediaUrl(row.imageKey) : null,
    createdAt: row.createdAt,
    rating,
  };
}

/** The page query of a seller's services; exported (as SQL) for the query-plan tests. */
export function sellerServicesQuery(db: Db, options: SellerListOptions) {
  return db
    .select()
    .from(services)
    .where(and(eq(services.userId, options.userId), before(services, options.cursor)))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(options.limit + 1);
}

/** The page query of a seller's products; exported (as SQL) for the query-plan tests. */
export function sellerProductsQuery(db: Db, options: SellerListOptions) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.userId, options.userId), before(products, options.cursor)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(options.limit + 1);
}

export async function listSellerServices(db: Db, options: SellerListOptions): Promise<ServiceCardPage> {
  const page = pageOf(await sellerServicesQuery(db, options), options.limit);
  const ratings = await itemRatings(db, "service", page.items.map((row) => row.id));
  return mapPage(page, (row) => toServiceCard(row, ratings.get(row.id) ?? null));
}

export async function listSellerProducts(db: Db, options: SellerListOptions): Promise<ProductCardPage> {
  const page = pageOf(await sellerProductsQuery(db, options), options.limit);
  const ratings = await itemRatings(db, "product", page.items.map((row) => row.id));
  return mapPage(page, (row) => toProductCard(row, ratings.get(row.id) ?? null));
}

/** The dashboard's totals: one batch of three index-only counts. */
export async function ownerTotals(db: Db, userId: string): Promise<{ services: number; products: number; bookmarks: number }> {
  const [s, p, b] = await db.batch([
    db.select({ n: count() }).from(services).where(eq(services.userId, userId)),
    db.select({ n: count() }).from(products).where(eq(products.userId, userId)),
    db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, userId)),
  ]);
  return { services: s[0]?.n ?? 0, products: p[0]?.n ?? 0, bookmarks: b[0]?.n ?? 0 };
}
