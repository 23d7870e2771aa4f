// GET /api/health?deep=1 (issue #28 item 5): D1, both R2 buckets and KV answer and D1 has every
// migration the build expects, for an uptime monitor holding HEALTH_CHECK_TOKEN. Without the token
// nothing is touched (a visitor cannot use it to load the database), and a token holder gets one
// result per isolate per DEEP_CHECK_TTL_MS.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_TEXTS } from "@shared/messages";
import { app } from "../../worker/app";
import { EXPECTED_MIGRATIONS } from "../../worker/routes/health";
import { apiRequest, expectError, json } from "./helpers";

const TOKEN = "health-token-0123456789abcdef";

/** The test bindings with the token set and every binding the check touches counted (a fresh env: its own cache). */
function countedEnv(changes: Record<string, unknown> = {}) {
  const touched = { db: 0, media: 0, privateFiles: 0, kv: 0 };
  const count = <T extends object>(target: T, key: keyof typeof touched): T =>
    new Proxy(target, {
      get(t, property) {
        const value = Reflect.get(t, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          touched[key]++;
          return (value as (...a: unknown[]) => unknown).apply(t, args);
        };
      },
    });
  const bindings = {
    ...env,
    HEALTH_CHECK_TOKEN: TOKEN,
    DB: count(env.DB, "db"),
    MEDIA: count(env.MEDIA, "media"),
    PRIVATE_FILES: count(env.PRIVATE_FILES, "privateFiles"),
    KV: count(env.KV, "kv"),
    ...changes,
  };
  return { bindings, touched };
}

async function deep(bindings: Record<string, unknown>, authorization?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(apiRequest("/api/health?deep=1", { headers: authorization ? { authorization } : {} }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => vi.useRealTimers());

describe("GET /api/health?deep=1", () => {
  it("refuses anyone without the token, touching no binding", async () => {
    const { bindings, touched } = countedEnv();
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      await expectError(await deep(bindings, authorization), 401, REQUEST_TEXTS.authenticationRequired);
    }
    expect(touched).toEqual({ db: 0, media: 0, privateFiles: 0, kv: 0 });
  });

  it("is closed to everyone when no token is configured", async () => {
    const { bindings, touched } = countedEnv({ HEALTH_CHECK_TOKEN: undefined });
    await expectError(await deep(bindings, "Bearer undefined"), 401, REQUEST_TEXTS.authenticationRequired);
    await expectError(await deep(bindings, "Bearer "), 401, REQUEST_TEXTS.authenticationRequired);
    expect(touched.db).toBe(0);
  });

  it("reports every binding and the migrations to the token holder, then answers from that result", async () => {
    const { bindings, touched } = countedEnv();
    const report = await json<{ ok: boolean; db: { ok: boolean; migrations: number; pending: string[] }; media: { ok: boolean }; privateFiles: { ok: boolean }; kv: { ok: boolean } }>(
      await deep(bindings, `Bearer ${TOKEN}`),
      200,
    );
    expect(report).toMatchObject({ ok: true, db: { ok: true, migrations: EXPECTED_MIGRATIONS.length, pending: [] }, media: { ok: true }, privateFiles: { ok: true }, kv: { ok: true } });
    expect(touched).toEqual({ db: 1, media: 1, privateFiles: 1, kv: 1 });
    // Ten more checks inside the window touch nothing more.
    for (let i = 0; i < 10; i++) expect((await deep(bindings, `Bearer ${TOKEN}`)).status).toBe(200);
    expect(touched).toEqual({ db: 1, media: 1, privateFiles: 1, kv: 1 });
  });

  it("answers 503 naming the part that failed: KV down", async () => {
    const brokenKv = { get: () => Promise.reject(new Error("KV unreachable")) };
    const { bindings } = countedEnv({ KV: brokenKv });
    const body = await expectError(await deep(bindings, `Bearer ${TOKEN}`), 503, REQUEST_TEXTS.healthCheckFailed);
    expect(body.error.details).toMatchObject({ ok: false, kv: { ok: false }, db: { ok: true }, media: { ok: true } });
  });

  it("answers 503 with the pending migration when D1 lacks one the build expects", async () => {
    const last = EXPECTED_MIGRATIONS.at(-1)!;
    const row = await env.DB.prepare("select * from d1_migrations where name = ?").bind(last).first<{ id: number; name: string; applied_at: string }>();
    expect(row).not.toBeNull();
    await env.DB.prepare("delete from d1_migrations where name = ?").bind(last).run();
    try {
      const { bindings } = countedEnv();
      const body = await expectError(await deep(bindings, `Bearer ${TOKEN}`), 503, REQUEST_TEXTS.healthCheckFailed);
      expect(body.error.details).toMatchObject({ ok: false, db: { ok: false, pending: [last] } });
    } finally {
      await env.DB.prepare("insert into d1_migrations (id, name, applied_at) values (?, ?, ?)").bind(row!.id, row!.name, row!.applied_at).run();
    }
  });

  it("expects exactly the migrations in migrations/ (the journal is kept with them)", () => {
    expect(EXPECTED_MIGRATIONS).toEqual(env.TEST_MIGRATIONS.map((migration) => migration.name));
  });
});
