// Every /api route the app serves is in the security table (or, for the few that are not plain
// requests, on its public list with a reason), so a new route cannot skip the common route tests.
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { servedApiRoutes } from "./helpers";
import { PUBLIC_ROUTES, SECURITY_TABLE } from "./security-table";

describe("route coverage", () => {
  const served = servedApiRoutes(app.routes);
  const listed = [...SECURITY_TABLE, ...PUBLIC_ROUTES].map((row) => row.route);

  it("has a security-table row or a public-list entry for every API route the app serves", () => {
    expect(served.filter((route) => !listed.includes(route))).toEqual([]);
  });

  it("lists no route the app does not serve, and none twice", () => {
    expect(listed.filter((route) => !served.includes(route))).toEqual([]);
    expect(listed.filter((route, i) => listed.indexOf(route) !== i)).toEqual([]);
  });

  it("sees the routes (a guard against an empty route table)", () => {
    expect(served.length).toBeGreaterThan(30);
  });
});
