// The product's image and file on their way to storage (shared/marketplace-api.ts):
// the checks a chosen file gets before anything is sent, the two uploads, and how a failure of
// either reads. The image is one raw request (POST /api/products/images), the file the resumable
// multipart upload of decision record 0005 in the private bucket. Both answer an upload id the
// product's save then attaches.
import { PRODUCT_FILE_ACCEPT, PRODUCT_FILE_UPLOAD, PRODUCT_IMAGE_MAX_BYTES, type ProductImageUpload } from "@shared/marketplace-api";
import { ERROR_TOAST_TITLE, MARKET_SCREEN_TEXTS, MARKET_TEXTS, SECURITY_TEXTS } from "@shared/messages";
import { validateProductFile } from "@shared/rules/product-file";
import { ApiClientError } from "@web/lib/api-client";
import { uploadMultipart, type UploadProgress } from "@web/lib/multipart-upload";
import { xhrUpload } from "@web/lib/xhr-upload";

export type Progress = UploadProgress;
export { PRODUCT_FILE_ACCEPT };

type Refusal = { title: string; description: string };

/** §5-style checks of an image before upload; the server checks the bytes again. */
export function checkProductImage(file: File): Refusal | null {
  if (!file.type.startsWith("image/")) return MARKET_TEXTS.imageInvalidType;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return MARKET_TEXTS.imageTooLarge;
  return null;
}

/** The shared rule the Worker applies too: an allowed type (presets may come untyped) and at most 500MB. */
export function checkProductFile(file: File): Refusal | null {
  const result = validateProductFile(file);
  if (result.ok) return null;
  const title = result.message === MARKET_TEXTS.fileTooLarge ? MARKET_TEXTS.imageTooLarge.title : MARKET_TEXTS.imageInvalidType.title;
  return { title, description: result.message };
}

/** Sends the image with its progress; resolves with the upload id to attach. */
export function uploadProductImage(image: File, onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<ProductImageUpload> {
  onProgress({ sentBytes: 0, totalBytes: image.size });
  return xhrUpload<ProductImageUpload>({
    method: "POST",
    url: "/api/products/images",
    body: image,
    contentType: image.type,
    onProgress: (sentBytes) => onProgress({ sentBytes: Math.min(sentBytes, image.size), totalBytes: image.size }),
    signal,
  });
}

/** Sends the file in resumable parts; resolves with the upload id to attach. */
export async function uploadProductFile(file: File, onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<string> {
  const { uploadId } = await uploadMultipart({ file, contentType: PRODUCT_FILE_UPLOAD, onProgress, signal });
  return uploadId;
}

/** Marks which of the two uploads failed, so the toast can say so. */
export class ProductUploadError extends Error {
  constructor(
    readonly kind: "image" | "file",
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "ProductUploadError";
  }
}

function titleOf(details: unknown): string | null {
  return typeof details === "object" && details !== null && typeof (details as { title?: unknown }).title === "string" ? (details as { title: string }).title : null;
}

/**
 * How a failed save reads: an upload refused by the server keeps the server's words (wrong type,
 * too large, the upload limit), any other upload failure is 'Upload failed'; a refused field keeps
 * its message; everything else is the spec's 'Failed to create product' / 'Failed to update product'.
 */
export function productSaveFailure(error: unknown, editing: boolean): Refusal {
  const fallback = { title: ERROR_TOAST_TITLE, description: editing ? MARKET_SCREEN_TEXTS.products.updateFailed : MARKET_SCREEN_TEXTS.products.createFailed };
  if (error instanceof ProductUploadError) {
    const cause = error.cause;
    if (cause instanceof ApiClientError) {
      if (cause.status === 415) return { title: MARKET_TEXTS.imageInvalidType.title, description: cause.message };
      if (cause.status === 413) return { title: MARKET_TEXTS.imageTooLarge.title, description: cause.message };
      if (cause.status === 429) return { title: titleOf(cause.details) ?? SECURITY_TEXTS.uploadLimitTitle, description: cause.message };
    }
    return error.kind === "image" ? MARKET_TEXTS.imageUploadFailed : MARKET_SCREEN_TEXTS.uploads.failed;
  }
  if (error instanceof ApiClientError && error.status === 400) return { title: ERROR_TOAST_TITLE, description: error.message };
  return fallback;
}
