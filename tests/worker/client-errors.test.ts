// POST /api/client-errors (issue #28 item 5): the SPA's uncaught errors become one "client error"
// log line each, for visitors and signed-in users alike; bounded in shape and size, limited per IP
// (client_error: 20 per 10 minutes), refused cross-origin, and nothing is stored.
import { afterEach, describe, expect, it, vi } from "vitest";
import { RULES } from "@shared/rate-limit-rules";
import { REQUEST_TEXTS } from "@shared/messages";
import { api, expectError, json, randomIp, signedInUser } from "./helpers";

type Line = Record<string, unknown> & { message: string };

function capture() {
  const lines: Line[] = [];
  for (const level of ["info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((text: unknown) => void lines.push(JSON.parse(String(text)) as Line));
  }
  return lines;
}
afterEach(() => vi.restoreAllMocks());

const REPORT = { kind: "error", message: "TypeError: Cannot read properties of undefined (reading 'id')", stack: "TypeError: …\n    at Profile (/assets/profile-abc.js:1:200)", route: "/_authed/users/$userId" };

describe("POST /api/client-errors", () => {
  it("logs a visitor's report as one line with the request's id, and answers 202", async () => {
    const lines = capture();
    const res = await api("/api/client-errors", { body: REPORT });
    expect(await json(res, 202)).toEqual({ accepted: true });
    const reports = lines.filter((line) => line.message === "client error");
    expect(reports).toEqual([
      expect.objectContaining({ level: "warn", kind: "error", clientMessage: REPORT.message, clientStack: REPORT.stack, clientRoute: REPORT.route, requestId: res.headers.get("x-request-id") }),
    ]);
  });

  it("takes a signed-in user's report without naming them: the request line has only the hash", async () => {
    const ana = await signedInUser();
    const lines = capture();
    await json(await api("/api/client-errors", { body: { kind: "boundary", message: "Render failed" }, cookie: ana.cookie }), 202);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(ana.id);
    expect(text).not.toContain(ana.email);
    expect(lines.find((line) => line.message === "request")).toMatchObject({ route: "/api/client-errors", status: 202, user: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it.each([
    ["an unknown kind", { ...REPORT, kind: "console" }],
    ["an empty message", { ...REPORT, message: "" }],
    ["a message over 300 characters", { ...REPORT, message: "x".repeat(301) }],
    ["a stack over 2,000 characters", { ...REPORT, stack: "s".repeat(2001) }],
    ["an address instead of a route pattern", { ...REPORT, route: "/users/abc?tab=posts" }],
    ["a field the schema does not know", { ...REPORT, email: "ana@example.test" }],
  ])("refuses %s with 400 and logs nothing", async (_, body) => {
    const lines = capture();
    await expectError(await api("/api/client-errors", { body }), 400);
    expect(lines.filter((line) => line.message === "client error")).toEqual([]);
  });

  it("refuses a body over 8 KB before reading it (413)", async () => {
    const res = await api("/api/client-errors", { body: { ...REPORT, stack: "é".repeat(5000) } });
    expect(res.status).toBe(413);
  });

  it("refuses a cross-origin report (403)", async () => {
    await expectError(await api("/api/client-errors", { body: REPORT, origin: "https://evil.example" }), 403, REQUEST_TEXTS.crossOriginRefused);
  });

  it("limits each IP to the client_error rule, invalid reports included; another IP is unaffected", async () => {
    const ip = randomIp();
    const { limit } = RULES.client_error;
    for (let i = 0; i < limit; i++) {
      const body = i % 2 === 0 ? { ...REPORT, message: `error ${i}` } : { kind: "nope" };
      expect((await api("/api/client-errors", { body, ip })).status).toBe(i % 2 === 0 ? 202 : 400);
    }
    const lines = capture();
    expect((await api("/api/client-errors", { body: REPORT, ip })).status).toBe(429);
    expect(lines.filter((line) => line.message === "client error")).toEqual([]);
    expect((await api("/api/client-errors", { body: REPORT, ip: randomIp() })).status).toBe(202);
  });
});
