// Whether a query has many matches: the choice between sorting a query's matches and walking the
// sort's own index (recent and popular with a query, for posts and people; decision record 0095).
// The count picks a plan, never the rows: both plans answer the same rows in the same order
// (tests/worker/search/unranked-post-search.test.ts), so a count that is a few minutes old costs
// at most a slower plan. It is therefore kept per database for COUNT_KEPT_MS, and a search whose
// query was counted recently sends only the chosen plan's statements.
import { sql } from "drizzle-orm";
import type { Db } from "../../client";

/** The FTS tables whose matches are counted. */
export type CountedTable = "posts_fts" | "profiles_fts";

/** How long a count is kept: a query's match count moves across the threshold over days, not minutes. */
const COUNT_KEPT_MS = 10 * 60_000;

/** How many counts a database keeps (the oldest go first): a few dozen bytes each. */
const COUNTS_KEPT = 2000;

const counts = new WeakMap<Db, Map<string, { many: boolean; until: number }>>();

/** How many rows of `table` match, counted up to `cap`: a walk of the FTS index that stops there. Exported (as SQL) for the query-plan tests. */
export function matchCountQuery(db: Db, table: CountedTable, match: string, cap: number) {
  return db.select({ n: sql<number>`count(*)` }).from(sql`(select rowid from ${sql.raw(table)} where ${sql.raw(table)} match ${match} limit ${cap})`);
}

/**
 * Whether `cap` or more rows of `table` match: from the count kept for this database when it is
 * recent, otherwise counted now (one short statement) and kept.
 */
export async function hasManyMatches(db: Db, table: CountedTable, match: string, cap: number): Promise<boolean> {
  let kept = counts.get(db);
  if (!kept) {
    kept = new Map();
    counts.set(db, kept);
  }
  const key = `${table}\u0000${cap}\u0000${match}`;
  const now = Date.now();
  const known = kept.get(key);
  if (known && known.until > now) return known.many;
  const [row] = await matchCountQuery(db, table, match, cap);
  const many = (row?.n ?? 0) >= cap;
  // Re-inserted, so the Map's order stays the order of counting and the oldest leaves first.
  kept.delete(key);
  kept.set(key, { many, until: now + COUNT_KEPT_MS });
  if (kept.size > COUNTS_KEPT) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
  return many;
}
