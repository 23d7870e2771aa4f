// GET /api/health: proves the Worker is up and D1 answers (foundation issue, item 4).
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  try {
    const row = await c.env.DB.prepare("select count(*) as migrations from d1_migrations").first<{ migrations: number }>();
    return c.json({ ok: true as const, db: { ok: true, migrations: row?.migrations ?? 0, ms: Date.now() - started } });
  } catch (cause) {
    console.error("health: D1 unavailable", cause);
    throw new ApiError("unavailable", "Database unavailable");
  }
});
