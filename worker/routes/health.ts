// GET /api/health: proves the Worker is up and D1 answers (foundation issue, item 4).
// GET /api/health?deep=1 (issue #28 item 5): for uptime monitors, whether D1, both R2 buckets and
// KV answer and D1 has every migration this code expects. Only a caller with the HEALTH_CHECK_TOKEN
// secret as its bearer token gets it, so a visitor cannot use it to make the Worker touch every
// binding; even a token holder gets one result per isolate per DEEP_CHECK_TTL_MS, so a leaked token
// or a monitor set too eager cannot either. A failing check answers 503 with the report as the
// envelope's details.
import { Hono } from "hono";
import { REQUEST_TEXTS } from "@shared/messages";
import journal from "../../migrations/meta/_journal.json";
import { appliedMigrationNames, countAppliedMigrations } from "../db/queries/health";
import type { AppEnv, Bindings } from "../env";
import { ApiError } from "../lib/errors";

/** How long one isolate answers deep checks from its last result. */
const DEEP_CHECK_TTL_MS = 15_000;

/** The migrations this build expects D1 to have applied: drizzle-kit's journal of migrations/. */
export const EXPECTED_MIGRATIONS: readonly string[] = journal.entries.map((entry) => `${entry.tag}.sql`);

interface Probe {
  ok: boolean;
  ms: number;
}

export interface DeepHealth {
  ok: boolean;
  checkedAt: number;
  db: Probe & { migrations: number; pending: string[] };
  media: Probe;
  privateFiles: Probe;
  kv: Probe;
}

async function probe<T>(run: () => Promise<T>): Promise<Probe & { value?: T }> {
  const started = Date.now();
  try {
    const value = await run();
    return { ok: true, ms: Date.now() - started, value };
  } catch {
    return { ok: false, ms: Date.now() - started };
  }
}

const encoder = new TextEncoder();

/** Whether the request carries the configured token; compared in constant time. */
async function holdsHealthToken(env: Pick<Bindings, "HEALTH_CHECK_TOKEN">, authorization: string | undefined): Promise<boolean> {
  const token = env.HEALTH_CHECK_TOKEN;
  const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  if (!token || !given) return false;
  // Equal-length digests, so the comparison's time says nothing about the token.
  const [a, b] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(token)), crypto.subtle.digest("SHA-256", encoder.encode(given))]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

const lastDeep = new WeakMap<object, Promise<DeepHealth>>();

async function deepHealth(env: Bindings, db: AppEnv["Variables"]["db"], now: number): Promise<DeepHealth> {
  const [migrations, media, privateFiles, kv] = await Promise.all([
    probe(() => appliedMigrationNames(db)),
    // A HEAD of a key nobody writes: proves the bucket answers, reads nothing.
    probe(() => env.MEDIA.head("health/probe")),
    probe(() => env.PRIVATE_FILES.head("health/probe")),
    probe(() => env.KV.get("health:probe")),
  ]);
  const applied = new Set(migrations.value ?? []);
  const pending = migrations.ok ? EXPECTED_MIGRATIONS.filter((name) => !applied.has(name)) : [...EXPECTED_MIGRATIONS];
  const report: DeepHealth = {
    ok: migrations.ok && pending.length === 0 && media.ok && privateFiles.ok && kv.ok,
    checkedAt: now,
    db: { ok: migrations.ok && pending.length === 0, ms: migrations.ms, migrations: applied.size, pending },
    media: { ok: media.ok, ms: media.ms },
    privateFiles: { ok: privateFiles.ok, ms: privateFiles.ms },
    kv: { ok: kv.ok, ms: kv.ms },
  };
  return report;
}

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.query("deep") !== undefined) {
    if (!(await holdsHealthToken(c.env, c.req.header("authorization")))) throw new ApiError("unauthorized", REQUEST_TEXTS.authenticationRequired);
    const now = c.var.ctx.now;
    let result = lastDeep.get(c.env);
    if (!result || now - (await result).checkedAt >= DEEP_CHECK_TTL_MS) {
      result = deepHealth(c.env, c.var.db, now);
      lastDeep.set(c.env, result);
    }
    const report = await result;
    if (!report.ok) {
      c.var.log.error("health: deep check failed", { report });
      throw new ApiError("unavailable", REQUEST_TEXTS.healthCheckFailed, report);
    }
    return c.json({ ...report, ok: true as const });
  }
  const started = Date.now();
  try {
    const migrations = await countAppliedMigrations(c.var.db);
    return c.json({ ok: true as const, db: { ok: true, migrations, ms: Date.now() - started } });
  } catch (cause) {
    c.var.log.error("health: D1 unavailable", { error: cause });
    throw new ApiError("unavailable", "Database unavailable");
  }
});
