// A deploy missing its configuration refuses to serve (issue #28 item 2, decision record 0086):
// outside development and test, a missing or malformed APP_ORIGIN, a missing or short JWT_SECRET
// or a missing PASSWORD_PEPPER makes every request a 503 (the API's envelope, a page for
// everything else), logs one line per isolate naming the problem and never the value, and touches
// nothing: a sign-up in a refused deploy writes no account.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_TEXTS } from "@shared/messages";
import { app } from "../../../worker/app";
import worker from "../../../worker/index";
import { users } from "../../../worker/db/schema";
import { apiRequest, db, expectError, ORIGIN } from "../helpers";

const SECRET_32 = "s".repeat(32);
const CONFIGURED = { ENVIRONMENT: "production", APP_ORIGIN: "https://backline.example", JWT_SECRET: SECRET_32, PASSWORD_PEPPER: "pepper-of-a-deploy" };

/** A fresh env object each time: the check and its log line are once per env (per isolate). */
function environment(changes: Record<string, string | undefined>): Record<string, unknown> {
  const changed: Record<string, unknown> = { ...env, ...CONFIGURED };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete changed[name];
    else changed[name] = value;
  }
  return changed;
}

async function send(bindings: Record<string, unknown>, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let errors: string[] = [];
function captureErrors() {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
}
afterEach(() => vi.restoreAllMocks());

const REFUSALS: [string, Record<string, string | undefined>, string][] = [
  ["APP_ORIGIN missing", { APP_ORIGIN: undefined }, "APP_ORIGIN is not set"],
  ["APP_ORIGIN empty (the old 'request's own origin')", { APP_ORIGIN: "" }, "APP_ORIGIN is not set"],
  ["APP_ORIGIN with a path", { APP_ORIGIN: "https://shop.test/app" }, "APP_ORIGIN is not an http(s) origin"],
  ["APP_ORIGIN not a URL", { APP_ORIGIN: "shop.test" }, "APP_ORIGIN is not an http(s) origin"],
  ["JWT_SECRET missing", { JWT_SECRET: undefined }, "JWT_SECRET is not set"],
  ["JWT_SECRET of 31 characters", { JWT_SECRET: "k".repeat(31) }, "JWT_SECRET is shorter than 32 characters"],
  ["PASSWORD_PEPPER missing", { PASSWORD_PEPPER: undefined }, "PASSWORD_PEPPER is not set"],
  ["PASSWORD_PEPPER empty", { PASSWORD_PEPPER: "" }, "PASSWORD_PEPPER is not set"],
];

describe.each(REFUSALS)("production with %s", (_, changes, problem) => {
  it("answers 503 everywhere, logs the problem once, and writes nothing", async () => {
    captureErrors();
    const bindings = environment(changes);
    const email = `refused-${crypto.randomUUID()}@example.com`;
    const signUp = await send(
      bindings,
      apiRequest("/api/auth/sign-up", { body: { email, password: "Mix!Bus#Glue42", username: `r${Date.now()}`, displayName: "Refused" }, origin: "https://backline.example" }),
    );
    const envelope = await expectError(signUp, 503, REQUEST_TEXTS.notConfigured);
    expect(envelope.error.code).toBe("unavailable");
    expect(signUp.headers.get("retry-after")).toBe("300");
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);

    await expectError(await send(bindings, apiRequest("/api/health")), 503, REQUEST_TEXTS.notConfigured);
    const page = await send(bindings, new Request(`${ORIGIN}/feed`, { headers: { accept: "text/html" } }));
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain(REQUEST_TEXTS.notConfigured);
    expect(html).not.toContain("<script");
    expect(html).not.toContain(problem);

    // One line for the three requests, naming the problem and none of the configured values.
    const refusals = errors.filter((line) => line.includes("configuration refused"));
    expect(refusals).toHaveLength(1);
    const line = JSON.parse(refusals[0]!) as { level: string; problems: string[] };
    expect(line.level).toBe("error");
    expect(line.problems.join(" | ")).toContain(problem);
    expect(line.problems).toHaveLength(1);
    for (const value of Object.values(changes)) if (value) expect(refusals[0]).not.toContain(value);
    expect(refusals[0]).not.toContain(SECRET_32);
    expect(refusals[0]).not.toContain(CONFIGURED.PASSWORD_PEPPER);
  });
});

describe("configuration that may serve", () => {
  it("production with all three (a secret of exactly 32 characters) serves and logs no refusal", async () => {
    captureErrors();
    const res = await send(environment({}), apiRequest("/api/health"));
    expect(res.status).toBe(200);
    expect(errors.filter((line) => line.includes("configuration refused"))).toEqual([]);
  });

  it("lists every problem at once, so one deploy fixes them all", async () => {
    captureErrors();
    await send(environment({ APP_ORIGIN: undefined, JWT_SECRET: "short", PASSWORD_PEPPER: undefined }), apiRequest("/api/health"));
    const line = JSON.parse(errors.find((l) => l.includes("configuration refused"))!) as { problems: string[] };
    expect(line.problems).toHaveLength(3);
  });

  it.each([["preview"], ["e2e"], ["staging"], [""]])("%s without APP_ORIGIN is refused like production", async (mode) => {
    captureErrors();
    await expectError(await send(environment({ ENVIRONMENT: mode, APP_ORIGIN: undefined }), apiRequest("/api/health")), 503, REQUEST_TEXTS.notConfigured);
  });

  it.each([["test"], ["development"]])("%s serves without APP_ORIGIN and with a short secret (the request's own origin)", async (mode) => {
    captureErrors();
    const res = await send(environment({ ENVIRONMENT: mode, APP_ORIGIN: undefined, JWT_SECRET: "short-local-secret" }), apiRequest("/api/health"));
    expect(res.status).toBe(200);
    expect(errors.filter((line) => line.includes("configuration refused"))).toEqual([]);
  });
});

describe("cron in a refused deploy", () => {
  it("runs no job", async () => {
    captureErrors();
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const controller = { cron: "*/15 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController;
    await worker.scheduled(controller, environment({ PASSWORD_PEPPER: undefined }) as never, ctx);
    expect(waited).toEqual([]);
    expect(errors.filter((line) => line.includes("configuration refused"))).toHaveLength(1);
  });
});
