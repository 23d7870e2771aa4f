// Whether a query has many matches: the choice between sorting a query's matches and walking the
// sort's own index (recent and popular with a query, for posts and people; decision record 0095).
// The count picks a plan, never the rows: both plans answer the same rows in the same order
// (tests/worker/search/unranked-post-search.test.ts), so a count that is a few minutes old costs
// at most a slower plan. It is therefore kept per database for COUNT_KEPT_MS, and a search whose
// query was counted recently sends only the chosen plan's statements. The verified sort keeps how
// many badge holders' rows a query matches the same way, to choose what its first page reads.
import { sql } from "drizzle-orm";
import type { Db } from "../../client";

/** The FTS tables whose matches are counted. */
export type CountedTable = "posts_fts" | "profiles_fts";

/** How long a count is kept: a query's match count moves across the threshold over days, not minutes. */
const COUNT_KEPT_MS = 10 * 60_000;

/** How many counts a database keeps (the oldest go first): a few dozen bytes each. */
const COUNTS_KEPT = 2000;

const counts = new WeakMap<Db, Map<string, { n: number; until: number }>>();

function keptCounts(db: Db): Map<string, { n: number; until: number }> {
  let kept = counts.get(db);
  if (!kept) {
    kept = new Map();
    counts.set(db, kept);
  }
  return kept;
}

/** A count kept for this database under `key` in the last COUNT_KEPT_MS, if any. */
function keptCount(db: Db, key: string): number | undefined {
  const known = keptCounts(db).get(key);
  return known && known.until > Date.now() ? known.n : undefined;
}

/** Keeps a count for this database under `key`; the oldest count goes when there are COUNTS_KEPT. */
function keepCount(db: Db, key: string, n: number): void {
  const kept = keptCounts(db);
  // Re-inserted, so the Map's order stays the order of counting and the oldest leaves first.
  kept.delete(key);
  kept.set(key, { n, until: Date.now() + COUNT_KEPT_MS });
  if (kept.size > COUNTS_KEPT) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
}

/** How many rows of `table` match, counted up to `cap`: a walk of the FTS index that stops there. Exported (as SQL) for the query-plan tests. */
export function matchCountQuery(db: Db, table: CountedTable, match: string, cap: number) {
  return db.select({ n: sql<number>`count(*)` }).from(sql`(select rowid from ${sql.raw(table)} where ${sql.raw(table)} match ${match} limit ${cap})`);
}

/**
 * Whether `cap` or more rows of `table` match: from the count kept for this database when it is
 * recent, otherwise counted now (one short statement) and kept.
 */
export async function hasManyMatches(db: Db, table: CountedTable, match: string, cap: number): Promise<boolean> {
  const key = `${table}\u0000${cap}\u0000${match}`;
  const known = keptCount(db, key);
  if (known !== undefined) return known >= cap;
  const [row] = await matchCountQuery(db, table, match, cap);
  const n = row?.n ?? 0;
  keepCount(db, key, n);
  return n >= cap;
}

/** The key of how many badge holders' rows of `table` match, as far as a verified walk of their part read them. */
function badgePartKey(table: CountedTable, match: string): string {
  return `${table}\u0000badge\u0000${match}`;
}

/**
 * Whether the badge holders' part of `table` for a query is known to fit in a page of `limit`:
 * its walk read no more than that recently. The verified sort then reads the rest's first
 * statements in the same batch (./posts.ts verifiedPhases, ./people.ts verifiedUserPhases).
 */
export function badgePartFits(db: Db, table: CountedTable, match: string, limit: number): boolean {
  return (keptCount(db, badgePartKey(table, match)) ?? Infinity) <= limit;
}

/** Keeps how many rows the badge holders' walk of a query read (its `walked`). */
export function keepBadgePart(db: Db, table: CountedTable, match: string, walked: number): void {
  keepCount(db, badgePartKey(table, match), walked);
}
