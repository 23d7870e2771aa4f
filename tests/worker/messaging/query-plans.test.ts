// The hot reads of messaging (decision record 0040) are index ranges, never a scan of a whole
// table. Each case is built with drizzle in the shape db/queries/conversations.ts and activity.ts
// use (the SQL comes from toSQL, not retyped): if a query there changes shape, re-check it here.
import { env } from "cloudflare:test";
import { and, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activitySources } from "../../../worker/db/queries/activity";
import { conversationListQuery, unreadTotalQuery } from "../../../worker/db/queries/conversations";
import { conversations, messages, postLikes, posts } from "../../../worker/db/schema";
import { db } from "../helpers";

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

const fullScan = (plan: string) => plan.split("\n").filter((line) => /^SCAN \S+$/.test(line.trim()));

describe("messaging query plans", () => {
  it("a page of older messages is a seq range on the conversation's index, in order", async () => {
    const plan = await planOf(
      db()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, "c"), lt(messages.seq, 10)))
        .orderBy(desc(messages.seq))
        .limit(31),
    );
    expect(plan).toMatch(/USING INDEX messages_conversation_seq_unique/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it("catch-up after a message is a seq range too", async () => {
    const plan = await planOf(db().select().from(messages).where(and(eq(messages.conversationId, "c"), gt(messages.seq, 3))).orderBy(messages.seq).limit(100));
    expect(plan).toMatch(/USING INDEX messages_conversation_seq_unique/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  // The list itself, as listConversations sends it (conversationListQuery), on an empty table: the
  // plan must come from the query's shape and the indexes, not from statistics (issue #33 item 4).
  for (const [label, input] of [
    ["first page", {}],
    ["a page after a cursor", { cursor: { createdAt: 1_790_000_000_000, id: "c" } }],
    ["filtered by name", { q: "mara" }],
  ] as const) {
    it(`a user's conversations, ${label}: both sides' activity indexes walked in order and merged, nothing sorted`, async () => {
      const plan = await planOf(conversationListQuery(db(), { userId: "u", limit: 51, ...input }));
      expect(fullScan(plan), plan).toEqual([]);
      expect(plan).toMatch(/MERGE \(UNION ALL\)/);
      expect(plan).toMatch(/SEARCH conversations USING (COVERING )?INDEX conversations_user1_activity_idx \(user1_id=\?/);
      expect(plan).toMatch(/SEARCH conversations USING (COVERING )?INDEX conversations_user2_activity_idx \(user2_id=\?/);
      // Sorting would mean reading every conversation of the user (and its preview and unread count) first.
      expect(plan).not.toMatch(/TEMP B-TREE/);
      // The preview walks the conversation's seq index down; the unread count is a range per conversation.
      expect(plan).toMatch(/SEARCH pm USING INDEX messages_conversation_seq_unique \(conversation_id=\?\)/);
      expect(plan).toMatch(/SEARCH m USING INDEX (messages_conversation_created_idx \(conversation_id=\?|messages_receiver_created_idx \(receiver_id=\?) AND created_at>\?\)/);
    });
  }

  it("the same list as one OR over both sides would sort every conversation of the user (what the guard above catches)", async () => {
    const plan = await planOf(
      db()
        .select({ id: conversations.id })
        .from(conversations)
        .where(or(eq(conversations.user1Id, "u"), eq(conversations.user2Id, "u")))
        .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
        .limit(51),
    );
    expect(plan).toMatch(/TEMP B-TREE/);
  });

  it("the unread badge reads only the conversations with a message after the user's marker, from each side's partial index", async () => {
    const plan = await planOf(unreadTotalQuery(db(), "u"));
    // The sum reads the two sides' rows from their co-routine (SCAN sides); no table is scanned.
    expect(fullScan(plan).filter((line) => line.trim() !== "SCAN sides"), plan).toEqual([]);
    // The partial indexes of migration 0031 hold only the conversations whose newest message is
    // after that side's read marker: a user who has read everything reads none.
    expect(plan).toMatch(/SEARCH conversations USING INDEX conversations_user1_unread_idx \(user1_id=\?\)/);
    expect(plan).toMatch(/SEARCH conversations USING INDEX conversations_user2_unread_idx \(user2_id=\?\)/);
    // The marker is the conversation's own column: no probe of conversation_reads per conversation.
    expect(plan).not.toMatch(/conversation_reads/);
    expect(plan).toMatch(/SEARCH m USING INDEX (messages_conversation_created_idx \(conversation_id=\? AND created_at>\?\)|messages_receiver_created_idx \(receiver_id=\? AND created_at>\?\))/);
  });

  // The feed's reads as listActivity sends them (activitySources), on an empty table as above.
  // Each walks one index range in the list's order and stops at its count: likes and comments on
  // my posts by their post_owner_id (migration 0029), follows of me, messages to me.
  it("activity reads are index ranges in the list's order, nothing sorted", async () => {
    const { likes, commentRows, followRows, messageRows } = activitySources(db(), "u");
    const plans = {
      likes: [await planOf(likes), /SEARCH post_likes USING INDEX post_likes_post_owner_created_idx \(post_owner_id=\?\)/],
      comments: [await planOf(commentRows), /SEARCH comments USING INDEX comments_post_owner_created_idx \(post_owner_id=\?\)/],
      follows: [await planOf(followRows), /SEARCH follows USING INDEX follows_following_created_idx \(following_id=\?\)/],
      messages: [await planOf(messageRows), /SEARCH messages USING INDEX messages_receiver_created_idx \(receiver_id=\?\)/],
    } as const;
    for (const [kind, [plan, index]] of Object.entries(plans)) {
      expect(fullScan(plan), `${kind}:\n${plan}`).toEqual([]);
      expect(plan, kind).toMatch(index);
      expect(plan, kind).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("likes on my posts joined through my posts would sort them all (what the guard above catches)", async () => {
    const plan = await planOf(
      db()
        .select({ id: postLikes.id })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(eq(posts.userId, "u"))
        .orderBy(desc(postLikes.createdAt), desc(postLikes.id))
        .limit(20),
    );
    expect(plan).toMatch(/TEMP B-TREE/);
  });
});
