// The "e2e" mode of the journeys' production build (decision record 0086, worker/lib/modes.ts):
// the outbox, the labelled test payments and the local server's body drain, and nothing else of
// development — the strict CSP, the production password-hash cost, no Stripe test key — while the
// configuration check applies as in production.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { allows } from "../../../worker/lib/modes";
import { paymentsMode } from "../../../worker/services/payments/stripe";
import { ORIGIN } from "../helpers";

async function get(path: string, ENVIRONMENT: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`), { ...env, ENVIRONMENT, APP_ORIGIN: ORIGIN }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("ENVIRONMENT e2e", () => {
  it("serves the production CSP: no inline scripts, no dev websocket", async () => {
    const csp = (await get("/api/health", "e2e")).headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/connect-src[^;]*ws:/);
    // development, by contrast, relaxes both for Vite's dev server.
    expect((await get("/api/health", "development")).headers.get("content-security-policy")).toContain("'unsafe-inline'");
  });

  it("keeps the outbox the journeys read their mail from", async () => {
    expect((await get("/dev/outbox.json", "e2e")).status).toBe(200);
  });

  it("allows the labelled test payments and the body drain, and nothing else", () => {
    const e2e = { ENVIRONMENT: "e2e" };
    expect(["testPayments", "devRoutes", "mailOutbox", "bodyDrain"].filter((s) => allows(e2e, s as never))).toEqual(["testPayments", "devRoutes", "mailOutbox", "bodyDrain"]);
    for (const off of ["cheapPasswordHash", "relaxedCsp", "stripeTestKey", "unconfigured"] as const) expect({ off, allowed: allows(e2e, off) }).toEqual({ off, allowed: false });
    expect(paymentsMode({ ENVIRONMENT: "e2e", STRIPE_SECRET_KEY: undefined })).toBe("test");
    expect(paymentsMode({ ENVIRONMENT: "e2e", STRIPE_SECRET_KEY: "sk_test_fake" })).toBe("unavailable");
  });
});
