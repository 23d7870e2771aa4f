// Search for posts (spec social-feed-search §7 search posts; §3 filters; §4 sorts), decision
// record 0095. With a query, relevance ranks by bm25 over the ranked walk (./ranked.ts); the
// verified sort does the same for badge holders' posts, then for the rest; recent and popular walk
// their own index (or sort the matches, when few) and keep their order exactly. Without one, each
// sort walks an index in its order. Every sort pages.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SearchCursor } from "@shared/cursor";
import type { Post } from "@shared/posts-api";
import type { SearchSort } from "@shared/constants";
import type { SearchFilters } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import type { Db } from "../../client";
import { posts, profiles } from "../../schema";
import { shownToIfRuled } from "../audience";
import { postSelection, toPost, type PostRow } from "../posts";
import { visibleContent } from "../visibility";
import { contains, POST_RANK, rowidOfKey, searchKeyOf } from "./fts";
import { badgePartFits, hasManyMatches, keepBadgePart } from "./match-counts";
import { FILTERED_WALK_FACTOR, firstWalkSize, pageOfPhases, type Phase, type PhasePage, type PhasePosition, phaseWalkSizes, rankedPhasePage, runWalk, walkAnchor, type WalkPart, walkSubquery, type WalkRow, type WalkSizes } from "./ranked";

/**
 * Recent and popular with a query: a query with fewer matches than this is answered from its
 * matches, sorted (reading them costs about a microsecond each). With this many or more, the
 * matches are dense enough that walking the sort's own index and probing the FTS index for each
 * post fills a page after a few dozen probes (about 10 µs each), however many posts match.
 * Counting up to this many is a short walk of the FTS index.
 */
const FEW_POST_MATCHES = 5000;

/**
 * How many posts, in the sort's order, the index walk reads at most before it gives up on them
 * and sorts the matches beyond them instead. At the density FEW_POST_MATCHES stands for on the
 * bench data (5%) a page needs about 420 probes. A filter (profession, location, content type,
 * badge) is checked before the FTS probe, which costs several times a row read, and leaves a page
 * fewer posts per window: a filtered walk's window is FILTERED_WALK_FACTOR times as long (on the
 * bench, "#mixing" by mixing engineers fills a page after about 2,000 posts in 6 ms where sorting
 * its 8,649 matches took 28).
 */
const POST_WALK_WINDOW = 1000;

export interface PostSearchOptions {
  filters: Pick<SearchFilters, "q" | "contentType" | "location" | "profession" | "sortBy" | "verified">;
  viewerId: string;
  limit: number;
  cursor?: SearchCursor | null;
  /** Recent and popular with a query: FEW_POST_MATCHES and POST_WALK_WINDOW unless a test says. */
  fewMatches?: number;
  walkWindow?: number;
  /** The ranked walk's sizes (./ranked.ts) unless a test says. */
  walkSizes?: WalkSizes;
}

/** Which authors a phase keeps: badge holders, the rest, or everyone. */
type Badge = "verified" | "unverified" | "any";

/** The part of posts_fts a phase walks (./ranked.ts WalkPart): badge holders' posts are keyed apart. */
function walkPart(badge: Badge): WalkPart {
  return badge === "verified" ? "badge" : badge === "unverified" ? "rest" : "all";
}

/** The searcher's filters on a post and its author (joined as `posts` and `profiles`); moderation too unless told. */
function postFilters(options: PostSearchOptions, badge: Badge, visibility = true): SQL | undefined {
  const { filters } = options;
  // With a filter on the author the profile is an inner join, and the checks on the author (a
  // block, a mute, a suspension) name the profile's user_id, the same value: SQLite then asks them
  // after the profile has passed the profession or badge filter, not for every match (decision
  // record 0095's appendix: "#lofi" by producers, popular, 20.3 → 14.2 ms of statements).
  const author = readsAuthor(options, badge) ? profiles.userId : posts.userId;
  return and(
    // No post across a block, none by a muted account or with a muted word (decision record 0082),
    // asked inside the statement: a viewer without such rules pays nothing per row.
    shownToIfRuled(options.viewerId, author, posts.caption),
    filters.contentType !== "all" ? eq(posts.contentType, filters.contentType) : undefined,
    filters.location ? contains(posts.location, filters.location) : undefined,
    // The author's profession and badge (§7: posts are filtered by both), from the joined profile.
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified || badge === "verified" ? eq(profiles.verified, true) : undefined,
    badge === "unverified" ? sql`coalesce(${profiles.verified}, 0) = 0` : undefined,
    // Moderation (decision record 0083): hidden posts and suspended accounts' posts are not found.
    visibility ? visibleContent({ hiddenAt: posts.hiddenAt, userId: author }, null) : undefined,
  );
}

/** Whether a phase's filters read the author's profile. */
function readsAuthor(options: PostSearchOptions, badge: Badge): boolean {
  return Boolean(options.filters.profession || options.filters.verified || badge !== "any");
}

// ---------------------------------------------------------------------------------------------
// Recent and popular: an order of post columns, a keyset over it.

type ListOrder = "recent" | "popular";

/**
 * The key a recent or popular list is in. Recent is (created_at, id), newest first. Popular is
 * (popular_rank, rowid): the stated blend of recency and engagement (posts.popular_rank, decision
 * record 0095) and, for equal ranks, the newest row; posts_popular_idx serves both, its last
 * column being the rowid.
 */
function listKey(order: ListOrder) {
  return order === "recent"
    ? { columns: [sql`${posts.createdAt}`, sql`${posts.id}`], names: ["created_at", "id"] }
    : { columns: [sql`${posts.popularRank}`, sql`${posts}.rowid`], names: ["popular_rank", "rowid"] };
}

/** A position's values as the key's row value: (created_at, id) or (popular_rank, rowid). */
function positionValue(order: ListOrder, position: PhasePosition): SQL {
  return order === "recent" ? sql`(${position.score}, ${position.key})` : sql`(${position.score}, ${Number(position.key) || 0})`;
}

function rowValue(columns: SQL[]): SQL {
  return sql`(${sql.join(columns, sql`, `)})`;
}

function descending(columns: SQL[]): SQL[] {
  return columns.map((column) => sql`${column} desc`);
}

/** The sort values a list's rows carry, for their positions. */
function listSortColumns(order: ListOrder) {
  const [first, second] = listKey(order).columns;
  return { sortScore: sql<number>`${first}`.as("sort_score"), sortKey: sql<string | number>`${second}`.as("sort_key") };
}

type ListRow = PostRow & { sortScore: number; sortKey: string | number };

function listPhasePage(rows: ListRow[], limit: number, viewerId: string): PhasePage<Post> {
  const consumed = rows.slice(0, limit);
  const last = consumed.at(-1);
  return {
    items: consumed.map((row) => toPost(row, viewerId)),
    consumed: consumed.length,
    last: last ? { score: last.sortScore, key: String(last.sortKey), walk: 0 } : null,
    more: rows.length > limit,
  };
}

/** Without a query: posts in the list's order from the position on, walking posts_created_idx or posts_popular_idx. Exported (as SQL) for the query-plan tests. */
export function listedPostsQuery(db: Db, options: PostSearchOptions, order: ListOrder, after: PhasePosition | null, limit: number, badge: Badge = "any") {
  const key = listKey(order);
  return db
    .select({ ...postSelection(options.viewerId), ...listSortColumns(order) })
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(postFilters(options, badge), after ? sql`${rowValue(key.columns)} < ${positionValue(order, after)}` : undefined))
    .orderBy(...descending(key.columns))
    .limit(limit + 1);
}

function listedPhase(db: Db, options: PostSearchOptions, order: ListOrder, badge: Badge = "any"): Phase<Post> {
  return async (after, limit) => listPhasePage((await listedPostsQuery(db, options, order, after, limit, badge)) as ListRow[], limit, options.viewerId);
}

// With a query: recent and popular keep their order exactly (the plan of decision record 0070, now 0095).

/**
 * How a post statement that must drive from its first table reaches the author. A filter on the
 * author (profession, badge) makes SQLite treat a left join as an inner one, free to reorder, and
 * on a small database it then starts from the profession's or the badge's index and sorts; CROSS
 * JOIN, which SQLite never reorders, keeps the walk in the page's order. Without such a filter a
 * left join keeps a post whose profile is missing, as the other statements do.
 */
function authorJoin(options: PostSearchOptions): SQL {
  return options.filters.profession || options.filters.verified ? sql`cross join` : sql`left join`;
}

/**
 * The author's profile for a statement whose filters may not read it: joined (authorJoin) only
 * when a filter does. Without one, nothing in the statement names the profile, and the join would
 * still cost a probe per match (sorting "vocal reverb"'s 1,304 matches: 5.6 → 4.4 ms).
 */
function authorJoinIfFiltered(options: PostSearchOptions): SQL {
  return readsAuthor(options, "any") ? sql`${authorJoin(options)} ${profiles} on ${profiles.userId} = ${posts.userId}` : sql``;
}

/** The posts of a page of rowids (`page_rowid`), with their authors, the viewer's flags and their sort values, in the key's order. */
function pagePostsQuery(db: Db, options: PostSearchOptions, order: ListOrder, page: SQL) {
  return db
    .select({ ...postSelection(options.viewerId), ...listSortColumns(order) })
    .from(sql`(${page}) page`)
    .innerJoin(posts, sql`${posts}.rowid = page.page_rowid`)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .orderBy(...descending(listKey(order).columns));
}

/**
 * Recent or popular with a query, from its matches: the FTS index finds every match (or every one
 * past `from`), the sort reads only the key and keeps one page of rowids, and only that page is
 * joined to its posts, authors and the viewer's flags, so the wide rows (waveforms) never pass
 * through the sort. Its cost grows with the number of matches: it serves a query with few of
 * them, and the matches past a walk that found too few. Exported (as SQL) for the query-plan tests.
 */
export function matchedPostsQuery(db: Db, options: PostSearchOptions, order: ListOrder, match: string, limit: number, from: PhasePosition | null) {
  const key = listKey(order);
  const filters = and(postFilters(options, "any"), from ? sql`${rowValue(key.columns)} < ${positionValue(order, from)}` : undefined);
  const page = sql`select ${posts}.rowid as page_rowid from posts_fts cross join ${posts} on ${posts}.rowid = ${rowidOfKey(sql`posts_fts.rowid`)}
    ${authorJoinIfFiltered(options)}
    where posts_fts match ${match} and ${filters ?? sql`1`} order by ${sql.join(descending(key.columns), sql`, `)} limit ${limit}`;
  return pagePostsQuery(db, options, order, page);
}

/**
 * The end of the walk's window, the first `size` posts of the order after the position, as k0, k1
 * and `full`: the post `size` places on (full 1) or, when fewer posts follow the position, the
 * order's last post (full 0); no row when none follows. Each is read from the order's index by
 * its offset, so the window is never sorted (a 4,000-post window sorted to find its last post cost
 * about 1.4 ms a statement).
 */
function postWindowEnd(order: ListOrder, after: PhasePosition | null, size: number): SQL {
  const { names } = listKey(order);
  const from = after ? sql`where (${sql.raw(names.join(", "))}) < ${positionValue(order, after)}` : sql``;
  const keys = (full: 0 | 1) => sql.raw(`${names.map((name, i) => `${name} as k${i}`).join(", ")}, ${full} as full`);
  const direction = (way: "asc" | "desc") => sql.raw(names.map((name) => `${name} ${way}`).join(", "));
  return sql`select k0, k1, full from (select * from (select ${keys(1)} from posts ${from} order by ${direction("desc")} limit 1 offset ${size - 1})
    union all select * from (select ${keys(0)} from posts ${from} order by ${direction("asc")} limit 1)) order by k0 desc, k1 desc, full desc limit 1`;
}

/**
 * Recent or popular with a query, by walking the sort's index: posts are read from the position
 * on in the page's order (posts_created_idx, posts_popular_idx, no sort) and each one is looked up
 * in the FTS index by its key until the page is full. A query with many matches fills it after a
 * few dozen posts. The walk stops at the last post of the window (`walkWindow`, POST_WALK_WINDOW),
 * so a query whose matches are sparse there costs that many probes at most; postWalkEndQuery
 * tells where the window ends, and matchedPostsQuery sorts the matches past it. Exported (as SQL)
 * for the query-plan tests.
 */
export function walkedPostsQuery(db: Db, options: PostSearchOptions, order: ListOrder, match: string, after: PhasePosition | null, limit: number) {
  const key = listKey(order);
  const floor = sql`(select k0, k1 from (${postWindowEnd(order, after, walkWindowOf(options))}))`;
  const page = sql`select ${posts}.rowid as page_rowid from ${posts} ${authorJoin(options)} ${profiles} on ${profiles.userId} = ${posts.userId}
    where ${and(postFilters(options, "any"), after ? sql`${rowValue(key.columns)} < ${positionValue(order, after)}` : undefined, sql`${rowValue(key.columns)} >= ${floor}`)}
    and exists(select 1 from posts_fts where posts_fts match ${match} and posts_fts.rowid = ${searchKeyOf(posts, sql`${profiles.verified}`)})
    order by ${sql.join(descending(key.columns), sql`, `)} limit ${limit}`;
  return pagePostsQuery(db, options, order, page);
}

/**
 * Where the walk's window ends (postWindowEnd): its last post's key, and whether the window is
 * full (it did not reach the end of the table, so matches may lie beyond it). Sent in the same
 * batch as walkedPostsQuery. Exported (as SQL) for the query-plan tests.
 */
export function postWalkEndQuery(db: Db, options: PostSearchOptions, order: ListOrder, after: PhasePosition | null) {
  return db
    .select({ k0: sql<number>`k0`, k1: sql<string | number>`k1`, full: sql<number>`full` })
    .from(sql`(${postWindowEnd(order, after, walkWindowOf(options))})`);
}

/**
 * Recent and popular with a query. Few matches: sort them. Many: walk the sort's index and probe
 * each post, with the window's end, in one batch; when the window held too few matches for the
 * page, the matches past it are sorted for the rest. Whether the matches are many (FEW_POST_MATCHES
 * or more) is counted once and kept (./match-counts.ts), so a query counted recently sends only
 * its plan's statements. Same rows, in the same order, as sorting every match
 * (tests/worker/search/unranked-post-search.test.ts).
 */
function matchedPhase(db: Db, options: PostSearchOptions, order: ListOrder, match: string): Phase<Post> {
  return async (after, limit) => {
    const wanted = limit + 1;
    if (!(await hasManyMatches(db, "posts_fts", match, options.fewMatches ?? FEW_POST_MATCHES))) {
      return listPhasePage((await matchedPostsQuery(db, options, order, match, wanted, after)) as ListRow[], limit, options.viewerId);
    }
    const [walked, [end]] = await db.batch([walkedPostsQuery(db, options, order, match, after, wanted), postWalkEndQuery(db, options, order, after)]);
    let rows = walked as ListRow[];
    // A window that is not full reached the last post, and no end means no post follows the
    // position: nothing lies beyond either.
    if (rows.length < wanted && end?.full) {
      const from = { score: end.k0, key: String(end.k1), walk: 0 };
      rows = [...rows, ...((await matchedPostsQuery(db, options, order, match, wanted - rows.length, from)) as ListRow[])];
    }
    return listPhasePage(rows, limit, options.viewerId);
  };
}

// ---------------------------------------------------------------------------------------------
// Relevance: the ranked walk.

type RankedRow = PostRow & WalkRow & { shown: number };

/**
 * Relevance with a query, for one badge phase: the ranked walk over posts_fts (./ranked.ts). The
 * walk reads only the FTS index; the filters (and blocks and mutes) read the candidates' posts and
 * authors in score order, as far as the page needs; moderation is checked on the page's rows only
 * (a hidden post is consumed, not shown). Exported (as SQL) for the query-plan tests.
 */
export function rankedPostsQuery(db: Db, options: PostSearchOptions, match: string, after: PhasePosition | null, size: number, limit: number, badge: Badge = "any") {
  // The author's profile only when a filter reads it (authorJoinIfFiltered): the page's own join
  // below gives the rows their authors.
  const author = readsAuthor(options, badge) ? sql`cross join ${profiles} on ${profiles.userId} = ${posts.userId}` : sql``;
  const join = sql`cross join ${posts} on ${posts}.rowid = ${rowidOfKey(sql`cand.k`)} ${author}`;
  const ranked = walkSubquery({ fts: "posts_fts", rank: POST_RANK, match, part: walkPart(badge), size, limit: limit + 1, after: walkAnchor(after), join, where: postFilters(options, badge, false) });
  return db
    .select({
      ...postSelection(options.viewerId),
      walked: sql<number>`ranked.walked`,
      anchored: sql<number>`ranked.anchored`,
      k: sql<number | null>`ranked.k`,
      s: sql<number | null>`ranked.s`,
      shown: sql<number>`${visibleContent(posts, null)}`.as("shown"),
    })
    .from(sql`(${ranked}) ranked`)
    .leftJoin(posts, sql`${posts}.rowid = ${rowidOfKey(sql`ranked.k`)}`)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .orderBy(sql`ranked.s`, sql`ranked.k`);
}

/** The recent and popular index walk's window: longer when filters thin it out (POST_WALK_WINDOW). */
function walkWindowOf(options: PostSearchOptions): number {
  return options.walkWindow ?? (thinsWalk(options) ? POST_WALK_WINDOW * FILTERED_WALK_FACTOR : POST_WALK_WINDOW);
}

/** Whether the searcher's filters thin a walk out (the walk then reads further: ./ranked.ts phaseWalkSizes). */
function thinsWalk(options: PostSearchOptions): boolean {
  const { filters } = options;
  return Boolean(filters.contentType !== "all" || filters.location || filters.profession || filters.verified);
}

/** A phase's first walk read ahead by an earlier phase of the same page, with the size it was read at. */
type ReadAhead = { size: number; rows: RankedRow[] } | null;

/** The ranked walk's sizes for a post search (./ranked.ts phaseWalkSizes). */
function postWalkSizes(options: PostSearchOptions): WalkSizes {
  return phaseWalkSizes(options.walkSizes, { filtered: thinsWalk(options) });
}

function rankedPhase(db: Db, options: PostSearchOptions, match: string, badge: Badge = "any", readAhead: () => ReadAhead = () => null): Phase<Post> {
  return async (after, limit, served) => {
    const { candidates, size } = await runWalk(
      async (walkSize) => (await rankedPostsQuery(db, options, match, after, walkSize, limit, badge)) as RankedRow[],
      after,
      limit,
      served,
      postWalkSizes(options),
      // Rows read ahead start the phase; a page that continues it from a cursor reads its own.
      after ? null : readAhead(),
    );
    return rankedPhasePage(candidates, size, limit, (row) => (row.shown && row.id ? toPost(row, options.viewerId) : null));
  };
}

/**
 * Verified with a query: the badge holders' matches, then the rest's, each phase a ranked walk of
 * its part of posts_fts. Badge holders are a small share of most queries' matches, so their phase
 * usually ends on the first page and the rest's starts in it. When the badge holders' part of a
 * query was walked recently and held no more than a page (its `walked`, kept per database like
 * the match count: ./match-counts.ts), a page that starts the list sends both phases' first walks
 * in one batch, one round trip instead of two; otherwise it reads the badge holders' alone, as a
 * common word's fill its first pages. The rest's walk is read ahead as far as it would walk after
 * a full page of badge holders (at least as far as it would have walked itself), and with the
 * page's limit, of which the phase consumes what the page still has room for.
 */
function verifiedPhases(db: Db, options: PostSearchOptions, match: string): Phase<Post>[] {
  const sizes = postWalkSizes(options);
  let ahead: ReadAhead = null;
  const holders: Phase<Post> = async (after, limit, served) => {
    if (after) return rankedPhase(db, options, match, "verified")(after, limit, served);
    const size = firstWalkSize(sizes, null, served);
    const own = rankedPostsQuery(db, options, match, null, size, limit, "verified");
    let rows: RankedRow[];
    if (badgePartFits(db, "posts_fts", match, limit)) {
      const restSize = firstWalkSize(sizes, null, served + limit);
      const [ownRows, restRows] = await db.batch([own, rankedPostsQuery(db, options, match, null, restSize, limit, "unverified")]);
      rows = ownRows as RankedRow[];
      ahead = { size: restSize, rows: restRows as RankedRow[] };
    } else {
      rows = (await own) as RankedRow[];
    }
    keepBadgePart(db, "posts_fts", match, rows[0]?.walked ?? 0);
    return rankedPhase(db, options, match, "verified", () => ({ size, rows }))(null, limit, served);
  };
  const rest = rankedPhase(db, options, match, "unverified", () => {
    const rows = ahead;
    ahead = null;
    return rows;
  });
  return [holders, rest];
}

// ---------------------------------------------------------------------------------------------

/** The phases of a post search: one list, or badge holders then the rest. */
function postPhases(db: Db, options: PostSearchOptions, sort: SearchSort): Phase<Post>[] | null {
  const { q } = options.filters;
  if (q === "") {
    if (sort === "popular") return [listedPhase(db, options, "popular")];
    if (sort === "verified") return [listedPhase(db, options, "recent", "verified"), listedPhase(db, options, "recent", "unverified")];
    // Relevance without a query has nothing to be relevant to: the newest posts.
    return [listedPhase(db, options, "recent")];
  }
  const match = ftsMatchExpression(q);
  if (match === null) return null;
  if (sort === "recent" || sort === "popular") return [matchedPhase(db, options, sort, match)];
  if (sort === "verified") return verifiedPhases(db, options, match);
  return [rankedPhase(db, options, match)];
}

export async function searchPosts(db: Db, options: PostSearchOptions): Promise<{ items: Post[]; nextCursor: string | null }> {
  const phases = postPhases(db, options, options.filters.sortBy);
  if (phases === null) return { items: [], nextCursor: null };
  return pageOfPhases(phases, options.cursor, options.limit);
}

