// R2 multipart uploads through the Worker (DESIGN.md "Large uploads"; decision record 0005). A
// file is announced, sent in parts of exactly UPLOAD_PART_SIZE bytes (the last may be smaller),
// then completed when the post is created. Each part is streamed straight into R2: the Worker
// holds at most a chunk or two of it, whatever the file size.
import type { ContentType, UploadKind } from "@shared/constants";
import { MARKET_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_MIME_TYPES, UPLOAD_PART_SIZE } from "@shared/posts-api";
import { bytesMatchMime, SNIFF_BYTES } from "@shared/rules/sniff-mime";
import { normalizeMime } from "@shared/rules/upload";
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import { getPostOwner } from "../../db/queries/posts";
import { getUpload, insertUpload, recordPart, setUploadStatus, sortedParts, type UploadRow } from "../../db/queries/uploads";
import { ApiError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { postMediaKey, posterKeyFor, productFileKey } from "./keys";
import { exactLength, peekStream, toFixedLength, TooFewBytesError, TooManyBytesError } from "./streams";

/** R2 allows at most 10,000 parts; at 10 MiB each that is far beyond any upload we accept. */
const MAX_PARTS = 10_000;

const CONTENT_LENGTH_REQUIRED = "Content-Length header is required";
export const INVALID_PART_NUMBER = "Invalid part number";

function partSizeMessage(partNumber: number, expected: number): string {
  return `Part ${partNumber} must be exactly ${expected} bytes`;
}

export interface PartPlan {
  partSize: number;
  partCount: number;
}

export function planParts(declaredSize: number, partSize = UPLOAD_PART_SIZE): PartPlan {
  return { partSize, partCount: Math.max(1, Math.ceil(declaredSize / partSize)) };
}

/** The exact byte count part `partNumber` must have, or null if the file has no such part. */
export function expectedPartSize(declaredSize: number, partNumber: number, partSize = UPLOAD_PART_SIZE): number | null {
  const { partCount } = planParts(declaredSize, partSize);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > partCount) return null;
  return partNumber < partCount ? partSize : declaredSize - partSize * (partCount - 1);
}

/** Parses a Content-Length header; null when missing or not a plain non-negative integer. */
export function parseContentLength(header: string | undefined | null): number | null {
  if (header == null || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The multipart kinds: a post's media (into MEDIA) or a digital product's file (into PRIVATE_FILES). */
type MultipartKind = ContentType | "product_file";

/** The bucket an upload's bytes live in: product files are private, everything else is MEDIA. */
export function bucketForUpload(env: { MEDIA: R2Bucket; PRIVATE_FILES: R2Bucket }, upload: Pick<UploadRow, "contentType">): R2Bucket {
  return upload.contentType === "product_file" ? env.PRIVATE_FILES : env.MEDIA;
}

export async function startUpload(
  bucket: R2Bucket,
  db: Db,
  input: { userId: string; contentType: MultipartKind; mimeType: string; size: number; fileName?: string | null; now?: number },
): Promise<UploadRow & PartPlan> {
  const id = newId();
  const mimeType = normalizeMime(input.mimeType);
  const kind = input.contentType;
  const isProductFile = kind === "product_file";
  const key = kind === "product_file" ? productFileKey(input.userId, id, mimeType, input.fileName ?? "") : postMediaKey(kind, input.userId, id, mimeType);
  // A product file is only ever handed to a buyer through the Worker, never cached publicly.
  const multipart = await bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: mimeType, cacheControl: isProductFile ? "private, no-store" : "public, max-age=31536000, immutable" },
  });
  await insertUpload(db, {
    id,
    userId: input.userId,
    contentType: input.contentType,
    mimeType,
    fileName: input.fileName ?? null,
    r2UploadId: multipart.uploadId,
    key,
    declaredSize: input.size,
    now: input.now ?? Date.now(),
  });
  const row = await getUpload(db, id);
  if (!row) throw new Error("upload row vanished after insert");
  return { ...row, ...planParts(input.size) };
}

/**
 * Aborts the R2 multipart upload (already-aborted or completed ones are fine), removes a stored
 * poster frame and marks the row aborted, so no stray bytes outlive a failed upload.
 */
export async function abortUpload(bucket: R2Bucket, db: Db, upload: UploadRow, now = Date.now()): Promise<void> {
  try {
    await bucket.resumeMultipartUpload(upload.key, upload.r2UploadId).abort();
  } catch (error) {
    logger.warn("multipart abort failed", { uploadId: upload.id, error });
  }
  // If the multipart upload was completed but the post insert then failed, the object exists
  // with no post pointing at it; it goes too. An upload that became a post is never aborted.
  const post = await getPostOwner(db, upload.id);
  await bucket.delete(post ? [posterKeyFor(upload.key)] : [upload.key, posterKeyFor(upload.key)]);
  await setUploadStatus(db, upload.id, "aborted", now);
}

function assertOpen(upload: UploadRow) {
  if (upload.status !== "uploading") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
}

/** The refusals of a part in the words of its form: the post upload's, or the product form's. */
function partTexts(kind: UploadKind): { tooLarge: string; invalidType: string } {
  if (kind === "product_file" || kind === "product_image") return { tooLarge: MARKET_TEXTS.fileTooLarge, invalidType: MARKET_TEXTS.fileInvalidType };
  return { tooLarge: UPLOAD_TEXTS.fileTooLarge(kind), invalidType: UPLOAD_TEXTS.invalidType(kind) };
}

/**
 * Streams one part into R2. Checks, in order: the upload is open; the part number exists (a part
 * past the end means bytes beyond the declared size: 413 and abort); the Content-Length is the
 * part's exact size (413 and abort when the last part is longer than the rest of the declared
 * size, 400 otherwise); for part 1, the first bytes match the declared MIME type (415 and
 * abort). The body is then held to its announced length while it streams.
 */
export async function receivePart(
  bucket: R2Bucket,
  db: Db,
  upload: UploadRow,
  input: { partNumber: number; body: ReadableStream<Uint8Array> | null; contentLength: number | null; now?: number },
): Promise<{ partNumber: number; etag: string; receivedBytes: number }> {
  const { partNumber, contentLength } = input;
  const texts = partTexts(upload.contentType);
  assertOpen(upload);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
    throw new ApiError("bad_request", INVALID_PART_NUMBER);
  }
  const { partCount } = planParts(upload.declaredSize);
  const tooLarge = async () => {
    await abortUpload(bucket, db, upload);
    return new ApiError("payload_too_large", texts.tooLarge);
  };
  if (partNumber > partCount) throw await tooLarge();
  if (contentLength === null) throw new ApiError("bad_request", CONTENT_LENGTH_REQUIRED);
  const expected = expectedPartSize(upload.declaredSize, partNumber)!;
  if (contentLength > expected && partNumber === partCount) throw await tooLarge();
  if (contentLength !== expected) throw new ApiError("bad_request", partSizeMessage(partNumber, expected));
  if (input.body === null) throw new ApiError("bad_request", partSizeMessage(partNumber, expected));

  let body = input.body;
  if (partNumber === 1) {
    const peeked = await peekStream(body, SNIFF_BYTES);
    if (!bytesMatchMime(peeked.head, upload.mimeType)) {
      await peeked.stream.cancel().catch(() => undefined);
      await abortUpload(bucket, db, upload);
      throw new ApiError("unsupported_media_type", texts.invalidType);
    }
    body = peeked.stream;
  }

  const fixed = toFixedLength(exactLength(body, expected), expected);
  let stored: R2UploadedPart;
  try {
    stored = await bucket.resumeMultipartUpload(upload.key, upload.r2UploadId).uploadPart(partNumber, fixed.stream);
  } catch (error) {
    await fixed.done;
    const why = fixed.failure();
    if (why instanceof TooManyBytesError) throw await tooLarge();
    if (why instanceof TooFewBytesError) throw new ApiError("bad_request", partSizeMessage(partNumber, expected));
    // The upload may have been aborted (by its owner or the clean-up job) while this part streamed.
    const current = await getUpload(db, upload.id);
    if (current && current.status !== "uploading") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
    throw error;
  }
  const receivedBytes = await recordPart(db, upload.id, { partNumber, etag: stored.etag, size: expected }, input.now ?? Date.now());
  if (receivedBytes === null) throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
  return { partNumber, etag: stored.etag, receivedBytes };
}

/**
 * Completes the R2 upload once every part is present with its exact size and the total is the
 * declared size ("Upload incomplete" otherwise). The stored object's size is checked again, so
 * the post row can only ever describe bytes that really exist.
 */
export async function completeUpload(bucket: R2Bucket, upload: UploadRow): Promise<R2Object> {
  assertOpen(upload);
  const { partCount } = planParts(upload.declaredSize);
  const parts = sortedParts(upload);
  const complete =
    parts.length === partCount &&
    parts.every((p, i) => p.partNumber === i + 1 && p.size === expectedPartSize(upload.declaredSize, p.partNumber)) &&
    parts.reduce((sum, p) => sum + p.size, 0) === upload.declaredSize;
  if (!complete) throw new ApiError("bad_request", UPLOAD_TEXTS.incomplete);
  let object: R2Object;
  try {
    object = await bucket
      .resumeMultipartUpload(upload.key, upload.r2UploadId)
      .complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
  } catch (error) {
    // Two publishes of one upload can both pass the status check above; R2 completes a multipart
    // upload once, and the other finds it gone. So does a publish racing an abort. Either way the
    // upload is no longer open, which is the caller's answer, not a server fault.
    if (isNoSuchUpload(error)) throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
    throw error;
  }
  if (object.size !== upload.declaredSize) {
    await bucket.delete(upload.key);
    throw new ApiError("bad_request", UPLOAD_TEXTS.incomplete);
  }
  return object;
}

/** R2's "The specified multipart upload does not exist" (error 10024). */
function isNoSuchUpload(error: unknown): boolean {
  return /multipart upload does not exist|\(10024\)/i.test(String(error));
}

/**
 * Stores the poster frame of a video (or cover of an audio post) beside the media key: JPEG or
 * WebP only, at most 1 MB, bytes sniffed like a part. A new poster replaces the old one.
 */
export async function putThumbnail(
  bucket: R2Bucket,
  upload: UploadRow,
  input: { body: ReadableStream<Uint8Array> | null; contentLength: number | null; contentType: string | undefined },
): Promise<{ key: string; size: number }> {
  assertOpen(upload);
  const mime = normalizeMime(input.contentType ?? "");
  if (!(THUMBNAIL_MIME_TYPES as readonly string[]).includes(mime)) {
    throw new ApiError("unsupported_media_type", UPLOAD_TEXTS.invalidType("image"));
  }
  const length = input.contentLength;
  if (length === null) throw new ApiError("bad_request", CONTENT_LENGTH_REQUIRED);
  if (length > THUMBNAIL_MAX_BYTES) throw new ApiError("payload_too_large", UPLOAD_TEXTS.thumbnailTooLarge);
  if (length === 0 || input.body === null) throw new ApiError("unsupported_media_type", UPLOAD_TEXTS.invalidType("image"));
  const peeked = await peekStream(input.body, SNIFF_BYTES);
  if (!bytesMatchMime(peeked.head, mime)) {
    await peeked.stream.cancel().catch(() => undefined);
    throw new ApiError("unsupported_media_type", UPLOAD_TEXTS.invalidType("image"));
  }
  const key = posterKeyFor(upload.key);
  const fixed = toFixedLength(exactLength(peeked.stream, length), length);
  try {
    await bucket.put(key, fixed.stream, {
      httpMetadata: { contentType: mime, cacheControl: "public, max-age=31536000, immutable" },
    });
  } catch (error) {
    await fixed.done;
    const why = fixed.failure();
    if (why instanceof TooManyBytesError) throw new ApiError("payload_too_large", UPLOAD_TEXTS.thumbnailTooLarge);
    if (why instanceof TooFewBytesError) throw new ApiError("bad_request", CONTENT_LENGTH_REQUIRED);
    throw error;
  }
  return { key, size: length };
}
