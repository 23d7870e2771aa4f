// The search statements' plans (CONVENTIONS.md: hot queries are served by indexes): with a query
// each search starts from its FTS5 index and reaches rows by rowid; without one it walks an index
// in the sort's order. No plan may scan posts or profiles as a table. The recommendation signals
// are bounded the same way.
import { env } from "cloudflare:test";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { SearchSort } from "@shared/constants";
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
  exactUserQuery,
  hashtagSearchQuery,
  matchedPostsQuery,
  postMatchCountQuery,
  postSearchQuery,
  postWalkEndQuery,
  serviceSearchQuery,
  userSearchQuery,
  walkedPostsQuery,
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
const cursor = { createdAt: Date.now(), id: newId() };

function filters(overrides: Partial<SearchFilters> = {}): SearchFilters {
  return { q: "", contentType: "all", location: "", profession: "", sortBy: "relevance", verified: false, hasServices: false, ...overrides };
}

const SORTS: SearchSort[] = ["relevance", "recent", "popular", "verified"];

describe("people search", () => {
  it.each(SORTS)("with a query, sorted by %s: the FTS index, then profiles by rowid", async (sortBy) => {
    const p = await plan(userSearchQuery(db(), { filters: filters({ q: "ana lo", sortBy, location: "x", verified: true, hasServices: true }), viewerId, limit: 20, cursor }));
    expect(p).toMatch(/SCAN profiles_fts VIRTUAL TABLE INDEX/);
    expect(p).toMatch(/SEARCH profiles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(p).toMatch(/follows_pair_unique/);
    expect(p).toMatch(/services_user_created_idx/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each(["relevance", "verified"] as const)("with a query, sorted by %s: ranks only the window that starts at the Nth newest match", async (sortBy) => {
    const query = userSearchQuery(db(), { filters: filters({ q: "ana lo", sortBy }), viewerId, limit: 20 });
    expect(query?.toSQL().sql).toMatch(/"profiles_fts"\."rowid" >= \(select min\(rowid\) from \(select rowid from profiles_fts where profiles_fts match \? order by rowid desc limit \?\)\)/);
    const p = await plan(query);
    expect(p).toMatch(/SCALAR SUBQUERY/);
    expect(p.match(/SCAN profiles_fts VIRTUAL TABLE INDEX/g)).toHaveLength(2);
    // The window walks the FTS index in rowid order: only the outer bm25 order needs a sort.
    expect(p.match(/TEMP B-TREE/g)).toHaveLength(1);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("with a query, recent and popular read every match; the exact-username probe is one index lookup", async () => {
    for (const sortBy of ["recent", "popular"] as const) {
      expect(userSearchQuery(db(), { filters: filters({ q: "ana", sortBy }), viewerId, limit: 20 })?.toSQL().sql).not.toMatch(/min\(rowid\)/);
      expect(exactUserQuery(db(), { filters: filters({ q: "ana", sortBy }), viewerId, limit: 20 })).toBeNull();
    }
    const p = await plan(exactUserQuery(db(), { filters: filters({ q: "@Ana", location: "x", hasServices: true }), viewerId, limit: 20 }));
    expect(p).toMatch(/SEARCH profiles USING INDEX profiles_username_lower_unique/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("without a query: popular and relevance walk profiles_follower_count_idx in order", async () => {
    for (const sortBy of ["popular", "relevance"] as const) {
      const p = await plan(userSearchQuery(db(), { filters: filters({ sortBy, location: "x" }), viewerId, limit: 20 }));
      expect(p).toMatch(/SCAN profiles USING INDEX profiles_follower_count_idx/);
      expect(p).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("without a query: recent is a keyset range of profiles_created_idx, verified walks profiles_verified_followers_idx", async () => {
    const recent = await plan(userSearchQuery(db(), { filters: filters({ sortBy: "recent" }), viewerId, limit: 20, cursor }));
    expect(recent).toMatch(/profiles_created_idx/);
    expect(recent).not.toMatch(/TEMP B-TREE/);
    const verified = await plan(userSearchQuery(db(), { filters: filters({ sortBy: "verified" }), viewerId, limit: 20 }));
    expect(verified).toMatch(/profiles_verified_followers_idx/);
    expect(verified).not.toMatch(/TEMP B-TREE/);
  });

  it("without a query, the profession filter is a range of profiles_profession_followers_idx", async () => {
    const p = await plan(userSearchQuery(db(), { filters: filters({ profession: "DJ" }), viewerId, limit: 20 }));
    expect(p).toMatch(/profiles_profession_followers_idx \(profession=\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });
});

describe("post search", () => {
  it.each(SORTS)("with a query, sorted by %s: the FTS index, then posts by rowid", async (sortBy) => {
    const p = await plan(postSearchQuery(db(), { filters: filters({ q: "late set", sortBy, contentType: "audio", profession: "DJ" }), viewerId, limit: 20, cursor }));
    expect(p).toMatch(/SCAN posts_fts VIRTUAL TABLE INDEX/);
    expect(p).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it.each(["relevance", "verified"] as const)("with a query, sorted by %s: scores only the newest window, found in one walk of the FTS index", async (sortBy) => {
    const query = postSearchQuery(db(), { filters: filters({ q: "late set", sortBy, profession: "DJ" }), viewerId, limit: 20 });
    const text = query?.toSQL().sql ?? "";
    // The window is cut in the index's rowid order before anything is scored or joined, and the
    // score needs no whole-table statistics (decision record 0070: no bm25 for posts).
    expect(text).toMatch(/from posts_fts where posts_fts match \? order by rowid desc limit \?\)/);
    expect(text).toMatch(/highlight\(posts_fts, 0, char\(1\), ''\)/);
    expect(text).not.toMatch(/bm25|min\(rowid\)/);
    const p = await plan(query);
    // The MATCH is evaluated once; the filter reads the window's posts and authors by key (the
    // window drives: never the filter's profession or badge index), and the page's rows are read
    // again by rowid.
    expect(p.match(/SCAN posts_fts VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p).toMatch(/SEARCH profiles USING INDEX sqlite_autoindex_profiles_1 \(user_id=\?\)/);
    expect(p).not.toMatch(/profiles_profession_followers_idx|posts_user_created_idx|AUTOMATIC/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("with a query and no filter, relevance joins only the page: the window never reads posts", async () => {
    const query = postSearchQuery(db(), { filters: filters({ q: "late set" }), viewerId, limit: 20 });
    const p = await plan(query);
    expect(p.match(/SCAN posts_fts VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    // One posts lookup, by the page's rowids after the window's sort; one sort in all.
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(1);
    expect(p.match(/TEMP B-TREE/g)).toHaveLength(1);
    expect(p.indexOf("USE TEMP B-TREE FOR ORDER BY")).toBeLessThan(p.indexOf("SEARCH posts USING INTEGER PRIMARY KEY"));
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("with a query, recent and popular with few matches sort every match, without a window or a score", async () => {
    for (const sortBy of ["recent", "popular"] as const) {
      const text = postSearchQuery(db(), { filters: filters({ q: "late", sortBy }), viewerId, limit: 20 })?.toSQL().sql;
      expect(text).not.toMatch(/min\(rowid\)/);
      expect(text).not.toMatch(/highlight|order by rowid desc limit/);
    }
  });

  // Decision record 0070: with many matches, recent and popular walk their own index in the
  // page's order and look each post up in the FTS index, inside a window of the order.
  const WALK_INDEX = { recent: "posts_created_idx", popular: "posts_likes_idx" } as const;

  it.each(["recent", "popular"] as const)("with a query and many matches, %s walks its index and probes the FTS index per post", async (sortBy) => {
    for (const overrides of [{}, { contentType: "audio", profession: "DJ", verified: true }] as const) {
      const p = await plan(walkedPostsQuery(db(), { filters: filters({ q: "late set", sortBy, ...overrides }), viewerId, limit: 20, cursor }, '"late"* "set"*'));
      // The walk: the sort's index from the cursor on, bounded below by the window's last post.
      expect(p).toMatch(new RegExp(`^SEARCH posts USING INDEX ${WALK_INDEX[sortBy]} \\(`, "m"));
      expect(p).toMatch(new RegExp(`SEARCH posts USING COVERING INDEX ${WALK_INDEX[sortBy]}|SCAN posts USING COVERING INDEX ${WALK_INDEX[sortBy]}`));
      // Each walked post is one lookup in the FTS index; the index itself is never scanned.
      expect(p).toMatch(/SCAN posts_fts EXISTS VIRTUAL TABLE INDEX \d+:=M/);
      expect(p).not.toMatch(/SCAN posts_fts VIRTUAL TABLE/);
      // Never from the author's filters: the walk stays in the page's order.
      expect(p).not.toMatch(/profiles_profession_followers_idx|profiles_verified_followers_idx|posts_user_created_idx|AUTOMATIC/);
      // Two small sorts: the window's last post, and the page once joined.
      expect(p.match(/TEMP B-TREE/g)).toHaveLength(2);
      expect(p).not.toMatch(TABLE_SCAN);
    }
  });

  it.each(["recent", "popular"] as const)("with a query and many matches, %s's window end is a walk of its index alone", async (sortBy) => {
    const p = await plan(postWalkEndQuery(db(), { filters: filters({ q: "late", sortBy }), viewerId, limit: 20, cursor }));
    expect(p).toMatch(new RegExp(`(SEARCH|SCAN) posts USING COVERING INDEX ${WALK_INDEX[sortBy]}`));
    expect(p).not.toMatch(/posts_fts|profiles/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("with a query, the match count walks the FTS index and reads no post", async () => {
    const p = await plan(postMatchCountQuery(db(), '"late"*', 5000));
    expect(p.match(/SCAN posts_fts VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(p).not.toMatch(/posts USING|profiles/);
  });

  it.each(["recent", "popular"] as const)("with a query, %s's matches past the walk: one FTS walk, the sort on the key, then the page's rows", async (sortBy) => {
    const after = { k0: 5, k1: sortBy === "recent" ? "x" : 7, k2: sortBy === "recent" ? null : 9, n: 1000 };
    const query = matchedPostsQuery(db(), { filters: filters({ q: "late", sortBy, profession: "DJ" }), viewerId, limit: 20, cursor }, '"late"*', 21, after);
    expect(query.toSQL().sql).toMatch(sortBy === "recent" ? /\("posts"\."created_at", "posts"\."id"\) < \(\?, \?\)\)/ : /"posts"\.rowid\) < \(\?, \?, \?\)/);
    const p = await plan(query);
    expect(p.match(/SCAN posts_fts VIRTUAL TABLE INDEX/g)).toHaveLength(1);
    expect(p.match(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/g)).toHaveLength(2);
    expect(p.indexOf("USE TEMP B-TREE FOR ORDER BY")).toBeLessThan(p.indexOf("SCAN page"));
    expect(p).not.toMatch(/profiles_profession_followers_idx|AUTOMATIC/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("without a query: recent and relevance walk posts_created_idx, popular posts_likes_idx, in order", async () => {
    const recent = await plan(postSearchQuery(db(), { filters: filters({ sortBy: "recent", contentType: "video" }), viewerId, limit: 20, cursor }));
    expect(recent).toMatch(/posts_created_idx/);
    expect(recent).not.toMatch(/TEMP B-TREE/);
    const relevance = await plan(postSearchQuery(db(), { filters: filters({ location: "x" }), viewerId, limit: 20 }));
    expect(relevance).toMatch(/posts_created_idx/);
    expect(relevance).not.toMatch(/TEMP B-TREE/);
    const popular = await plan(postSearchQuery(db(), { filters: filters({ sortBy: "popular", contentType: "image" }), viewerId, limit: 20 }));
    expect(popular).toMatch(/posts_likes_idx/);
    expect(popular).not.toMatch(/TEMP B-TREE/);
  });

  it("without a query, verified sorts only the newest window found through posts_created_idx", async () => {
    const p = await plan(postSearchQuery(db(), { filters: filters({ sortBy: "verified" }), viewerId, limit: 20 }));
    expect(p).toMatch(/posts_created_idx/);
    expect(p).not.toMatch(TABLE_SCAN);
  });
});

describe("services and hashtags", () => {
  it("a service query starts from services_fts; the plain list is a keyset range of services_created_idx", async () => {
    const ranked = await plan(serviceSearchQuery(db(), { q: "mastering", limit: 15 }));
    expect(ranked).toMatch(/SCAN services_fts VIRTUAL TABLE INDEX/);
    expect(ranked).toMatch(/SEARCH services USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const list = await plan(serviceSearchQuery(db(), { q: "", limit: 15, cursor }));
    expect(list).toMatch(/services_created_idx/);
    expect(list).not.toMatch(/TEMP B-TREE/);
  });

  it("a hashtag search walks hashtags_usage_idx from the most used, no sort", async () => {
    const p = await plan(hashtagSearchQuery(db(), { q: "lofi", limit: 10 }));
    expect(p).toMatch(/hashtags USING INDEX hashtags_usage_idx/);
    expect(p).not.toMatch(/TEMP B-TREE/);
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
