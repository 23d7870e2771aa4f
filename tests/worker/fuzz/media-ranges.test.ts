// GET and HEAD /media/<key> of a real object in MEDIA are sent arbitrary Range headers (single,
// multiple, suffix, open, reversed, out of bounds, numbers past 2^53, junk, other units, UTF-8
// bytes) with now and then an If-Range, If-None-Match or If-Match that is right, weak, junk or a
// date. Every answer is checked against RFC 9110 §13–§14 as the route promises to follow it
// (worker/routes/media.ts; decision record 0025): never a 5xx; a 206 carries a
// Content-Range whose bytes are exactly the body and that slice of the object; an unsatisfiable
// single range is a 416 with `bytes */<size>`; anything else is the whole object (or a 304/412
// when a precondition decides).
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, fuzzOptions, fuzzRuns } from "../helpers";

const SIZE = 3_000;
const OBJECT = new Uint8Array(SIZE).map((_, i) => (i * 7 + (i >> 8)) % 256);
const KEY = "post-audio/fuzz-owner/ranges.mp3";
const PATH = `/media/${KEY}`;

let etag = "";
let lastModified = "";

beforeAll(async () => {
  await env.MEDIA.put(KEY, OBJECT, { httpMetadata: { contentType: "audio/mpeg" } });
  const head = await api(PATH, { method: "HEAD" });
  etag = head.headers.get("etag")!;
  lastModified = head.headers.get("last-modified")!;
  expect(etag).toMatch(/^"[^"]+"$/);
});

/**
 * A header value as a client may put it on the wire: text sent as its UTF-8 bytes. (The runtime
 * warns on each non-ASCII header, so the random junk is ASCII and a few constants carry the rest.)
 */
function wireBytes(text: string): string {
  return String.fromCharCode(...new TextEncoder().encode(text)).replace(/[\r\n\0]/g, "");
}

/** Byte positions around the object's edges, and numbers no object has (past 2^53, 2^64, 400 digits). */
const position = fc.oneof(
  fc.integer({ min: 0, max: SIZE + 10 }),
  fc.constantFrom(0, 1, SIZE - 2, SIZE - 1, SIZE, SIZE + 1),
  fc.constantFrom("9007199254740991", "9007199254740993", "18446744073709551616", "99999999999999999999", "0".repeat(30) + "5", "9".repeat(400)),
).map(String);

const singleRange = fc.oneof(
  fc.tuple(position, position).map(([a, b]) => `${a}-${b}`),
  position.map((a) => `${a}-`),
  position.map((n) => `-${n}`),
);

/** Range headers: valid single ranges, several ranges, malformed ones and junk. */
const rangeHeader: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: singleRange.map((r) => `bytes=${r}`), weight: 6 },
  fc.tuple(fc.array(singleRange, { minLength: 2, maxLength: 4 }), fc.constantFrom(",", ", ", " ,")).map(([rs, comma]) => `bytes=${rs.join(comma)}`),
  singleRange.map((r) => ` bytes=${r}\t`),
  fc.constantFrom(
    "",
    "bytes=",
    "bytes=-",
    "bytes=--1",
    "bytes=1--2",
    "bytes=0x10-20",
    "bytes=1e3-",
    "bytes=+1-2",
    "bytes=-0",
    "bytes=0-0",
    "bytes = 0-1",
    "bytes=0 -1",
    "BYTES=0-1",
    "Bytes=0-1",
    "items=0-1",
    "bytes=0-1;",
    "bytes=0-1,",
    "bytes=,0-1",
    "bytes=٣-٥",
    "bytes=0-1\u00a0",
    "bytes=\u0000",
  ),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => `bytes=${s}`),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
);

/** A validator for If-Range, If-None-Match or If-Match: the object's own, weak, another, "*", a date or junk. */
const validator = fc.oneof(
  fc.constant(() => etag),
  fc.constant(() => `W/${etag}`),
  fc.constant(() => `"other", ${etag}`),
  fc.constant(() => lastModified),
  fc.constantFrom(() => "*", () => '"nope"', () => "W/", () => '"', () => '"€"', () => "Thu, 01 Jan 1970 00:00:00 GMT", () => "not a date"),
  fc.string({ unit: "grapheme-ascii", maxLength: 30 }).map((s) => () => s),
);

const conditional = fc.record(
  { "if-range": validator, "if-none-match": validator, "if-match": validator },
  { requiredKeys: [] },
);

/** The strong entity tags of a header value (RFC 9110 §8.8.3), or "*". */
function strongTags(header: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  return [...header.matchAll(/(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)].filter((m) => !m[1]).map((m) => m[2]!);
}

function anyTags(header: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  return [...header.matchAll(/(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)].map((m) => m[1]!);
}

type Expected = { status: 200 } | { status: 206; start: number; end: number } | { status: 304 } | { status: 412 } | { status: 416 };

/** A header's value, or undefined when absent or empty (an empty list asks for nothing). */
function valueOf(headers: Record<string, string>, name: string): string | undefined {
  return headers[name]?.trim() || undefined;
}

/** RFC 9110 §13.2.2 and §14: what the route must answer, from the headers alone. */
function expected(method: "GET" | "HEAD", headers: Record<string, string>): Expected {
  const ifMatch = valueOf(headers, "if-match");
  if (ifMatch !== undefined) {
    const tags = strongTags(ifMatch);
    if (tags !== "*" && !tags.includes(etag)) return { status: 412 };
  }
  const ifNoneMatch = valueOf(headers, "if-none-match");
  if (ifNoneMatch !== undefined) {
    const tags = anyTags(ifNoneMatch);
    if (tags === "*" || tags.includes(etag)) return { status: 304 };
  }
  // Range handling is defined for GET only (§14.2); If-Range is ignored without a Range.
  const range = headers.range;
  if (method !== "GET" || range === undefined) return { status: 200 };
  const ifRange = valueOf(headers, "if-range");
  // §13.1.5: the range is used only when the validator is the current strong entity tag, or the
  // exact Last-Modified date; otherwise the whole representation is sent.
  if (ifRange !== undefined && ifRange !== etag && ifRange !== lastModified) return { status: 200 };
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === "" && match[2] === "")) return { status: 200 };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 ? { status: 416 } : { status: 206, start: Math.max(0, SIZE - suffix), end: SIZE - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { status: 200 };
  if (start >= SIZE) return { status: 416 };
  return { status: 206, start, end: last === "" ? SIZE - 1 : Math.min(Number(last), SIZE - 1) };
}

async function expectAnswer(method: "GET" | "HEAD", headers: Record<string, string>) {
  const res = await api(PATH, { method, headers });
  const body = new Uint8Array(await res.arrayBuffer());
  const want = expected(method, headers);
  const seen = `${method} ${JSON.stringify(headers)} → ${res.status} ${res.headers.get("content-range") ?? ""} (${body.length} bytes)`;
  expect(res.status, seen).toBeLessThan(500);
  expect(res.status, seen).toBe(want.status);
  switch (want.status) {
    case 206: {
      expect(res.headers.get("content-range"), seen).toBe(`bytes ${want.start}-${want.end}/${SIZE}`);
      expect(res.headers.get("content-length"), seen).toBe(String(want.end - want.start + 1));
      expect(body, seen).toEqual(OBJECT.slice(want.start, want.end + 1));
      break;
    }
    case 416:
      expect(res.headers.get("content-range"), seen).toBe(`bytes */${SIZE}`);
      break;
    case 200:
      expect(res.headers.get("content-range"), seen).toBeNull();
      expect(res.headers.get("content-length"), seen).toBe(String(SIZE));
      if (method === "GET") expect(body, seen).toEqual(OBJECT);
      else expect(body.length, seen).toBe(0);
      break;
    case 304:
      expect(body.length, seen).toBe(0);
      expect(res.headers.get("etag"), seen).toBe(etag);
      break;
    case 412:
      break;
  }
}

function headersOf(range: string | null, conditions: Partial<Record<"if-range" | "if-none-match" | "if-match", () => string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (range !== null) headers.range = wireBytes(range);
  for (const [name, value] of Object.entries(conditions)) headers[name] = wireBytes(value());
  return headers;
}

describe("GET and HEAD /media/<key> with arbitrary Range headers", () => {
  it("answer as RFC 9110 says: the exact slice with a matching Content-Range, a 416 or the whole object, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(rangeHeader, async (range) => {
        await expectAnswer("GET", headersOf(range, {}));
      }),
      fuzzOptions(fuzzRuns(150)),
    );
  });

  it("honour If-Range, If-None-Match and If-Match (right, weak, junk or a date) beside the Range", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("GET" as const, "HEAD" as const), fc.option(rangeHeader, { nil: null }), conditional, async (method, range, conditions) => {
        await expectAnswer(method, headersOf(range, conditions));
      }),
      fuzzOptions(fuzzRuns(100)),
    );
  });
});
