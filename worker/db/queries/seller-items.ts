// A seller's services and products as cards (spec marketplace-messaging-account §2 Public profile
// tabs Products and Services, Dashboard previews; §7 Services/Products "read by user"; §9 price
// display). Newest first with a keyset cursor on (created_at, id) (decision record 0006), served by
// services_user_created_idx and products_user_created_idx.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { ProductCardPage, ServiceCardPage } from "@shared/profile-api";
import type { Db } from "../client";
import { bookmarks, payoutAccounts, products, services } from "../schema";
import { toProductCard, toServiceCard } from "./catalogue";
import { mapPage, pageOf } from "./paging";
import { itemRatings } from "./reviews";
import { visibleContent } from "./visibility";

export interface SellerListOptions {
  userId: string;
  cursor?: Cursor | null;
  limit: number;
}

function before(table: typeof services | typeof products, cursor: Cursor | null | undefined): SQL | undefined {
  return cursor ? sql`(${table.createdAt}, ${table.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined;
}

/** The page query of a seller's services; exported (as SQL) for the query-plan tests. */
export function sellerServicesQuery(db: Db, options: SellerListOptions) {
  return db
    .select()
    .from(services)
    .where(and(eq(services.userId, options.userId), before(services, options.cursor), visibleContent(services, null)))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(options.limit + 1);
}

/** The page query of a seller's products; exported (as SQL) for the query-plan tests. */
export function sellerProductsQuery(db: Db, options: SellerListOptions) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.userId, options.userId), before(products, options.cursor), visibleContent(products, null)))
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

/**
 * The ids of a seller's services and products (the shared pages a payout change makes stale;
 * decision record 0097), the newest first and at most `limit` of each. `seller` is the user id or,
 * from Connect's webhook, the seller's Stripe account id.
 */
export async function sellerItemIds(db: Db, seller: { userId: string } | { stripeAccountId: string }, limit = 200): Promise<{ services: string[]; products: string[] }> {
  const userId =
    "userId" in seller
      ? seller.userId
      : (await db.select({ userId: payoutAccounts.userId }).from(payoutAccounts).where(eq(payoutAccounts.stripeAccountId, seller.stripeAccountId)).get())?.userId;
  if (!userId) return { services: [], products: [] };
  const [serviceRows, productRows] = await db.batch([
    db.select({ id: services.id }).from(services).where(eq(services.userId, userId)).orderBy(desc(services.createdAt)).limit(limit),
    db.select({ id: products.id }).from(products).where(eq(products.userId, userId)).orderBy(desc(products.createdAt)).limit(limit),
  ]);
  return { services: serviceRows.map((row) => row.id), products: productRows.map((row) => row.id) };
}
