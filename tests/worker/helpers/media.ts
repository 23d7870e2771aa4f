// Files whose first bytes are real magic numbers, streamed or whole, and uploads and posts made
// through the API the way the SPA makes them.
import type { Post } from "@shared/posts-api";
import { api } from "./request";

export const MiB = 1024 * 1024;

function randomFill(bytes: Uint8Array, from: number) {
  for (let i = from; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, bytes.length)));
}

/** A file that sniffs as MP4 video: an `ftyp` box with the isom brand, then random bytes. */
export function mp4Bytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  randomFill(bytes, 0);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);
  return bytes;
}

/** A file that sniffs as JPEG. */
export function jpegBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  randomFill(bytes, 0);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
  return bytes;
}

/** A file that sniffs as MP3 (ID3 tag). */
export function mp3Bytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  randomFill(bytes, 0);
  bytes.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  return bytes;
}

/** A file that sniffs as WAV audio (a RIFF/WAVE header), as a delivery's mix would. */
export function wavBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  randomFill(bytes, 0);
  bytes.set(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "));
  return bytes;
}

/** A file that sniffs as a zip archive (a product's stems). */
export function zipBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  randomFill(bytes, 0);
  bytes.set([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
  return bytes;
}

/** An HTML page, which must never be accepted as media. */
export function htmlBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("<!doctype html><script>alert(1)</script>"));
  return bytes;
}

export function streamOf(bytes: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

/** Starts an upload and sends every part through the API; returns the upload id. */
export async function uploadThroughApi(
  cookie: string,
  file: { contentType: "image" | "audio" | "video" | "product_file"; mimeType: string; bytes: Uint8Array; fileName?: string },
): Promise<string> {
  const start = await api("/api/uploads", {
    cookie,
    body: { contentType: file.contentType, mimeType: file.mimeType, size: file.bytes.length, fileName: file.fileName ?? "take.bin" },
  });
  if (start.status !== 201) throw new Error(`start failed: ${start.status} ${await start.text()}`);
  const { uploadId, partSize, partCount } = (await start.json()) as { uploadId: string; partSize: number; partCount: number };
  for (let n = 1; n <= partCount; n += 1) {
    const chunk = file.bytes.slice((n - 1) * partSize, n * partSize);
    const res = await api(`/api/uploads/${uploadId}/parts/${n}`, { method: "PUT", cookie, raw: chunk });
    if (res.status !== 200) throw new Error(`part ${n} failed: ${res.status} ${await res.text()}`);
  }
  return uploadId;
}

/** A complete image post made through the API. */
export async function postThroughApi(cookie: string, body: Record<string, unknown> = {}): Promise<Post> {
  const uploadId = await uploadThroughApi(cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000), fileName: "cover.jpg" });
  const res = await api("/api/posts", { cookie, body: { uploadId, ...body } });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Post;
}

/**
 * A request body of `size` bytes (filled with `fill`, a space by default) that counts how many
 * bytes the Worker pulled from it, to prove a body was (or was not) read.
 */
export function countingStream(size: number, fill = 0x20) {
  const chunk = new Uint8Array(16 * 1024).fill(fill);
  const stats = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stats.pulled >= size) {
        controller.close();
        return;
      }
      const next = chunk.subarray(0, Math.min(chunk.length, size - stats.pulled));
      stats.pulled += next.length;
      controller.enqueue(next.slice());
    },
  });
  return { stream, stats };
}
