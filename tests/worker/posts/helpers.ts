// Helpers for the posts & media tests: users with profiles, signed-in cookies, requests through
// the real Worker entry, and files whose first bytes are real magic numbers.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { createDb, type Db } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { posts, profiles, users } from "../../../worker/db/schema";
import { ACCESS_COOKIE, startSession } from "../../../worker/services/auth/sessions";

export const ORIGIN = "http://localhost";
export const MiB = 1024 * 1024;

export function db(): Db {
  return createDb(env.DB);
}

let seq = 0;

export async function makeUser(opts: { username?: string; verified?: boolean } = {}): Promise<string> {
  // Read the counter before any await, so concurrent calls each get their own number.
  const n = ++seq;
  const id = newId();
  const d = db();
  await d.insert(users).values({ id, email: `${id}@example.test`, emailVerifiedAt: Date.now() });
  await d.insert(profiles).values({
    userId: id,
    username: opts.username ?? `artist${n}_${id.replaceAll("-", "").slice(0, 12)}`,
    displayName: `Artist ${n}`,
    verified: opts.verified ?? false,
  });
  return id;
}

/** A signed-in user: the cookie header their browser would send. */
export async function signIn(userId: string): Promise<string> {
  const session = await startSession(db(), env, userId, { ip: null, userAgent: "vitest" });
  return `${ACCESS_COOKIE}=${session.accessToken}`;
}

export async function makeSignedInUser(opts: { username?: string } = {}) {
  const id = await makeUser(opts);
  return { id, cookie: await signIn(id) };
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit | null;
  headers?: Record<string, string>;
  cookie?: string | null;
}

/** A request through the Worker's real fetch handler, with Origin on mutating methods. */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const method = opts.method ?? (opts.json !== undefined ? "POST" : "GET");
  const headers: Record<string, string> = { ...opts.headers };
  if (method !== "GET" && method !== "HEAD" && headers.origin === undefined) headers.origin = ORIGIN;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | null | undefined = opts.body;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body: body ?? null }));
}

export async function errorOf(res: Response): Promise<{ code: string; message: string; details?: unknown }> {
  const body = (await res.json()) as { error: { code: string; message: string; details?: unknown } };
  return body.error;
}

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

/** Inserts a post row directly (for list and cursor tests that need many posts fast). */
export async function insertPost(
  userId: string,
  opts: { createdAt?: number; caption?: string | null; id?: string; contentType?: "image" | "audio" | "video" } = {},
): Promise<string> {
  const id = opts.id ?? newId();
  await db()
    .insert(posts)
    .values({
      id,
      userId,
      contentType: opts.contentType ?? "image",
      mediaKey: `post-images/${userId}/${id}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: 100,
      caption: opts.caption ?? null,
      createdAt: opts.createdAt ?? Date.now(),
      updatedAt: opts.createdAt ?? Date.now(),
    });
  return id;
}

/** Starts an upload and sends every part through the API; returns the upload id. */
export async function uploadThroughApi(
  cookie: string,
  file: { contentType: "image" | "audio" | "video"; mimeType: string; bytes: Uint8Array; fileName?: string },
): Promise<string> {
  const start = await call("/api/uploads", {
    cookie,
    json: { contentType: file.contentType, mimeType: file.mimeType, size: file.bytes.length, fileName: file.fileName ?? "take.bin" },
  });
  if (start.status !== 201) throw new Error(`start failed: ${start.status} ${await start.text()}`);
  const { uploadId, partSize, partCount } = (await start.json()) as { uploadId: string; partSize: number; partCount: number };
  for (let n = 1; n <= partCount; n += 1) {
    const chunk = file.bytes.slice((n - 1) * partSize, n * partSize);
    const res = await call(`/api/uploads/${uploadId}/parts/${n}`, { method: "PUT", cookie, body: chunk });
    if (res.status !== 200) throw new Error(`part ${n} failed: ${res.status} ${await res.text()}`);
  }
  return uploadId;
}

/** A complete image post made through the API. */
export async function postThroughApi(cookie: string, body: Record<string, unknown> = {}) {
  const uploadId = await uploadThroughApi(cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000), fileName: "cover.jpg" });
  const res = await call("/api/posts", { cookie, json: { uploadId, ...body } });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as import("../../../shared/posts-api").Post;
}
