// DESIGN.md "Media" and spec social-feed-search §7 (storage: public URLs of post media): R2
// objects of the MEDIA bucket streamed by the Worker at /media/<key>, with single byte ranges
// (audio and video seeking), ETag revalidation and long immutable caching, since keys never
// change content.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { isInlineMediaType } from "../services/media/keys";

const IMMUTABLE = "public, max-age=31536000, immutable";

export type ByteRange = { offset: number; length?: number } | { suffix: number };

/**
 * Parses a Range header into R2's range form. Only one `bytes=` range is honoured; anything else
 * (several ranges, other units, malformed syntax) is ignored and the whole object is sent, as
 * RFC 9110 §14.2 allows. Whether the range fits the object is R2's call (see the 416 below).
 */
export function parseRange(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, start, end] = match;
  if (start === "" && end === "") return null;
  if (start === "") return { suffix: Number(end) };
  const offset = Number(start);
  if (end === "") return { offset };
  const last = Number(end);
  if (last < offset) return null;
  return { offset, length: last - offset + 1 };
}

/** Strong-or-weak comparison of If-None-Match against an R2 etag (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, httpEtag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = httpEtag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

function objectHeaders(object: R2Object): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  const contentType = object.httpMetadata?.contentType;
  if (!contentType) headers.set("content-type", "application/octet-stream");
  headers.set("etag", object.httpEtag);
  headers.set("last-modified", object.uploaded.toUTCString());
  headers.set("cache-control", IMMUTABLE);
  headers.set("accept-ranges", "bytes");
  headers.set("x-content-type-options", "nosniff");
  if (!isInlineMediaType(contentType)) {
    // Anything that is not an image, audio or video (should one ever be stored) must not run as
    // a page on our origin: no scripts, no resources, and the browser downloads it instead.
    headers.set("content-security-policy", "sandbox; default-src 'none'");
    headers.set("content-disposition", "attachment");
  }
  return headers;
}

function keyOf(path: string): string {
  // Hono hands us the raw path; keys are stored unescaped.
  let key = path.replace(/^\/media\//, "");
  try {
    key = decodeURIComponent(key);
  } catch {
    throw new ApiError("not_found", "Not found");
  }
  if (key === "" || key.length > 1024) throw new ApiError("not_found", "Not found");
  return key;
}

function isUnsatisfiable(error: unknown): boolean {
  return /not satisfiable|\(10039\)/i.test(String(error));
}

export const mediaRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const bucket = c.env.MEDIA;
  const key = keyOf(c.req.path);
  const ifNoneMatch = c.req.header("if-none-match");

  if (c.req.method === "HEAD") {
    const object = await bucket.head(key);
    if (!object) throw new ApiError("not_found", "Not found");
    const headers = objectHeaders(object);
    if (etagMatches(ifNoneMatch, object.httpEtag)) return new Response(null, { status: 304, headers });
    headers.set("content-length", String(object.size));
    return new Response(null, { status: 200, headers });
  }

  const range = parseRange(c.req.header("range"));
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await bucket.get(key, {
      // A matching If-None-Match makes R2 skip the body, which becomes the 304 below.
      ...(ifNoneMatch ? { onlyIf: c.req.raw.headers } : {}),
      ...(range ? { range } : {}),
    });
  } catch (error) {
    if (!range || !isUnsatisfiable(error)) throw error;
    const head = await bucket.head(key);
    if (!head) throw new ApiError("not_found", "Not found");
    const headers = objectHeaders(head);
    headers.set("content-range", `bytes */${head.size}`);
    headers.set("content-type", "text/plain; charset=utf-8");
    return new Response("Range Not Satisfiable", { status: 416, headers });
  }
  if (!object) throw new ApiError("not_found", "Not found");
  const headers = objectHeaders(object);
  if (!("body" in object) || etagMatches(ifNoneMatch, object.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }
  if (range && object.range && "offset" in object.range) {
    const offset = object.range.offset ?? 0;
    const length = object.range.length ?? object.size - offset;
    headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set("content-length", String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(object.body, { status: 200, headers });
});
