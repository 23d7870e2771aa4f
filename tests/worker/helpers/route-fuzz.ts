// Property-based fuzzing of every /api route (decision record 0025). The targets
// are read from the app's own route table, so a route added tomorrow is fuzzed without anyone
// remembering to. fast-check sends each one arbitrary bodies, path values and query strings, as a
// visitor, another user, the owner (the seller) and the buyer, and every answer must hold three
// properties:
//   1. it is never a 5xx;
//   2. an error (4xx) is the error envelope { error: { code, message, requestId } }, non-empty;
//   3. a refused request (4xx) changes no row (refusalState, the common route tests' own check).
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { z } from "zod";
import { SEARCH_QUERY_MAX, TEXT_LIMITS } from "@shared/constants";
import { app } from "../../../worker/app";
import { startSession } from "../../../worker/services/auth/sessions";
import { db } from "./db";
import { api, cookieHeader, setCookies } from "./request";
import { fixtureParam, refusalState, type RouteCase, type RouteFixture, routeFixture, servedApiRoutes, withUploadAborted } from "./route-security";
import { createUser, signIn, type SignedIn } from "./users";

// ---- Targets ----

export interface FuzzTarget {
  /** "METHOD /api/path/:param", as the app's route table (and the security table) names it. */
  route: string;
  method: string;
  path: string;
  /** The names of the path parameters, in order. */
  params: string[];
}

/** `:name`, `:name{regex}` and `:name?`: Hono's path parameters. */
const PARAM = /:(\w+)(?:\{[^}]*\})?\??/g;

/** Every API route the app serves, from app.routes: the fuzz suite's targets. */
export function fuzzTargets(): FuzzTarget[] {
  return servedApiRoutes(app.routes).map((route) => {
    const [method, path] = route.split(" ") as [string, string];
    return { route, method, path, params: [...path.matchAll(PARAM)].map((m) => m[1]!) };
  });
}

/** Whether a request to the target may carry a body (fetch refuses one on GET and HEAD). */
export function takesBody(target: FuzzTarget): boolean {
  return target.method !== "GET" && target.method !== "HEAD";
}

/** The target's path with each parameter replaced by `value(name)`, which must be URL-ready. */
export function fillPath(target: FuzzTarget, value: (name: string) => string): string {
  return target.path.replace(PARAM, (_, name: string) => value(name));
}

/** The path with the fixture's real ids, so a body or a query is what decides the answer. */
export function fixturePath(target: FuzzTarget, f: RouteFixture): string {
  return fillPath(target, (name) => encodeURIComponent(fixtureParam(name, f, target.route) ?? crypto.randomUUID()));
}

// ---- A valid request per route, from the security table ----

/** A request the route accepts (or refuses only for who sends it): what the fuzzers start from. */
export interface ExampleRequest {
  /** The JSON body, if the route takes one. */
  json?: unknown;
  /** A raw body (file bytes) and its headers. */
  raw?: Uint8Array;
  headers?: Record<string, string>;
}

/**
 * The security table's body for each route, built once against the file's fixture. A route the
 * table does not know (route-coverage.test.ts fails until it does) gets no example and is fuzzed
 * from the field names alone.
 */
async function exampleRequests(cases: RouteCase[], f: RouteFixture): Promise<Map<string, ExampleRequest>> {
  const examples = new Map<string, ExampleRequest>();
  for (const row of cases) {
    const example: ExampleRequest = {};
    if (row.body) example.json = await row.body(f);
    if (row.raw) example.raw = row.raw();
    if (row.headers) example.headers = row.headers;
    examples.set(row.route, example);
  }
  return examples;
}

/** The example as fetch options (a JSON body is sent with a JSON content type). */
function exampleInit(example: ExampleRequest | undefined): { body: BodyInit | null; headers: Record<string, string> } {
  if (example?.json !== undefined) return { body: JSON.stringify(example.json), headers: { "content-type": "application/json" } };
  if (example?.raw) return { body: example.raw, headers: { ...example.headers } };
  return { body: null, headers: { ...example?.headers } };
}

// ---- Field names ----

const sharedModules = import.meta.glob<Record<string, unknown>>("../../../shared/**/*.ts", { eager: true });

/** The keys of a zod object schema, through refinements and transforms. */
function schemaKeys(value: unknown): string[] {
  if (value instanceof z.ZodObject) return Object.keys(value.shape);
  if (value instanceof z.ZodPipe) return [...schemaKeys(value.in), ...schemaKeys(value.out)];
  return [];
}

/**
 * Every field name the app's request schemas know, read from every zod object exported by
 * shared/: the bodies and queries of new routes join the pool as their schemas land.
 */
export const FIELD_NAMES: readonly string[] = [
  ...new Set(Object.values(sharedModules).flatMap((module) => Object.values(module).flatMap(schemaKeys))),
].sort();

/** The string schema inside optional, nullable, default, pipe and union wrappers, if any. */
function stringSchemas(value: unknown): z.ZodString[] {
  if (value instanceof z.ZodString) return [value];
  if (value instanceof z.ZodOptional || value instanceof z.ZodNullable || value instanceof z.ZodDefault) return stringSchemas(value.unwrap());
  if (value instanceof z.ZodPipe) return [...stringSchemas(value.in), ...stringSchemas(value.out)];
  if (value instanceof z.ZodUnion) return value.options.flatMap(stringSchemas);
  return [];
}

/** The fields of a zod object schema, through refinements and transforms. */
function schemaFields(value: unknown): unknown[] {
  if (value instanceof z.ZodObject) return Object.values(value.shape);
  if (value instanceof z.ZodPipe) return [...schemaFields(value.in), ...schemaFields(value.out)];
  return [];
}

/**
 * Every maximum length of a string field in the shared request schemas (a username's 30, a
 * search's 100, a comment's 2,000, …): the generators make strings of exactly these lengths and
 * one either side, where a limit counted in characters meets one counted in bytes.
 */
export const STRING_LIMITS: readonly number[] = [
  ...new Set([
    ...Object.values(sharedModules)
      .flatMap((module) => Object.values(module).flatMap(schemaFields))
      .flatMap(stringSchemas)
      .map((schema) => schema.maxLength)
      .filter((max): max is number => typeof max === "number" && max > 0 && max <= 10_000),
    // Limits applied by cutting rather than refusing (the search filters) are not in a max().
    ...Object.values(TEXT_LIMITS),
    SEARCH_QUERY_MAX,
  ]),
].sort((a, b) => a - b);

// ---- Arbitraries ----

/** Base64url, as cursors and tokens are spelled. */
function base64Url(text: string): string {
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A string far over any field's limit (and, in multi-byte characters, over most body limits). */
const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 40_000 }), fc.constantFrom("x", "é", "😀", "%", "\u0000", " "))
  .map(([n, ch]) => ch.repeat(n));

/** Strings that have broken parsers, encoders and SQL before. */
const NASTY_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "\u0000",
  "\ud800",
  "\udfff",
  "👩🏽‍🎤",
  "\u202e",
  "%",
  "%00",
  "%zz",
  "../../etc/passwd",
  "' or 1=1 --",
  '"; drop table posts; --',
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "a@b",
  "@example.test",
  "x".repeat(65),
];

/**
 * D1 refuses a LIKE or GLOB pattern longer than 50 bytes ("LIKE or GLOB pattern too complex"),
 * while the schemas count characters: 49 × "a" plus a wildcard, 13 emoji or 30 escaped "%" pass
 * the schema and overflow the pattern (issue #27 item 9).
 */
const D1_PATTERN_BYTES = 50;

/** One character (or grapheme) repeated to a limit: multi-byte, wildcard, escape and quote characters. */
const EDGE_UNITS = ["a", "😀", "👩🏽‍🎤", "%", "_", "\\", '"', "'", "*", "é", "e\u0301", "中", "İ", "ß", " ", "-", "^", ":", "(", "#", "@", "\u0000", "\u200b"];

/** FTS5 query syntax: operators, column filters, prefixes, unbalanced quotes and brackets. */
const FTS_SYNTAX = ['"', '""', '"a', "NEAR(", "NEAR(a b, 1)", "a AND b", "AND", "OR", "NOT", "a OR", "NOT a", "-a", "^a", "a:b", "{bio}:a", "bio:", "a*", "*", "(", ")", "a + b", "col:(a OR b)"];

/** Words of several scripts and marks, mixed into escape-heavy strings. */
const SCRIPT_PIECES = ["Привет", "世界", "مرحبا", "שלום", "नमस्ते", "Ελλάδα", "한국어", "e\u0301\u0301\u0301", "Z\u0337\u0322\u0349a", "\u200d", "\u202e", "\ufeff"];

/** Lengths around D1's pattern limit and every schema limit (each limit, and one either side). */
const EDGE_LENGTHS = [
  ...new Set([1, 2, 12, 13, 14, 25, 26, 30, D1_PATTERN_BYTES - 1, D1_PATTERN_BYTES, D1_PATTERN_BYTES + 1, 64, 65, ...STRING_LIMITS.flatMap((n) => [n - 1, n, n + 1])]),
].filter((n) => n > 0);

/**
 * The inputs that answered 500 on `GET /api/conversations?q=` (issue #27 item 9), and the FTS5
 * and escape syntax most likely to break a pattern or a MATCH: each is sent to every text field of
 * the search routes (query-strings.test.ts) besides being drawn at random.
 */
export const EDGE_SAMPLES: readonly string[] = [
  "a".repeat(49),
  "😀".repeat(13),
  "%".repeat(30),
  "_".repeat(51),
  "\\".repeat(60),
  "e\u0301".repeat(50),
  `a${'"'.repeat(30)}`,
  "'".repeat(101),
  "NEAR(",
  '"a" AND -b ^c {bio}:d *',
  "😀".repeat(101),
];

/**
 * Long, multi-byte and escape-heavy strings: a unit repeated to a limit's length (49 × "a",
 * 13 × "😀", 30 × "%"), FTS5 syntax, and mixtures of scripts, combining marks, wildcards,
 * backslashes and quotes. What broke LIKE patterns and MATCH expressions, or could.
 */
const edgeString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...EDGE_LENGTHS), fc.constantFrom(...EDGE_UNITS)).map(([n, unit]) => unit.repeat(n)),
  fc.constantFrom(...EDGE_SAMPLES, "_%".repeat(40), ...FTS_SYNTAX),
  fc
    .array(fc.constantFrom(...EDGE_UNITS, ...FTS_SYNTAX, ...SCRIPT_PIECES, "spoiler", "Mixing", "beat"), { minLength: 1, maxLength: 40 })
    .map((pieces) => pieces.join(pieces.length % 2 ? " " : "")),
);

/**
 * Arrays long enough to pass D1's 100 bound parameters per statement if each became one (ids to
 * look up, tags, portfolio items), of ids, words or numbers.
 */
const longArray: fc.Arbitrary<unknown[]> = fc
  .tuple(fc.integer({ min: 90, max: 1_200 }), fc.constantFrom<unknown>("a", "spoiler", 1, "00000000-0000-4000-8000-000000000000", { id: "x" }))
  .map(([n, item]) => Array.from({ length: n }, (_, i) => (typeof item === "string" && item.length > 20 ? item.slice(0, -4) + String(1000 + (i % 9000)).padStart(4, "0") : item)));

/** Any value for a field: wrong types, nasty strings, huge and edge strings, long arrays, and now and then a right one. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -1e308, [], {}, ...NASTY_STRINGS),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  hugeString,
  longArray,
  { arbitrary: edgeString, weight: 2 },
);

/** JSON text of an object with these entries, written by hand so "__proto__" stays a plain key. */
function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}

export interface FuzzBody {
  body: string | Uint8Array;
  /** The Content-Type header; none when null. */
  contentType: string | null;
}

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json", "application/json; charset=utf-16"];

const jsonType = fc.constantFrom(...JSON_TYPES);

/** The example body with fields given wrong values, dropped, or joined by other fields. */
function brokenExample(example: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
  const keys = Object.keys(example);
  const extraKeys = fc.constantFrom(...FIELD_NAMES, "__proto__", "constructor", "toString", "");
  return fc
    .record({
      replaced: fc.subarray(keys),
      dropped: fc.subarray(keys),
      values: fc.array(fieldValue, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.array(fc.tuple(extraKeys, fieldValue), { maxLength: 3 }),
      contentType: jsonType,
    })
    .map(({ replaced, dropped, values, extra, contentType }) => {
      const entries: [string, unknown][] = keys
        .filter((key) => !dropped.includes(key))
        .map((key) => [key, replaced.includes(key) ? values[keys.indexOf(key)] : example[key]]);
      return { body: objectText([...entries, ...extra]), contentType };
    });
}

/** JSON nested thousands deep, at the top or under a field name. */
const deepJson: fc.Arbitrary<FuzzBody> = fc
  .record({ depth: fc.integer({ min: 10, max: 5_000 }), array: fc.boolean(), key: fc.constantFrom(...FIELD_NAMES) })
  .map(({ depth, array, key }) => {
    const nested = array ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return { body: `{${JSON.stringify(key)}:${nested}}`, contentType: "application/json" };
  });

/** Bodies that are not JSON, or are JSON with the wrong content type, or none at all. */
const notJson: fc.Arbitrary<FuzzBody> = fc.record({
  body: fc.oneof(
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.uint8Array({ maxLength: 2_000 }),
    fc.constantFrom(
      "",
      "{",
      '{"a":',
      "[1,2",
      "undefined",
      "NaN",
      '"unterminated',
      "{'single': 'quotes'}",
      '{"__proto__":{"polluted":true}}',
      "\ufeff{}",
      "a=1&b=2",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ),
  ),
  contentType: fc.constantFrom(
    null,
    ...JSON_TYPES,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "multipart/form-data",
    "application/octet-stream",
    "image/jpeg",
    "",
    ";;;",
  ),
});

/**
 * Arbitrary bodies for one route: any JSON value; the route's example broken field by field; the
 * app's field names with wrong values; deep nesting; and bodies that are not JSON at all.
 */
export function bodyArbitrary(example: ExampleRequest | undefined): fc.Arbitrary<FuzzBody> {
  const json = example?.json;
  const fromExample =
    json !== null && typeof json === "object" && !Array.isArray(json) ? [brokenExample(json as Record<string, unknown>)] : [];
  return fc.oneof(
    ...fromExample,
    fc.record({ body: fc.jsonValue().map((v) => JSON.stringify(v)), contentType: jsonType }),
    fc
      .array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fieldValue), { maxLength: 6 })
      .map((entries) => ({ body: objectText(entries), contentType: "application/json" })),
    deepJson,
    notJson,
  );
}

/** Characters that would let a raw value climb out of /api once the URL is resolved. */
const SEGMENT_BREAKERS = /[/\\]/;

/**
 * Arbitrary values for one path parameter, ready for the URL: encoded strings of any script, raw
 * ones (the URL parser encodes them, and resolves a lone "." or ".."), tricky encodings, ids of
 * the right shape (a uuid, up to 80 id characters) and, if given, the fixture's real id.
 */
export function pathValueArbitrary(real?: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 60 }).map(encodeURIComponent),
    fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !SEGMENT_BREAKERS.test(s)),
    fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%2E",
      "%",
      "%25",
      "%2F",
      "%2f..%2f",
      "%5C",
      "%00",
      "%zz",
      "%E0%A4%A",
      "%C0%AE",
      "%ff",
      "%0A",
      "%20",
      "+",
      "~",
      ";",
      "*",
      "__proto__",
      "constructor",
      "null",
      "0",
      "-1",
      "1e999",
      ":postId",
    ),
    fc.uuid().map(String),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
    fc.string({ unit: "grapheme-ascii", minLength: 300, maxLength: 4_000 }).map(encodeURIComponent),
    edgeString.map(encodeURIComponent),
    ...(real === undefined ? [] : [fc.constant(encodeURIComponent(real))]),
  );
}

/**
 * Query keys: every field name of shared/ (cursor, limit, since, …), the OAuth callback's, and
 * arbitrary ones.
 */
function queryKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...FIELD_NAMES, "code", "state", "error", "q", "cursor[]", "__proto__"),
    fc.string({ maxLength: 10 }).map(encodeURIComponent),
  );
}

const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom("", "%", "%zz", "%E0%A4%A", "-1", "0", "1e309", "NaN", "Infinity", "9007199254740993", "1.5", "0x10", "null", "%00", "a%20b", "+", "=", "&"),
  fc.integer().map(String),
  // Cursors of the right shape with values at the edges (decodeCursor's format), and junk base64.
  fc
    .tuple(fc.stringMatching(/^\d{1,15}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/))
    .map(([createdAt, id]) => base64Url(`${createdAt}.${id}`)),
  fc.base64String({ maxLength: 120 }),
  fc.string({ unit: "grapheme-ascii", minLength: 500, maxLength: 4_000 }).map(encodeURIComponent),
  { arbitrary: edgeString.map(encodeURIComponent), weight: 2 },
);

/** The free-text query fields (search, the conversations filter, the username check). */
export const TEXT_QUERY_KEYS = ["q", "location", "profession", "username"] as const;

/**
 * Arbitrary query strings ("" or "?k=v&k&…"), repeated keys and malformed escapes included; one
 * in four is a text field with an edge string, so the search fields meet them on every route.
 */
export const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(queryKey(), fc.option(queryValue, { nil: undefined })), { maxLength: 6 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join("&")}` : "")),
    weight: 3,
  },
  fc.tuple(fc.constantFrom(...TEXT_QUERY_KEYS), edgeString).map(([key, value]) => `?${key}=${encodeURIComponent(value)}`),
);

// ---- Callers ----

/**
 * Who sends the fuzzed requests: a visitor, another user who owns nothing in the fixture, the
 * owner (the seller of the fixture's order, owner of its post, listings and conversation) and the
 * buyer (of that order, author of its review, the one its offer is for). Each property runs once
 * per caller, with the route's runs split between them (runsPerCaller).
 */
/**
 * The owner comes last: what they spend (the post they delete, the order they refund) is then
 * rebuilt for a later route that names it, never for the other callers of the same route.
 */
export const CALLERS = ["visitor", "other user", "buyer", "owner"] as const;
export type CallerName = (typeof CALLERS)[number];

/** A route's runs for one caller: the total split over the callers, so four cost what two did. */
export function runsPerCaller(total: number): number {
  return fuzzRuns(Math.ceil(total / CALLERS.length));
}

export interface Caller {
  name: CallerName;
  /** The Cookie header for the next request. */
  cookie(): Promise<string | null>;
  /** Keeps the session cookies an answer sets, as a browser's cookie jar would. */
  keep(res: Response): void;
}

const visitor: Caller = { name: "visitor", cookie: async () => null, keep: () => {} };

type Jar = { bl_access: string; bl_refresh: string };

/**
 * A signed-in caller whose cookie jar keeps what answers set, like a browser's: a refresh replaces
 * the cookies; an answer that ends the session (a sign-out, a refresh token presented twice)
 * empties the jar, and the next request starts a session from `renew`, so the routes after it
 * are still fuzzed signed in.
 */
function jarCaller(name: CallerName, first: SignedIn, renew: () => Promise<Jar>): Caller {
  let jar: Jar | null = { bl_access: first.access, bl_refresh: first.refresh };
  return {
    name,
    async cookie() {
      jar ??= await renew();
      return cookieHeader(jar);
    },
    keep(res) {
      const set = setCookies(res);
      if (set.bl_access === "" || set.bl_refresh === "") jar = null;
      else if (jar) jar = { bl_access: set.bl_access ?? jar.bl_access, bl_refresh: set.bl_refresh ?? jar.bl_refresh };
    },
  };
}

/** Another user: once the fixture's `other` loses its session, a fresh user signed in through the route. */
function otherUserCaller(first: SignedIn): Caller {
  return jarCaller("other user", first, async () => {
    const user = await createUser();
    const session = await signIn(user.email, user.password);
    return { bl_access: session.access, bl_refresh: session.refresh };
  });
}

/**
 * The fixture's owner or buyer, who must stay that person after a sign-out: a new session is
 * started for the same account directly (startSession, what the sign-in route does after the
 * password), since the fuzzed sign-in route may by then have locked the account with wrong
 * passwords sent in its name.
 */
function fixtureUserCaller(name: "owner" | "buyer", user: SignedIn): Caller {
  return jarCaller(name, user, async () => {
    const session = await startSession(db(), env, user.userId, { ip: null, userAgent: "fuzz" });
    return { bl_access: session.accessToken, bl_refresh: session.refreshToken };
  });
}

// ---- The properties ----

export interface FuzzRequest {
  method: string;
  /** The path and query, URL-ready. */
  path: string;
  body?: BodyInit | null;
  headers?: Record<string, string>;
}

/** The path plus the example's body and headers (unless the fuzzer brings its own body). */
export function withExample(target: FuzzTarget, path: string, example: ExampleRequest | undefined, extra: Record<string, string> = {}): FuzzRequest {
  const init = takesBody(target) ? exampleInit(example) : { body: null, headers: {} };
  return { method: target.method, path, body: init.body, headers: { ...init.headers, ...extra } };
}

/** What is wrong with an error answer's body, or null when it is the error envelope. */
function envelopeProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "the body is not JSON";
  }
  const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== "object") return "no error object";
  for (const field of ["code", "message", "requestId"]) {
    const value = error[field];
    if (typeof value !== "string" || value.trim() === "") return `error.${field} is not a non-empty string`;
  }
  return null;
}

/** Reads the answer to its end (a WebSocket upgrade is accepted and closed), for the report. */
async function readAnswer(res: Response): Promise<string> {
  if (res.status === 101 && res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, "fuzz");
    return "";
  }
  return res.text();
}

/**
 * Sends one request as the caller and checks the three properties. The rows are read before and
 * after, so a refusal that wrote anything fails with the request that did it.
 */
export async function expectSafeAnswer(f: RouteFixture, caller: Caller, request: FuzzRequest): Promise<void> {
  const cookie = await caller.cookie();
  const before = await refusalState(f);
  const res = await api(request.path, {
    method: request.method,
    cookie,
    raw: request.body ?? null,
    headers: request.headers ?? {},
  });
  caller.keep(res);
  if (caller.name !== "visitor" && request.method !== "GET" && request.method !== "HEAD" && res.status < 400) fixtureMayBeSpent = true;
  const text = await readAnswer(res);
  const seen = `${request.method} ${request.path.slice(0, 300)} as ${caller.name} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, seen).toBeLessThan(500);
  if (res.status >= 400) {
    expect(envelopeProblem(text), seen).toBeNull();
    const after = await refusalState(f);
    const abortsUpload = abortsUploadByDesign(caller, request, res.status);
    if (abortsUpload) fixtureMayBeSpent = true;
    const expected = abortsUpload ? await withUploadAborted(before, after, f.uploadId) : before;
    expect(after, `${seen}: a refused request changed rows`).toEqual(expected);
  }
}

/**
 * The one refusal that writes by design (decision record 0005): the owner's part that runs past
 * the upload's declared size (413) or whose first bytes are not its type (415) aborts the whole
 * upload. Only the upload's status may change, to "aborted".
 */
function abortsUploadByDesign(caller: Caller, request: FuzzRequest, status: number): boolean {
  return caller.name === "owner" && request.method === "PUT" && /^\/api\/uploads\/[^/?]+\/parts\//.test(request.path) && (status === 413 || status === 415);
}

/**
 * The seed `npm test` fuzzes with, so that its runs are repeatable: the same inputs each time
 * (decision record 0025). `npm run fuzz:random` draws a new one (FUZZ_BASE_SEED) to explore.
 */
const DEFAULT_FUZZ_SEED = 20_261_127;

/** A 32-bit FNV-1a hash of the test's name: each property draws its own inputs from one base seed. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** A run count times FUZZ_RUNS (a whole multiplier, 1 unless `npm run fuzz:random` is told more). */
export function fuzzRuns(runs: number): number {
  const factor = Number(env.FUZZ_RUNS);
  return Number.isInteger(factor) && factor > 1 ? runs * factor : runs;
}

/**
 * fast-check's options for one property. The seed is the base seed (DEFAULT_FUZZ_SEED, or
 * FUZZ_BASE_SEED from `npm run fuzz:random`) mixed with the test's name, so that the four callers
 * of a route, and the routes, draw different inputs while a run of the suite stays repeatable.
 * A failure prints its counterexample and the property's own seed and path; running the failing
 * test with FUZZ_SEED=<seed> FUZZ_PATH=<path> replays exactly it.
 */
export function fuzzOptions<Ts>(numRuns: number): fc.Parameters<Ts> {
  const { FUZZ_SEED: seed, FUZZ_PATH: path, FUZZ_BASE_SEED: base } = env;
  const baseSeed = base ? Number(base) : DEFAULT_FUZZ_SEED;
  const ownSeed = seed ? Number(seed) : (baseSeed ^ nameHash(expect.getState().currentTestName ?? "")) | 0;
  return { numRuns, seed: ownSeed, ...(path ? { path } : {}) };
}

/** What every fuzz file works with: one route fixture, the table's example requests, four callers. */
export interface FuzzContext {
  f: RouteFixture;
  examples: Map<string, ExampleRequest>;
  callers: Record<CallerName, Caller>;
  /**
   * Called at the start of each property: builds the fixture afresh when a request before spent
   * a part of it that this route names (its path or its example body), or an account.
   */
  prepare(target: FuzzTarget): Promise<void>;
}

/** Set when a signed-in caller's write went through: only then can the fixture be spent. */
let fixtureMayBeSpent = false;

interface FixturePiece {
  name: string;
  /** The ids that name it in a path or a body; none for what every route depends on. */
  ids: string[];
  /** Its state: gone, hidden, another status. */
  state: D1PreparedStatement;
}

/**
 * What the signed-in callers can spend of the fixture when a fuzzed write goes through: the post,
 * comment, upload, listings, order, offer, availability, booking, muted word and export, and
 * (for every route) the three accounts' suspension and deletion and the blocks between them.
 */
function fixturePieces(f: RouteFixture): FixturePiece[] {
  const one = (name: string, ids: string[], sql: string, id: string): FixturePiece => ({ name, ids, state: env.DB.prepare(sql).bind(id) });
  const people = [f.owner.userId, f.other.userId, f.buyer.userId];
  const among = "(?, ?, ?)";
  return [
    one("post", [f.owner.postId], "select hidden_at from posts where id = ?", f.owner.postId),
    one("comment", [f.commentId], "select hidden_at from comments where id = ?", f.commentId),
    one("upload", [f.uploadId], "select status from uploads where id = ?", f.uploadId),
    one("service", [f.serviceId], "select hidden_at from services where id = ?", f.serviceId),
    one("product", [f.productId], "select hidden_at from products where id = ?", f.productId),
    one("order", [f.orderId, f.bookingId, f.downloadToken], "select status from orders where id = ?", f.orderId),
    one("offer", [f.offerId], "select status from offers where id = ?", f.offerId),
    one("rule", [f.ruleId], "select id from availability_rules where id = ?", f.ruleId),
    one("booking", [f.bookingId, f.orderId], "select status from bookings where id = ?", f.bookingId),
    one("word", [f.wordId], "select id from muted_words where id = ?", f.wordId),
    one("export", [f.exportId], "select status from data_exports where id = ?", f.exportId),
    // The revision orders: a draft deleted, a note written, marked or unmarked, an order moved on.
    {
      name: "revisions",
      ids: [f.revisions.reviewOrderId, f.revisions.revisionOrderId, f.revisions.audioFileId],
      state: env.DB.prepare(
        `select (select json_group_array(json_array(id, status)) from orders where id in (?, ?)) as orders,
          (select json_group_array(json_array(id, requested_at, resolved_in_version_id)) from revision_notes where order_id in (?, ?)) as notes,
          (select count(*) from order_versions where file_id = ?) as versions`,
      ).bind(f.revisions.reviewOrderId, f.revisions.revisionOrderId, f.revisions.reviewOrderId, f.revisions.revisionOrderId, f.revisions.audioFileId),
    },
    {
      name: "accounts",
      ids: [],
      state: env.DB.prepare(
        `select (select json_group_array(json_array(id, suspended_at)) from users where id in ${among}) as users,
          (select json_group_array(user_id) from account_deletions where user_id in ${among}) as deletions,
          (select json_group_array(json_array(blocker_id, blocked_id)) from blocks where blocker_id in ${among} and blocked_id in ${among}) as blocks`,
      ).bind(...people, ...people, ...people, ...people),
    },
  ];
}

/** Each piece's state, by name. */
async function pieceStates(pieces: FixturePiece[]): Promise<Map<string, string>> {
  const results = await env.DB.batch(pieces.map((piece) => piece.state));
  return new Map(pieces.map((piece, i) => [piece.name, JSON.stringify(results[i]!.results)]));
}

/**
 * Builds the fuzz context once per file (in beforeAll) from the security table's cases, and returns
 * the object it fills, so a test reads `fuzz.f` and `fuzz.callers[who]`. The owner and buyer (and
 * the other user, by blocking) can spend the fixture: delete the post, refund the order, block
 * each other. After a signed-in write went through, `prepare` compares each part with what it
 * was when built, and builds the fixture, its example bodies and the callers afresh when the
 * coming route names a spent part (or an account changed), so every route meets a whole fixture
 * while a spent post costs nothing to the routes that never name it.
 */
export function useFuzzContext(cases: RouteCase[]): FuzzContext {
  let pieces: FixturePiece[] = [];
  let built = new Map<string, string>();
  const spent = new Set<string>();
  async function build() {
    context.f = await routeFixture();
    context.examples = await exampleRequests(cases, context.f);
    context.callers = {
      visitor,
      "other user": otherUserCaller(context.f.other),
      owner: fixtureUserCaller("owner", context.f.owner),
      buyer: fixtureUserCaller("buyer", context.f.buyer),
    };
    pieces = fixturePieces(context.f);
    built = await pieceStates(pieces);
    spent.clear();
    fixtureMayBeSpent = false;
  }
  const context: FuzzContext = {
    f: undefined as unknown as RouteFixture,
    examples: new Map(),
    callers: {} as Record<CallerName, Caller>,
    async prepare(target) {
      if (fixtureMayBeSpent) {
        fixtureMayBeSpent = false;
        for (const [name, state] of await pieceStates(pieces)) if (state !== built.get(name)) spent.add(name);
      }
      if (spent.size === 0) return;
      const named = fixturePath(target, context.f) + JSON.stringify(context.examples.get(target.route)?.json ?? null);
      const needed = pieces.some((piece) => spent.has(piece.name) && (piece.ids.length === 0 || piece.ids.some((id) => named.includes(id))));
      if (needed) await build();
    },
  };
  beforeAll(build);
  return context;
}
