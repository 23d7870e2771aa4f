// The health check's probe (GET /api/health): one cheap read that proves D1 answers and the
// migrations were applied.
import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** How many migrations D1 has recorded as applied (wrangler's d1_migrations table). */
export async function countAppliedMigrations(db: Db): Promise<number> {
  const row = await db.get<{ migrations: number } | undefined>(sql`select count(*) as migrations from d1_migrations`);
  return row?.migrations ?? 0;
}

/** The names of the migrations D1 has recorded as applied, e.g. "0021_abuse_limits.sql" (the deep health check). */
export async function appliedMigrationNames(db: Db): Promise<string[]> {
  const rows = await db.all<{ name: string }>(sql`select name from d1_migrations order by id`);
  return rows.map((row) => row.name);
}
