// A product's image and file (spec marketplace-messaging-account §3 product image_url and
// file_url; DESIGN.md "Media" and "Paid digital files"; decision record 0035). The image is stored
// in one request into MEDIA under `product-images/{userId}/{uploadId}.{ext}`, its type decided by
// its first bytes like an avatar's. The file comes through the multipart protocol into the private
// bucket. Either is attached to a product by the upload's id, never by a key from the client.
import { MARKET_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MIME_TYPES, type ProductImageUpload, type ProductValues } from "@shared/marketplace-api";
import { SNIFF_BYTES, sniffMime } from "@shared/rules/sniff-mime";
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import { claimProductUpload, insertProductImageUpload, ordersNeedProductFile, retainProductFile, type ProductRow, type StoredProductFile } from "../../db/queries/products";
import { getUpload } from "../../db/queries/uploads";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { mediaUrl } from "../../lib/media-url";
import { productImageKey } from "./keys";
import { completeUpload } from "./multipart";
import { exactLength, peekStream, toFixedLength, TooManyBytesError } from "./streams";

const IMAGE_TYPES: readonly string[] = PRODUCT_IMAGE_MIME_TYPES;

const texts = MARKET_TEXTS;
const invalidType = () => new ApiError("unsupported_media_type", texts.imageInvalidType.description, { title: texts.imageInvalidType.title });
const tooLarge = () => new ApiError("payload_too_large", texts.imageTooLarge.description, { title: texts.imageTooLarge.title });
const uploadFailed = (status: "bad_request" | "unavailable") =>
  new ApiError(status, texts.imageUploadFailed.description, { title: texts.imageUploadFailed.title });
const notUsable = () => new ApiError("validation_failed", texts.uploadNotUsable);

/**
 * Stores a product image and records it as this user's upload, to be attached by id. 415 when the
 * bytes are not JPEG, PNG, GIF or WebP, 413 over 10MB, 400 without a Content-Length, 503 when
 * storage fails.
 */
export async function storeProductImage(
  bucket: R2Bucket,
  db: Db,
  log: Logger,
  userId: string,
  upload: { body: ReadableStream<Uint8Array> | null; contentLength: number | null },
): Promise<ProductImageUpload> {
  const length = upload.contentLength;
  if (length !== null && length > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge();
  // Browsers always send a file's length; without one R2 cannot take the stream.
  if (length === null) throw uploadFailed("bad_request");
  if (length === 0 || upload.body === null) throw invalidType();
  const peeked = await peekStream(upload.body, SNIFF_BYTES);
  const mime = sniffMime(peeked.head);
  if (!mime || !IMAGE_TYPES.includes(mime)) {
    await peeked.stream.cancel().catch(() => undefined);
    throw invalidType();
  }
  const id = newId();
  const key = productImageKey(userId, id, mime);
  const fixed = toFixedLength(exactLength(peeked.stream, length), length);
  try {
    await bucket.put(key, fixed.stream, { httpMetadata: { contentType: mime, cacheControl: "public, max-age=31536000, immutable" } });
  } catch (error) {
    // See avatars.ts: cancel a pipe R2 stopped reading so its outcome can be read.
    await fixed.stream.cancel().catch(() => undefined);
    await fixed.done;
    if (fixed.failure() instanceof TooManyBytesError) throw tooLarge();
    log.error("product image store failed", { error, cause: fixed.failure() });
    throw uploadFailed("unavailable");
  }
  try {
    await insertProductImageUpload(db, { id, userId, key, mimeType: mime, size: length, now: Date.now() });
  } catch (error) {
    await bucket.delete(key).catch(() => undefined);
    throw error;
  }
  return { uploadId: id, imageUrl: mediaUrl(key) };
}

/** The key of this user's stored product image, taken for a product (400 when it cannot be). */
async function takeProductImage(db: Db, userId: string, uploadId: string): Promise<string> {
  const claimed = await claimProductUpload(db, { id: uploadId, userId, kind: "product_image" });
  if (!claimed) throw notUsable();
  return claimed.key;
}

/**
 * Completes this user's product-file upload in the private bucket and takes it for a product:
 * 400 'Upload incomplete' while parts are missing, 400 'This upload cannot be attached' for an
 * upload that is not theirs, not a product file, or already used; 409 when it is no longer open.
 */
async function takeProductFile(privateFiles: R2Bucket, db: Db, userId: string, uploadId: string): Promise<StoredProductFile> {
  const upload = await getUpload(db, uploadId);
  if (!upload || upload.userId !== userId || upload.contentType !== "product_file") throw notUsable();
  if (upload.status !== "uploading") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
  const object = await completeUpload(privateFiles, upload);
  const claimed = await claimProductUpload(db, { id: uploadId, userId, kind: "product_file" });
  if (!claimed) {
    // Aborted while it completed: nothing may keep the bytes.
    await privateFiles.delete(upload.key).catch(() => undefined);
    throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
  }
  return { key: claimed.key, name: claimed.fileName, size: object.size, mime: claimed.mimeType };
}

// ---------------------------------------------------------------------------------------------
// A product's attachments across a write: taken before it, discarded if it fails, released after
// an update (decision record 0035).

export function storedFileOf(row: ProductRow): StoredProductFile | null {
  return row.fileKey ? { key: row.fileKey, name: row.fileName, size: row.fileSize, mime: row.fileMime } : null;
}

/** What a write attaches: each undefined when the request keeps what the product has. */
export interface Attachments {
  imageKey?: string | null;
  file?: StoredProductFile | null;
}

/**
 * Takes the uploads the form names, after every other check has passed: a product image from
 * MEDIA, a digital file completed in the private bucket. A product that is (or becomes) physical
 * has no file.
 */
export async function takeAttachments(ctx: Pick<Ctx, "env" | "db" | "log">, input: { userId: string; values: ProductValues }): Promise<Attachments> {
  const { env, db } = ctx;
  const { userId, values } = input;
  const taken: Attachments = {};
  if (values.imageUploadId === null) taken.imageKey = null;
  else if (values.imageUploadId !== undefined) taken.imageKey = await takeProductImage(db, userId, values.imageUploadId);
  try {
    if (values.fileUploadId === null) taken.file = null;
    else if (values.fileUploadId !== undefined) taken.file = await takeProductFile(env.PRIVATE_FILES, db, userId, values.fileUploadId);
  } catch (error) {
    await discardAttachments(ctx, taken);
    throw error;
  }
  return taken;
}

/** Removes newly taken objects a failed write left unreferenced; a failure to is logged. */
export async function discardAttachments(ctx: Pick<Ctx, "env" | "log">, taken: Attachments): Promise<void> {
  const { env, log } = ctx;
  try {
    if (taken.imageKey) await env.MEDIA.delete(taken.imageKey);
    if (taken.file) await env.PRIVATE_FILES.delete(taken.file.key);
  } catch (error) {
    log.warn("unattached product objects not removed", { error });
  }
}

/**
 * After an update: the replaced image goes. A file the product no longer has (replaced, removed,
 * or the product turned physical) is kept while an order for the product needs it, since an
 * order may hold the file it was bought with; otherwise it goes.
 */
export async function releaseReplaced(ctx: Ctx, input: { before: ProductRow; after: ProductRow }): Promise<void> {
  const { env, db, log } = ctx;
  const { before, after } = input;
  try {
    if (before.imageKey && before.imageKey !== after.imageKey) await env.MEDIA.delete(before.imageKey);
    const oldFile = storedFileOf(before);
    if (oldFile && oldFile.key !== after.fileKey) {
      if (await ordersNeedProductFile(db, before.id)) {
        await retainProductFile(db, { productId: before.id, sellerId: before.userId, file: oldFile, now: ctx.now });
      } else {
        await env.PRIVATE_FILES.delete(oldFile.key);
      }
    }
  } catch (error) {
    // The product already shows its new state; a leftover object costs storage, not correctness.
    log.warn("replaced product objects not removed", { productId: before.id, error });
  }
}
