// The conversation list read as two keyset walks (issue #33 item 4): each side of the pair
// (user1_id, user2_id) walks its own (user, activity time, id) index in order and stops at the
// page, and the two are merged. These tests hold it to what the one-statement form it replaced
// answered (every conversation of the user in one OR, sorted whole): the same conversations, in
// the same order, with the same preview and unread count, page after page — with conversations on
// both sides of the pair, ties on the activity time, empty conversations, a hidden message and
// read markers — and the same filtered list.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ConversationSummary } from "@shared/messaging-api";
import { decodeCursor } from "@shared/cursor";
import { countUnreadMessages, listConversations } from "../../../worker/db/queries/conversations";
import { newId } from "../../../worker/db/ids";
import { createUser, db, type TestUser } from "../helpers";

interface Expected {
  id: string;
  activityAt: number;
  preview: string | null;
  unread: number;
  otherName: string;
}

/** What the replaced statement answered: every conversation of `userId` in one OR, sorted whole. */
async function reference(userId: string): Promise<Expected[]> {
  const { results } = await env.DB.prepare(
    `select c.id, coalesce(c.last_message_at, c.created_at) as activityAt,
       (select pm.content from messages pm where pm.conversation_id = c.id and (pm.hidden_at is null or pm.sender_id = ?1) order by pm.seq desc limit 1) as preview,
       (select count(*) from messages m where m.conversation_id = c.id and m.receiver_id = ?1 and m.hidden_at is null
          and m.created_at > coalesce((select r.last_read_at from conversation_reads r where r.conversation_id = c.id and r.user_id = ?1), 0)) as unread,
       p.display_name as otherName
     from conversations c left join profiles p on p.user_id = case when c.user1_id = ?1 then c.user2_id else c.user1_id end
     where c.user1_id = ?1 or c.user2_id = ?1
     order by activityAt desc, c.id desc`,
  )
    .bind(userId)
    .all<Expected>();
  return results;
}

const shape = (item: ConversationSummary) => ({
  id: item.id,
  activityAt: item.activityAt,
  preview: item.lastMessage?.content ?? null,
  unread: item.unreadCount,
  otherName: item.otherUser.displayName,
});

/** Every page of the list, `limit` at a time, following the cursors to the end. */
async function allPages(userId: string, limit: number, q?: string) {
  const pages: ConversationSummary[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listConversations(db(), { userId, limit, q, cursor: decodeCursor(cursor) ?? undefined });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

const T0 = 1_790_000_000_000;

async function conversation(me: TestUser, other: TestUser, createdAt: number): Promise<string> {
  const id = newId();
  const [user1, user2] = me.id < other.id ? [me.id, other.id] : [other.id, me.id];
  await env.DB.prepare("insert into conversations (id, user1_id, user2_id, created_at) values (?1, ?2, ?3, ?4)").bind(id, user1, user2, createdAt).run();
  return id;
}

let seq = 0;
async function message(conversationId: string, from: string, to: string, content: string, at: number, hidden = false) {
  seq += 1;
  await env.DB.prepare(
    "insert into messages (id, conversation_id, sender_id, receiver_id, content, created_at, seq, client_id, hidden_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
  )
    .bind(newId(), conversationId, from, to, content, at, seq, newId(), hidden ? at + 1 : null)
    .run();
}

/**
 * A user with conversations on both sides of the pair (their id the smaller one, and the larger),
 * empty ones, ties on the activity time, a hidden newest message and read markers.
 */
async function world() {
  // Ids are random: of nine people sorted by id the middle one is me, so four partners sit on each
  // side of the pair. (Creating partners until three fell on each side of a random id of mine once
  // took 1,343 of them, more than the paging loop below reads.)
  const people: TestUser[] = [];
  for (let i = 0; i < 9; i += 1) people.push(await createUser({ displayName: `Partner ${i} Tape` }));
  people.sort((a, b) => (a.id < b.id ? -1 : 1));
  const [me] = people.splice(4, 1) as [TestUser];
  await env.DB.prepare("update profiles set display_name = 'Me Myself' where user_id = ?1").bind(me.id).run();
  me.displayName = "Me Myself";
  const partners = people;
  const ids: string[] = [];
  for (const [i, partner] of partners.entries()) {
    const id = await conversation(me, partner, T0 + i * 1_000);
    ids.push(id);
    // Every third stays empty: its activity is its creation. The others get messages; every
    // fourth ends at the same instant as the one before it (a tie, decided by the id).
    if (i % 3 === 2) continue;
    const last = T0 + 100_000 + (i % 4 === 3 ? (i - 1) * 10_000 : i * 10_000);
    await message(id, partner.id, me.id, `from ${i}`, last - 2_000);
    await message(id, me.id, partner.id, `reply ${i}`, last - 1_000);
    await message(id, partner.id, me.id, `newest ${i}`, last, i === 4);
    if (i % 2 === 0) {
      await env.DB.prepare("insert into conversation_reads (conversation_id, user_id, last_read_at) values (?1, ?2, ?3)").bind(id, me.id, last - 1_500).run();
    }
  }
  // An empty conversation created at the very instant of another's newest message.
  const tied = await createUser({ displayName: "Tied Empty" });
  await conversation(me, tied, T0 + 100_000 + 10_000);
  // Someone else's conversation, which must never show.
  const [x, y] = [await createUser(), await createUser()];
  await conversation(x, y, T0 + 500_000);
  return { me, partners };
}

describe("the conversation list as two keyset walks", () => {
  it("answers every conversation once, in the replaced statement's order, with its preview and unread count, page after page", async () => {
    const { me, partners } = await world();
    const expected = await reference(me.id);
    expect(expected).toHaveLength(partners.length + 1);
    // The world has what it is meant to: ties, empties, a hidden preview and unread messages.
    expect(new Set(expected.map((e) => e.activityAt)).size).toBeLessThan(expected.length);
    expect(expected.some((e) => e.preview === null)).toBe(true);
    expect(expected.some((e) => e.preview === "reply 4")).toBe(true);
    expect(expected.some((e) => e.unread > 0) && expected.some((e) => e.unread === 0 && e.preview !== null)).toBe(true);

    for (const limit of [1, 2, 3, 50]) {
      const pages = await allPages(me.id, limit);
      expect(pages.flat().map(shape), `limit ${limit}`).toEqual(expected);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(expected.length / limit)));
    }
    expect(await countUnreadMessages(db(), me.id)).toBe(expected.reduce((sum, e) => sum + e.unread, 0));
  });

  it("filters by the other user's name the same way, and pages the filtered list", async () => {
    const { me } = await world();
    const expected = (await reference(me.id)).filter((e) => e.otherName.toLowerCase().includes("tape"));
    expect(expected.length).toBeGreaterThan(3);
    expect((await allPages(me.id, 2, "TAPE")).flat().map(shape)).toEqual(expected);
    expect((await allPages(me.id, 2, "nobody by that name")).flat()).toEqual([]);
  });

  it("shows the other side its own view of the same conversation", async () => {
    const { me, partners } = await world();
    const partner = partners[0]!;
    const [item] = (await listConversations(db(), { userId: partner.id, limit: 50 })).items;
    expect(item).toMatchObject({ otherUser: { userId: me.id, displayName: "Me Myself" }, lastMessage: { content: "newest 0" }, unreadCount: 1 });
    expect((await reference(partner.id)).map((e) => e.id)).toEqual([item!.id]);
  });
});
