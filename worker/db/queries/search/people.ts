// Search for people (spec social-feed-search §7 search profiles; §3 filters; §4 sorts): from
// profiles_fts with a query, ranked in the newest window (decision record 0070); from an index in
// the sort's order without one.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { SearchSort } from "@shared/constants";
import type { SearchFilters, SearchUser } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import type { Db } from "../../client";
import { profiles, services } from "../../schema";
import { shownTo } from "../audience";
import { mapPage, pageOf } from "../paging";
import { contains, PROFILE_RANK, profilesFts, rankedSort, SEARCH_RANK_WINDOW } from "./fts";
import { accountPresent } from "../visibility";

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
    // Nobody across a block, nobody the viewer muted (decision record 0082).
    shownTo(options.viewerId, profiles.userId),
    filters.location ? contains(profiles.location, filters.location) : undefined,
    filters.profession ? eq(profiles.profession, filters.profession) : undefined,
    filters.verified ? eq(profiles.verified, true) : undefined,
    // services_user_created_idx: one probe per candidate.
    filters.hasServices ? sql`exists(select 1 from ${services} s where s.user_id = ${profiles.userId})` : undefined,
    filters.sortBy === "recent" && cursor ? sql`(${profiles.createdAt}, ${profiles.userId}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
    // Moderation (decision record 0083): a suspended account is not found; nor is a deleted
    // account's placeholder (0084).
    accountPresent(profiles.userId),
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
