// The health check's probe (GET /api/health): one cheap read that proves D1 answers and the
// migrations were applied.
import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** How many migrations D1 has recorded as applied (wrangler's d1_migrations table). */
export async function countAppliedMigrations(db: Db): Promise<number> {
  const row = await db.get<{ migrations: number } | undefined>(sql`select count(*) as migrations from d1_migrations`);
  return row?.migrations ?? 0;
}
