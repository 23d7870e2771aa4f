// Search for people (spec social-feed-search §7 search profiles; §3 filters; §4 sorts), decision
// record 0095. With a query, relevance is exact usernames and display names first, then the
// ranked walk over profiles_fts (./ranked.ts); the verified sort does both for badge holders,
// then for the rest; popular and recent sort the matches, or walk their index when the matches
// are many; and in every sort, words that match nobody get near misses from the names' trigram
// index. Without a query each sort walks an index in its order. Every
// sort pages.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SearchCursor } from "@shared/cursor";
import type { SearchSort } from "@shared/constants";
import type { SearchFilters, SearchUser } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import { fuzzyDistance, fuzzyWords, trigramMatchExpression } from "../../../lib/fuzzy";
import { KEY_SHIFT } from "../../../lib/search-rank";
import type { Db } from "../../client";
import { profiles, services } from "../../schema";
import { shownToIfRuled } from "../audience";
import { accountPresent } from "../visibility";
import { contains, PROFILE_RANK, rowidOfKey, searchKeyOf } from "./fts";
import { badgePartFits, hasManyMatches, keepBadgePart } from "./match-counts";
import { firstWalkSize, pageOfPhases, type Phase, type PhasePage, type PhasePosition, phaseWalkSizes, rankedPhasePage, runWalk, walkAnchor, walkSubquery, type WalkRow, type WalkSizes } from "./ranked";

/** Popular and recent with a query: fewer matches than this are sorted; more walk the sort's index (as posts do). */
const FEW_PEOPLE_MATCHES = 2000;
/** How many people, in the sort's order, that walk probes at most before sorting the matches past them. */
const PEOPLE_WALK_WINDOW = 1000;
/** How many trigram matches (in key order) the near-miss phase reads, and how many of the best it weighs by edit distance. */
const FUZZY_WALK = 2000;
const FUZZY_CANDIDATES = 50;

export interface UserSearchOptions {
  filters: Pick<SearchFilters, "q" | "location" | "profession" | "sortBy" | "verified" | "hasServices">;
  viewerId: string;
  limit: number;
  cursor?: SearchCursor | null;
  /** The Explore tab's variant (§7): username and display name only, not the bio. */
  namesOnly?: boolean;
  /** The ranked walk's sizes (./ranked.ts) unless a test says. */
  walkSizes?: WalkSizes;
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

type Badge = "verified" | "unverified" | "any";

/** The searcher's filters on a profile (`profiles`), blocks and mutes, and the account's presence unless told. */
function userFilters(options: UserSearchOptions, badge: Badge, presence = true): SQL | undefined {
  const { filters } = options;
  return and(
    // Nobody across a block, nobody the viewer muted (decision record 0082), asked inside the
    // statement: a viewer without such rules pays nothing per row.
    shownToIfRuled(options.viewerId, profiles.userId),
    filters.location ? contains(profiles.location, filters.location) : undefined,
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified || badge === "verified" ? eq(profiles.verified, true) : undefined,
    badge === "unverified" ? eq(profiles.verified, false) : undefined,
    // services_user_created_idx: one probe per candidate.
    filters.hasServices ? sql`exists(select 1 from ${services} s where s.user_id = ${profiles.userId})` : undefined,
    // Moderation (decision record 0083): a suspended account is not found; nor is a deleted
    // account's placeholder (0084).
    presence ? accountPresent(profiles.userId) : undefined,
  );
}

function handleOf(q: string): string {
  return q.trim().replace(/^@+/, "");
}

function matchOf(options: UserSearchOptions): string | null {
  return ftsMatchExpression(options.filters.q, options.namesOnly ? ["username", "display_name"] : undefined);
}

// ---------------------------------------------------------------------------------------------
// Lists in an order of profile columns: followers, newest; with a keyset.

type ListOrder = "popular" | "recent";

/** (follower_count, user_id) on profiles_follower_count_idx, or (created_at, user_id) on profiles_created_idx; the badge phases use profiles_verified_followers_idx. */
function listColumns(order: ListOrder): [SQL, SQL] {
  return order === "popular" ? [sql`${profiles.followerCount}`, sql`${profiles.userId}`] : [sql`${profiles.createdAt}`, sql`${profiles.userId}`];
}

function after(order: ListOrder, position: PhasePosition | null): SQL | undefined {
  if (!position) return undefined;
  const [first, second] = listColumns(order);
  return sql`(${first}, ${second}) < (${position.score}, ${position.key})`;
}

type ListRow = UserRow & { sortScore: number };

function listSort(order: ListOrder) {
  return { sortScore: sql<number>`${listColumns(order)[0]}`.as("sort_score") };
}

function listPhasePage(rows: ListRow[], limit: number, viewerId: string): PhasePage<SearchUser> {
  const consumed = rows.slice(0, limit);
  const last = consumed.at(-1);
  return {
    items: consumed.map((row) => toSearchUser(row, viewerId)),
    consumed: consumed.length,
    last: last ? { score: last.sortScore, key: last.userId, walk: 0 } : null,
    more: rows.length > limit,
  };
}

/** Without a query: people in the order's index from the position on. Exported (as SQL) for the query-plan tests. */
export function listedUsersQuery(db: Db, options: UserSearchOptions, order: ListOrder, position: PhasePosition | null, limit: number, badge: Badge = "any") {
  const [first, second] = listColumns(order);
  return db
    .select({ ...userSelection(options.viewerId), ...listSort(order) })
    .from(profiles)
    .where(and(userFilters(options, badge), after(order, position)))
    .orderBy(sql`${first} desc`, sql`${second} desc`)
    .limit(limit + 1);
}

function listedPhase(db: Db, options: UserSearchOptions, order: ListOrder, badge: Badge = "any"): Phase<SearchUser> {
  return async (position, limit) => listPhasePage((await listedUsersQuery(db, options, order, position, limit, badge)) as ListRow[], limit, options.viewerId);
}

/**
 * Popular or recent with a query, from its matches, sorted (the few-matches plan, and the rest
 * past a walk): the sort keeps one page of rowids (`limit`), then only that page is joined to
 * its profiles. Exported (as SQL) for the query-plan tests.
 */
export function matchedUsersQuery(db: Db, options: UserSearchOptions, order: ListOrder, match: string, position: PhasePosition | null, limit: number) {
  const [first, second] = listColumns(order);
  const page = sql`select ${profiles}.rowid as page_rowid from profiles_fts cross join ${profiles} on ${profiles}.rowid = ${rowidOfKey(sql`profiles_fts.rowid`)}
    where profiles_fts match ${match} and ${and(userFilters(options, "any"), after(order, position)) ?? sql`1`} order by ${first} desc, ${second} desc limit ${limit}`;
  return db
    .select({ ...userSelection(options.viewerId), ...listSort(order) })
    .from(sql`(${page}) page`)
    .innerJoin(profiles, sql`${profiles}.rowid = page.page_rowid`)
    .orderBy(sql`${first} desc`, sql`${second} desc`);
}

/**
 * Popular or recent with many matches: the order's index from the position on, each person probed
 * in profiles_fts by key, within the walk's window. Exported (as SQL) for the query-plan tests.
 */
export function walkedUsersQuery(db: Db, options: UserSearchOptions, order: ListOrder, match: string, position: PhasePosition | null, limit: number) {
  const [first, second] = listColumns(order);
  const window = sql`select ${first} as k0, ${second} as k1 from ${profiles} ${position ? sql`where ${after(order, position)}` : sql``} order by k0 desc, k1 desc limit ${PEOPLE_WALK_WINDOW}`;
  const conditions = and(
    userFilters(options, "any"),
    after(order, position),
    sql`(${first}, ${second}) >= (select k0, k1 from (${window}) order by k0, k1 limit 1)`,
    sql`exists(select 1 from profiles_fts where profiles_fts match ${match} and profiles_fts.rowid = ${searchKeyOf(profiles, sql`${profiles.verified}`)})`,
  );
  const page = sql`select ${profiles}.rowid as page_rowid from ${profiles} where ${conditions ?? sql`1`} order by ${first} desc, ${second} desc limit ${limit}`;
  return db
    .select({ ...userSelection(options.viewerId), ...listSort(order) })
    .from(sql`(${page}) page`)
    .innerJoin(profiles, sql`${profiles}.rowid = page.page_rowid`)
    .orderBy(sql`${first} desc`, sql`${second} desc`);
}

/**
 * Popular and recent with a query: few matches are sorted; many walk the order's index (or sort
 * the matches past its window). Whether the matches are many (FEW_PEOPLE_MATCHES or more) is
 * counted once and kept (./match-counts.ts): a query counted recently sends only its plan's
 * statement.
 */
function matchedPhase(db: Db, options: UserSearchOptions, order: ListOrder, match: string): Phase<SearchUser> {
  return async (position, limit) => {
    const wanted = limit + 1;
    if (!(await hasManyMatches(db, "profiles_fts", match, FEW_PEOPLE_MATCHES))) {
      return listPhasePage((await matchedUsersQuery(db, options, order, match, position, wanted)) as ListRow[], limit, options.viewerId);
    }
    const walked = await walkedUsersQuery(db, options, order, match, position, wanted);
    let rows = walked as ListRow[];
    if (rows.length < wanted) {
      // The window held too few: sort the matches past its last person for the rest.
      const [end] = await db
        .select({ k0: sql<number>`k0`, k1: sql<string>`k1` })
        .from(
          sql`(select ${listColumns(order)[0]} as k0, ${profiles.userId} as k1 from ${profiles} ${position ? sql`where ${after(order, position)}` : sql``} order by k0 desc, k1 desc limit ${PEOPLE_WALK_WINDOW})`,
        )
        .orderBy(sql`k0, k1`)
        .limit(1);
      if (end) rows = [...rows, ...((await matchedUsersQuery(db, options, order, match, { score: end.k0, key: end.k1, walk: 0 }, wanted - rows.length)) as ListRow[])];
    }
    return listPhasePage(rows, limit, options.viewerId);
  };
}

// ---------------------------------------------------------------------------------------------
// Relevance: exact names, the ranked walk, near misses.

/** The position value of an exact match: a username before a display name, then by followers. */
const exactScore = (handle: string) => sql<number>`(case when lower(${profiles.username}) = lower(${handle}) then ${KEY_SHIFT} else 0 end + ${profiles.followerCount})`;

/**
 * People whose username is the query (any case, with or without '@') or whose display name is the
 * query (any case): profiles_username_lower_unique and profiles_display_name_lower_idx. Exported
 * (as SQL) for the query-plan tests.
 */
export function exactUsersQuery(db: Db, options: UserSearchOptions, position: PhasePosition | null, limit: number, badge: Badge) {
  const handle = handleOf(options.filters.q);
  const score = exactScore(handle);
  return db
    .select({ ...userSelection(options.viewerId), sortScore: score.as("sort_score") })
    .from(profiles)
    .where(
      and(
        sql`(lower(${profiles.username}) = lower(${handle}) or lower(${profiles.displayName}) = lower(${options.filters.q.trim()}))`,
        userFilters(options, badge),
        position ? sql`(${score}, ${profiles.userId}) < (${position.score}, ${position.key})` : undefined,
      ),
    )
    .orderBy(sql`sort_score desc`, sql`${profiles.userId} desc`)
    .limit(limit + 1);
}

/** What the exact names' phase read ahead for the ranked phase after it: the walk's first statement, and the size it read. */
type ReadAhead = { size: number; rows: RankedRow[] } | null;

/** A badge part's first statements (its exact names and its walk's first rows), read in an earlier phase's batch. */
type PartAhead = { names: ListRow[]; ranked: ReadAhead } | null;

/**
 * Relevance's exact names and ranked walk, for one badge phase. When the exact names start (the
 * list's first page, or the page where the verified sort reaches its second part), the ranked
 * walk's first statement goes in the same batch, so one round trip answers both: the ranked phase
 * uses those rows if it starts on the same page. Its walk is then sized without the exact names
 * consumed before it on that page (a few rows fewer than it would read alone: runWalk).
 * `partAhead` gives both statements' rows when an earlier phase of the page read them already
 * (verifiedUserPhases); `next`, the statements of a later part to send in this part's batch (when
 * it has any) and where this part's walked count goes.
 */
function namesThenRanked(
  db: Db,
  options: UserSearchOptions,
  match: string,
  badge: Badge,
  partAhead: () => PartAhead = () => null,
  next?: { read: (limit: number, served: number) => BadgePartReads | null; keep: (ahead: PartAhead) => void; walked: (n: number) => void },
): [Phase<SearchUser>, Phase<SearchUser>] {
  const sizes = phaseWalkSizes(options.walkSizes, { filtered: thinsWalk(options) });
  let ahead: ReadAhead = null;
  const exact: Phase<SearchUser> = async (position, limit, served) => {
    if (position) return listPhasePage((await exactUsersQuery(db, options, position, limit, badge)) as ListRow[], limit, options.viewerId);
    const early = partAhead();
    if (early) {
      ahead = early.ranked;
      return listPhasePage(early.names, limit, options.viewerId);
    }
    const size = firstWalkSize(sizes, null, served);
    const later = next?.read(limit, served) ?? null;
    const exactNames = exactUsersQuery(db, options, null, limit, badge);
    const walk = rankedUsersQuery(db, options, match, null, size, limit, badge);
    let names: ListRow[];
    let ranked: RankedRow[];
    if (later) {
      const [ownNames, ownRanked, laterNames, laterRanked] = await db.batch([exactNames, walk, later.names, later.ranked]);
      [names, ranked] = [ownNames as ListRow[], ownRanked as RankedRow[]];
      next?.keep({ names: laterNames as ListRow[], ranked: { size: later.size, rows: laterRanked as RankedRow[] } });
    } else {
      const [ownNames, ownRanked] = await db.batch([exactNames, walk]);
      [names, ranked] = [ownNames as ListRow[], ownRanked as RankedRow[]];
    }
    next?.walked(ranked[0]?.walked ?? 0);
    ahead = { size, rows: ranked };
    return listPhasePage(names, limit, options.viewerId);
  };
  const ranked = rankedPhase(db, options, match, badge, sizes, () => {
    const rows = ahead;
    ahead = null;
    return rows;
  });
  return [exact, ranked];
}

/** A badge part's two first statements, and the size its walk reads. */
interface BadgePartReads {
  names: ReturnType<typeof exactUsersQuery>;
  ranked: ReturnType<typeof rankedUsersQuery>;
  size: number;
}

/**
 * Verified with a query: the badge holders' exact names and walk, then the rest's. Badge holders
 * are a small share of most queries' matches, so their part usually ends on the first page and
 * the rest's starts in it. When the badge holders' part of a query was walked recently and held no
 * more than a page (its `walked`, kept per database: ./match-counts.ts), a page that starts the
 * list sends the four first statements in one batch, one round trip instead of two; otherwise
 * each part sends its own. The rest's statements are read with the page's limit (its phases
 * consume what the page still has room for) and its walk as far as it would walk after a full
 * page (at least as far as it would have walked itself).
 */
function verifiedUserPhases(db: Db, options: UserSearchOptions, match: string): Phase<SearchUser>[] {
  const sizes = phaseWalkSizes(options.walkSizes, { filtered: thinsWalk(options) });
  let restAhead: PartAhead = null;
  const holders = namesThenRanked(db, options, match, "verified", undefined, {
    read: (limit, served) => {
      if (!badgePartFits(db, "profiles_fts", match, limit)) return null;
      const size = firstWalkSize(sizes, null, served + limit);
      return { names: exactUsersQuery(db, options, null, limit, "unverified"), ranked: rankedUsersQuery(db, options, match, null, size, limit, "unverified"), size };
    },
    keep: (ahead) => {
      restAhead = ahead;
    },
    walked: (n) => keepBadgePart(db, "profiles_fts", match, n),
  });
  const rest = namesThenRanked(db, options, match, "unverified", () => {
    const ahead = restAhead;
    restAhead = null;
    return ahead;
  });
  return [...holders, ...rest];
}

/** The FTS keys of the exact matches, which the ranked phase leaves to the exact one. */
function exactKeys(options: UserSearchOptions): SQL {
  return sql`(select ${searchKeyOf(sql`ex`, sql`ex.verified`)} from ${profiles} ex where lower(ex.username) = lower(${handleOf(options.filters.q)}) or lower(ex.display_name) = lower(${options.filters.q.trim()}))`;
}

type RankedRow = UserRow & WalkRow & { shown: number };

/**
 * The ranked walk over profiles_fts for one badge phase; the exact names are left to their phase
 * by key, and the filters (and blocks and mutes) read the candidates' profiles in score order, as
 * far as the page needs. Exported (as SQL) for the query-plan tests.
 */
export function rankedUsersQuery(db: Db, options: UserSearchOptions, match: string, position: PhasePosition | null, size: number, limit: number, badge: Badge = "any") {
  const ranked = walkSubquery({
    fts: "profiles_fts",
    rank: PROFILE_RANK,
    match,
    // Badge holders' profiles are keyed apart (migration 0028): each badge phase walks its part.
    part: badge === "verified" ? "badge" : badge === "unverified" ? "rest" : "all",
    size,
    limit: limit + 1,
    after: walkAnchor(position),
    keyFilter: sql`walk.k not in ${exactKeys(options)}`,
    join: sql`cross join ${profiles} on ${profiles}.rowid = ${rowidOfKey(sql`cand.k`)}`,
    where: userFilters(options, badge, false),
  });
  return db
    .select({
      ...userSelection(options.viewerId),
      walked: sql<number>`ranked.walked`,
      anchored: sql<number>`ranked.anchored`,
      k: sql<number | null>`ranked.k`,
      s: sql<number | null>`ranked.s`,
      shown: sql<number>`${accountPresent(profiles.userId)}`.as("shown"),
    })
    .from(sql`(${ranked}) ranked`)
    .leftJoin(profiles, sql`${profiles}.rowid = ${rowidOfKey(sql`ranked.k`)}`)
    .orderBy(sql`ranked.s`, sql`ranked.k`);
}

/** Whether the searcher's filters thin a walk out (the walk then reads further: ./ranked.ts phaseWalkSizes). */
function thinsWalk(options: UserSearchOptions): boolean {
  const { filters } = options;
  return Boolean(filters.location || filters.profession || filters.verified || filters.hasServices);
}

function rankedPhase(db: Db, options: UserSearchOptions, match: string, badge: Badge, sizes: WalkSizes, readAhead: () => ReadAhead): Phase<SearchUser> {
  return async (position, limit, served) => {
    const { candidates, size } = await runWalk(
      async (walkSize) => (await rankedUsersQuery(db, options, match, position, walkSize, limit, badge)) as RankedRow[],
      position,
      limit,
      served,
      sizes,
      // Rows read ahead start the phase; a page that continues it from a cursor reads its own.
      position ? null : readAhead(),
    );
    return rankedPhasePage(candidates, size, limit, (row) => (row.shown && row.userId ? toSearchUser(row, options.viewerId) : null));
  };
}

/**
 * Near misses: when the words match nobody, the names' trigram index (profiles_names_trigram)
 * finds people sharing pieces of them; the best by trigram bm25 are kept if their names are within
 * a few edits of the words (worker/lib/fuzzy.ts) and ordered by that distance. Exported (as SQL)
 * for the query-plan tests.
 */
export function fuzzyUsersQuery(db: Db, options: UserSearchOptions, match: string, trigrams: string) {
  return db
    .select({ ...userSelection(options.viewerId), s: sql<number>`tri.s`.as("tri_s") })
    .from(sql`(select rowid as k, bm25(profiles_names_trigram) as s from profiles_names_trigram where profiles_names_trigram match ${trigrams} order by rowid limit ${FUZZY_WALK}) tri`)
    .innerJoin(profiles, sql`${profiles}.rowid = ${rowidOfKey(sql`tri.k`)}`)
    .where(
      and(
        sql`not exists(select 1 from profiles_fts where profiles_fts match ${match})`,
        userFilters(options, "any"),
      ),
    )
    .orderBy(sql`tri.s`, sql`tri.k`)
    .limit(FUZZY_CANDIDATES);
}

function fuzzyPhase(db: Db, options: UserSearchOptions, match: string): Phase<SearchUser> | null {
  const trigrams = trigramMatchExpression(options.filters.q);
  if (trigrams === null) return null;
  const words = fuzzyWords(options.filters.q);
  return async (position, limit, served) => {
    // Rows came before this phase: the words matched someone, so there are no near misses to add.
    if (served > 0 && !position) return { items: [], consumed: 0, last: null, more: false };
    const rows = (await fuzzyUsersQuery(db, options, match, trigrams)) as (UserRow & { s: number })[];
    const near = rows
      .map((row, order) => ({ row, order, distance: fuzzyDistance(words, `${row.username} ${row.displayName}`) }))
      .filter((candidate): candidate is typeof candidate & { distance: number } => candidate.distance !== null)
      .sort((a, b) => a.distance - b.distance || a.order - b.order);
    // A short list computed whole each time: the position is an index into it.
    const start = position ? Number(position.key) + 1 || 0 : 0;
    const consumed = near.slice(start, start + limit);
    return {
      items: consumed.map(({ row }) => toSearchUser(row, options.viewerId)),
      consumed: consumed.length,
      last: consumed.length > 0 ? { score: 0, key: String(start + consumed.length - 1), walk: 0 } : null,
      more: near.length > start + limit,
    };
  };
}

// ---------------------------------------------------------------------------------------------

function userPhases(db: Db, options: UserSearchOptions, sort: SearchSort): Phase<SearchUser>[] | null {
  if (options.filters.q === "") {
    if (sort === "recent") return [listedPhase(db, options, "recent")];
    // The badge holders by followers, then the rest (profiles_verified_followers_idx).
    if (sort === "verified") return [listedPhase(db, options, "popular", "verified"), listedPhase(db, options, "popular", "unverified")];
    // Relevance without a query has nothing to be relevant to: the most followed come first.
    return [listedPhase(db, options, "popular")];
  }
  const match = matchOf(options);
  if (match === null) return null;
  const matched =
    sort === "recent" || sort === "popular"
      ? [matchedPhase(db, options, sort, match)]
      : sort === "verified"
        ? verifiedUserPhases(db, options, match)
        : namesThenRanked(db, options, match, "any");
  // Whatever the sort, words that match nobody get their near misses.
  const fuzzy = fuzzyPhase(db, options, match);
  return fuzzy ? [...matched, fuzzy] : matched;
}

export async function searchUsers(db: Db, options: UserSearchOptions): Promise<{ items: SearchUser[]; nextCursor: string | null }> {
  const phases = userPhases(db, options, options.filters.sortBy);
  if (phases === null) return { items: [], nextCursor: null };
  return pageOfPhases(phases, options.cursor, options.limit);
}
