// One structured line per request (issue #28 item 5, decision record 0011), read from the console
// as Workers Logs would: request id, method, route pattern, status, duration and a keyed hash of a
// signed-in caller's id; never the path's ids, the address, the user agent or the query. A failure
// logs its stack once, on its own error line.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeJwt } from "jose";
import { app } from "../../../worker/app";
import { signAccessToken } from "../../../worker/services/auth/tokens";
import { api, apiRequest, signedInUser } from "../helpers";

type Line = Record<string, unknown> & { level: string; message: string };

function capture() {
  const lines: Line[] = [];
  for (const level of ["debug", "info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((text: unknown) => void lines.push(JSON.parse(String(text)) as Line));
  }
  return lines;
}
afterEach(() => vi.restoreAllMocks());

describe("the request line", () => {
  it("names the route pattern, status, duration and a hashed user, and nothing personal", async () => {
    const viewer = await signedInUser();
    const profile = await signedInUser();
    const lines = capture();
    const res = await api(`/api/users/${profile.id}?tab=posts`, { cookie: viewer.cookie, ip: "203.0.113.77", headers: { "user-agent": "Agent/9.9 (secret)" } });
    expect(res.status).toBe(200);
    const requests = lines.filter((line) => line.message === "request");
    expect(requests).toHaveLength(1);
    const line = requests[0]!;
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/api/users/:userId", status: 200, requestId: res.headers.get("x-request-id") });
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.user).toMatch(/^[0-9a-f]{16}$/);
    const text = JSON.stringify(line);
    for (const personal of [viewer.id, profile.id, viewer.email, "203.0.113.77", "Agent/9.9", "tab=posts"]) expect(text).not.toContain(personal);
    expect(line).not.toHaveProperty("stack");
  });

  it("gives the same user the same hash and another user another; a visitor none", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const lines = capture();
    await api("/api/auth/session", { cookie: ana.cookie });
    await api("/api/auth/session", { cookie: ana.cookie });
    await api("/api/auth/session", { cookie: ben.cookie });
    await api("/api/auth/session");
    const users = lines.filter((line) => line.message === "request").map((line) => line.user);
    expect(users).toHaveLength(4);
    expect(users[0]).toBe(users[1]);
    expect(users[2]).not.toBe(users[0]);
    expect(users[3]).toBeUndefined();
  });

  it("hashes with the environment's own secret, remembered per environment: HMAC-SHA-256 under log-user:JWT_SECRET", async () => {
    const ana = await signedInUser();
    const expected = async (secret: string) => {
      const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(`log-user:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(ana.id)));
      return Array.from(mac.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
    };
    const lines = capture();
    // Twice under the real environment (the second answer comes from memory), then once under an
    // environment with another secret, which must not be answered from the first one's memory.
    await api("/api/auth/session", { cookie: ana.cookie });
    await api("/api/auth/session", { cookie: ana.cookie });
    const rotated = { ...env, JWT_SECRET: `${env.JWT_SECRET}-rotated` };
    const sessionId = decodeJwt(/bl_access=([^;]+)/.exec(ana.cookie)![1]!).sid as string;
    const token = await signAccessToken(rotated, { userId: ana.id, sessionId });
    const ctx = createExecutionContext();
    const res = await app.fetch(apiRequest("/api/auth/session", { headers: { cookie: `bl_access=${token}` } }), rotated, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const users = lines.filter((line) => line.message === "request").map((line) => line.user);
    expect(users).toEqual([await expected(env.JWT_SECRET), await expected(env.JWT_SECRET), await expected(rotated.JWT_SECRET)]);
    expect(users[2]).not.toBe(users[0]);
  });

  it("logs refusals too: a cross-origin write is one line with its 403", async () => {
    const lines = capture();
    const res = await api("/api/auth/sign-in", { body: { email: "a@example.test", password: "x" }, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(lines.filter((line) => line.message === "request")).toEqual([expect.objectContaining({ method: "POST", status: 403 })]);
  });
});

describe("a failure", () => {
  it("logs its stack once, on the error line, and the request line carries the 500", async () => {
    // A D1 that fails every statement: the profile route's query throws something no handler expects.
    const failing = {
      prepare() {
        throw new Error("D1 exploded for the test");
      },
      batch() {
        throw new Error("D1 exploded for the test");
      },
    };
    const lines = capture();
    const ctx = createExecutionContext();
    const res = await app.fetch(apiRequest(`/api/users/${crypto.randomUUID()}`), { ...env, DB: failing }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const withStack = lines.filter((line) => typeof line.stack === "string");
    expect(withStack).toHaveLength(1);
    expect(withStack[0]).toMatchObject({ level: "error", message: "unhandled error", route: "/api/users/:userId", error: "Error: D1 exploded for the test" });
    expect(String(withStack[0]!.stack)).toContain("D1 exploded for the test");
    expect(lines.filter((line) => line.message === "request")).toEqual([expect.objectContaining({ status: 500, route: "/api/users/:userId" })]);
  });
});
