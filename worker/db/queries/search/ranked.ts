// Ranked search and search paging (decision record 0095).
//
// The ranked walk: posts_fts and profiles_fts are keyed by each row's rank class (its most
// repeated word and its length, worker/lib/search-rank.ts), best class first and newest first
// within a class. FTS5 reads a query's matches in key order and stops after `size` of them; bm25()
// scores each with its real IDF (counted over the whole table, whatever the walk reads) and the
// best of them make the page. Every match can be reached whatever its age: the order is the
// row's text, not its time. A query with fewer matches than the walk reads is ranked exactly; a
// more common one is ranked over the walk, which holds the rows whose text can score highest.
// Badge holders' rows are keyed below zero (migration 0028), in the same order among themselves:
// the verified sort walks that part for its first phase and the part from zero for the rest, and
// relevance reads every badge holder's match and then walks the rest (a walk's `part`).
//
// Paging: a search list is a sequence of phases (exact names, then ranked matches, then near
// misses; badge holders, then the rest), each continued from the last row consumed, which the
// cursor names by key (shared/cursor.ts SearchCursor). A ranked page finds that row again in its
// walk and continues after its current score, so rows that arrive or whose score moves in between
// neither repeat nor skip rows of the list.
import { type SQL, sql } from "drizzle-orm";
import { encodeSearchCursor, type SearchCursor } from "@shared/cursor";
import type { Page } from "@shared/paging";

/** How many matches a first page reads in key order. */
const WALK_FIRST = 1000;
/**
 * A walk whose rows the searcher's filters thin out (a profession, a location, a content type)
 * reads this many times as far: it then ranks about as many candidates as an unfiltered walk for a
 * filter that keeps one row in four, and the filters cost nothing per walked row (they are checked
 * in score order, on as many rows as the page needs; see walkSubquery).
 */
export const FILTERED_WALK_FACTOR = 4;
/** Each row already consumed adds this many to the walk of a later page, which reaches deeper into the order. */
const WALK_PER_SERVED = 4;
/** The most one request reads: a page that comes up short walks again four times as far, up to this. */
const WALK_MAX = 8000;

/** Where a phase continues: the last row consumed (its sort value and key) and how far its walk read. */
export interface PhasePosition {
  score: number;
  key: string;
  walk: number;
}

/** One phase's part of a page: the items shown, how many rows it consumed, the last one's position, and whether the phase has more. */
export interface PhasePage<Item> {
  items: Item[];
  consumed: number;
  last: PhasePosition | null;
  more: boolean;
}

/** A phase of a list: its rows after `after` (null: from its start), at most `limit` consumed; `served` rows came before. */
export type Phase<Item> = (after: PhasePosition | null, limit: number, served: number) => Promise<PhasePage<Item>>;

/**
 * A page of a list made of phases, from `cursor` on: each phase continues where the last one
 * consumed stopped, and the next phase starts when one runs out. A page ends when `limit` rows
 * were consumed; rows consumed but not shown (hidden by moderation after ranking) still move
 * the cursor, so a page may show fewer.
 */
export async function pageOfPhases<Item>(phases: readonly Phase<Item>[], cursor: SearchCursor | null | undefined, limit: number): Promise<Page<Item>> {
  let phase = cursor?.phase ?? 0;
  let after: PhasePosition | null = cursor && cursor.key !== "" ? { score: cursor.score, key: cursor.key, walk: cursor.walk } : null;
  const served = cursor?.served ?? 0;
  const items: Item[] = [];
  let consumed = 0;
  while (phase < phases.length) {
    const part = await phases[phase]!(after, limit - consumed, served + consumed);
    items.push(...part.items);
    consumed += part.consumed;
    if (part.more && part.last) {
      return { items, nextCursor: encodeSearchCursor({ phase, ...part.last, served: served + consumed }) };
    }
    phase += 1;
    after = null;
    if (consumed >= limit) {
      // The page filled up as a phase ended: the next page starts the next phase.
      const next = phase < phases.length ? encodeSearchCursor({ phase, score: 0, key: "", walk: 0, served: served + consumed }) : null;
      return { items, nextCursor: next };
    }
  }
  return { items, nextCursor: null };
}

/**
 * Which rows of posts_fts or profiles_fts a walk reads: the badge holders' (keys below zero), the
 * rest (from zero), or both. Badge holders' matches come first in key order, and `all` reads every
 * one of them before its `size` of the rest: they are a small share of any query's matches (about
 * 1% of posts on the scale bench), and one FTS cursor pays the IDF pass once, where a second walk
 * of their part would pay it again (decision record 0095).
 */
export type WalkPart = "badge" | "rest" | "all";

/** One ranked walk's statement, as a subquery (see walkSubquery). */
export interface RankedWalk {
  fts: "posts_fts" | "profiles_fts" | "services_fts";
  /** bm25() with the table's weights. */
  rank: SQL;
  match: string;
  /** posts_fts and profiles_fts: which part of the keys; services_fts has no badge part. */
  part?: WalkPart;
  /** How many matches to read, in key order (with `all`, how many beyond the badge holders'). */
  size: number;
  /** How many candidates to return (a page and one more). */
  limit: number;
  /** The last row consumed: its key and the score it had (used if it is gone). */
  after: { key: number; score: number } | null;
  /** A condition on the walked key alone (`walk.k`), checked before ranking. */
  keyFilter?: SQL;
  /**
   * The searcher's filters: joins from the candidate's key (`cand.k`) to its row, and the
   * conditions the row must meet. They are checked on the ranked candidates in score order, so a
   * page reads only the rows up to its last candidate, however far the walk went.
   */
  join?: SQL;
  where?: SQL;
}

/**
 * The walk: the first `size` matches in key order, each scored by bm25() (`walk` is materialized
 * once); then one meta row (how many were read, whether the cursor's row was among them),
 * left-joined with the page's candidates: those after the cursor's row, by its score now (or the
 * score it had, if it is gone), best first, ties by key. bm25 is lower-is-better. The candidates
 * are sorted before the filters read their rows (`cand` is a co-routine in score order that the
 * filtered select consumes without sorting again, and stops at its limit), so a filter costs one
 * row read per candidate looked at, not per walked row
 * (tests/worker/search/query-plans.test.ts checks that no second sort appears).
 */
export function walkSubquery(w: RankedWalk): SQL {
  const anchor = w.after ? sql`, anchor as (select coalesce((select s from walk where k = ${w.after.key}), ${w.after.score}) as cs)` : sql``;
  const afterAnchor = w.after
    ? sql` and (walk.s > (select cs from anchor) or (walk.s = (select cs from anchor) and walk.k > ${w.after.key}))`
    : sql``;
  const anchored = w.after ? sql`exists(select 1 from walk where k = ${w.after.key})` : sql`1`;
  const fts = sql.raw(w.fts);
  // FTS5 seeks to a rowid bound and stops at the other, so a part costs what it reads.
  const range = w.part === "badge" ? sql` and rowid < 0` : w.part === "rest" ? sql` and rowid >= 0` : sql``;
  // `all`: the badge holders' matches, counted without bm25 (no IDF pass), then `size` more.
  const read = w.part === "all" ? sql`(select count(*) from (select 1 from ${fts} where ${fts} match ${w.match} and rowid < 0)) + ${w.size}` : sql`${w.size}`;
  // How many rows of the walk's own part it read: a walk that read all it asked for was cut short.
  const walked = w.part === "all" ? sql`count(case when k >= 0 then 1 end)` : sql`count(*)`;
  // The LIMIT (never reached: it is the walk's size) keeps SQLite from flattening `cand` into
  // the filtered select, which would then read every walked row's row and sort afterwards.
  const ordered = sql`select walk.k as k, walk.s as s from walk where 1${afterAnchor}${w.keyFilter ? sql` and ${w.keyFilter}` : sql``} order by walk.s, walk.k limit (select count(*) from walk)`;
  const candidates = w.join || w.where
    ? sql`select cand.k as k, cand.s as s from (${ordered}) cand ${w.join ?? sql``} where ${w.where ?? sql`1`} order by cand.s, cand.k limit ${w.limit}`
    : sql`${ordered} limit ${w.limit}`;
  return sql`with walk as materialized (select rowid as k, ${w.rank} as s from ${fts} where ${fts} match ${w.match}${range} order by rowid limit ${read})${anchor}
    select m.walked, m.anchored, c.k, c.s from (select ${walked} as walked, ${anchored} as anchored from walk) m
    left join (${candidates}) c on 1`;
}

/** The meta columns every row of a walk carries, and the candidate's key and score (null on the meta-only row). */
export interface WalkRow {
  walked: number;
  anchored: number;
  k: number | null;
  s: number | null;
}

/** The walk's sizes: WALK_FIRST and WALK_MAX, unless a test makes them small. */
export interface WalkSizes {
  first: number;
  max: number;
}

/**
 * The walk's sizes for a phase (`sizes`: a test's, or WALK_FIRST and WALK_MAX). A phase whose
 * filters thin the walked rows out starts FILTERED_WALK_FACTOR times as far. The verified sort's
 * two phases walk as relevance does, each over its own part of the keys: the badge holders' phase
 * reads badge holders' matches only, so a short page there means they ran out, not that the
 * walk read past them.
 */
export function phaseWalkSizes(sizes: WalkSizes | undefined, phase: { filtered: boolean }): WalkSizes {
  const { first, max } = sizes ?? { first: WALK_FIRST, max: WALK_MAX };
  return phase.filtered ? { first: Math.min(max, first * FILTERED_WALK_FACTOR), max } : { first, max };
}

/** How far a phase's walk reads first: further for later pages, and at least as far as the page before. */
export function firstWalkSize(sizes: WalkSizes, after: PhasePosition | null, served: number): number {
  return Math.min(sizes.max, Math.max(sizes.first + WALK_PER_SERVED * served, after?.walk ?? 0));
}

/**
 * Runs a ranked phase: the walk reads WALK_FIRST matches, more for later pages (and at least as
 * far as the page before, so its last row is found again); when it read its whole size and still
 * came up short (fewer candidates than a page and one, or the cursor's row not found) it walks
 * again four times as far, up to WALK_MAX. Returns the candidates in order and the size walked.
 * `early`: the first statement's rows when they were read already, in the batch of an earlier
 * phase of the same page (people's exact names), with the size they were read at.
 */
export async function runWalk<Row extends WalkRow>(
  statement: (size: number) => Promise<Row[]>,
  after: PhasePosition | null,
  limit: number,
  served: number,
  sizes: WalkSizes = { first: WALK_FIRST, max: WALK_MAX },
  early: { size: number; rows: Row[] } | null = null,
): Promise<{ candidates: (Row & { k: number; s: number })[]; size: number }> {
  let size = early?.size ?? firstWalkSize(sizes, after, served);
  for (let pass = 0; ; pass += 1) {
    const rows = pass === 0 && early ? early.rows : await statement(size);
    const meta = rows[0];
    const candidates = rows.filter((row): row is Row & { k: number; s: number } => row.k !== null && row.s !== null);
    const cut = (meta?.walked ?? 0) >= size;
    const short = candidates.length <= limit || (after !== null && !meta?.anchored);
    if (!cut || !short || size >= sizes.max) return { candidates, size };
    size = Math.min(sizes.max, size * 4);
  }
}

/** A ranked phase's page from its candidates: the first `limit` are consumed, one more says the phase goes on. */
export function rankedPhasePage<Row extends { k: number; s: number }, Item>(
  candidates: readonly Row[],
  size: number,
  limit: number,
  show: (row: Row) => Item | null,
): PhasePage<Item> {
  const consumed = candidates.slice(0, limit);
  const last = consumed.at(-1);
  return {
    items: consumed.map(show).filter((item): item is Item => item !== null),
    consumed: consumed.length,
    last: last ? { score: last.s, key: String(last.k), walk: size } : null,
    more: candidates.length > limit,
  };
}

/** A position's key as an FTS key (a cursor from another phase kind carries something else: start over). */
export function walkAnchor(after: PhasePosition | null): { key: number; score: number } | null {
  if (!after || !/^-?\d{1,16}$/.test(after.key)) return null;
  return { key: Number(after.key), score: after.score };
}
