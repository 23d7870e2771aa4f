// Every API route is sent arbitrary query strings (the app's field names such as
// cursor, limit and since, the OAuth callback's keys and random ones; junk values, cursors of the
// right shape with values at the edges, malformed escapes, repeated keys) as a visitor and as a
// signed-in user, with the fixture's ids and the route's valid body so the query is what decides
// the answer. What must hold is in helpers/route-fuzz.ts; why, in decision record 0025.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expectSafeAnswer,
  FIELD_NAMES,
  fixturePath,
  fuzzOptions,
  fuzzTargets,
  queryArbitrary,
  useFuzzContext,
  withExample,
} from "../helpers";
import { SECURITY_TABLE } from "../security-table";

const RUNS = 15;

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
});

describe.each(fuzzTargets())("$route", (target) => {
  it.each(["visitor", "signed-in user"] as const)("answers any query string from a %s without a 5xx, in the envelope, writing nothing when refused", async (who) => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        await expectSafeAnswer(fuzz.f, fuzz.callers[who], withExample(target, fixturePath(target, fuzz.f) + query, fuzz.examples.get(target.route)));
      }),
      fuzzOptions(RUNS),
    );
  });
});
