// The /dev routes sit outside the API's security table and fuzz suites (which read /api routes),
// so they get their own: every /dev route the app serves, enumerated from the app's own route
// table so a new one cannot skip it, is a plain 404 in production for a visitor and a signed-in
// user whatever its path holds; and in the test mode, where the routes answer, any path value is
// answered without a 5xx. Issue #33 added the room eviction among them (decision record 0099).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { api, apiRequest, fuzzOptions, ORIGIN, pathValueArbitrary, servedApiRoutes, signedInUser } from "./helpers";

const DEV_ROUTES = servedApiRoutes(app.routes, "/dev/");

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, value);
}

async function inMode(mode: string, method: string, path: string, cookie?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(apiRequest(path, { method, ...(cookie ? { cookie } : {}) }), { ...env, ENVIRONMENT: mode, APP_ORIGIN: ORIGIN }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the /dev routes", () => {
  it("are seen (a guard against an empty list): the outbox, its JSON and the room eviction", () => {
    expect(DEV_ROUTES).toEqual(["GET /dev/outbox", "GET /dev/outbox.json", "POST /dev/rooms/chat/:conversationId/evict"]);
  });

  it.each(DEV_ROUTES)("%s is a plain 404 in production, for a visitor and a signed-in user, whatever the path holds", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    const user = await signedInUser();
    for (const value of [crypto.randomUUID(), "not%20an%20id", "..", "%00"]) {
      for (const cookie of [undefined, user.cookie]) {
        const res = await inMode("production", method, fill(path, value), cookie);
        const body = await res.text();
        expect({ value, signedIn: cookie !== undefined, status: res.status }).toEqual({ value, signedIn: cookie !== undefined, status: 404 });
        // Nothing that tells a visitor the route exists: no outbox, no mail.
        expect(body).not.toMatch(/outbox|mail/i);
      }
    }
  });

  it.each(DEV_ROUTES.filter((route) => route.includes("/:")))("%s answers any path value without a 5xx in the test mode", async (route) => {
    const [method, path] = route.split(" ") as [string, string];
    await fc.assert(
      fc.asyncProperty(pathValueArbitrary(), async (value) => {
        const res = await api(fill(path, value), { method });
        await res.body?.cancel();
        expect({ value, status: res.status < 500 }).toEqual({ value, status: true });
      }),
      fuzzOptions(40),
    );
  });
});
