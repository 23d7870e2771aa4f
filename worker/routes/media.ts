// DESIGN.md "Media" and spec social-feed-search §7 (storage: public URLs of post media): R2
// objects of the MEDIA bucket streamed by the Worker at /media/<key>, with single byte ranges
// (audio and video seeking), ETag revalidation and long immutable caching, since keys never
// change content.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiError } from "../lib/errors";
import { parseRange, rangeUnsatisfiable } from "../lib/byte-ranges";
import { SANDBOX_CSP } from "../lib/file-headers";
import { isInlineMediaType } from "../services/media/keys";

const IMMUTABLE = "public, max-age=31536000, immutable";

interface EntityTag {
  weak: boolean;
  /** The quoted opaque value, quotes included, as R2's httpEtag is written. */
  opaque: string;
}

/**
 * The well-formed entity tags of an If-Match / If-None-Match value, or "*". Clients send odd
 * values (`W/"`, bare `abc`); a member that is not a quoted tag is skipped rather than thrown on,
 * so a malformed header simply matches nothing. (Handing such a header to R2's `onlyIf` throws.)
 */
function parseEntityTags(header: string): "*" | EntityTag[] {
  if (header.trim() === "*") return "*";
  return [...header.matchAll(/(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)].map((m) => ({ weak: m[1] !== undefined, opaque: m[2]! }));
}

/** RFC 9110 §8.8.3.2: strong comparison needs both tags strong; weak comparison ignores W/. */
function tagListMatches(header: string, httpEtag: string, comparison: "strong" | "weak"): boolean {
  const tags = parseEntityTags(header);
  if (tags === "*") return true;
  const current = parseEntityTags(httpEtag);
  if (current === "*" || current.length !== 1) return false;
  const [own] = current as [EntityTag];
  return tags.some((tag) => tag.opaque === own.opaque && (comparison === "weak" || (!tag.weak && !own.weak)));
}

/** Weak comparison of If-None-Match against an R2 etag (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, httpEtag: string): boolean {
  return ifNoneMatch ? tagListMatches(ifNoneMatch, httpEtag, "weak") : false;
}

/** Seconds since the epoch of an HTTP date, or null when absent or unreadable (then it is ignored). */
function httpDateSeconds(header: string | null): number | null {
  if (header === null) return null;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const CONDITIONAL_HEADERS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/** A request header's value, or null when absent or empty (an empty list asks for nothing). */
function headerValue(headers: Headers, name: string): string | null {
  return headers.get(name)?.trim() || null;
}

type Precondition = "proceed" | "not-modified" | "failed";

/**
 * The preconditions of a GET or HEAD, evaluated in RFC 9110 §13.2.2's order: If-Match (else
 * If-Unmodified-Since) may fail the request with 412; If-None-Match (else If-Modified-Since) may
 * turn it into a 304. Evaluated here rather than by R2, whose `onlyIf` throws on malformed values
 * and cannot tell a failed If-Match (412) from a matching If-None-Match (304).
 */
function evaluatePreconditions(headers: Headers, object: Pick<R2Object, "httpEtag" | "uploaded">): Precondition {
  const modified = Math.floor(object.uploaded.getTime() / 1000);
  const ifMatch = headerValue(headers, "if-match");
  if (ifMatch !== null) {
    if (!tagListMatches(ifMatch, object.httpEtag, "strong")) return "failed";
  } else {
    const unmodifiedSince = httpDateSeconds(headerValue(headers, "if-unmodified-since"));
    if (unmodifiedSince !== null && modified > unmodifiedSince) return "failed";
  }
  const ifNoneMatch = headerValue(headers, "if-none-match");
  if (ifNoneMatch !== null) {
    if (tagListMatches(ifNoneMatch, object.httpEtag, "weak")) return "not-modified";
  } else {
    const modifiedSince = httpDateSeconds(headerValue(headers, "if-modified-since"));
    if (modifiedSince !== null && modified <= modifiedSince) return "not-modified";
  }
  return "proceed";
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
    headers.set("content-security-policy", SANDBOX_CSP);
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
    throw new ApiError("not_found", REQUEST_TEXTS.notFound);
  }
  if (key === "" || key.length > 1024) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
  return key;
}

/**
 * RFC 9110 §13.1.5: a Range sent with If-Range is used only when the validator is the object's
 * current strong entity tag, or its exact Last-Modified date; otherwise the whole object is sent.
 * (A client resuming a download this way would otherwise splice bytes of another version.)
 */
function ifRangeHolds(ifRange: string, object: Pick<R2Object, "httpEtag" | "uploaded">): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === object.httpEtag;
  const date = httpDateSeconds(value);
  return date !== null && date === Math.floor(object.uploaded.getTime() / 1000);
}

function rangeNotSatisfiable(head: R2Object): Response {
  const headers = objectHeaders(head);
  headers.set("content-range", `bytes */${head.size}`);
  headers.set("content-type", "text/plain; charset=utf-8");
  return new Response("Range Not Satisfiable", { status: 416, headers });
}

/** Null when the request may proceed; otherwise the 304 to send (a failed precondition throws 412). */
function preconditionAnswer(headers: Headers, object: R2Object): Response | null {
  const verdict = evaluatePreconditions(headers, object);
  switch (verdict) {
    case "proceed":
      return null;
    case "not-modified":
      return new Response(null, { status: 304, headers: objectHeaders(object) });
    case "failed":
      throw new ApiError("precondition_failed", "Precondition failed");
    default: {
      const _exhaustive: never = verdict;
      return _exhaustive;
    }
  }
}

export const mediaRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const bucket = c.env.MEDIA;
  const key = keyOf(c.req.path);
  const requestHeaders = c.req.raw.headers;

  if (c.req.method === "HEAD") {
    const object = await bucket.head(key);
    if (!object) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    const answer = preconditionAnswer(requestHeaders, object);
    if (answer) return answer;
    const headers = objectHeaders(object);
    headers.set("content-length", String(object.size));
    return new Response(null, { status: 200, headers });
  }

  let range = parseRange(c.req.header("range"));
  const ifRange = range ? headerValue(requestHeaders, "if-range") : null;
  // A conditional GET looks at the object's metadata first, so a 304 or 412 never reads the body.
  // Keys never change content and the media is cached for a year, so these are rare revalidations.
  if (ifRange !== null || CONDITIONAL_HEADERS.some((name) => headerValue(requestHeaders, name) !== null)) {
    const head = await bucket.head(key);
    if (!head) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    const answer = preconditionAnswer(requestHeaders, head);
    if (answer) return answer;
    if (ifRange !== null && !ifRangeHolds(ifRange, head)) range = null;
  }

  let object: R2ObjectBody | null;
  try {
    object = await bucket.get(key, range ? { range } : {});
  } catch (error) {
    // R2 throws on a range past the end (and miniflare on some it cannot read); the object's size,
    // not the error's text, decides whether that is the client's 416 or our failure.
    if (!range) throw error;
    const head = await bucket.head(key);
    if (!head) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    if (!rangeUnsatisfiable(range, head.size)) throw error;
    return rangeNotSatisfiable(head);
  }
  if (!object) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
  const headers = objectHeaders(object);
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
