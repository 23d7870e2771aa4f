// Property-based fuzzing of every /api route (decision record 0025). The targets
// are read from the app's own route table, so a route added tomorrow is fuzzed without anyone
// remembering to. fast-check sends each one arbitrary bodies, path values and query strings, as a
// visitor and as a signed-in user, and every answer must hold three properties:
//   1. it is never a 5xx;
//   2. an error (4xx) is the error envelope { error: { code, message, requestId } }, non-empty;
//   3. a refused request (4xx) changes no row (refusalState, the common route tests' own check).
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { z } from "zod";
import { app } from "../../../worker/app";
import { api, cookieHeader, setCookies } from "./request";
import { fixtureParam, refusalState, type RouteCase, type RouteFixture, routeFixture, servedApiRoutes } from "./route-security";
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
  return fillPath(target, (name) => encodeURIComponent(fixtureParam(name, f) ?? crypto.randomUUID()));
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

/** Any value for a field: wrong types, nasty strings, huge strings, and now and then a right one. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -1e308, [], {}, ...NASTY_STRINGS),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  hugeString,
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
);

/** Arbitrary query strings ("" or "?k=v&k&…"), repeated keys and malformed escapes included. */
export const queryArbitrary: fc.Arbitrary<string> = fc
  .array(fc.tuple(queryKey(), fc.option(queryValue, { nil: undefined })), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join("&")}` : ""));

// ---- Callers ----

export interface Caller {
  name: string;
  /** The Cookie header for the next request. */
  cookie(): Promise<string | null>;
  /** Keeps the session cookies an answer sets, as a browser's cookie jar would. */
  keep(res: Response): void;
}

const visitor: Caller = { name: "visitor", cookie: async () => null, keep: () => {} };

/**
 * A signed-in user, signed in once through the real sign-in route. An answer that rotates the
 * cookies (a refresh) replaces them; one that ends the session (a sign-out, a refresh token
 * presented twice) leaves the jar empty, and the next request signs a fresh user in, so the
 * routes after it are still fuzzed signed in.
 */
function signedInCaller(first: SignedIn): Caller {
  let jar: { bl_access: string; bl_refresh: string } | null = { bl_access: first.access, bl_refresh: first.refresh };
  return {
    name: "signed-in user",
    async cookie() {
      if (!jar) {
        const user = await createUser();
        const session = await signIn(user.email, user.password);
        jar = { bl_access: session.access, bl_refresh: session.refresh };
      }
      return cookieHeader(jar);
    },
    keep(res) {
      const set = setCookies(res);
      if (set.bl_access === "" || set.bl_refresh === "") jar = null;
      else if (jar) jar = { bl_access: set.bl_access ?? jar.bl_access, bl_refresh: set.bl_refresh ?? jar.bl_refresh };
    },
  };
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
  const text = await readAnswer(res);
  const seen = `${request.method} ${request.path.slice(0, 300)} as ${caller.name} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, seen).toBeLessThan(500);
  if (res.status >= 400) {
    expect(envelopeProblem(text), seen).toBeNull();
    expect(await refusalState(f), `${seen}: a refused request changed rows`).toEqual(before);
  }
}

/**
 * fast-check's options for one property. Each run draws a new seed, so the suite explores further
 * every time it runs. A failure prints its counterexample, seed and path; to replay it, run the
 * failing test with FUZZ_SEED=<seed> FUZZ_PATH=<path> in the environment.
 */
export function fuzzOptions<Ts>(numRuns: number): fc.Parameters<Ts> {
  const { FUZZ_SEED: seed, FUZZ_PATH: path } = env;
  return { numRuns, ...(seed ? { seed: Number(seed) } : {}), ...(path ? { path } : {}) };
}

/** What every fuzz file works with: one route fixture, the table's example requests, two callers. */
export interface FuzzContext {
  f: RouteFixture;
  examples: Map<string, ExampleRequest>;
  callers: Record<"visitor" | "signed-in user", Caller>;
}

/**
 * Builds the fuzz context once per file (in beforeAll) from the security table's cases, and returns
 * the object it fills, so a test reads `fuzz.f` and `fuzz.callers[who]`.
 */
export function useFuzzContext(cases: RouteCase[]): FuzzContext {
  const context = {} as FuzzContext;
  beforeAll(async () => {
    context.f = await routeFixture();
    context.examples = await exampleRequests(cases, context.f);
    context.callers = { visitor, "signed-in user": signedInCaller(context.f.other) };
  });
  return context;
}
