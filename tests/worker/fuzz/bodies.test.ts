// Every API route that takes a body is sent arbitrary ones (any JSON, its own valid body broken
// field by field, the app's field names with wrong values, edge strings, long arrays, deep nesting,
// bodies that are not JSON, wrong content types) as a visitor, another user, the owner (the seller)
// and the buyer. The path carries the fixture's real ids, so the body is what decides the answer.
// What must hold is in helpers/route-fuzz.ts; why, in decision record 0025.
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  CALLERS,
  bodyArbitrary,
  expectSafeAnswer,
  fixturePath,
  fuzzOptions,
  fuzzTargets,
  takesBody,
  runsPerCaller,
  useFuzzContext,
} from "../helpers";
import { SECURITY_TABLE } from "../security-table";

/**
 * Runs per route, split over the four callers: two-thirds of the 60 two callers had, since three
 * of the four are signed in and their requests cost more than a visitor's (decision record 0025).
 */
const RUNS = runsPerCaller(28);

const fuzz = useFuzzContext(SECURITY_TABLE);

describe.each(fuzzTargets().filter(takesBody))("$route", (target) => {
  it.each(CALLERS)("answers any body from the %s without a 5xx, in the envelope, writing nothing when refused", async (who) => {
    await fuzz.prepare(target);
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(fuzz.examples.get(target.route)), async ({ body, contentType }) => {
        await expectSafeAnswer(fuzz.f, fuzz.callers[who], {
          method: target.method,
          path: fixturePath(target, fuzz.f),
          body,
          headers: contentType === null ? {} : { "content-type": contentType },
        });
      }),
      fuzzOptions(RUNS),
    );
  });
});
