// Avatars (spec marketplace-messaging-account §5 avatar upload, §7 Storage; DESIGN.md "Media").
// The image is streamed into R2 under a key the server chooses, `avatars/{userId}/{id}.{ext}`, its
// type decided by its first bytes, never by the name or the declared type; then the profile points
// at it and the avatar it replaced is removed.
import { AVATAR_MAX_BYTES } from "@shared/profile-api";
import { PROFILE_TEXTS } from "@shared/messages";
import { SNIFF_BYTES, sniffMime } from "@shared/rules/sniff-mime";
import { extensionForMime } from "@shared/rules/upload";
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import { getAvatarUrl, replaceAvatarUrl } from "../../db/queries/profiles";
import { ApiError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { mediaUrl } from "../../lib/media-url";
import { exactLength, peekStream, toFixedLength, TooManyBytesError } from "./streams";

const AVATAR_PREFIX = "avatars/";
const AVATAR_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

const invalidType = () => new ApiError("unsupported_media_type", PROFILE_TEXTS.avatarInvalidType.description, { title: PROFILE_TEXTS.avatarInvalidType.title });
const tooLarge = () => new ApiError("payload_too_large", PROFILE_TEXTS.avatarTooLarge.description, { title: PROFILE_TEXTS.avatarTooLarge.title });
const uploadFailed = () => new ApiError("unavailable", PROFILE_TEXTS.avatarUploadFailed.description, { title: PROFILE_TEXTS.avatarUploadFailed.title });

/** The R2 key behind one of our avatar URLs, only when it is this user's own avatar object. */
function ownAvatarKey(userId: string, avatarUrl: string | null): string | null {
  const prefix = mediaUrl(`${AVATAR_PREFIX}${userId}/`);
  return avatarUrl?.startsWith(prefix) ? avatarUrl.slice(mediaUrl("").length) : null;
}

interface AvatarUpload {
  body: ReadableStream<Uint8Array> | null;
  /** The request's Content-Length: required, so R2 gets a known length and size is refused early. */
  contentLength: number | null;
}

/**
 * Stores the image and makes it the user's avatar; returns its URL. 415 'Please select an image
 * file' when the bytes are not JPEG, PNG, GIF or WebP, 413 'Please select an image under 5MB'
 * over the limit, 400 'Failed to upload profile picture' without a Content-Length and 503 with the
 * same words when storage fails.
 */
export async function replaceAvatar(bucket: R2Bucket, db: Db, log: Logger, userId: string, upload: AvatarUpload): Promise<string> {
  const length = upload.contentLength;
  if (length !== null && length > AVATAR_MAX_BYTES) throw tooLarge();
  // Browsers always send a file's length; without one R2 cannot take the stream and the size is
  // unknown, so the upload fails as a whole rather than being called "not an image".
  if (length === null) throw new ApiError("bad_request", PROFILE_TEXTS.avatarUploadFailed.description, { title: PROFILE_TEXTS.avatarUploadFailed.title });
  if (length === 0 || upload.body === null) throw invalidType();
  const peeked = await peekStream(upload.body, SNIFF_BYTES);
  const mime = sniffMime(peeked.head);
  const ext = mime && AVATAR_TYPES.includes(mime) ? extensionForMime(mime) : null;
  if (!mime || !ext) {
    await peeked.stream.cancel().catch(() => undefined);
    throw invalidType();
  }

  const key = `${AVATAR_PREFIX}${userId}/${newId()}.${ext}`;
  const fixed = toFixedLength(exactLength(peeked.stream, length), length);
  try {
    await bucket.put(key, fixed.stream, { httpMetadata: { contentType: mime, cacheControl: "public, max-age=31536000, immutable" } });
  } catch (error) {
    // A put that failed before reading everything leaves the pipe waiting on a reader: cancel it
    // (a no-op when R2 already consumed or errored the stream) so its outcome can be read.
    await fixed.stream.cancel().catch(() => undefined);
    await fixed.done;
    if (fixed.failure() instanceof TooManyBytesError) throw tooLarge();
    log.error("avatar store failed", { error, cause: fixed.failure() });
    throw uploadFailed();
  }

  // Point the profile at the new object, then remove the one it replaced. Compare-and-set, so
  // when two uploads race each removes exactly the object it displaced.
  const url = mediaUrl(key);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await getAvatarUrl(db, userId);
    if (!current) {
      await bucket.delete(key).catch(() => undefined);
      throw new ApiError("not_found", PROFILE_TEXTS.notFound);
    }
    if (await replaceAvatarUrl(db, userId, current.avatarUrl, url)) {
      const old = ownAvatarKey(userId, current.avatarUrl);
      if (old) {
        // A leftover object costs storage, not correctness: the profile already points at the new one.
        await bucket.delete(old).catch((error: unknown) => log.warn("old avatar not removed", { key: old, error }));
      }
      return url;
    }
  }
  await bucket.delete(key).catch(() => undefined);
  throw uploadFailed();
}
