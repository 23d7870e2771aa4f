// Upload rules of §5 (first document) and the avatar rules of §5 (second document). The form
// checks them for a quick answer; the Worker checks them again, and also sniffs the bytes
// (see sniff-mime.ts), because a browser's `file.type` is only a guess from the extension.
import { AVATAR_MAX_MB, CONTENT_TYPES, FILE_SIZE_LIMITS_MB, MB, type ContentType } from "../constants";
import { checkFileName } from "./file-name";

export const SELECT_CONTENT_TYPE = "Please select a content type first";
export const SELECT_FILE = "Please select a file to upload";
export const INVALID_FILE = "Invalid file";
export function invalidTypeMessage(type: ContentType): string {
  return `Please select a valid ${type} file`;
}
export function fileTooLargeMessage(type: ContentType): string {
  return `File size must be less than ${FILE_SIZE_LIMITS_MB[type]}MB for ${type} files`;
}

export const ALLOWED_MIME_TYPES = {
  image: ["image/jpeg", "image/png", "image/webp", "image/gif"],
  audio: [
    "audio/mpeg",
    "audio/wav",
    "audio/x-wav",
    "audio/ogg",
    "audio/mp4",
    "audio/aac",
    "audio/x-m4a",
    "audio/flac",
    "audio/webm",
  ],
  video: ["video/mp4", "video/webm", "video/quicktime"],
} as const satisfies Record<ContentType, readonly string[]>;

export type AllowedMimeType = (typeof ALLOWED_MIME_TYPES)[ContentType][number];

/** Storage key prefixes per content type (DESIGN.md keeps the original bucket names). */
export const STORAGE_PREFIXES = { image: "post-images/", audio: "post-audio/", video: "post-videos/" } as const satisfies Record<
  ContentType,
  string
>;
export const AVATAR_PREFIX = "avatars/";
export const PRODUCT_IMAGE_PREFIX = "product-images/";

const EXTENSIONS: Record<AllowedMimeType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/x-m4a": "m4a",
  "audio/flac": "flac",
  "audio/webm": "webm",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};

/** Lowercases a MIME type and drops parameters: "Audio/WebM; codecs=opus" → "audio/webm". */
export function normalizeMime(mime: string): string {
  return (mime.split(";")[0] ?? "").trim().toLowerCase();
}

export function isContentType(value: unknown): value is ContentType {
  return typeof value === "string" && (CONTENT_TYPES as readonly string[]).includes(value);
}

export function isAllowedMime(type: ContentType, mime: string): boolean {
  return (ALLOWED_MIME_TYPES[type] as readonly string[]).includes(normalizeMime(mime));
}

/** The content type a MIME type belongs to, or null when no upload accepts it. */
export function contentTypeForMime(mime: string): ContentType | null {
  const normalized = normalizeMime(mime);
  for (const type of CONTENT_TYPES) {
    if ((ALLOWED_MIME_TYPES[type] as readonly string[]).includes(normalized)) return type;
  }
  return null;
}

/** The file extension the server uses in storage keys, or null for a type we do not accept. */
export function extensionForMime(mime: string): string | null {
  return EXTENSIONS[normalizeMime(mime) as AllowedMimeType] ?? null;
}

export function maxBytesFor(type: ContentType): number {
  return FILE_SIZE_LIMITS_MB[type] * MB;
}

export interface FileInfo {
  name: string;
  type: string;
  size: number;
}

/** The spec's generic file check: a safe name and a real, non-empty size. */
export function checkFile(file: FileInfo): { ok: true } | { ok: false; message: string } {
  const name = checkFileName(file.name);
  if (!name.ok) return name;
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return { ok: false, message: INVALID_FILE };
  return { ok: true };
}

/**
 * The upload form's checks, returning the first failing message in the spec's order: content
 * type chosen, file chosen, generic check, MIME type, size (exactly the limit is allowed).
 */
export function validateUpload(input: {
  contentType?: string | null;
  file?: FileInfo | null;
}): { ok: true; contentType: ContentType; file: FileInfo } | { ok: false; message: string } {
  const { contentType, file } = input;
  if (!isContentType(contentType)) return { ok: false, message: SELECT_CONTENT_TYPE };
  if (!file) return { ok: false, message: SELECT_FILE };
  const generic = checkFile(file);
  if (!generic.ok) return { ok: false, message: generic.message || INVALID_FILE };
  if (!isAllowedMime(contentType, file.type)) return { ok: false, message: invalidTypeMessage(contentType) };
  if (file.size > maxBytesFor(contentType)) return { ok: false, message: fileTooLargeMessage(contentType) };
  return { ok: true, contentType, file };
}

export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * MB;
export const AVATAR_INVALID_TYPE = { title: "Invalid file type", description: "Please select an image file" } as const;
export const AVATAR_TOO_LARGE = { title: "File too large", description: "Please select an image under 5MB" } as const;

/** Avatar rule: one of the accepted image types and at most 5 MB. */
export function validateAvatar(file: {
  type: string;
  size: number;
}): { ok: true } | { ok: false; title: string; message: string } {
  // An empty file is not an image at all, so it gets the type message rather than the size one.
  if (!isAllowedMime("image", file.type) || !Number.isSafeInteger(file.size) || file.size <= 0) {
    return { ok: false, title: AVATAR_INVALID_TYPE.title, message: AVATAR_INVALID_TYPE.description };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { ok: false, title: AVATAR_TOO_LARGE.title, message: AVATAR_TOO_LARGE.description };
  }
  return { ok: true };
}
