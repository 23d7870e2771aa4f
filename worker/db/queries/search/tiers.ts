// The search-tier job's reads and writes (decision record 0095): rows whose rank class is not
// computed yet (search_tier null: new rows, edited texts, and every row after migration 0024), a
// bounded batch at a time through the partial indexes posts_search_tier_pending_idx and
// profiles_search_tier_pending_idx, and their classes written back. Writing a tier re-keys the
// row in its FTS table (the triggers of migration 0024).
import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { posts, profiles } from "../../schema";

/** A row and the texts its class is computed from, with the time of the version read. */
export interface PendingRow {
  rowid: number;
  updatedAt: number;
  texts: (string | null)[];
}

/** Up to `limit` posts without a tier, oldest first. */
export async function postsWithoutTier(db: Db, limit: number): Promise<PendingRow[]> {
  const rows = await db
    .select({ rowid: sql<number>`${posts}.rowid`, updatedAt: posts.updatedAt, caption: posts.caption })
    .from(posts)
    .where(sql`${posts.searchTier} is null`)
    .orderBy(posts.createdAt)
    .limit(limit);
  return rows.map((row) => ({ rowid: row.rowid, updatedAt: row.updatedAt, texts: [row.caption] }));
}

/** Up to `limit` profiles without a tier, oldest first; the texts in profiles_fts's column order. */
export async function profilesWithoutTier(db: Db, limit: number): Promise<PendingRow[]> {
  const rows = await db
    .select({ rowid: sql<number>`${profiles}.rowid`, updatedAt: profiles.updatedAt, username: profiles.username, displayName: profiles.displayName, bio: profiles.bio })
    .from(profiles)
    .where(sql`${profiles.searchTier} is null`)
    .orderBy(profiles.createdAt)
    .limit(limit);
  return rows.map((row) => ({ rowid: row.rowid, updatedAt: row.updatedAt, texts: [row.username, row.displayName, row.bio] }));
}

/** Rows of one statement: one JSON parameter, whatever the count (D1 binds at most 100 values). */
const WRITE_CHUNK = 500;

/**
 * Writes the tiers. A row edited since it was read (its updated_at moved) or given a tier
 * meanwhile is left alone: its edit cleared the tier, and the next run computes it from the new
 * text. Returns how many rows were written.
 */
export async function saveTiers(db: Db, table: "posts" | "profiles", tiers: { rowid: number; updatedAt: number; tier: number }[]): Promise<number> {
  const target = table === "posts" ? posts : profiles;
  let written = 0;
  // One statement per chunk, one after the other: a cron's work, not a request's.
  for (let i = 0; i < tiers.length; i += WRITE_CHUNK) {
    const chunk = JSON.stringify(tiers.slice(i, i + WRITE_CHUNK).map(({ rowid, updatedAt, tier }) => [rowid, updatedAt, tier]));
    // RETURNING counts the rows themselves (D1's change count includes the FTS triggers' writes).
    const rows = await db.all(sql`update ${target} set search_tier = j.tier
      from (select value ->> 0 as rid, value ->> 1 as seen, value ->> 2 as tier from json_each(${chunk})) j
      where ${target}.rowid = j.rid and ${target}.search_tier is null and ${target}.updated_at = j.seen
      returning ${target}.rowid`);
    written += rows.length;
  }
  return written;
}

/** The FTS tables a re-keyed posts or profiles row is written to again. */
const REKEYED = { posts: ["posts_fts"], profiles: ["profiles_fts", "profiles_names_trigram"] } as const;

/** Pages of merge work per statement; a merge that did nothing writes (almost) no row. */
const MERGE_PAGES = 2000;

/**
 * Merges an FTS table's segments after a batch of re-keyed rows. Each re-key leaves the old entry
 * in an older segment and the new one in a newer; a read merges them all, and on a common word
 * a probe by key went from microseconds to milliseconds. FTS5's 'merge' with a negative count
 * merges whatever segments there are, a bounded amount of work per statement, until none is left
 * to merge (or `rounds` statements ran). Returns the statements run.
 */
export async function mergeSearchIndexes(db: Db, table: "posts" | "profiles", rounds = 8): Promise<number> {
  let run = 0;
  for (const fts of REKEYED[table]) {
    for (let i = 0; i < rounds; i += 1) {
      const result = await db.run(sql.raw(`insert into ${fts}(${fts}, rank) values('merge', -${MERGE_PAGES})`));
      run += 1;
      if ((result.meta.rows_written ?? 0) < 2) break;
    }
  }
  return run;
}
