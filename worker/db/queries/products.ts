// Products (spec marketplace-messaging-account §2 Products and Product detail, §3 product, §7
// Products: read by user, insert, update by id, delete by id; Product detail: one product and its
// seller) and their files (decision record 0035). Writes are filtered by the owner's id as well as
// the row's id. Storage keys are read here and handed to the Worker's storage code; they never
// reach a response.
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { PaymentsModeName } from "@shared/checkout-api";
import type { Cursor } from "@shared/cursor";
import { DIGITAL_DOWNLOAD_STATUSES } from "@shared/rules/earnings";
import type { OwnerProduct, OwnerProductPage, ProductDetail, ProductFileInfo, ProductValues } from "@shared/marketplace-api";
import type { Db } from "../client";
import { sellerPayable } from "../../lib/payouts";
import { orders, payoutAccounts, products, profiles, retainedProductFiles, uploads } from "../schema";
import { toMarketProduct } from "./catalogue";
import { itemRating } from "./reviews";
import { mapPage, pageOf } from "./paging";
import { toSeller } from "./people";
import { visibleContent } from "./visibility";
import { getPayoutAccount } from "./payouts";
import { sellerProductsQuery } from "./seller-items";

export type ProductRow = typeof products.$inferSelect;

/** A stored file as a product row holds it. */
export interface StoredProductFile {
  key: string;
  name: string | null;
  size: number | null;
  mime: string | null;
}

function fileInfo(row: ProductRow): ProductFileInfo | null {
  if (row.fileKey === null) return null;
  return { name: row.fileName ?? "", size: row.fileSize ?? 0, mimeType: row.fileMime ?? "application/octet-stream" };
}

/** The owner's shape; `sellerPayable` is whether the owner can be paid now (lib/payouts.ts). */
export function toOwnerProduct(row: ProductRow, payable: boolean): OwnerProduct {
  return { ...toMarketProduct(row, payable), file: fileInfo(row) };
}

/**
 * The owner's grid: their products newest first (products_user_created_idx, like the profile tab).
 * Every card is the one seller's, so their payout account is read once beside the page.
 */
export async function listOwnProducts(db: Db, options: { userId: string; cursor?: Cursor | null; limit: number; mode: PaymentsModeName }): Promise<OwnerProductPage> {
  const [rows, account] = await Promise.all([sellerProductsQuery(db, options), getPayoutAccount(db, options.userId)]);
  const payable = sellerPayable(options.mode, account);
  return mapPage(pageOf(rows, options.limit), (row) => toOwnerProduct(row, payable));
}

export async function getProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * The detail page: the product, its seller and whether they can be paid (in `mode`), in one
 * query; null when there is no such product.
 */
export async function getProductDetail(db: Db, id: string, viewerId: string | null, mode: PaymentsModeName): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      product: products,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      payoutMode: payoutAccounts.mode,
      chargesEnabled: payoutAccounts.chargesEnabled,
    })
    .from(products)
    .leftJoin(profiles, eq(profiles.userId, products.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, products.userId))
    .where(and(eq(products.id, id), visibleContent(products, viewerId)))
    .limit(1);
  if (!row) return null;
  return {
    ...toMarketProduct(row.product, sellerPayable(mode, row.payoutMode === null ? null : { mode: row.payoutMode, chargesEnabled: row.chargesEnabled === true })),
    seller: toSeller(row.product.userId, row),
    viewer: viewerId === null ? null : { isOwner: viewerId === row.product.userId },
    rating: await itemRating(db, "product", id),
  };
}

type ProductFields = Pick<ProductValues, "name" | "description" | "category" | "priceCents" | "type">;

function fieldsOf(values: ProductFields) {
  return { name: values.name, description: values.description, category: values.category, priceCents: values.priceCents, type: values.type };
}

function fileColumns(file: StoredProductFile | null) {
  return { fileKey: file?.key ?? null, fileName: file?.name ?? null, fileSize: file?.size ?? null, fileMime: file?.mime ?? null };
}

export async function insertProduct(
  db: Db,
  row: { id: string; userId: string; now: number; values: ProductFields; imageKey: string | null; file: StoredProductFile | null },
): Promise<ProductRow> {
  const [created] = await db
    .insert(products)
    .values({ id: row.id, userId: row.userId, ...fieldsOf(row.values), imageKey: row.imageKey, ...fileColumns(row.file), createdAt: row.now, updatedAt: row.now })
    .returning();
  if (!created) throw new Error("product insert returned nothing");
  return created;
}

/**
 * Replaces the form's fields of the owner's product, and its image or file where given
 * (undefined keeps, null removes). Undefined when the product is not theirs (or gone).
 */
export async function updateProduct(
  db: Db,
  input: { id: string; userId: string; now: number; values: ProductFields; imageKey?: string | null; file?: StoredProductFile | null },
): Promise<ProductRow | undefined> {
  const [updated] = await db
    .update(products)
    .set({
      ...fieldsOf(input.values),
      ...(input.imageKey !== undefined ? { imageKey: input.imageKey } : {}),
      ...(input.file !== undefined ? fileColumns(input.file) : {}),
      updatedAt: input.now,
    })
    .where(and(eq(products.id, input.id), eq(products.userId, input.userId)))
    .returning();
  return updated;
}

/**
 * Orders that may still lead to a download: those canDownload lets download (paid and completed,
 * also while a dispute is open, since it may be won), and pending ones that may yet be paid.
 */
const ORDERS_NEEDING_FILES = ["pending", ...DIGITAL_DOWNLOAD_STATUSES] as const;

function orderNeedsProduct(productId: ReturnType<typeof sql> | string) {
  return and(eq(orders.itemType, "product"), eq(orders.itemId, productId), inArray(orders.status, [...ORDERS_NEEDING_FILES]));
}

/** True while an order still needs this product's file for a buyer's download (orders_item_idx). */
export async function ordersNeedProductFile(db: Db, productId: string): Promise<boolean> {
  const [row] = await ordersNeedProductFileQuery(db, productId);
  return row !== undefined;
}

/** The query behind ordersNeedProductFile, for the query-plan test. */
export function ordersNeedProductFileQuery(db: Db, productId: string) {
  return db.select({ id: orders.id }).from(orders).where(orderNeedsProduct(productId)).limit(1);
}

/**
 * Deletes the owner's product; when `retain` is given, the file is recorded as kept for buyers in
 * the same atomic batch, so it is never both unreferenced and still needed. True when it was there.
 */
export async function deleteProductRow(db: Db, input: { id: string; userId: string; retain: StoredProductFile | null; now: number }): Promise<boolean> {
  const remove = db
    .delete(products)
    .where(and(eq(products.id, input.id), eq(products.userId, input.userId)))
    .returning({ id: products.id });
  if (input.retain === null) return (await remove).length > 0;
  const [, removed] = await db.batch([retainStatement(db, input.id, input.userId, input.retain, input.now), remove]);
  return removed.length > 0;
}

function retainStatement(db: Db, productId: string, sellerId: string, file: StoredProductFile, now: number) {
  return db
    .insert(retainedProductFiles)
    .values({ fileKey: file.key, productId, sellerId, fileName: file.name, fileSize: file.size, fileMime: file.mime, createdAt: now })
    .onConflictDoNothing();
}

/** Keeps a file a product no longer has (removed, or the product turned physical) while orders need it. */
export async function retainProductFile(db: Db, input: { productId: string; sellerId: string; file: StoredProductFile; now: number }): Promise<void> {
  await retainStatement(db, input.productId, input.sellerId, input.file, input.now);
}

/**
 * The file a buyer of this product downloads: the product's own, or else the newest file kept for
 * its buyers after the product lost it. Null when there is none. (The checkout's download route
 * checks the buyer's order first; this only finds the bytes.)
 */
export async function productFileForDownload(db: Db, productId: string): Promise<StoredProductFile | null> {
  const [own] = await db
    .select({ key: products.fileKey, name: products.fileName, size: products.fileSize, mime: products.fileMime })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (own?.key) return { key: own.key, name: own.name, size: own.size, mime: own.mime };
  const [kept] = await db
    .select({ key: retainedProductFiles.fileKey, name: retainedProductFiles.fileName, size: retainedProductFiles.fileSize, mime: retainedProductFiles.fileMime })
    .from(retainedProductFiles)
    .where(eq(retainedProductFiles.productId, productId))
    .orderBy(sql`${retainedProductFiles.createdAt} desc`)
    .limit(1);
  return kept ?? null;
}

/** Kept files no pending, paid or completed order needs any more (all refunded, failed or expired): to be removed. */
export async function listReleasableProductFiles(db: Db, limit: number): Promise<{ fileKey: string; productId: string }[]> {
  return releasableProductFilesQuery(db, limit);
}

/** The query behind listReleasableProductFiles, for the query-plan test: each probe is a range of orders_item_idx. */
export function releasableProductFilesQuery(db: Db, limit: number) {
  return db
    .select({ fileKey: retainedProductFiles.fileKey, productId: retainedProductFiles.productId })
    .from(retainedProductFiles)
    .where(notExists(db.select({ one: sql`1` }).from(orders).where(orderNeedsProduct(sql`${retainedProductFiles.productId}`))))
    .limit(limit);
}

export async function deleteRetainedProductFile(db: Db, fileKey: string): Promise<void> {
  await db.delete(retainedProductFiles).where(eq(retainedProductFiles.fileKey, fileKey));
}

// ---------------------------------------------------------------------------------------------
// Product uploads: an image stored in one request, or a file through the multipart protocol. An
// upload row lives until the product takes it; claiming deletes it, so one upload is attached once.

export async function insertProductImageUpload(db: Db, row: { id: string; userId: string; key: string; mimeType: string; size: number; now: number }): Promise<void> {
  await db.insert(uploads).values({
    id: row.id,
    userId: row.userId,
    contentType: "product_image",
    mimeType: row.mimeType,
    r2UploadId: "",
    key: row.key,
    declaredSize: row.size,
    receivedBytes: row.size,
    status: "completed",
    createdAt: row.now,
    updatedAt: row.now,
    completedAt: row.now,
  });
}

/**
 * Takes this user's upload of the given kind for a product: deletes its row and returns what it
 * held, or null when there is no such upload (another user's, another kind, aborted, already
 * attached). An image row is 'completed' from the start; a file's row stays 'uploading' until this
 * claim, which the caller makes right after completing the multipart upload in R2.
 */
export async function claimProductUpload(
  db: Db,
  input: { id: string; userId: string; kind: "product_image" | "product_file" },
): Promise<{ key: string; mimeType: string; fileName: string | null; size: number } | null> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.id, input.id), eq(uploads.userId, input.userId), eq(uploads.contentType, input.kind), eq(uploads.status, input.kind === "product_image" ? "completed" : "uploading")))
    .returning({ key: uploads.key, mimeType: uploads.mimeType, fileName: uploads.fileName, size: uploads.declaredSize });
  return row ?? null;
}

/**
 * Product images stored before `before` that no product took (the clean-up job), oldest first
 * (uploads_status_updated_idx). A taken image has no row any more; unfinished product files are
 * aborted with every other abandoned multipart upload.
 */
export async function listUnclaimedProductImages(db: Db, before: number, limit: number) {
  return unclaimedProductImagesQuery(db, before, limit);
}

export function unclaimedProductImagesQuery(db: Db, before: number, limit: number) {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "completed"), eq(uploads.contentType, "product_image"), sql`${uploads.updatedAt} < ${before}`))
    .orderBy(uploads.updatedAt)
    .limit(limit);
}
