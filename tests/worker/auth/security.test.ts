// Cross-cutting protections: the Origin check on every mutating API request, the dev outbox only
// outside production, and guards (requireUser) answering in the envelope; then every account,
// security-report and health route against the security table.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { api, createUser, expectError, outbox, runCommonRouteTests } from "../helpers";
import { ACCOUNT_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe("Origin check", () => {
  it("refuses a cross-origin POST before it does anything", async () => {
    const ana = await createUser();
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null", null]) {
      const res = await api("/api/auth/sign-in", { body: { email: ana.email, password: ana.password }, origin });
      await expectError(res, 403, "Cross-origin request refused");
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      await expectError(await api("/api/auth/sign-out", { method, origin: "https://evil.example" }), 403, "Cross-origin request refused");
    }
  });

  it("lets same-origin requests and GETs through", async () => {
    const ana = await createUser();
    expect((await api("/api/auth/sign-in", { body: { email: ana.email, password: ana.password } })).status).toBe(200);
    expect((await api("/api/auth/session", { headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });

  it("uses APP_ORIGIN when it is set", async () => {
    const configured = { ...env, APP_ORIGIN: "https://backline.example" };
    const post = (origin: string) =>
      app.fetch(
        new Request("http://internal.worker/api/auth/password-reset", {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.200" },
          body: JSON.stringify({ email: "x@example.test" }),
        }),
        configured,
        ctx,
      );
    expect((await post("https://backline.example")).status).toBe(200);
    await expectError(await post("http://internal.worker"), 403, "Cross-origin request refused");
  });
});

describe("dev outbox", () => {
  it("lists mail newest first as JSON and HTML with clickable links in test/development", async () => {
    const email = "outbox-reader@example.test";
    await api("/api/auth/sign-up", { body: { email, password: "Outbox-Reader-1!", username: "outbox_reader", displayName: "Reader" } });
    const res = await api("/dev/outbox.json");
    expect(res.status).toBe(200);
    const { messages } = await res.json<{ messages: { to: string; subject: string; text: string; createdAt: number }[] }>();
    expect(messages[0]).toMatchObject({ to: email });
    expect(messages[0]!.text).toContain("/auth/confirm?token=");
    expect(messages).toHaveLength((await outbox()).length);
    const html = await (await api("/dev/outbox")).text();
    expect(html).toMatch(/<a href="http:\/\/localhost\/auth\/confirm\?token=[A-Za-z0-9_-]+">/);
  });

  it("does not exist in production", async () => {
    const production = { ...env, ENVIRONMENT: "production", APP_ORIGIN: "http://localhost" };
    for (const path of ["/dev/outbox", "/dev/outbox.json"]) {
      const res = await app.fetch(new Request(`http://localhost${path}`), production, ctx);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("outbox-reader");
    }
  });

  it("production without a mail binding answers 503 for known and unknown addresses alike", async () => {
    const production = { ...env, ENVIRONMENT: "production", APP_ORIGIN: "http://localhost" };
    const reset = async (email: string) =>
      app.fetch(
        new Request("http://localhost/api/auth/password-reset", {
          method: "POST",
          headers: { Origin: "http://localhost", "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.201" },
          body: JSON.stringify({ email }),
        }),
        production,
        ctx,
      );
    const message = "Email is temporarily unavailable. Please try again later.";
    await expectError(await reset((await createUser()).email), 503, message);
    await expectError(await reset("nobody-here@example.test"), 503, message);
  });
});

describe("account routes", () => {
  runCommonRouteTests(ACCOUNT_ROUTES);
});
