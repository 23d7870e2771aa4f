// Search (spec social-feed-search §7 search profiles, posts and services; hashtags "search by
// name"; §3 search filters; §4 sort options; §9 search limits). Plain functions of the request's
// Db. With a query, each search starts from its FTS5 table (migrations/0001_triggers_fts.sql) and
// reaches the rows by rowid; without one, from an index in the sort's order. Ranking, paging and
// the plans are decision record 0031, the ranked window 0064, the post score 0067 and the recent
// and popular post sorts with a query 0070; tests/worker/search/query-plans.test.ts checks the plans.
import { and, desc, eq, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Cursor } from "../../../shared/cursor";
import type { Post } from "../../../shared/posts-api";
import type { SearchSort } from "../../../shared/constants";
import type { HashtagSummary, SearchFilters, SearchUser, ServiceSearchResult } from "../../../shared/search-api";
import { ftsMatchExpression } from "../../lib/fts-query";
import type { Db } from "../client";
import { hashtags, posts, profiles, services } from "../schema";
import { authorColumns, toAuthor } from "./people";
import { mapPage, pageOf } from "./paging";
import { postSelection, toPost, type PostRow } from "./posts";
import { itemRatings } from "./reviews";
import { toServiceCard } from "./seller-items";

// The FTS5 tables, declared here for the query builder only. They live outside db/schema/ on
// purpose: drizzle-kit must never try to create (or drop) them as ordinary tables.
const profilesFts = sqliteTable("profiles_fts", { rowid: integer("rowid"), username: text("username") });
const servicesFts = sqliteTable("services_fts", { rowid: integer("rowid"), name: text("name") });

/**
 * bm25 column weights: a name outranks a bio. Username 10, display name 6, bio 1; service name
 * 10, description 1, category 4. bm25() is lower-is-better, hence ascending order.
 */
const PROFILE_RANK = sql`bm25(profiles_fts, 10.0, 6.0, 1.0)`;
const SERVICE_RANK = sql`bm25(services_fts, 10.0, 1.0, 4.0)`;

/**
 * Without a query, a sort that no index serves (posts by author verified) orders only this many
 * of the newest matching posts, so the statement never sorts the whole table.
 */
const UNINDEXED_SORT_WINDOW = 500;

/**
 * With a query, the ranked sorts (relevance, verified) rank only the newest this many matches
 * (decision 0064). FTS5 walks a term's matches in rowid order without scoring them, so finding
 * the window is cheap; scoring and sorting every match of a common word is what grew with the
 * network. Rowids are insertion order, so "newest" is the most recently written.
 */
const SEARCH_RANK_WINDOW = 1000;

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
 * A post's relevance inside the window (decision record 0067), higher is better: BM25's term
 * weight without its IDF factor, k1 = 1.2 and b = 0.75 as FTS5's bm25() uses them.
 * `tf` is how many times the query's terms occur in the caption, counted from highlight()'s
 * marks (one character per match, so it is the highlighted length minus the caption's), and
 * `len` the caption's length against the window's average. bm25()'s IDF needs the number of
 * matches of every query term across the whole table, a full pass over a common word's
 * postings per search, and was most of the remaining cost; the scores inside one window are
 * compared with each other only, and for a one-word query IDF is the same factor for every row.
 */
const POST_SCORE = sql`tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * len / avg(len) over ()))`;

/**
 * The rowid where the newest `size` profile matches of `match` begin: the smallest rowid among
 * them. The outer statement then constrains the FTS table with `rowid >= (this)`, a range FTS5
 * applies while reading its doclists, so bm25 runs for the window only. (A `rowid IN (…)` list
 * instead makes FTS5 evaluate the whole MATCH once per listed rowid, far slower.) Posts score
 * their window in one walk instead (rankedPostSearchQuery).
 */
function windowStart(match: string, size: number): SQL {
  return sql`(select min(rowid) from (select rowid from profiles_fts where profiles_fts match ${match} order by rowid desc limit ${size}))`;
}

/** Whether a sort ranks by relevance and so reads only the newest window of matches. */
function rankedSort(sort: SearchSort): boolean {
  return sort === "relevance" || sort === "verified";
}

/** Case-insensitive "contains" for free-text filters (location): SQLite's lower() folds ASCII. */
function contains(column: SQLWrapper, needle: string): SQL {
  return sql`instr(lower(${column}), lower(${needle})) > 0`;
}

// ---------------------------------------------------------------------------------------------
// People

export interface UserSearchOptions {
  filters: Pick<SearchFilters, "q" | "location" | "profession" | "sortBy" | "verified" | "hasServices">;
  viewerId: string;
  limit: number;
  cursor?: Cursor | null;
  /** The Explore tab's variant (§7): username and display name only, not the bio. */
  namesOnly?: boolean;
  /** How many of the newest matches a ranked sort reads; SEARCH_RANK_WINDOW unless a test says. */
  rankWindow?: number;
}

function userSelection(viewerId: string) {
  return {
    userId: profiles.userId,
    username: profiles.username,
    displayName: profiles.displayName,
    avatarUrl: profiles.avatarUrl,
    verified: profiles.verified,
    profession: profiles.profession,
    location: profiles.location,
    bio: profiles.bio,
    followerCount: profiles.followerCount,
    postCount: profiles.postCount,
    createdAt: profiles.createdAt,
    // One probe of follows_pair_unique per row.
    following: sql<number>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.following_id = ${profiles.userId})`.as(
      "viewer_following",
    ),
  };
}

type UserRow = Omit<SearchUser, "viewer"> & { createdAt: number; following: number };

export function toSearchUser(row: Omit<UserRow, "createdAt">, viewerId: string | null): SearchUser {
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName || row.username,
    avatarUrl: row.avatarUrl,
    verified: Boolean(row.verified),
    profession: row.profession,
    location: row.location,
    bio: row.bio,
    followerCount: row.followerCount,
    postCount: row.postCount,
    viewer: { isSelf: row.userId === viewerId, following: Boolean(row.following) },
  };
}

function userFilters(options: UserSearchOptions): SQL | undefined {
  const { filters, cursor } = options;
  return and(
    filters.location ? contains(profiles.location, filters.location) : undefined,
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified ? eq(profiles.verified, true) : undefined,
    // services_user_created_idx: one probe per candidate.
    filters.hasServices ? sql`exists(select 1 from ${services} s where s.user_id = ${profiles.userId})` : undefined,
    filters.sortBy === "recent" && cursor ? sql`(${profiles.createdAt}, ${profiles.userId}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
  );
}

function userOrder(sort: SearchSort, ranked: boolean, exactUsername: string): SQL[] {
  // Typing someone's exact handle finds them first, whatever the bio matches say.
  const exact = ranked ? [sql`lower(${profiles.username}) = lower(${exactUsername}) desc`] : [];
  switch (sort) {
    case "recent":
      return [desc(profiles.createdAt), desc(profiles.userId)];
    case "popular":
      return [desc(profiles.followerCount), desc(profiles.userId)];
    case "verified":
      return [...exact, desc(profiles.verified), ...(ranked ? [PROFILE_RANK] : []), desc(profiles.followerCount), desc(profiles.userId)];
    case "relevance":
      // Without a query there is nothing to be relevant to: the most followed come first.
      return ranked ? [...exact, PROFILE_RANK, desc(profiles.followerCount)] : [desc(profiles.followerCount), desc(profiles.userId)];
  }
}

/** The people search's statement; exported (as SQL) for the query-plan tests. Null: no tokens. */
export function userSearchQuery(db: Db, options: UserSearchOptions) {
  const { filters } = options;
  const limit = options.limit + 1;
  const selection = userSelection(options.viewerId);
  if (filters.q === "") {
    return db
      .select(selection)
      .from(profiles)
      .where(userFilters(options))
      .orderBy(...userOrder(filters.sortBy, false, ""))
      .limit(limit);
  }
  const match = ftsMatchExpression(filters.q, options.namesOnly ? ["username", "display_name"] : undefined);
  if (match === null) return null;
  const window = rankedSort(filters.sortBy)
    ? sql`${profilesFts.rowid} >= ${windowStart(match, options.rankWindow ?? SEARCH_RANK_WINDOW)}`
    : undefined;
  return db
    .select(selection)
    .from(profilesFts)
    .innerJoin(profiles, sql`${profiles}.rowid = ${profilesFts.rowid}`)
    .where(and(sql`profiles_fts match ${match}`, window, userFilters(options)))
    .orderBy(...userOrder(filters.sortBy, true, handleOf(filters.q)))
    .limit(limit);
}

function handleOf(q: string): string {
  return q.trim().replace(/^@+/, "");
}

/**
 * The profile whose username is exactly the query (any case, with or without '@'), under the same
 * filters; exported (as SQL) for the query-plan tests. A ranked sort reads only the newest window
 * of matches, and typing someone's handle must find them however old their account is, so this
 * probe of profiles_username_lower_unique runs beside the windowed statement. Null: no query.
 */
export function exactUserQuery(db: Db, options: UserSearchOptions) {
  const username = handleOf(options.filters.q);
  if (username === "" || !rankedSort(options.filters.sortBy)) return null;
  return db
    .select(userSelection(options.viewerId))
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) = lower(${username})`, userFilters(options)))
    .limit(1);
}

export async function searchUsers(db: Db, options: UserSearchOptions): Promise<{ items: SearchUser[]; nextCursor: string | null }> {
  const query = userSearchQuery(db, options);
  if (query === null) return { items: [], nextCursor: null };
  const exactQuery = exactUserQuery(db, options);
  // One round trip for both statements.
  const [found, exact] = exactQuery ? await db.batch([query, exactQuery]) : [await query, []];
  let rows = found as UserRow[];
  const exactRow = (exact as UserRow[])[0];
  // An exact handle older than the window: first, as the windowed order would have placed it.
  if (exactRow && !rows.some((row) => row.userId === exactRow.userId)) rows = [exactRow, ...rows].slice(0, options.limit + 1);
  const page = mapPage(pageOf(rows, options.limit, (row) => ({ createdAt: row.createdAt, id: row.userId })), (row) => toSearchUser(row, options.viewerId));
  // Only the recent order is a keyset over (created_at, user_id); the ranked orders are the top.
  return { items: page.items, nextCursor: options.filters.sortBy === "recent" ? page.nextCursor : null };
}

// ---------------------------------------------------------------------------------------------
// Posts

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
}

function postFilters(options: PostSearchOptions): SQL | undefined {
  const { filters, cursor } = options;
  return and(
    filters.contentType !== "all" ? eq(posts.contentType, filters.contentType) : undefined,
    filters.location ? contains(posts.location, filters.location) : undefined,
    // The author's profession and badge (§7: posts are filtered by both), from the joined profile.
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified ? eq(profiles.verified, true) : undefined,
    filters.sortBy === "recent" && cursor ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
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
 * Relevance and verified with a query (decision records 0064, 0067): one statement in three
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
  const filters = postFilters(options);
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
    .orderBy(...(verified ? [badge] : []), sql`ranked.score desc`, sql`ranked.fts_rowid desc`);
}

export async function searchPosts(db: Db, options: PostSearchOptions): Promise<{ items: Post[]; nextCursor: string | null }> {
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

// ---------------------------------------------------------------------------------------------
// Services

export interface ServiceSearchOptions {
  q: string;
  limit: number;
  cursor?: Cursor | null;
}

function serviceSelection() {
  return {
    id: services.id,
    userId: services.userId,
    name: services.name,
    description: services.description,
    category: services.category,
    needsScheduling: services.needsScheduling,
    pricingModel: services.pricingModel,
    priceCents: services.priceCents,
    packageDetails: services.packageDetails,
    turnaroundDays: services.turnaroundDays,
    createdAt: services.createdAt,
    updatedAt: services.updatedAt,
    ...authorColumns,
  };
}

/**
 * The services search's statement; exported (as SQL) for the query-plan tests. Without a query:
 * every service newest first (§7 "read all services newest first"), keyset on services_created_idx.
 */
export function serviceSearchQuery(db: Db, options: ServiceSearchOptions) {
  const limit = options.limit + 1;
  if (options.q === "") {
    const cursor = options.cursor;
    return db
      .select(serviceSelection())
      .from(services)
      .leftJoin(profiles, eq(profiles.userId, services.userId))
      .where(cursor ? sql`(${services.createdAt}, ${services.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(limit);
  }
  const match = ftsMatchExpression(options.q);
  if (match === null) return null;
  return db
    .select(serviceSelection())
    .from(servicesFts)
    .innerJoin(services, sql`${services}.rowid = ${servicesFts.rowid}`)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .where(sql`services_fts match ${match}`)
    .orderBy(SERVICE_RANK, desc(services.createdAt))
    .limit(limit);
}

export async function searchServices(db: Db, options: ServiceSearchOptions): Promise<{ items: ServiceSearchResult[]; nextCursor: string | null }> {
  const query = serviceSearchQuery(db, options);
  if (query === null) return { items: [], nextCursor: null };
  const rows = await query;
  const rowPage = pageOf(rows, options.limit);
  const ratings = await itemRatings(db, "service", rowPage.items.map((row) => row.id));
  const page = mapPage(rowPage, (row) => ({ ...toServiceCard(row, ratings.get(row.id) ?? null), author: toAuthor(row) }));
  // Only the newest-first list (no query) pages; a ranked list is the top 15.
  return { items: page.items, nextCursor: options.q === "" ? page.nextCursor : null };
}

// ---------------------------------------------------------------------------------------------
// Hashtags

/** What a hashtag search looks for: the name as stored (lowercase, without '#'). */
function hashtagNeedle(raw: string): string {
  return raw.trim().replace(/^#+/, "").replace(/\s+/g, "").toLowerCase();
}

/**
 * §7 "search by name, case-insensitive contains, by usage_count descending, limit 10": a walk of
 * hashtags_usage_idx from the most used, stopping at the limit. instr() is a plain substring test,
 * so '%' or '_' in the query are characters, not patterns.
 */
export function hashtagSearchQuery(db: Db, options: { q: string; limit: number }) {
  return db
    .select({ id: hashtags.id, name: hashtags.name, usageCount: hashtags.usageCount, trendingScore: hashtags.trendingScore })
    .from(hashtags)
    .where(and(sql`instr(${hashtags.name}, ${hashtagNeedle(options.q)}) > 0`, sql`${hashtags.usageCount} > 0`))
    .orderBy(desc(hashtags.usageCount), desc(hashtags.id))
    .limit(options.limit);
}

export async function searchHashtags(db: Db, options: { q: string; limit: number }): Promise<HashtagSummary[]> {
  if (hashtagNeedle(options.q) === "") return [];
  return hashtagSearchQuery(db, options);
}
