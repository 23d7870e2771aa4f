// Every API route is sent arbitrary query strings (the app's field names such as cursor, limit and
// since, the OAuth callback's keys and random ones; junk values, edge strings in the text fields,
// cursors of the right shape with values at the edges, malformed escapes, repeated keys) as a
// visitor, another user, the owner (the seller) and the buyer, with the fixture's ids and the
// route's valid body so the query is what decides the answer. What must hold is in
// helpers/route-fuzz.ts; why, in decision record 0025.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALLERS,
  EDGE_SAMPLES,
  expectSafeAnswer,
  FIELD_NAMES,
  fixturePath,
  fuzzOptions,
  fuzzTargets,
  queryArbitrary,
  runsPerCaller,
  STRING_LIMITS,
  TEXT_QUERY_KEYS,
  useFuzzContext,
  withExample,
} from "../helpers";
import { SECURITY_TABLE } from "../security-table";

/**
 * Runs per route, split over the four callers: 24 of the 30 two callers had, since three of the
 * four are signed in and a quarter search with edge strings, both costing more (decision record
 * 0025); the sweep of the search fields below makes up the rest.
 */
const RUNS = runsPerCaller(16);

const fuzz = useFuzzContext(SECURITY_TABLE);

describe("the fuzz targets", () => {
  it("are the app's API routes, read from its route table", () => {
    const routes = fuzzTargets().map((target) => target.route);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContain("GET /api/posts/:postId/comments/live");
    expect(routes.every((route) => / \/api\//.test(route))).toBe(true);
  });

  it("know the field names of the shared request schemas", () => {
    expect(FIELD_NAMES).toEqual(expect.arrayContaining(["cursor", "limit", "since", "email", "password", "content", "caption", "uploadId"]));
  });

  it("know the string limits of the shared request schemas, around which edge strings are made", () => {
    // The conversations search's 100 characters, where D1's 50-byte LIKE limit once answered 500.
    expect(STRING_LIMITS).toContain(100);
    expect(STRING_LIMITS.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  });
});

// Every edge sample in every text field of the routes that search (LIKE, GLOB and FTS5 MATCH
// patterns are where they broke), as the owner, whose conversations the conversations filter reads.
describe("the text query fields", () => {
  const searching = fuzzTargets().filter((target) => target.method === "GET" && /^\/api\/(search\/|conversations$|profile\/username-check$)/.test(target.path));

  it("are found on the search, conversations and username routes", () => {
    expect(searching.map((target) => target.route)).toEqual(expect.arrayContaining(["GET /api/conversations", "GET /api/search/users", "GET /api/profile/username-check"]));
  });

  it.each(searching)("answer every edge sample on $route without a 5xx", async (target) => {
    await fuzz.prepare(target);
    for (const key of TEXT_QUERY_KEYS) {
      for (const sample of EDGE_SAMPLES) {
        const path = `${fixturePath(target, fuzz.f)}?${key}=${encodeURIComponent(sample)}`;
        await expectSafeAnswer(fuzz.f, fuzz.callers.owner, withExample(target, path, fuzz.examples.get(target.route)));
      }
    }
  });
});

describe.each(fuzzTargets())("$route", (target) => {
  it.each(CALLERS)("answers any query string from the %s without a 5xx, in the envelope, writing nothing when refused", async (who) => {
    await fuzz.prepare(target);
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        await expectSafeAnswer(fuzz.f, fuzz.callers[who], withExample(target, fixturePath(target, fuzz.f) + query, fuzz.examples.get(target.route)));
      }),
      fuzzOptions(RUNS),
    );
  });
});
