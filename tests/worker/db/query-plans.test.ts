// Every list query of spec §7 (both documents) must be served by an index, in the keyset form the
// routes use: ORDER BY created_at DESC, id DESC with a (created_at, id) < (?, ?) cursor and a LIMIT.
// The SQL here is the reference for db/queries/: if a query changes shape, re-check its plan here.
// The hottest lists (a hashtag's posts, the feed) are checked on the SQL their builders emit, the
// very functions the routes call, with the parameters drizzle binds (decision records 0058, 0059).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { feedPageQuery, hashtagPageQuery } from "../../../worker/db/queries/posts";
import { createDb } from "../../../worker/db/client";

interface PlanCase {
  sql: string;
  /** Index names that must appear in the plan ("a|b": either one). */
  uses: string[];
  /** True when the index order must serve ORDER BY directly (no temporary sort). */
  sorted: boolean;
}

const CASES: Record<string, PlanCase> = {
  "all posts newest first": {
    sql: `SELECT * FROM posts WHERE (created_at, id) < (?1, ?2) ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["posts_created_idx"],
    sorted: true,
  },
  "a user's posts newest first, with author": {
    sql: `SELECT p.*, pr.username FROM posts p JOIN profiles pr ON pr.user_id = p.user_id
           WHERE p.user_id = ?1 AND (p.created_at, p.id) < (?2, ?3)
           ORDER BY p.created_at DESC, p.id DESC LIMIT 20`,
    uses: ["posts_user_created_idx"],
    sorted: true,
  },
  "comments of a post oldest first, with author": {
    sql: `SELECT c.*, pr.username, pr.avatar_url FROM comments c JOIN profiles pr ON pr.user_id = c.user_id
           WHERE c.post_id = ?1 AND (c.created_at, c.id) > (?2, ?3)
           ORDER BY c.created_at, c.id LIMIT 50`,
    uses: ["comments_post_created_idx"],
    sorted: true,
  },
  "likes by a user newest first": {
    sql: `SELECT * FROM post_likes WHERE user_id = ?1 AND (created_at, id) < (?2, ?3) ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["post_likes_user_created_idx"],
    sorted: true,
  },
  "likes of a post newest first": {
    sql: `SELECT * FROM post_likes WHERE post_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["post_likes_post_created_idx"],
    sorted: true,
  },
  "did I like this post": {
    sql: `SELECT 1 FROM post_likes WHERE post_id = ?1 AND user_id = ?2`,
    uses: ["post_likes_post_user_unique"],
    sorted: true,
  },
  // Through the rows' own post_owner_id (migration 0029), not a join through the user's posts,
  // which sorted every like on them (the list's own statements: tests/worker/messaging/query-plans.test.ts).
  "activity: likes on my posts by others": {
    sql: `SELECT l.*, pr.username FROM post_likes l
            LEFT JOIN profiles pr ON pr.user_id = l.user_id
           WHERE l.post_owner_id = ?1 AND l.user_id <> ?1
           ORDER BY l.created_at DESC, l.id DESC LIMIT 20`,
    uses: ["post_likes_post_owner_created_idx"],
    sorted: true,
  },
  "activity: comments on my posts by others": {
    sql: `SELECT c.*, pr.username FROM comments c
            LEFT JOIN profiles pr ON pr.user_id = c.user_id
           WHERE c.post_owner_id = ?1 AND c.user_id <> ?1
           ORDER BY c.created_at DESC, c.id DESC LIMIT 20`,
    uses: ["comments_post_owner_created_idx"],
    sorted: true,
  },
  "bookmarks of a user newest first, with post": {
    sql: `SELECT b.created_at AS bookmarked_at, p.* FROM bookmarks b JOIN posts p ON p.id = b.post_id
           WHERE b.user_id = ?1 AND (b.created_at, b.post_id) < (?2, ?3)
           ORDER BY b.created_at DESC, b.post_id DESC LIMIT 20`,
    uses: ["bookmarks_user_created_idx"],
    sorted: true,
  },
  "followers newest first, with profile": {
    sql: `SELECT f.id, f.created_at, pr.* FROM follows f JOIN profiles pr ON pr.user_id = f.follower_id
           WHERE f.following_id = ?1 AND (f.created_at, f.id) < (?2, ?3)
           ORDER BY f.created_at DESC, f.id DESC LIMIT 20`,
    uses: ["follows_following_created_idx"],
    sorted: true,
  },
  "following newest first": {
    sql: `SELECT * FROM follows WHERE follower_id = ?1 AND (created_at, id) < (?2, ?3) ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["follows_follower_created_idx"],
    sorted: true,
  },
  "follows for follower_id and a list of following_id": {
    sql: `SELECT following_id FROM follows WHERE follower_id = ?1 AND following_id IN (?2, ?3, ?4)`,
    uses: ["follows_pair_unique"],
    sorted: true,
  },
  // user1_id = ? OR user2_id = ? would need a sort; the UNION ALL form merges two ordered index
  // ranges (the list's own statement is in tests/worker/messaging/query-plans.test.ts).
  "conversations of a user by activity": {
    sql: `SELECT * FROM (
            SELECT id, coalesce(last_message_at, created_at) AS activity_at FROM conversations WHERE user1_id = ?1
            UNION ALL
            SELECT id, coalesce(last_message_at, created_at) AS activity_at FROM conversations WHERE user2_id = ?1
          ) ORDER BY activity_at DESC, id DESC LIMIT 20`,
    uses: ["conversations_user1_activity_idx", "conversations_user2_activity_idx"],
    sorted: true,
  },
  "conversation between two users": {
    sql: `SELECT id FROM conversations WHERE user1_id = ?1 AND user2_id = ?2`,
    uses: ["conversations_pair_unique"],
    sorted: true,
  },
  "messages of a conversation in order": {
    sql: `SELECT * FROM messages WHERE conversation_id = ?1 AND (created_at, id) > (?2, ?3) ORDER BY created_at, id LIMIT 50`,
    uses: ["messages_conversation_created_idx"],
    sorted: true,
  },
  "latest messages of a conversation": {
    sql: `SELECT * FROM messages WHERE conversation_id = ?1 AND (created_at, id) < (?2, ?3) ORDER BY created_at DESC, id DESC LIMIT 50`,
    uses: ["messages_conversation_created_idx"],
    sorted: true,
  },
  "messages received by me newest first": {
    sql: `SELECT * FROM messages WHERE receiver_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 10`,
    uses: ["messages_receiver_created_idx"],
    sorted: true,
  },
  "services newest first": {
    sql: `SELECT * FROM services WHERE (created_at, id) < (?1, ?2) ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["services_created_idx"],
    sorted: true,
  },
  "services of a user newest first": {
    sql: `SELECT * FROM services WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["services_user_created_idx"],
    sorted: true,
  },
  "products of a user newest first": {
    sql: `SELECT * FROM products WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["products_user_created_idx"],
    sorted: true,
  },
  "orders of a buyer newest first": {
    sql: `SELECT * FROM orders WHERE buyer_id = ?1 AND (created_at, id) < (?2, ?3) ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["orders_buyer_created_idx"],
    sorted: true,
  },
  "orders of a seller newest first": {
    sql: `SELECT * FROM orders WHERE seller_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 20`,
    uses: ["orders_seller_created_idx"],
    sorted: true,
  },
  "orders due for automatic completion (daily cron)": {
    sql: `SELECT id FROM orders WHERE status = 'shipped' AND status_changed_at <= ?1 ORDER BY status_changed_at ASC LIMIT 200`,
    uses: ["orders_status_changed_idx"],
    sorted: true,
  },
  "an order's history oldest first": {
    sql: `SELECT * FROM order_history WHERE order_id = ?1 ORDER BY created_at ASC, id ASC`,
    uses: ["order_history_order_idx"],
    sorted: false,
  },
  "an order's delivery files oldest first": {
    sql: `SELECT * FROM order_files WHERE order_id = ?1 ORDER BY created_at ASC, id ASC`,
    uses: ["order_files_order_idx"],
    sorted: false,
  },
  "hashtags by trending score": {
    sql: `SELECT * FROM hashtags ORDER BY trending_score DESC, id DESC LIMIT 20`,
    uses: ["hashtags_trending_idx"],
    sorted: true,
  },
  "hashtags by usage count (name contains)": {
    sql: `SELECT * FROM hashtags WHERE name LIKE '%' || ?1 || '%' ORDER BY usage_count DESC, id DESC LIMIT 10`,
    uses: ["hashtags_usage_idx"],
    sorted: true,
  },
  "unexpired recommendations of a type by score": {
    sql: `SELECT * FROM user_recommendations
           WHERE user_id = ?1 AND recommendation_type = 'user' AND expires_at > ?2
           ORDER BY score DESC LIMIT 10`,
    uses: ["user_recommendations_user_type_score_idx"],
    sorted: true,
  },
  "a user's security events today": {
    sql: `SELECT * FROM security_events WHERE user_id = ?1 AND created_at >= ?2 ORDER BY created_at DESC LIMIT 100`,
    uses: ["security_events_user_created_idx"],
    sorted: true,
  },
  "a user's critical events in the last 7 days": {
    sql: `SELECT * FROM security_events WHERE user_id = ?1 AND severity = 'critical' AND created_at >= ?2 ORDER BY created_at DESC LIMIT 100`,
    uses: ["security_events_user_severity_created_idx"],
    sorted: true,
  },
  "a user's latest security event time": {
    sql: `SELECT max(created_at) FROM security_events WHERE user_id = ?1`,
    uses: ["security_events_user_created_idx"],
    sorted: true,
  },
  "stale uploads for clean-up": {
    sql: `SELECT * FROM uploads WHERE status = 'uploading' AND updated_at < ?1 ORDER BY updated_at LIMIT 100`,
    uses: ["uploads_status_updated_idx"],
    sorted: true,
  },
  "profile by username ignoring case": {
    sql: `SELECT * FROM profiles WHERE lower(username) = lower(?1)`,
    uses: ["profiles_username_lower_unique"],
    sorted: true,
  },
};

/** A builder's query as the route sends it to D1: drizzle's SQL and bound parameters. */
interface Emitted {
  toSQL(): { sql: string; params: unknown[] };
}

async function planOfEmitted(query: Emitted): Promise<string> {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

async function planOf(sql: string): Promise<string[]> {
  const params = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array.from({ length: params }, () => "x"))
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

describe("query plans of the list queries", () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const plan = await planOf(c.sql);
      const text = plan.join("\n");
      // A full table scan reads "SCAN <table>" with nothing after it; "SCAN t USING INDEX i"
      // walks an index in ORDER BY order and stops at the LIMIT.
      expect(plan.filter((line) => /^SCAN \S+$/.test(line)), text).toEqual([]);
      for (const index of c.uses) {
        expect(text, `${index} missing from:\n${text}`).toMatch(new RegExp(`USING (COVERING )?INDEX (${index})\\b`));
      }
      if (c.sorted) expect(text).not.toMatch(/TEMP B-TREE/);
    });
  }

  it("covers every case (guards against an accidentally emptied table of cases)", () => {
    expect(Object.keys(CASES)).toHaveLength(33);
  });

  it("detects a full scan when there is no index to use", async () => {
    // The guard above must be able to fail: mail_outbox has no index on subject.
    const plan = await planOf(`SELECT * FROM mail_outbox WHERE subject = ?1`);
    expect(plan).toEqual(["SCAN mail_outbox"]);
  });
});

describe("query plans of the SQL the post list routes emit", () => {
  const db = () => createDb(env.DB);
  const viewerId = "0b9f6a52-3c1e-4d2a-9f3e-6a7b8c9d0e1f";
  const cursor = { createdAt: 1_790_000_000_000, id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f" };
  // A full scan of a table (not an index walk) reads "SCAN <table or alias>" alone on its line.
  const fullScan = /^SCAN \S+$/m;

  for (const [label, withCursor] of [["first page", undefined], ["deep page", cursor]] as const) {
    it(`a hashtag's posts, ${label}: post_hashtags_hashtag_created_idx in index order, posts by key, no sort`, async () => {
      const plan = await planOfEmitted(hashtagPageQuery(db(), { name: "lofi", limit: 20, cursor: withCursor, viewerId }));
      expect(plan).toMatch(/SEARCH post_hashtags USING (COVERING )?INDEX post_hashtags_hashtag_created_idx \(hashtag_id=\?/);
      expect(plan).toMatch(/SEARCH posts USING INDEX sqlite_autoindex_posts_1 \(id=\?\)|SEARCH posts USING PRIMARY KEY/);
      expect(plan).toContain("hashtags_name_unique");
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).not.toMatch(fullScan);
    });

    it(`the feed's walk plan, ${label}: posts_created_idx in index order, a follows_pair_unique probe, no sort`, async () => {
      const plan = await planOfEmitted(feedPageQuery(db(), { userId: viewerId, limit: 20, cursor: withCursor, viewerId }, "walk"));
      expect(plan).toMatch(/(SCAN|SEARCH) posts USING INDEX posts_created_idx/);
      expect(plan).toMatch(/SEARCH f USING COVERING INDEX follows_pair_unique \(follower_id=\? AND following_id=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).not.toMatch(fullScan);
    });

    it(`the feed's merge plan, ${label}: follows by index, one posts_user_created_idx range per account`, async () => {
      const plan = await planOfEmitted(feedPageQuery(db(), { userId: viewerId, limit: 20, cursor: withCursor, viewerId }, "merge"));
      expect(plan).toMatch(/SEARCH posts USING INDEX posts_user_created_idx \(user_id=\?/);
      expect(plan).toMatch(/follows_(pair_unique|follower_created_idx)/);
      // The merge sorts its candidates by design; the plan choice keeps them few (decision 0059).
      expect(plan).not.toMatch(fullScan);
    });
  }
});
