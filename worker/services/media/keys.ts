// Storage keys for post media (DESIGN.md "Media"): chosen by the server only, from the user id
// and the post id fixed when the upload starts, so a client can never name or overwrite a key.
import type { ContentType } from "@shared/constants";
import { productFileExtension } from "@shared/rules/product-file";
import { extensionForMime, STORAGE_PREFIXES } from "@shared/rules/upload";

/** `post-images/{userId}/{postId}.jpg`, `post-audio/…`, `post-videos/…`. */
export function postMediaKey(contentType: ContentType, userId: string, postId: string, mimeType: string): string {
  const ext = extensionForMime(mimeType);
  if (ext === null) throw new Error(`no extension for ${mimeType}`);
  return `${STORAGE_PREFIXES[contentType]}${userId}/${postId}.${ext}`;
}

/** `product-images/{userId}/{uploadId}.png` in MEDIA (DESIGN.md keeps the original bucket name). */
export function productImageKey(userId: string, uploadId: string, mimeType: string): string {
  const ext = extensionForMime(mimeType);
  if (ext === null) throw new Error(`no extension for ${mimeType}`);
  return `product-images/${userId}/${uploadId}.${ext}`;
}

/** `product-files/{userId}/{uploadId}.zip` in the private bucket PRIVATE_FILES, never served by /media. */
export function productFileKey(userId: string, uploadId: string, mimeType: string, fileName: string): string {
  const ext = productFileExtension(mimeType, fileName);
  if (ext === null) throw new Error(`no extension for ${mimeType}`);
  return `product-files/${userId}/${uploadId}.${ext}`;
}

/** The poster frame beside the media: `post-videos/{userId}/{postId}.poster.jpg`. */
export function posterKeyFor(mediaKey: string): string {
  const slash = mediaKey.lastIndexOf("/");
  const dot = mediaKey.indexOf(".", slash + 1);
  return `${dot === -1 ? mediaKey : mediaKey.slice(0, dot)}.poster.jpg`;
}

/** True for the content types that may be served inline (everything else is a download). */
export function isInlineMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type.startsWith("image/") || type.startsWith("audio/") || type.startsWith("video/");
}
