// A digital product's file (second document §3 product file; decision record 0035): the form
// checks it for a quick answer and POST /api/uploads checks it again; the first part's bytes are
// then matched against the declared type (sniff-mime.ts), so a renamed page cannot be sold.
import { PRODUCT_FILE_MAX_BYTES, PRODUCT_FILE_MIME_TYPES } from "../marketplace-api";
import { MARKET_TEXTS, UPLOAD_TEXTS } from "../messages";
import { checkFileName } from "./file-name";
import { normalizeMime } from "./upload";

const EXTENSIONS: Record<(typeof PRODUCT_FILE_MIME_TYPES)[number], string> = {
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/flac": "flac",
  "audio/ogg": "ogg",
  "audio/aiff": "aiff",
  "audio/x-aiff": "aiff",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/pdf": "pdf",
  "application/x-vst-preset": "fxp",
};

/**
 * The type a browser gives a file is a guess from its extension, and preset files get none: an
 * .fxp or .fxb without a type is taken as a VST preset (its bytes are checked all the same).
 */
export function productFileMime(declared: string, fileName: string): string {
  const mime = normalizeMime(declared);
  if ((mime === "" || mime === "application/octet-stream") && /\.fx[pb]$/i.test(fileName)) return "application/x-vst-preset";
  return mime;
}

/** The storage extension: the type's, except a bank (.fxb) keeps its own. */
export function productFileExtension(mime: string, fileName: string): string | null {
  const ext = EXTENSIONS[normalizeMime(mime) as keyof typeof EXTENSIONS] ?? null;
  return ext === "fxp" && /\.fxb$/i.test(fileName) ? "fxb" : ext;
}

export function validateProductFile(file: { name: string; type: string; size: number }): { ok: true; mimeType: string } | { ok: false; message: string } {
  const name = checkFileName(file.name);
  if (!name.ok) return { ok: false, message: name.message || UPLOAD_TEXTS.invalidFile };
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return { ok: false, message: UPLOAD_TEXTS.invalidFile };
  const mimeType = productFileMime(file.type, file.name);
  if (productFileExtension(mimeType, file.name) === null) return { ok: false, message: MARKET_TEXTS.fileInvalidType };
  if (file.size > PRODUCT_FILE_MAX_BYTES) return { ok: false, message: MARKET_TEXTS.fileTooLarge };
  return { ok: true, mimeType };
}
