// Conversations and messages over HTTP (second document §2 Messages, §3, §4 one per pair, §5
// blank messages, §7; DESIGN.md unread counts per participant; decision record 0040): one row
// per pair even in a race, no self-messaging, the list (order, search, preview, unread), message
// validation and the content screen, idempotent resends, pages, catch-up, read markers, and a
// third user who can neither read nor write.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGING_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import type { ChatMessage, ConversationPage, ConversationSummary, MessagePage, OpenedConversation, UnreadCounts } from "@shared/messaging-api";
import { conversationReads, conversations, messages } from "../../../worker/db/schema";
import {
  api,
  createUser,
  db,
  eventsOf,
  expectError,
  json,
  openConversationWith,
  sendMessage,
  sentMessage,
  signedInUser,
  type SignedInUser,
  sleep,
} from "../helpers";

const open = (who: SignedInUser | null, userId: unknown) => api("/api/conversations", { cookie: who?.cookie, body: { userId } });
const list = async (who: SignedInUser, query = "") => json<ConversationPage>(await api(`/api/conversations${query}`, { cookie: who.cookie }), 200);
const page = async (who: SignedInUser, conversationId: string, query = "") =>
  json<MessagePage>(await api(`/api/conversations/${conversationId}/messages${query}`, { cookie: who.cookie }), 200);
const unread = async (who: SignedInUser) => json<UnreadCounts>(await api("/api/unread", { cookie: who.cookie }), 200);
const markRead = (who: SignedInUser, conversationId: string) => api(`/api/conversations/${conversationId}/read`, { cookie: who.cookie, method: "PUT" });

async function pairRows(a: string, b: string) {
  const [user1Id, user2Id] = a < b ? [a, b] : [b, a];
  const [row] = await db()
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.user1Id, user1Id), eq(conversations.user2Id, user2Id)));
  return row!.n;
}

async function messageRows(conversationId: string) {
  const [row] = await db().select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId));
  return row!.n;
}

describe("POST /api/conversations", () => {
  it("creates the pair's conversation with the ids ordered, then opens the same one for either user", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const first = await json<OpenedConversation>(await open(ana, ben.id), 201);
    expect(first.created).toBe(true);
    expect(await json<OpenedConversation>(await open(ana, ben.id), 200)).toEqual({ id: first.id, created: false });
    expect(await json<OpenedConversation>(await open(ben, ana.id), 200)).toEqual({ id: first.id, created: false });
    const [row] = await db().select().from(conversations).where(eq(conversations.id, first.id));
    expect(row!.user1Id < row!.user2Id).toBe(true);
    expect([row!.user1Id, row!.user2Id].sort()).toEqual([ana.id, ben.id].sort());
  });

  it("ends a race between the two users opening it at once in one row that both get", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const answers = await Promise.all([open(ana, ben.id), open(ben, ana.id), open(ana, ben.id), open(ben, ana.id)]);
    const bodies = await Promise.all(answers.map((res) => res.json() as Promise<OpenedConversation>));
    expect(answers.every((res) => res.status === 200 || res.status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies.filter((b) => b.created).length).toBeLessThanOrEqual(1);
    expect(await pairRows(ana.id, ben.id)).toBe(1);
  });

  it("refuses a conversation with oneself, an unknown user and a visitor, writing nothing", async () => {
    const ana = await signedInUser();
    await expectError(await open(ana, ana.id), 400, MESSAGING_TEXTS.messageSelf);
    await expectError(await open(ana, crypto.randomUUID()), 404, PROFILE_TEXTS.notFound);
    const ben = await createUser();
    await expectError(await open(null, ben.id), 401, "Authentication required");
    expect(await pairRows(ana.id, ben.id)).toBe(0);
    const [row] = await db().select({ n: count() }).from(conversations).where(eq(conversations.user1Id, ana.id));
    expect(row!.n).toBe(0);
  });
});

describe("GET /api/conversations", () => {
  it("lists newest activity first with the other user, the preview and per-participant unread counts", async () => {
    const me = await signedInUser();
    const older = await signedInUser({ displayName: "Olga Older" });
    const newer = await signedInUser({ displayName: "Nina Newer" });
    const empty = await signedInUser({ displayName: "Emil Empty" });
    const withOlder = await openConversationWith(me, older.id);
    const withNewer = await openConversationWith(newer, me.id);
    await sentMessage(older, withOlder, "First from Olga");
    await sentMessage(me, withOlder, "My reply to Olga");
    // Apart by a few milliseconds, so the order under test never rests on a tie.
    await sleep(5);
    await sentMessage(newer, withNewer, "Hello from Nina");
    await sentMessage(newer, withNewer, "Are you there?");
    await sleep(5);
    const withEmpty = await openConversationWith(me, empty.id);

    const { items, nextCursor } = await list(me);
    expect(nextCursor).toBeNull();
    expect(items.map((c) => c.id)).toEqual([withEmpty, withNewer, withOlder]);
    const [e, n, o] = items as [ConversationSummary, ConversationSummary, ConversationSummary];
    expect(e).toMatchObject({ otherUser: { userId: empty.id, username: empty.username, displayName: "Emil Empty", avatarUrl: null }, lastMessage: null, unreadCount: 0 });
    expect(n).toMatchObject({ lastMessage: { senderId: newer.id, content: "Are you there?" }, unreadCount: 2 });
    // My own reply is the preview (the screen adds 'You: '); Olga's message before it stays unread.
    expect(o).toMatchObject({ lastMessage: { senderId: me.id, content: "My reply to Olga" }, unreadCount: 1 });

    // The other side counts only what I sent.
    const fromNina = await list(newer);
    expect(fromNina.items).toHaveLength(1);
    expect(fromNina.items[0]).toMatchObject({ id: withNewer, otherUser: { userId: me.id }, unreadCount: 0 });
    expect(await unread(me)).toMatchObject({ messages: 3 });
  });

  it("searches the other user's display name or username, case-insensitively, and treats wildcards literally", async () => {
    const me = await signedInUser();
    const mara = await signedInUser({ displayName: "Mara Mixdown" });
    const theo = await signedInUser({ displayName: "Theo 50% Tape" });
    await openConversationWith(me, mara.id);
    await openConversationWith(me, theo.id);
    expect((await list(me, "?q=mIxDoWn")).items.map((c) => c.otherUser.userId)).toEqual([mara.id]);
    expect((await list(me, `?q=${encodeURIComponent(theo.username.toUpperCase())}`)).items.map((c) => c.otherUser.userId)).toEqual([theo.id]);
    expect((await list(me, "?q=50%25")).items.map((c) => c.otherUser.userId)).toEqual([theo.id]);
    expect((await list(me, "?q=_")).items).toEqual([]);
    expect((await list(me, "?q=nobody-by-that-name")).items).toEqual([]);
  });

  // D1 refuses a LIKE pattern over 50 bytes; the schema allows 100 characters (issue #27 item 9).
  it.each([
    ["49 × 'a'", "a".repeat(49)],
    ["100 × 'a'", "a".repeat(100)],
    ["13 emoji", "🎸".repeat(13)],
    ["30 × '%'", "%".repeat(30)],
    ["50 × '_' and '\\'", "_\\".repeat(50)],
  ])("answers a long, multi-byte or escape-heavy query (%s) with a list, never a 500", async (_name, q) => {
    const me = await signedInUser();
    const long = await signedInUser({ displayName: "a".repeat(60) });
    const emoji = await signedInUser({ displayName: `Band ${"🎸".repeat(14)}` });
    await openConversationWith(me, long.id);
    await openConversationWith(me, emoji.id);
    const expected = q.startsWith("a") && q.length <= 60 ? [long.id] : q.startsWith("🎸") ? [emoji.id] : [];
    const { items } = await list(me, `?q=${encodeURIComponent(q)}`);
    expect(items.map((c) => c.otherUser.userId)).toEqual(expected);
  });

  it("pages with an opaque cursor and refuses one it did not issue", async () => {
    const me = await signedInUser();
    for (let i = 0; i < 3; i += 1) await openConversationWith(me, (await createUser()).id);
    await expectError(await api("/api/conversations?cursor=forged", { cookie: me.cookie }), 400, "Invalid cursor");
    const all = (await list(me)).items.map((c) => c.id);
    expect(all).toHaveLength(3);
  });
});

describe("messages", () => {
  it("stores a trimmed message with a server-assigned order and answers it", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    const clientId = crypto.randomUUID();
    const first = await json<ChatMessage>(await sendMessage(ana, id, "  Hello Ben  \n", clientId), 201);
    expect(first).toMatchObject({ clientId, conversationId: id, senderId: ana.id, receiverId: ben.id, content: "Hello Ben", seq: 1 });
    const second = await sentMessage(ben, id, "Hi Ana");
    expect(second.seq).toBe(2);
    expect(second.createdAt).toBeGreaterThanOrEqual(first.createdAt);
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, id));
    expect(conversation).toMatchObject({ lastMessageId: second.id, lastMessageAt: second.createdAt });
  });

  it("refuses blank, overlong and screened messages, logging only the screen's refusals", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    await expectError(await sendMessage(ana, id, "   \n\t "), 400, MESSAGING_TEXTS.messageEmpty);
    await expectError(await sendMessage(ana, id, "x".repeat(2001)), 400, MESSAGING_TEXTS.messageTooLong);
    await expectError(await sendMessage(ana, id, "y".repeat(5000)), 400, MESSAGING_TEXTS.messageTooLong);
    await expectError(await sendMessage(ana, id, "Cheap crypto, click here"), 400, "Content contains suspicious patterns");
    await expectError(await api(`/api/conversations/${id}/messages`, { cookie: ana.cookie, body: { content: "No client id" } }), 400);
    expect(await messageRows(id)).toBe(0);
    const events = await eventsOf({ userId: ana.id, eventType: "content_violation" });
    expect(events).toHaveLength(1);
    // Exactly 2000 characters is allowed.
    await sentMessage(ana, id, "z".repeat(2000));
  });

  it("makes a resend with the same client id a no-op that answers the stored message", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    const clientId = crypto.randomUUID();
    const first = await json<ChatMessage>(await sendMessage(ana, id, "Only once", clientId), 201);
    const again = await json<ChatMessage>(await sendMessage(ana, id, "Only once", clientId), 200);
    expect(again).toEqual(first);
    // Two resends racing still leave one row.
    const raced = await Promise.all([sendMessage(ana, id, "Raced", "race-1"), sendMessage(ana, id, "Raced", "race-1")]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 201]);
    await Promise.all(raced.map((r) => r.arrayBuffer()));
    expect(await messageRows(id)).toBe(2);
    // The other participant may use the same client id: it is the sender's own.
    await json<ChatMessage>(await sendMessage(ben, id, "Mine", clientId), 201);
    // The same client id in another conversation is a client bug, refused.
    const other = await openConversationWith(ana, (await createUser()).id);
    await expectError(await sendMessage(ana, other, "Only once", clientId), 409, MESSAGING_TEXTS.clientIdReused);
    expect(await messageRows(other)).toBe(0);
  });

  it("pages older messages oldest first and catches up with ?since=", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 35; i += 1) sent.push(await sentMessage(i % 2 ? ana : ben, id, `Message ${i}`));
    const newest = await page(ben, id);
    expect(newest.items.map((m) => m.content)).toEqual(sent.slice(5).map((m) => m.content));
    expect(newest.nextCursor).not.toBeNull();
    const older = await page(ben, id, `?before=${newest.nextCursor}`);
    expect(older.items.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(older.nextCursor).toBeNull();
    const since = await page(ben, id, `?since=${sent[31]!.cursor}`);
    expect(since.items.map((m) => m.content)).toEqual(["Message 33", "Message 34", "Message 35"]);
    await expectError(await api(`/api/conversations/${id}/messages?since=nope`, { cookie: ben.cookie }), 400, "Invalid cursor");
  });
});

describe("a third user", () => {
  it("cannot read, write, mark read or open the conversation, and gets the answer a missing one gets", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const eve = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    await sentMessage(ana, id, "Private");
    const notFound = MESSAGING_TEXTS.conversationNotFound;
    await expectError(await api(`/api/conversations/${id}`, { cookie: eve.cookie }), 404, notFound);
    await expectError(await api(`/api/conversations/${id}/messages`, { cookie: eve.cookie }), 404, notFound);
    await expectError(await sendMessage(eve, id, "Let me in"), 404, notFound);
    await expectError(await markRead(eve, id), 404, notFound);
    await expectError(await api(`/api/conversations/${crypto.randomUUID()}`, { cookie: eve.cookie }), 404, notFound);
    expect(await messageRows(id)).toBe(1);
    const [reads] = await db().select({ n: count() }).from(conversationReads).where(eq(conversationReads.userId, eve.id));
    expect(reads!.n).toBe(0);
    expect((await list(eve)).items).toEqual([]);
  });
});

describe("read markers", () => {
  it("reading a conversation clears its unread count for me only, and later messages count again", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const id = await openConversationWith(ana, ben.id);
    await sentMessage(ana, id, "One");
    await sentMessage(ana, id, "Two");
    expect(await unread(ben)).toMatchObject({ messages: 2 });
    const { lastReadAt } = await json<{ lastReadAt: number }>(await markRead(ben, id), 200);
    expect(lastReadAt).toBeGreaterThan(0);
    expect(await unread(ben)).toMatchObject({ messages: 0 });
    expect((await list(ben)).items[0]!.unreadCount).toBe(0);
    // Ana's own messages never count for her.
    expect(await unread(ana)).toMatchObject({ messages: 0 });
    await sentMessage(ana, id, "Three");
    expect(await unread(ben)).toMatchObject({ messages: 1 });
    // Marking an empty or already-read conversation again is harmless; the marker never moves back.
    await json(await markRead(ben, id), 200);
    await json(await markRead(ben, id), 200);
    expect(await unread(ben)).toMatchObject({ messages: 0 });
    const [row] = await db()
      .select()
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, id), eq(conversationReads.userId, ben.id)));
    expect(row!.lastReadAt).toBeGreaterThanOrEqual(lastReadAt);
  });
});
