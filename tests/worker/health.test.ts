import { describe, expect, it } from "vitest";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("answers ok after touching D1", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    const body = await res.json<{ ok: boolean; db: { ok: boolean; migrations: number } }>();
    expect(body.ok).toBe(true);
    expect(body.db.migrations).toBeGreaterThan(0);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,64}$/);
  });
});

describe("error envelope", () => {
  it("answers unknown /api routes with 404 in the envelope", async () => {
    const res = await api("/api/does-not-exist", { headers: { "x-request-id": "req-12345678" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found", requestId: "req-12345678" } });
  });

  it("ignores a malformed incoming request id", async () => {
    const res = await api("/api/nope", { headers: { "x-request-id": "<script>" } });
    const body = await res.json<{ error: { requestId: string } }>();
    expect(body.error.requestId).not.toBe("<script>");
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("security headers", () => {
  it("sets CSP, nosniff, frame-ancestors, referrer policy and HSTS on API responses", async () => {
    for (const path of ["/api/health", "/api/missing"]) {
      const res = await api(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
    }
  });
});
