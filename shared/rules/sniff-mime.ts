// Magic-byte signatures. The Worker reads the first upload part and checks that its bytes match
// the declared MIME type, so a renamed executable or HTML page cannot be stored as "a song".
import { normalizeMime } from "./upload";

/** How many leading bytes `sniffMime` needs to see to recognise every format below. */
export const SNIFF_BYTES = 16;

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

// MPEG audio frame header: 11 sync bits, then version (2 bits, 01 reserved), layer (2 bits,
// 00 reserved) and a bitrate index that is neither 0000 (free) nor 1111 (bad). ADTS AAC shares
// the sync word but has layer 00, which is how the two are told apart.
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined) return false;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x00 && bitrate !== 0x0f;
}

function isAdtsAac(bytes: Uint8Array): boolean {
  const [b0, b1] = [bytes[0], bytes[1]];
  return b0 === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0;
}

/**
 * Recognises the formats we accept from their first bytes and returns a canonical MIME type:
 * image/jpeg, image/png, image/gif, image/webp, audio/mpeg (ID3 tag or frame sync), audio/aac
 * (ADTS), audio/wav, audio/ogg, audio/flac, audio/mp4 (M4A/M4B/M4P brands), video/quicktime
 * ("qt" brand), video/mp4 (any other ISO base media brand), video/webm (EBML), and for product
 * files audio/aiff, application/zip, application/pdf and application/x-vst-preset. Returns null
 * for anything else.
 */
export function sniffMime(firstBytes: Uint8Array): string | null {
  const b = firstBytes;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return "image/gif";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return "image/webp";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return "audio/wav";
  if (ascii(b, 0, "OggS")) return "audio/ogg";
  if (ascii(b, 0, "fLaC")) return "audio/flac";
  if (ascii(b, 0, "ID3") || isMpegAudioFrame(b)) return "audio/mpeg";
  if (isAdtsAac(b)) return "audio/aac";
  if (ascii(b, 4, "ftyp") && b.length >= 12) {
    if (ascii(b, 8, "qt  ")) return "video/quicktime";
    if (ascii(b, 8, "M4A ") || ascii(b, 8, "M4B ") || ascii(b, 8, "M4P ")) return "audio/mp4";
    return "video/mp4";
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  // Digital product files (decision record 0035): AIFF audio, zip archives (stems, sample packs,
  // preset banks; an empty archive starts with the end record), PDF, and VST presets (FXP/FXB).
  if (ascii(b, 0, "FORM") && (ascii(b, 8, "AIFF") || ascii(b, 8, "AIFC"))) return "audio/aiff";
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return "application/zip";
  if (ascii(b, 0, "%PDF-")) return "application/pdf";
  if (ascii(b, 0, "CcnK")) return "application/x-vst-preset";
  return null;
}

// Declared types whose bytes may legitimately sniff as another type of the same container:
// an .m4a is an MP4 file whatever its brand, audio-only WebM is still EBML, and browsers label
// .m4a files as audio/aac on some systems.
const COMPATIBLE: Record<string, readonly string[]> = {
  "image/jpeg": ["image/jpeg"],
  "image/png": ["image/png"],
  "image/gif": ["image/gif"],
  "image/webp": ["image/webp"],
  "audio/mpeg": ["audio/mpeg"],
  "audio/wav": ["audio/wav"],
  "audio/x-wav": ["audio/wav"],
  "audio/ogg": ["audio/ogg"],
  "audio/flac": ["audio/flac"],
  "audio/webm": ["video/webm"],
  "audio/mp4": ["audio/mp4", "video/mp4"],
  "audio/x-m4a": ["audio/mp4", "video/mp4"],
  "audio/aac": ["audio/aac", "audio/mp4", "video/mp4"],
  "video/mp4": ["video/mp4", "audio/mp4", "video/quicktime"],
  "video/quicktime": ["video/quicktime", "video/mp4"],
  "video/webm": ["video/webm"],
  "audio/aiff": ["audio/aiff"],
  "audio/x-aiff": ["audio/aiff"],
  "application/zip": ["application/zip"],
  "application/x-zip-compressed": ["application/zip"],
  "application/pdf": ["application/pdf"],
  "application/x-vst-preset": ["application/x-vst-preset"],
};

/** True when the first bytes are consistent with the MIME type the client declared. */
export function bytesMatchMime(firstBytes: Uint8Array, declaredMime: string): boolean {
  const sniffed = sniffMime(firstBytes);
  if (sniffed === null) return false;
  return COMPATIBLE[normalizeMime(declaredMime)]?.includes(sniffed) ?? false;
}
