// What the four searches share (decision record 0095): the FTS5 tables, their bm25 weights, the
// FTS key of migrations 0024 and 0028 and the small SQL helpers. Each search is in its own file beside this
// one; the ranked walk and the paging through a list's phases are ./ranked.ts.
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { KEY_BADGE_OFFSET, KEY_ROWID_MAX, KEY_SHIFT } from "../../../lib/search-rank";

/**
 * bm25 column weights: a name outranks a bio. Username 10, display name 6, bio 1
 * (PROFILE_RANK_MODEL in worker/lib/search-rank.ts says the same); service name 10, description
 * 1, category 4. bm25() is lower-is-better, hence ascending order.
 */
export const POST_RANK = sql`bm25(posts_fts)`;
export const PROFILE_RANK = sql`bm25(profiles_fts, 10.0, 6.0, 1.0)`;
export const SERVICE_RANK = sql`bm25(services_fts, 10.0, 1.0, 4.0)`;

const SHIFT = sql.raw(String(KEY_SHIFT));
const ROWID_MAX = sql.raw(String(KEY_ROWID_MAX));
const BADGE = sql.raw(String(KEY_BADGE_OFFSET));

/**
 * The FTS key of a posts or profiles row (migrations 0024 and 0028): its search tier times 2^40
 * plus its rowid reversed, 2^53 lower for a badge holder's row, as the triggers compute it.
 * `table` is the table's name or alias in the query; `badge` the row's badge (a profile's own
 * `verified`, a post's author's), 0 or 1.
 */
export function searchKeyOf(table: SQLWrapper, badge: SQL): SQL {
  return sql`(coalesce(${table}.search_tier, 0) * ${SHIFT} + (${ROWID_MAX} - ${table}.rowid) - coalesce(${badge}, 0) * ${BADGE})`;
}

/** The rowid of the row an FTS key points at. */
export function rowidOfKey(key: SQL): SQL {
  return sql`(${ROWID_MAX} - (${key} & ${ROWID_MAX}))`;
}

/** Case-insensitive "contains" for free-text filters (location): SQLite's lower() folds ASCII. */
export function contains(column: SQLWrapper, needle: string): SQL {
  return sql`instr(lower(${column}), lower(${needle})) > 0`;
}
