// The hot reads of messaging (decision record 0040) are index ranges, never a scan of a whole
// table. Each case is built with drizzle in the shape db/queries/conversations.ts and activity.ts
// use (the SQL comes from toSQL, not retyped): if a query there changes shape, re-check it here.
import { env } from "cloudflare:test";
import { and, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversationReads, conversations, follows, messages, postLikes, posts } from "../../../worker/db/schema";
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

  it("a user's conversations use the two participant indexes, and unread counts a range per conversation", async () => {
    const unread = sql`(select count(*) from ${messages} m where m.conversation_id = ${conversations.id} and m.receiver_id = ${"u"}
      and m.created_at > coalesce((select r.last_read_at from ${conversationReads} r where r.conversation_id = ${conversations.id} and r.user_id = ${"u"}), 0))`;
    const plan = await planOf(
      db()
        .select({ id: conversations.id, unread: unread.as("unread") })
        .from(conversations)
        .where(or(eq(conversations.user1Id, "u"), eq(conversations.user2Id, "u")))
        .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`))
        .limit(51),
    );
    expect(fullScan(plan), plan).toEqual([]);
    expect(plan).toMatch(/conversations_user1_last_idx/);
    expect(plan).toMatch(/conversations_user2_last_idx/);
    expect(plan).toMatch(/messages_conversation_(created_idx|seq_unique)|messages_receiver_created_idx/);
  });

  it("the list's preview, the newest message the reader may read, walks the conversation's seq index down", async () => {
    // The shape of summaryQuery's preview join (decision record 0083: a hidden message is not the receiver's preview).
    const preview = sql`(select pm.id from ${messages} pm where pm.conversation_id = ${conversations.id} and (pm.hidden_at is null or pm.sender_id = ${"u"}) order by pm.seq desc limit 1)`;
    const plan = await planOf(
      db()
        .select({ id: conversations.id, content: messages.content })
        .from(conversations)
        .leftJoin(messages, eq(messages.id, preview))
        .where(or(eq(conversations.user1Id, "u"), eq(conversations.user2Id, "u")))
        .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`))
        .limit(51),
    );
    expect(fullScan(plan), plan).toEqual([]);
    expect(plan).toMatch(/SEARCH pm USING INDEX messages_conversation_seq_unique \(conversation_id=\?\)/);
  });

  it("activity reads are index ranges: messages to me, follows of me, likes on my posts", async () => {
    const toMe = await planOf(db().select().from(messages).where(eq(messages.receiverId, "u")).orderBy(desc(messages.createdAt), desc(messages.id)).limit(10));
    expect(toMe).toMatch(/messages_receiver_created_idx/);
    const followsOfMe = await planOf(db().select().from(follows).where(eq(follows.followingId, "u")).orderBy(desc(follows.createdAt), desc(follows.id)).limit(20));
    expect(followsOfMe).toMatch(/follows_following_created_idx/);
    const likesOnMine = await planOf(
      db()
        .select({ id: postLikes.id })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(eq(posts.userId, "u"))
        .orderBy(desc(postLikes.createdAt))
        .limit(20),
    );
    expect(fullScan(likesOnMine), likesOnMine).toEqual([]);
    expect(likesOnMine).toMatch(/posts_user_created_idx/);
  });
});
