// The search statements' plans (CONVENTIONS.md: hot queries are served by indexes; decision
// record 0095): with a query each search starts from its FTS5 index (relevance: one walk of it in
// key order, materialized once) and reaches rows by rowid; without one it walks an index in the
// sort's order. No plan may scan posts or profiles as a table. The recommendation signals are
// bounded the same way.
import { env } from "cloudflare:test";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { SearchFilters } from "@shared/search-api";
import type { Db } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { interactionInsert } from "../../../worker/db/queries/interactions";
import {
  authorsOfHashtags,
  candidatePosts,
  followedIds,
  interactedPeople,
  interestHashtags,
  mutualConnections,
  popularPeople,
  popularRecentPosts,
  postsOfPeople,
  postsWithHashtags,
  postsWithTrendingHashtags,
  sameLocation,
  sameProfession,
  storedPostRecommendationsQuery,
  storedUserRecommendationsQuery,
} from "../../../worker/db/queries/recommendations";
import {
  exactUsersQuery,
  fuzzyHashtagQuery,
  fuzzyUsersQuery,
  hashtagSearchQuery,
  listedPostsQuery,
  listedServicesQuery,
  listedUsersQuery,
  matchedPostsQuery,
  matchedUsersQuery,
  matchCountQuery,
  postWalkEndQuery,
  rankedPostsQuery,
  rankedServicesQuery,
  rankedUsersQuery,
  walkedPostsQuery,
  walkedUsersQuery,
} from "../../../worker/db/queries/search";
import { trendingHashtagsQuery } from "../../../worker/db/queries/trending";
import { db } from "../helpers";

async function plan(query: { toSQL(): { sql: string; params: unknown[] } } | null): Promise<string> {
  if (query === null) throw new Error("no statement");
  const { sql: text, params } = query.toSQL();
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return result.results.map((r) => r.detail).join("\n");
}

/** A table scan of posts or profiles (an index walk says "USING INDEX"; a rowid lookup "SEARCH"). */
const TABLE_SCAN = /^SCAN (posts|profiles)( (?!USING)|$)/m;

const viewerId = newId();
/** A position inside a list: a ranked row's key, or a keyset row's values. */
const RANKED_AT = { score: -1.5, key: "1099511627000", walk: 1000 };
const CREATED_AT = { score: Date.now(), key: newId(), walk: 0 };
const POPULAR_AT = { score: 20_000.5, key: "123", walk: 0 };

function filters(overrides: Partial<SearchFilters> = {}): SearchFilters {
  return { q: "", contentType: "all", location: "", profession: "", sortBy: "relevance", verified: false, hasServices: false, ...overrides };
}

/**
 * The ranked walk reads the FTS index once, in key order (FTS5's idxNum carries 64 for the rowid
 * order it serves), into a materialized table (no bm25 sort of the whole match set), bounded to
 * its part of the keys (migration 0028: badge holders' rows below zero, idxStr '<'; the rest from
 * zero, '>'). A walk of both parts (relevance) first counts the badge holders' matches: one more
 * read of that part alone, in no order and without bm25.
 */
function expectOneWalk(p: string, fts: string, part: "all" | "badge" | "rest" | "none" = "all") {
  expect(p).toMatch(/MATERIALIZE walk/);
  const scans = [...p.matchAll(new RegExp(`SCAN ${fts} VIRTUAL TABLE INDEX (\\d+):(\\S*)`, "g"))].map((m) => ({ ordered: (Number(m[1]) & 64) !== 0, ops: m[2]! }));
  const walks = scans.filter((scan) => scan.ordered);
  expect(walks).toHaveLength(1);
  expect(walks[0]!.ops).toMatch({ all: /^[^<>]*$/, none: /^[^<>]*$/, badge: /</, rest: />/ }[part]);
  const others = scans.filter((scan) => !scan.ordered);
  if (part === "all") {
    expect(others).toHaveLength(1);
    expect(others[0]!.ops).toMatch(/</);
  } else {
    expect(others).toHaveLength(0);
  }
}

/** The plan as rows (id, parent, detail), to tell which step a sort belongs to. */
async function planRows(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<{ id: number; parent: number; detail: string }[]> {
  const { sql: text, params } = query.toSQL();
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ id: number; parent: number; detail: string }>();
  return result.results;
}

/**
 * The walked rows are sorted by score once, in the co-routine `cand`, and the step that reads the
 * candidates' rows for the filters consumes it in that order without a sort of its own, so it can
 * stop at its limit: a filter reads as many rows as the page needs, not one per walked row.
 */
async function expectFiltersInScoreOrder(query: { toSQL(): { sql: string; params: unknown[] } }, table: "posts" | "profiles") {
  const rows = await planRows(query);
  const coroutine = rows.find((r) => r.detail === "CO-ROUTINE cand");
  expect(coroutine).toBeDefined();
  // The one sort of the walked rows is the co-routine's.
  expect(rows.filter((r) => r.parent === coroutine!.id).map((r) => r.detail)).toContain("USE TEMP B-TREE FOR ORDER BY");
  const scan = rows.find((r) => r.detail === "SCAN cand")!;
  const step = rows.filter((r) => r.parent === scan.parent).map((r) => r.detail);
  expect(step).toContain(`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid=?)`);
  expect(step).not.toContain("USE TEMP B-TREE FOR ORDER BY");
  expect(step.indexOf("SCAN cand")).toBeLessThan(step.indexOf(`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid=?)`));
}

describe("people search", () => {
  it("relevance with a query: one walk of profiles_fts; candidates' profiles in score order; exact names left to their phase by index", async () => {
    const query = rankedUsersQuery(db(), { filters: filters({ q: "ana lo" }), viewerId, limit: 20 }, '"ana"* "lo"*', RANKED_AT, 1000, 20);
    const p = await plan(query);
    expectOneWalk(p, "profiles_fts");
    expect(p).toMatch(/SEARCH ex USING INDEX profiles_username_lower_unique/);
    expect(p).toMatch(/SEARCH ex USING INDEX profiles_display_name_lower_idx/);
    // Blocks and mutes read the candidates' profiles in score order; then the page's rows.
    await expectFiltersInScoreOrder(query, "profiles");
    expect(p.match(/SEARCH profiles USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p).toMatch(/follows_pair_unique/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("relevance with filters: each candidate's profile by rowid in score order, never from a filter's index", async () => {
    const query = rankedUsersQuery(db(), { filters: filters({ q: "ana", location: "x", profession: "DJ", hasServices: true }), viewerId, limit: 20 }, '"ana"*', null, 1000, 20, "verified");
    const p = await plan(query);
    expectOneWalk(p, "profiles_fts", "badge");
    await expectFiltersInScoreOrder(query, "profiles");
    expect(p.match(/SEARCH profiles USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p).toMatch(/services_user_created_idx/);
    expect(p).not.toMatch(/profiles_profession_followers_idx|profiles_verified_followers_idx/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("exact names: the two expression indexes, nothing else", async () => {
    const p = await plan(exactUsersQuery(db(), { filters: filters({ q: "@Ana" }), viewerId, limit: 20 }, null, 20, "any"));
    expect(p).toMatch(/MULTI-INDEX OR/);
    expect(p).toMatch(/SEARCH profiles USING INDEX profiles_username_lower_unique/);
    expect(p).toMatch(/SEARCH profiles USING INDEX profiles_display_name_lower_idx/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("near misses: one bounded walk of the names' trigram index", async () => {
    const p = await plan(fuzzyUsersQuery(db(), { filters: filters({ q: "kenjy" }), viewerId, limit: 20 }, '"kenjy"*', '"ken" OR "enj" OR "njy"'));
    expect(p.match(/SCAN profiles_names_trigram VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(p).toMatch(/SEARCH profiles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each(["popular", "recent"] as const)("%s with a query and few matches: profiles_fts, then profiles by rowid, sorted", async (order) => {
    const p = await plan(matchedUsersQuery(db(), { filters: filters({ q: "ana", location: "x" }), viewerId, limit: 20 }, order, '"ana"*', CREATED_AT, 21));
    expect(p).toMatch(/SCAN profiles_fts VIRTUAL TABLE INDEX/);
    expect(p).toMatch(/SEARCH profiles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each([
    ["popular", "profiles_follower_count_idx"],
    ["recent", "profiles_created_idx"],
  ] as const)("%s with many matches: walks %s and probes profiles_fts per person", async (order, index) => {
    const p = await plan(walkedUsersQuery(db(), { filters: filters({ q: "ana" }), viewerId, limit: 20 }, order, '"ana"*', CREATED_AT, 21));
    expect(p).toMatch(new RegExp(`SEARCH profiles USING INDEX ${index}`));
    expect(p).toMatch(/SCAN profiles_fts EXISTS VIRTUAL TABLE INDEX \d+:=M/);
    expect(p).not.toMatch(/SCAN profiles_fts VIRTUAL TABLE/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("without a query: popular walks profiles_follower_count_idx, recent profiles_created_idx, the badge phases profiles_verified_followers_idx, in order", async () => {
    const popular = await plan(listedUsersQuery(db(), { filters: filters({ location: "x" }), viewerId, limit: 20 }, "popular", { ...CREATED_AT, score: 3 }, 20));
    expect(popular).toMatch(/profiles USING INDEX profiles_follower_count_idx/);
    expect(popular).not.toMatch(/TEMP B-TREE/);
    const recent = await plan(listedUsersQuery(db(), { filters: filters({}), viewerId, limit: 20 }, "recent", CREATED_AT, 20));
    expect(recent).toMatch(/profiles_created_idx/);
    expect(recent).not.toMatch(/TEMP B-TREE/);
    for (const badge of ["verified", "unverified"] as const) {
      const verified = await plan(listedUsersQuery(db(), { filters: filters({}), viewerId, limit: 20 }, "popular", null, 20, badge));
      expect(verified).toMatch(/profiles_verified_followers_idx/);
      expect(verified).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("without a query, the profession filter is a range of profiles_profession_followers_idx", async () => {
    const p = await plan(listedUsersQuery(db(), { filters: filters({ profession: "DJ" }), viewerId, limit: 20 }, "popular", null, 20));
    expect(p).toMatch(/profiles_profession_followers_idx \(profession=\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });
});

describe("post search", () => {
  it("relevance with a query and no filter: one walk of posts_fts; posts read only for candidates, in score order", async () => {
    const query = rankedPostsQuery(db(), { filters: filters({ q: "late set" }), viewerId, limit: 20 }, '"late"* "set"*', RANKED_AT, 1000, 20);
    const text = query.toSQL().sql;
    // The walk is cut in the index's key order and scored by bm25 with the table's own IDF: every
    // badge holder's match (keys below zero, counted first), then the walk's size of the rest.
    expect(text).toMatch(
      /with walk as materialized \(select rowid as k, bm25\(posts_fts\) as s from posts_fts where posts_fts match \? order by rowid limit \(select count\(\*\) from \(select 1 from posts_fts where posts_fts match \? and rowid < 0\)\) \+ \?\)/,
    );
    expect(text).not.toMatch(/highlight|order by rowid desc/);
    const p = await plan(query);
    expectOneWalk(p, "posts_fts");
    // Blocks and mutes (asked in the statement) read the candidates' posts in score order; then the page's rows.
    await expectFiltersInScoreOrder(query, "posts");
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each(["any", "verified", "unverified"] as const)("relevance with filters (%s authors): each candidate's post and author by key in score order, never from a filter's index", async (badge) => {
    const query = rankedPostsQuery(db(), { filters: filters({ q: "late", contentType: "audio", profession: "DJ" }), viewerId, limit: 20 }, '"late"*', null, 1000, 20, badge);
    const p = await plan(query);
    await expectFiltersInScoreOrder(query, "posts");
    expectOneWalk(p, "posts_fts", ({ any: "all", verified: "badge", unverified: "rest" } as const)[badge]);
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p).toMatch(/SEARCH profiles USING INDEX sqlite_autoindex_profiles_1 \(user_id=\?\)/);
    expect(p).not.toMatch(/profiles_profession_followers_idx|profiles_verified_followers_idx|posts_user_created_idx|AUTOMATIC COVERING/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  const WALK_INDEX = { recent: "posts_created_idx", popular: "posts_popular_idx" } as const;

  it.each(["recent", "popular"] as const)("%s with a query and many matches: walks its index and probes posts_fts per post by key", async (order) => {
    for (const overrides of [{}, { contentType: "audio", profession: "DJ", verified: true }] as const) {
      const at = order === "recent" ? CREATED_AT : POPULAR_AT;
      const p = await plan(walkedPostsQuery(db(), { filters: filters({ q: "late set", sortBy: order, ...overrides }), viewerId, limit: 20 }, order, '"late"* "set"*', at, 21));
      expect(p).toMatch(new RegExp(`^SEARCH posts USING INDEX ${WALK_INDEX[order]} \\(`, "m"));
      expect(p).toMatch(/SCAN posts_fts EXISTS VIRTUAL TABLE INDEX \d+:=M/);
      expect(p).not.toMatch(/SCAN posts_fts VIRTUAL TABLE/);
      expect(p).not.toMatch(/profiles_profession_followers_idx|profiles_verified_followers_idx|posts_user_created_idx|AUTOMATIC/);
      expect(p).not.toMatch(TABLE_SCAN);
    }
  });

  it.each(["recent", "popular"] as const)("%s with a query and many matches: the window's end is read from its index by offset, the window not sorted", async (order) => {
    for (const at of [null, order === "recent" ? CREATED_AT : POPULAR_AT]) {
      const p = await plan(postWalkEndQuery(db(), { filters: filters({ q: "late", sortBy: order }), viewerId, limit: 20 }, order, at));
      // The window's last post and the order's last post, each from the index; only those two rows are sorted.
      expect(p.match(new RegExp(`(SEARCH|SCAN) posts USING (COVERING )?INDEX ${WALK_INDEX[order]}`, "g"))).toHaveLength(2);
      expect(p.match(/USE TEMP B-TREE/g)).toHaveLength(1);
      expect(p).not.toMatch(/posts_fts|profiles/);
      expect(p).not.toMatch(TABLE_SCAN);
    }
  });

  it.each(["posts_fts", "profiles_fts"] as const)("with a query, the match count walks %s and reads no row", async (table) => {
    const p = await plan(matchCountQuery(db(), table, '"late"*', 5000));
    expect(p.match(new RegExp(`SCAN ${table} VIRTUAL TABLE INDEX`, "g"))).toHaveLength(1);
    expect(p).not.toMatch(/(posts|profiles) USING/);
  });

  it.each(["recent", "popular"] as const)("%s with a query, the matches past the walk: one FTS walk, the sort on the key, then the page's rows", async (order) => {
    const query = matchedPostsQuery(db(), { filters: filters({ q: "late", sortBy: order, profession: "DJ" }), viewerId, limit: 20 }, order, '"late"*', 21, order === "recent" ? CREATED_AT : POPULAR_AT);
    expect(query.toSQL().sql).toMatch(order === "recent" ? /\("posts"\."created_at", "posts"\."id"\) < \(\?, \?\)/ : /\("posts"\."popular_rank", "posts"\.rowid\) < \(\?, \?\)/);
    const p = await plan(query);
    expect(p.match(/SCAN posts_fts VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p.indexOf("USE TEMP B-TREE FOR ORDER BY")).toBeLessThan(p.indexOf("SCAN page"));
    expect(p).not.toMatch(/profiles_profession_followers_idx|AUTOMATIC/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each(["recent", "popular"] as const)("%s with a query and no author filter: each match costs its post and a probe of the suspended accounts' index, no profile", async (order) => {
    const p = await plan(matchedPostsQuery(db(), { filters: filters({ q: "late", sortBy: order }), viewerId, limit: 20 }, order, '"late"*', 21, null));
    // Before the sort (the page's rows come after it, with their authors): the post and the
    // author's suspension, read from users_suspended_idx (migration 0032), not from users' rows.
    const beforeSort = p.slice(0, p.indexOf("USE TEMP B-TREE FOR ORDER BY"));
    expect(beforeSort).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(beforeSort).toMatch(/SEARCH su USING (COVERING )?INDEX users_suspended_idx \(id=\?\)/);
    expect(beforeSort).not.toMatch(/profiles|sqlite_autoindex_users_1/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("without a query: recent walks posts_created_idx, popular posts_popular_idx, from the cursor, in order", async () => {
    const recent = await plan(listedPostsQuery(db(), { filters: filters({ sortBy: "recent", contentType: "video" }), viewerId, limit: 20 }, "recent", CREATED_AT, 20));
    expect(recent).toMatch(/SEARCH posts USING INDEX posts_created_idx \(\(created_at,id\)<\(\?,\?\)\)/);
    expect(recent).not.toMatch(/TEMP B-TREE/);
    const popular = await plan(listedPostsQuery(db(), { filters: filters({ sortBy: "popular", contentType: "image" }), viewerId, limit: 20 }, "popular", POPULAR_AT, 20));
    expect(popular).toMatch(/SEARCH posts USING INDEX posts_popular_idx \(popular_rank<\?\)/);
    expect(popular).not.toMatch(/TEMP B-TREE/);
  });

  it("without a query, verified: badge holders' posts from their own index, then the rest along posts_created_idx", async () => {
    const holders = await plan(listedPostsQuery(db(), { filters: filters({ sortBy: "verified" }), viewerId, limit: 20 }, "recent", null, 20, "verified"));
    expect(holders).toMatch(/SEARCH profiles USING INDEX profiles_verified_followers_idx \(verified=\?\)/);
    expect(holders).toMatch(/SEARCH posts USING INDEX posts_user_created_idx \(user_id=\?\)/);
    expect(holders).not.toMatch(TABLE_SCAN);
    const rest = await plan(listedPostsQuery(db(), { filters: filters({ sortBy: "verified" }), viewerId, limit: 20 }, "recent", CREATED_AT, 20, "unverified"));
    expect(rest).toMatch(/posts USING INDEX posts_created_idx/);
    expect(rest).not.toMatch(/TEMP B-TREE/);
  });
});

describe("services and hashtags", () => {
  it("a service query walks services_fts once; the plain list is a keyset range of services_created_idx", async () => {
    const ranked = await plan(rankedServicesQuery(db(), { q: "mastering", limit: 15 }, '"mastering"*', null, 1000, 15));
    expectOneWalk(ranked, "services_fts", "none");
    expect(ranked).toMatch(/SEARCH services USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const list = await plan(listedServicesQuery(db(), { q: "", limit: 15 }, CREATED_AT));
    expect(list).toMatch(/services_created_idx/);
    expect(list).not.toMatch(/TEMP B-TREE/);
  });

  it("a hashtag search walks hashtags_usage_idx from the most used, no sort; near misses read the trigram index once", async () => {
    const p = await plan(hashtagSearchQuery(db(), { q: "lofi", limit: 10 }));
    expect(p).toMatch(/hashtags USING INDEX hashtags_usage_idx/);
    expect(p).not.toMatch(/TEMP B-TREE/);
    const near = await plan(fuzzyHashtagQuery(db(), "mixng", '"mix" OR "ixn" OR "xng"'));
    expect(near.match(/SCAN hashtags_trigram VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(near).toMatch(/SEARCH hashtags USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});

describe("trending topics", () => {
  it("walks hashtags_trending_idx from the top score; only ties are sorted", async () => {
    const p = await plan(trendingHashtagsQuery(db(), 12));
    expect(p).toMatch(/SCAN hashtags USING INDEX hashtags_trending_idx/);
    expect(p).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });
});

describe("recording an interaction", () => {
  it("anchors on the target by key and probes only the viewer's recent rows", async () => {
    const now = Date.now();
    const cases = [
      { serviceId: newId(), table: /SEARCH services USING (COVERING )?INDEX sqlite_autoindex_services_1 \(id=\?\)/ },
      { postId: newId(), table: /SEARCH posts USING (COVERING )?INDEX sqlite_autoindex_posts_1 \(id=\?\)/ },
      { metadata: { hashtag: "lofi" }, table: /SEARCH hashtags USING (COVERING )?INDEX hashtags_name_unique \(name=\?\)/ },
    ];
    for (const { table, ...target } of cases) {
      const p = await plan(interactionInsert({ userId: viewerId, interactionType: "view", now, ...target }));
      expect(p).toMatch(table);
      // The repeat probe: either index bounds it to one person's last half hour (SQLite picks).
      expect(p).toMatch(/SEARCH ui USING (COVERING )?INDEX user_interactions_(user_created|target_user)_idx \((user_id|target_user_id)=\? AND created_at>\?\)/);
      // The burst cap: the viewer's last ten minutes.
      expect(p).toMatch(/SEARCH ub USING COVERING INDEX user_interactions_user_created_idx \(user_id=\? AND created_at>\?\)/);
      expect(p).not.toMatch(/SCAN (ui|ub|user_interactions)$/m);
    }
  });
});

describe("recommendation signals and stored lists", () => {
  /** The statements a signal function would run, captured instead of run. */
  async function statementsOf(run: (fake: Db) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }[]> {
    const captured: SQL[] = [];
    const fake = { all: (statement: SQL) => (captured.push(statement), Promise.resolve([])) } as unknown as Db;
    await run(fake);
    const dialect = new SQLiteAsyncDialect();
    return captured.map((statement) => dialect.sqlToQuery(statement));
  }

  async function planOf(statement: { sql: string; params: unknown[] }): Promise<string> {
    return plan({ toSQL: () => statement });
  }

  const now = Date.now();
  const ids = [newId(), newId()];
  const SIGNALS: Record<string, (fake: Db) => Promise<unknown>> = {
    followed: (fake) => followedIds(fake, viewerId),
    mutual: (fake) => mutualConnections(fake, viewerId),
    profession: (fake) => sameProfession(fake, viewerId, "DJ"),
    location: (fake) => sameLocation(fake, viewerId, "Lisbon"),
    popular: (fake) => popularPeople(fake, viewerId),
    interests: (fake) => interestHashtags(fake, viewerId, now),
    tagAuthors: (fake) => authorsOfHashtags(fake, viewerId, ids, now),
    interacted: (fake) => interactedPeople(fake, viewerId, now),
    taggedPosts: (fake) => postsWithHashtags(fake, ids, now),
    trendingPosts: (fake) => postsWithTrendingHashtags(fake, now),
    popularPosts: (fake) => popularRecentPosts(fake, now),
    peoplePosts: (fake) => postsOfPeople(fake, ids),
    candidates: (fake) => candidatePosts(fake, viewerId, ids),
  };

  it.each(Object.keys(SIGNALS))("%s: no table scan of posts, profiles, follows, likes or interactions", async (name) => {
    const [statement] = await statementsOf(SIGNALS[name]!);
    const p = await planOf(statement!);
    // Scans of the bounded subqueries (a CO-ROUTINE with its own LIMIT) are fine; tables are not.
    expect(p).not.toMatch(/^SCAN (posts|profiles|follows|post_likes|user_interactions|post_hashtags|hashtags|p|f2|ph)( (?!USING)|$)/m);
  });

  it("the stored lists are ranges of user_recommendations_user_type_score_idx in score order", async () => {
    for (const query of [storedUserRecommendationsQuery(db(), viewerId, now, 10), storedPostRecommendationsQuery(db(), viewerId, now, 15)]) {
      const p = await plan(query);
      expect(p).toMatch(/user_recommendations_user_type_score_idx \(user_id=\? AND recommendation_type=\?\)/);
      expect(p).not.toMatch(/TEMP B-TREE/);
    }
  });
});
