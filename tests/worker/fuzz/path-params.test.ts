// Every API route with path parameters is sent arbitrary values for them (any script, encoded and
// raw, dot segments, broken escapes, edge strings, ids of the right shape, very long ones, the
// fixture's real ids) as a visitor, another user, the owner (the seller) and the buyer, with the
// route's valid body so the path is what decides the answer. A GET also asks, now and then, for a
// WebSocket upgrade (the comments' live room answers 101 to a real post). What must hold is in
// helpers/route-fuzz.ts; why, in decision record 0025.
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  CALLERS,
  expectSafeAnswer,
  fillPath,
  fixtureParam,
  fuzzOptions,
  fuzzTargets,
  pathValueArbitrary,
  runsPerCaller,
  useFuzzContext,
  withExample,
} from "../helpers";
import { SECURITY_TABLE } from "../security-table";

/**
 * Runs per route, split over the four callers: 32 of the 50 two callers had, since three of the
 * four are signed in and their requests cost more than a visitor's (decision record 0025).
 */
const RUNS = runsPerCaller(24);

const fuzz = useFuzzContext(SECURITY_TABLE);

describe.each(fuzzTargets().filter((target) => target.params.length > 0))("$route", (target) => {
  it.each(CALLERS)("answers any path value from the %s without a 5xx, in the envelope, writing nothing when refused", async (who) => {
    await fuzz.prepare(target);
    const values = fc.record(Object.fromEntries(target.params.map((name) => [name, pathValueArbitrary(fixtureParam(name, fuzz.f, target.route))])));
    const upgrade = target.method === "GET" ? fc.boolean() : fc.constant(false);
    await fc.assert(
      fc.asyncProperty(values, upgrade, async (value, asksUpgrade) => {
        const path = fillPath(target, (name) => value[name]!);
        const headers: Record<string, string> = asksUpgrade ? { upgrade: "websocket" } : {};
        await expectSafeAnswer(fuzz.f, fuzz.callers[who], withExample(target, path, fuzz.examples.get(target.route), headers));
      }),
      fuzzOptions(RUNS),
    );
  });
});
