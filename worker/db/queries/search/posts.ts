// Search for posts (spec social-feed-search §7 search posts; §3 filters; §4 sorts): the ranked
// window and its score, and the recent and popular sorts with a query (decision record 0070).
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { Post } from "@shared/posts-api";
import type { SearchSort } from "@shared/constants";
import type { SearchFilters } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import type { Db } from "../../client";
import { posts, profiles } from "../../schema";
import { hasAudienceRules, shownTo } from "../audience";
import { mapPage, pageOf } from "../paging";
import { postSelection, toPost, type PostRow } from "../posts";
import { contains, rankedSort, SEARCH_RANK_WINDOW } from "./fts";
import { visibleContent } from "../visibility";

/**
 * Without a query, a sort that no index serves (posts by author verified) orders only this many
 * of the newest matching posts, so the statement never sorts the whole table.
 */
const UNINDEXED_SORT_WINDOW = 500;

/**
 * Recent and popular posts with a query (decision record 0070): a query with fewer matches than
 * this is answered from its matches, sorted (reading them costs about a microsecond each). With
 * this many or more, the matches are dense enough that walking the sort's own index and probing
 * the FTS index for each post fills a page after a few dozen probes (about 10 µs each), however
 * many posts match. Counting up to this many is a short walk of the FTS index.
 */
const FEW_POST_MATCHES = 5000;

/**
 * How many posts, in the sort's order, the index walk probes at most before it gives up on them
 * and sorts the matches beyond them instead (decision record 0070). At the density
 * FEW_POST_MATCHES stands for on the bench data (5%) a page needs about 420 probes.
 */
const POST_WALK_WINDOW = 1000;

/**
 * A post's relevance inside the window (decision record 0070), higher is better: BM25's term
 * weight without its IDF factor, k1 = 1.2 and b = 0.75 as FTS5's bm25() uses them.
 * `tf` is how many times the query's terms occur in the caption, counted from highlight()'s
 * marks (one character per match, so it is the highlighted length minus the caption's), and
 * `len` the caption's length against the window's average. bm25()'s IDF needs the number of
 * matches of every query term across the whole table, a full pass over a common word's
 * postings per search, which would be most of the statement's cost; the scores inside one window are
 * compared with each other only, and for a one-word query IDF is the same factor for every row.
 */
const POST_SCORE = sql`tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * len / avg(len) over ()))`;

export interface PostSearchOptions {
  filters: Pick<SearchFilters, "q" | "contentType" | "location" | "profession" | "sortBy" | "verified">;
  viewerId: string;
  limit: number;
  cursor?: Cursor | null;
  /** How many of the newest matches a ranked sort reads; SEARCH_RANK_WINDOW unless a test says. */
  rankWindow?: number;
  /** Recent and popular with a query: FEW_POST_MATCHES and POST_WALK_WINDOW unless a test says. */
  fewMatches?: number;
  walkWindow?: number;
  /**
   * The viewer has blocks, mutes or muted words (decision record 0082), so every candidate's
   * author and caption must be probed. searchPosts reads it first; most searchers have none and
   * keep the plans of decision records 0067 and 0070, whose relevance window never reads posts.
   */
  screened?: boolean;
}

function postFilters(options: PostSearchOptions, visibility = true): SQL | undefined {
  const { filters, cursor } = options;
  return and(
    // No post across a block, none by a muted account or with a muted word (decision record 0082).
    options.screened ? shownTo(options.viewerId, posts.userId, posts.caption) : undefined,
    filters.contentType !== "all" ? eq(posts.contentType, filters.contentType) : undefined,
    filters.location ? contains(posts.location, filters.location) : undefined,
    // The author's profession and badge (§7: posts are filtered by both), from the joined profile.
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified ? eq(profiles.verified, true) : undefined,
    filters.sortBy === "recent" && cursor ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
    // Moderation (decision record 0083): hidden posts and suspended accounts' posts are not found.
    visibility ? visibleContent(posts, null) : undefined,
  );
}

/** A post search's order without a score: no query, or the recent and popular sorts. */
function postOrder(sort: SearchSort): SQL[] {
  switch (sort) {
    case "recent":
      return [desc(posts.createdAt), desc(posts.id)];
    case "popular":
      // posts_likes_idx is (likes_count, created_at): its order, with no tie-break it cannot serve.
      return [desc(posts.likesCount), desc(posts.createdAt)];
    case "verified":
      return [sql`coalesce(${profiles.verified}, 0) desc`, desc(posts.createdAt), desc(posts.id)];
    case "relevance":
      return [desc(posts.createdAt), desc(posts.id)];
  }
}

/** The post search's statement; exported (as SQL) for the query-plan tests. Null: no tokens. */
export function postSearchQuery(db: Db, options: PostSearchOptions) {
  const { filters } = options;
  const limit = options.limit + 1;
  const selection = postSelection(options.viewerId);
  if (filters.q === "") {
    const base = db.select(selection).from(posts).leftJoin(profiles, eq(profiles.userId, posts.userId));
    if (filters.sortBy !== "verified") {
      return base
        .where(postFilters(options))
        .orderBy(...postOrder(filters.sortBy))
        .limit(limit);
    }
    // No index orders posts by their author's badge: sort only the newest window, found through
    // posts_created_idx, instead of the whole table.
    const window = db.select({ id: posts.id }).from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).limit(UNINDEXED_SORT_WINDOW);
    return base
      .where(and(sql`${posts.id} in ${window}`, postFilters(options)))
      .orderBy(...postOrder("verified"))
      .limit(limit);
  }
  const match = ftsMatchExpression(filters.q);
  if (match === null) return null;
  if (rankedSort(filters.sortBy)) return rankedPostSearchQuery(db, options, match);
  return matchedPostsQuery(db, options, match, limit);
}

/**
 * Recent and popular with a query: the order a page is in, as a key of post columns. Recent is
 * the (created_at, id) keyset the cursor holds. Popular is posts_likes_idx's order, whose last
 * column is the rowid: with it as the tie-break the index walk and the sort of the matches agree
 * on every row, so one can continue where the other stopped.
 */
function unrankedPostKey(sort: "recent" | "popular") {
  return sort === "recent"
    ? { columns: [sql`${posts.createdAt}`, sql`${posts.id}`], names: ["created_at", "id"] }
    : { columns: [sql`${posts.likesCount}`, sql`${posts.createdAt}`, sql`${posts}.rowid`], names: ["likes_count", "created_at", "rowid"] };
}

/** A post position in an unranked order: the key's values, as the walk's end reports them. */
interface PostPosition {
  k0: number | string;
  k1: number | string;
  k2: number | string | null;
  n: number;
}

function keyOf(columns: SQL[]): SQL {
  return sql`(${sql.join(columns, sql`, `)})`;
}

function descending(columns: SQL[]): SQL[] {
  return columns.map((column) => sql`${column} desc`);
}

/** The posts of a page of rowids (`page_rowid`), with their authors and the viewer's flags, in the key's order. */
function pagePostsQuery(db: Db, options: PostSearchOptions, page: SQL, keyColumns: SQL[]) {
  return db
    .select(postSelection(options.viewerId))
    .from(sql`(${page}) page`)
    .innerJoin(posts, sql`${posts}.rowid = page.page_rowid`)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .orderBy(...descending(keyColumns));
}

/** The position's values as a row value of the key's length. */
function positionValue(position: PostPosition, size: number): SQL {
  return keyOf([position.k0, position.k1, position.k2].slice(0, size).map((value) => sql`${value}`));
}

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
 * Recent or popular with a query, from its matches (decision record 0070): the FTS index finds
 * every match (or every one past `after`, where the index walk stopped), the sort reads only the
 * key and keeps one page of rowids, and only that page is joined to its posts, authors and the
 * viewer's flags, so the wide rows (waveforms) never pass through the sort. Its cost grows with
 * the number of matches: it serves a query with few of them, and the matches past a walk that
 * found too few. Exported (as SQL) for the query-plan tests.
 */
export function matchedPostsQuery(db: Db, options: PostSearchOptions, match: string, limit: number, after?: PostPosition) {
  const sort = options.filters.sortBy === "popular" ? "popular" : "recent";
  const key = unrankedPostKey(sort);
  const filters = and(postFilters(options), after ? sql`${keyOf(key.columns)} < ${positionValue(after, key.columns.length)}` : undefined);
  const page = sql`select ${posts}.rowid as page_rowid from posts_fts cross join ${posts} on ${posts}.rowid = posts_fts.rowid
    ${authorJoin(options)} ${profiles} on ${profiles.userId} = ${posts.userId}
    where posts_fts match ${match} and ${filters ?? sql`1`} order by ${sql.join(descending(key.columns), sql`, `)} limit ${limit}`;
  return pagePostsQuery(db, options, page, key.columns);
}

/** The first `size` posts of an unranked order from the cursor on, as k0, k1, k2: the walk's window. */
function postWalkWindow(options: PostSearchOptions, size: number): SQL {
  const sort = options.filters.sortBy === "popular" ? "popular" : "recent";
  const { names } = unrankedPostKey(sort);
  const { cursor } = options;
  const from = sort === "recent" && cursor ? sql`where (created_at, id) < (${cursor.createdAt}, ${cursor.id})` : sql``;
  const aliases = sql.raw(names.map((name, i) => `${name} as k${i}`).join(", "));
  const order = sql.raw(names.map((name) => `${name} desc`).join(", "));
  return sql`select ${aliases} from posts ${from} order by ${order} limit ${size}`;
}

/** The key columns of the window's last post, the oldest or least liked of it (k0 … as a row value). */
function postWalkFloor(options: PostSearchOptions, size: number, keys: number): SQL {
  const columns = sql.raw(["k0", "k1", "k2"].slice(0, keys).join(", "));
  return sql`(select ${columns} from (${postWalkWindow(options, size)}) order by ${columns} limit 1)`;
}

/**
 * Recent or popular with a query, by walking the sort's index (decision record 0070): posts are
 * read from the cursor on in the page's order (posts_created_idx, posts_likes_idx, no sort) and
 * each one is looked up in the FTS index by its rowid until the page is full. A query with many
 * matches fills it after a few dozen posts. The walk stops at the last post of the window
 * (`walkWindow`, POST_WALK_WINDOW), so a query whose matches are sparse there costs that many
 * probes at most; postWalkEndQuery tells where the window ends, and matchedPostsQuery sorts the
 * matches past it. Exported (as SQL) for the query-plan tests.
 */
export function walkedPostsQuery(db: Db, options: PostSearchOptions, match: string) {
  const sort = options.filters.sortBy === "popular" ? "popular" : "recent";
  const key = unrankedPostKey(sort);
  const floor = postWalkFloor(options, options.walkWindow ?? POST_WALK_WINDOW, key.columns.length);
  const order = sql.join(descending(key.columns), sql`, `);
  const page = sql`select ${posts}.rowid as page_rowid from ${posts} ${authorJoin(options)} ${profiles} on ${profiles.userId} = ${posts.userId}
    where ${and(postFilters(options), sql`${keyOf(key.columns)} >= ${floor}`)}
    and exists(select 1 from posts_fts where posts_fts match ${match} and posts_fts.rowid = ${posts}.rowid)
    order by ${order} limit ${options.limit + 1}`;
  return pagePostsQuery(db, options, page, key.columns);
}

/**
 * Where the walk's window ends: its last post's key and the window's size (`n`), which is below
 * the window's length when the window reached the end of the table. Sent in the same batch as
 * walkedPostsQuery. Exported (as SQL) for the query-plan tests.
 */
export function postWalkEndQuery(db: Db, options: PostSearchOptions) {
  const window = postWalkWindow(options, options.walkWindow ?? POST_WALK_WINDOW);
  const popular = options.filters.sortBy === "popular";
  return db
    .select({
      k0: sql<number | string>`k0`,
      k1: sql<number | string>`k1`,
      k2: popular ? sql<number | string | null>`k2` : sql<null>`null`,
      n: sql<number>`n`,
    })
    .from(sql`(select *, count(*) over () as n from (${window}))`)
    .orderBy(popular ? sql`k0, k1, k2` : sql`k0, k1`)
    .limit(1);
}

/** How many posts match, counted up to `cap`: a walk of the FTS index that stops there. Exported (as SQL) for the query-plan tests. */
export function postMatchCountQuery(db: Db, match: string, cap: number) {
  return db.select({ n: sql<number>`count(*)` }).from(sql`(select rowid from posts_fts where posts_fts match ${match} limit ${cap})`);
}

/**
 * Recent and popular with a query (decision record 0070). Few matches: sort them. Many: walk the
 * sort's index and probe each post, one batch with the window's end; when the window held too few
 * matches for the page, the matches past it are sorted for the rest. Same rows, in the same order,
 * as sorting every match.
 */
async function unrankedPostSearch(db: Db, options: PostSearchOptions, match: string): Promise<PostRow[]> {
  const limit = options.limit + 1;
  const cap = options.fewMatches ?? FEW_POST_MATCHES;
  const [counted] = await postMatchCountQuery(db, match, cap);
  if ((counted?.n ?? 0) < cap) return (await matchedPostsQuery(db, options, match, limit)) as PostRow[];
  const [walked, [end]] = await db.batch([walkedPostsQuery(db, options, match), postWalkEndQuery(db, options)]);
  const rows = walked as PostRow[];
  // A window shorter than its length reached the last post: nothing lies beyond it.
  if (rows.length >= limit || !end || end.n < (options.walkWindow ?? POST_WALK_WINDOW)) return rows;
  const rest = (await matchedPostsQuery(db, options, match, limit - rows.length, end)) as PostRow[];
  return [...rows, ...rest];
}

/**
 * Relevance and verified with a query (decision record 0070): one statement in three
 * steps. `scored` walks the FTS index newest first for the newest window of matches, evaluating
 * the MATCH once, and scores each row inside the window (see POST_SCORE). `ranked` applies the
 * filters and the sort to the window and keeps one page of rowids; it reads posts and profiles
 * only when a filter or the badge order needs them. Only that page is then joined to its posts,
 * authors and the viewer's flags, so the wide rows (waveforms) never pass through a sort.
 * Equal scores go newest first by rowid, the order the window itself is cut in.
 */
function rankedPostSearchQuery(db: Db, options: PostSearchOptions, match: string) {
  const limit = options.limit + 1;
  const verified = options.filters.sortBy === "verified";
  const badge = sql`coalesce(${profiles.verified}, 0) desc`;
  const scored = sql`select fts_rowid, ${POST_SCORE} as score from (
    select rowid as fts_rowid, length(highlight(posts_fts, 0, char(1), '')) - length(caption) as tf, length(caption) as len
    from posts_fts where posts_fts match ${match} order by rowid desc limit ${options.rankWindow ?? SEARCH_RANK_WINDOW})`;
  // Moderation's term goes on the page below, not on the window, so that without a filter the
  // window still never reads posts (decision record 0067); a page may then hold fewer rows.
  const filters = postFilters(options, false);
  // CROSS JOIN keeps the window as the outer loop: given a filter, SQLite would otherwise start
  // from the filter's index (every post of a profession) and probe the window for each.
  const ranked =
    filters || verified
      ? sql`select scored.fts_rowid, scored.score from (${scored}) scored
          cross join ${posts} on ${posts}.rowid = scored.fts_rowid left join ${profiles} on ${profiles.userId} = ${posts.userId}
          where ${filters ?? sql`1`} order by ${verified ? sql`${badge}, ` : sql``}scored.score desc, scored.fts_rowid desc limit ${limit}`
      : sql`select fts_rowid, score from (${scored}) order by score desc, fts_rowid desc limit ${limit}`;
  return db
    .select(postSelection(options.viewerId))
    .from(sql`(${ranked}) ranked`)
    .innerJoin(posts, sql`${posts}.rowid = ranked.fts_rowid`)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(visibleContent(posts, null))
    .orderBy(...(verified ? [badge] : []), sql`ranked.score desc`, sql`ranked.fts_rowid desc`);
}

export async function searchPosts(db: Db, input: PostSearchOptions): Promise<{ items: Post[]; nextCursor: string | null }> {
  const options: PostSearchOptions = { ...input, screened: input.screened ?? (await hasAudienceRules(db, input.viewerId)) };
  const { q, sortBy } = options.filters;
  const match = q === "" || rankedSort(sortBy) ? undefined : ftsMatchExpression(q);
  let rows: PostRow[];
  if (match === undefined) {
    const query = postSearchQuery(db, options);
    if (query === null) return { items: [], nextCursor: null };
    rows = (await query) as PostRow[];
  } else if (match === null) {
    return { items: [], nextCursor: null };
  } else {
    rows = await unrankedPostSearch(db, options, match);
  }
  const page = mapPage(pageOf(rows, options.limit), (row) => toPost(row, options.viewerId));
  return { items: page.items, nextCursor: options.filters.sortBy === "recent" ? page.nextCursor : null };
}
