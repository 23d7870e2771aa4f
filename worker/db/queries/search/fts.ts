// What the four searches share (decision record 0070): the FTS5 tables, their bm25
// weights, the ranked window and the small SQL helpers. Each search is in its own file beside this one.
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SearchSort } from "@shared/constants";

// The FTS5 tables, declared here for the query builder only. They live outside db/schema/ on
// purpose: drizzle-kit must never try to create (or drop) them as ordinary tables.
export const profilesFts = sqliteTable("profiles_fts", { rowid: integer("rowid"), username: text("username") });
export const servicesFts = sqliteTable("services_fts", { rowid: integer("rowid"), name: text("name") });

/**
 * bm25 column weights: a name outranks a bio. Username 10, display name 6, bio 1; service name
 * 10, description 1, category 4. bm25() is lower-is-better, hence ascending order.
 */
export const PROFILE_RANK = sql`bm25(profiles_fts, 10.0, 6.0, 1.0)`;
export const SERVICE_RANK = sql`bm25(services_fts, 10.0, 1.0, 4.0)`;

/**
 * With a query, the ranked sorts (relevance, verified) rank only the newest this many matches
 * (decision 0070). FTS5 walks a term's matches in rowid order without scoring them, so finding
 * the window is cheap; scoring and sorting every match of a common word is what grew with the
 * network. Rowids are insertion order, so "newest" is the most recently written.
 */
export const SEARCH_RANK_WINDOW = 1000;

/** Whether a sort ranks by relevance and so reads only the newest window of matches. */
export function rankedSort(sort: SearchSort): boolean {
  return sort === "relevance" || sort === "verified";
}

/** Case-insensitive "contains" for free-text filters (location): SQLite's lower() folds ASCII. */
export function contains(column: SQLWrapper, needle: string): SQL {
  return sql`instr(lower(${column}), lower(${needle})) > 0`;
}
