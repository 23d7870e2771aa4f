// GET /api/health: proves the Worker is up and D1 answers (foundation issue, item 4).
import { Hono } from "hono";
import { countAppliedMigrations } from "../db/queries/health";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const started = Date.now();
  try {
    const migrations = await countAppliedMigrations(c.var.db);
    return c.json({ ok: true as const, db: { ok: true, migrations, ms: Date.now() - started } });
  } catch (cause) {
    c.var.log.error("health: D1 unavailable", { error: cause });
    throw new ApiError("unavailable", "Database unavailable");
  }
});
