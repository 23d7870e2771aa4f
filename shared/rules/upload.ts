// Upload rules of §5 (first document). The form checks them for a quick answer; the Worker checks
// them again, and also sniffs the bytes (see sniff-mime.ts), because a browser's `file.type` is
// only a guess from the extension.
import { CONTENT_TYPES, FILE_SIZE_LIMITS_MB, MB, type ContentType } from "../constants";
import { UPLOAD_TEXTS } from "../messages";
import { checkFileName } from "./file-name";

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

type AllowedMimeType = (typeof ALLOWED_MIME_TYPES)[ContentType][number];

/** Storage key prefixes per content type (DESIGN.md keeps the original bucket names). */
export const STORAGE_PREFIXES = { image: "post-images/", audio: "post-audio/", video: "post-videos/" } as const satisfies Record<
  ContentType,
  string
>;

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

function isContentType(value: unknown): value is ContentType {
  return typeof value === "string" && (CONTENT_TYPES as readonly string[]).includes(value);
}

function isAllowedMime(type: ContentType, mime: string): boolean {
  return (ALLOWED_MIME_TYPES[type] as readonly string[]).includes(normalizeMime(mime));
}

/** The file extension the server uses in storage keys, or null for a type we do not accept. */
export function extensionForMime(mime: string): string | null {
  return EXTENSIONS[normalizeMime(mime) as AllowedMimeType] ?? null;
}

function maxBytesFor(type: ContentType): number {
  return FILE_SIZE_LIMITS_MB[type] * MB;
}

interface FileInfo {
  name: string;
  type: string;
  size: number;
}

/** The spec's generic file check: a safe name and a real, non-empty size. */
function checkFile(file: FileInfo): { ok: true } | { ok: false; message: string } {
  const name = checkFileName(file.name);
  if (!name.ok) return name;
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return { ok: false, message: UPLOAD_TEXTS.invalidFile };
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
  if (!isContentType(contentType)) return { ok: false, message: UPLOAD_TEXTS.selectContentType };
  if (!file) return { ok: false, message: UPLOAD_TEXTS.selectFile };
  const generic = checkFile(file);
  if (!generic.ok) return { ok: false, message: generic.message || UPLOAD_TEXTS.invalidFile };
  if (!isAllowedMime(contentType, file.type)) return { ok: false, message: UPLOAD_TEXTS.invalidType(contentType) };
  if (file.size > maxBytesFor(contentType)) return { ok: false, message: UPLOAD_TEXTS.fileTooLarge(contentType) };
  return { ok: true, contentType, file };
}
