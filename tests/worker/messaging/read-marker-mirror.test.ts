// The read markers mirrored on the conversation (migration 0031; issue #33 item 4): the unread
// badge reads each side's marker from conversations.user1_read_at / user2_read_at through a
// partial index, and triggers keep those equal to conversation_reads (0 without a marker) on every
// path that writes either table. Checked here through the API (opening, messaging, marking read)
// and by hand (a marker deleted, moved, or a mirror written directly), and the badge against the
// count the previous statement made from conversation_reads.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { UnreadCounts } from "@shared/messaging-api";
import { countUnreadMessages } from "../../../worker/db/queries/conversations";
import { conversationReads, conversations } from "../../../worker/db/schema";
import { api, db, json, openConversationWith as open, sentMessage, signedInUser, type SignedInUser } from "../helpers";

const markRead = async (who: SignedInUser, conversationId: string) =>
  expect((await api(`/api/conversations/${conversationId}/read`, { cookie: who.cookie, method: "PUT" })).status).toBe(200);
const badge = async (who: SignedInUser) => (await json<UnreadCounts>(await api("/api/unread", { cookie: who.cookie }), 200)).messages;

/** Every conversation's mirrored markers against conversation_reads: the rows that differ. */
async function drift() {
  const { results } = await env.DB.prepare(
    `select c.id, c.user1_read_at, c.user2_read_at,
       coalesce((select last_read_at from conversation_reads r where r.conversation_id = c.id and r.user_id = c.user1_id), 0) as r1,
       coalesce((select last_read_at from conversation_reads r where r.conversation_id = c.id and r.user_id = c.user2_id), 0) as r2
     from conversations c where c.user1_read_at is not r1 or c.user2_read_at is not r2`,
  ).all();
  return results;
}

/** The badge as the statement before 0031 counted it: every conversation, its marker probed in conversation_reads. */
async function unreadFromReads(userId: string) {
  const row = await env.DB.prepare(
    `select count(*) as n from messages m join conversations c on c.id = m.conversation_id
     where (c.user1_id = ?1 or c.user2_id = ?1) and m.receiver_id = ?1 and m.hidden_at is null
       and m.created_at > coalesce((select last_read_at from conversation_reads r where r.conversation_id = c.id and r.user_id = ?1), 0)`,
  )
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

async function markers(conversationId: string) {
  const [row] = await db()
    .select({ user1Id: conversations.user1Id, user1ReadAt: conversations.user1ReadAt, user2ReadAt: conversations.user2ReadAt })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row!;
}

describe("the read markers mirrored on the conversation", () => {
  it("follow conversation_reads as people message and read, and the badge counts what the old statement counted", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const cleo = await signedInUser();
    const withBen = await open(ana, ben.id);
    const withCleo = await open(cleo, ana.id);
    expect(await markers(withBen)).toMatchObject({ user1ReadAt: 0, user2ReadAt: 0 });

    await sentMessage(ben, withBen, "one");
    await sentMessage(ben, withBen, "two");
    await sentMessage(cleo, withCleo, "three");
    expect(await badge(ana)).toBe(3);
    expect(await unreadFromReads(ana.id)).toBe(3);

    await markRead(ana, withBen);
    const [read] = await db().select().from(conversationReads).where(eq(conversationReads.conversationId, withBen));
    const side = await markers(withBen);
    // Ana's side took her marker; Ben's side is still at 0.
    expect(side.user1Id === ana.id ? side.user1ReadAt : side.user2ReadAt).toBe(read!.lastReadAt);
    expect(side.user1Id === ana.id ? side.user2ReadAt : side.user1ReadAt).toBe(0);
    expect(await badge(ana)).toBe(1);

    // A newer message after the marker (the upsert's UPDATE path on the next read).
    await sentMessage(ben, withBen, "four");
    expect(await badge(ana)).toBe(2);
    await markRead(ana, withBen);
    await markRead(ana, withCleo);
    await markRead(ben, withBen);
    expect(await badge(ana)).toBe(0);
    expect(await unreadFromReads(ana.id)).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it("go back to 0 when a marker is deleted and follow one moved by hand; a mirror written directly is put back", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const dan = await signedInUser();
    const withBen = await open(ana, ben.id);
    const withDan = await open(ana, dan.id);
    await sentMessage(ben, withBen, "hello");
    await sentMessage(dan, withDan, "hey");
    await markRead(ana, withBen);
    expect(await badge(ana)).toBe(1);

    // A mirror written by hand (a restore's, a test's) is put back to the marker's value.
    await db().update(conversations).set({ user1ReadAt: 1, user2ReadAt: 1 }).where(eq(conversations.id, withBen));
    expect(await drift()).toEqual([]);

    // The marker moved to the other conversation by hand: the old side is 0 again, the new one has
    // it. Dan's message came after it, so both conversations count one.
    await db().update(conversationReads).set({ conversationId: withDan }).where(eq(conversationReads.conversationId, withBen));
    expect(await drift()).toEqual([]);
    expect(await markers(withBen)).toMatchObject({ user1ReadAt: 0, user2ReadAt: 0 });
    expect(await badge(ana)).toBe(2);
    expect(await unreadFromReads(ana.id)).toBe(2);

    // Ana reads Dan's conversation, then her markers are deleted (as the account deletion deletes
    // a user's markers): that side has read nothing again.
    await markRead(ana, withDan);
    expect(await badge(ana)).toBe(1);
    await db().delete(conversationReads).where(eq(conversationReads.userId, ana.id));
    expect(await drift()).toEqual([]);
    expect(await badge(ana)).toBe(2);
    expect(await countUnreadMessages(db(), ana.id)).toBe(await unreadFromReads(ana.id));
  });

  it("a conversation inserted after its markers (a restore's order) takes their values", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = crypto.randomUUID();
    const [user1Id, user2Id] = ana.id < ben.id ? [ana.id, ben.id] : [ben.id, ana.id];
    // A restore loads tables without foreign keys enforced (D1 defers them per batch).
    await env.DB.batch([
      env.DB.prepare("pragma defer_foreign_keys = on"),
      env.DB.prepare("insert into conversation_reads (conversation_id, user_id, last_read_at) values (?, ?, 1234)").bind(id, user1Id),
      env.DB.prepare("insert into conversations (id, user1_id, user2_id) values (?, ?, ?)").bind(id, user1Id, user2Id),
    ]);
    expect(await markers(id)).toMatchObject({ user1ReadAt: 1234, user2ReadAt: 0 });
    expect(await db().select({ n: sql<number>`count(*)` }).from(conversations).where(eq(conversations.id, id))).toEqual([{ n: 1 }]);
  });
});
