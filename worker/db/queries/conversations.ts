// Conversations, messages and read markers (second document §2 Messages, §3 conversation and
// message, §4 "one per pair", §7 Conversations and Messages; DESIGN.md: unread counts per
// participant; decision record 0040).
//
// A message's place in its conversation (seq) and its created_at are assigned by the INSERT
// itself: seq is one more than the conversation's largest, created_at is max(now, the newest
// message's). Both therefore follow the order D1 committed the rows in, whichever Worker's clock
// sent them, so "everything after message N" (catch-up) can never skip a message committed later.
import { and, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Cursor, encodeCursor } from "@shared/cursor";
import type { ChatMessage, ConversationPage, ConversationSummary, MessageKind } from "@shared/messaging-api";
import type { Db } from "../client";
import { newId } from "../ids";
import { conversationReads, conversations, follows, messages, orders, profiles } from "../schema";
import { mapPage, pageOf } from "./paging";
import { toPersonLine } from "./people";
import { contains } from "./search/fts";

/** The two participants in the stored order: the smaller id first (the table's CHECK). */
function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export interface ConversationRow {
  id: string;
  user1Id: string;
  user2Id: string;
}

/** The other participant of a conversation as seen by `userId`. */
export function otherParticipant(row: ConversationRow, userId: string): string {
  return row.user1Id === userId ? row.user2Id : row.user1Id;
}

/** The pair's conversation id, or null when they have none yet. */
export async function findConversationByPair(db: Db, a: string, b: string): Promise<string | null> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.user1Id, user1Id), eq(conversations.user2Id, user2Id)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * The one conversation of a pair, created if missing. The insert and the read are one atomic
 * batch, and the pair's unique index turns a second insert (the other user opening it at the same
 * moment) into a no-op, so a race ends in one row that both get back.
 */
export async function openConversation(db: Db, a: string, b: string, now = Date.now()): Promise<ConversationRow & { created: boolean }> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const id = newId();
  const [, rows] = await db.batch([
    db.insert(conversations).values({ id, user1Id, user2Id, createdAt: now }).onConflictDoNothing(),
    db
      .select({ id: conversations.id, user1Id: conversations.user1Id, user2Id: conversations.user2Id })
      .from(conversations)
      .where(and(eq(conversations.user1Id, user1Id), eq(conversations.user2Id, user2Id)))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) throw new Error("conversation insert and read disagree");
  return { ...row, created: row.id === id };
}

/** The conversation if `userId` is one of its two participants; null otherwise (or if missing). */
export async function getConversationFor(db: Db, conversationId: string, userId: string): Promise<ConversationRow | null> {
  const rows = await db
    .select({ id: conversations.id, user1Id: conversations.user1Id, user2Id: conversations.user2Id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.user1Id, userId), eq(conversations.user2Id, userId))))
    .limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The conversation list

const other = alias(profiles, "other_profile");
const last = alias(messages, "last_message");

/** When a conversation last changed, for ordering and its cursor: its newest message, else its creation. */
const activityAt = sql<number>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

/**
 * A message `userId` may read (decision record 0083): not hidden by moderation, unless they sent
 * it. The sender keeps seeing their own hidden message, as an owner keeps their hidden posts; the
 * receiver no longer has it anywhere (the chat, the list's preview, the unread counts, activity,
 * their data export).
 */
function shownToParticipant(table: { hiddenAt: SQLiteColumn | SQL; senderId: SQLiteColumn | SQL }, userId: string): SQL {
  return sql`(${table.hiddenAt} is null or ${table.senderId} = ${userId})`;
}

/**
 * Messages from the other participant after `userId`'s read marker, hidden ones left out. The
 * marker is the conversation's mirror of it on `userId`'s side (user1_read_at or user2_read_at,
 * kept equal to conversation_reads by the triggers of migration 0031).
 */
function unreadCountSql(userId: string, side: Side) {
  // Spelt with the table's name: drizzle leaves it out of a statement that reads one table, and
  // inside the subquery a bare "id" would be the message's.
  return sql<number>`(select count(*) from ${messages} m
    where m.conversation_id = "conversations"."id" and m.receiver_id = ${userId} and m.hidden_at is null
      and m.created_at > "conversations".${sql.identifier(readMarkerOf(side).name)})`;
}

/** Which side of the pair a user is: the conversations in which they are user1, or user2. */
type Side = "user1" | "user2";

function readMarkerOf(side: Side) {
  return side === "user1" ? conversations.user1ReadAt : conversations.user2ReadAt;
}

interface ListInput {
  userId: string;
  q?: string | undefined;
  cursor?: Cursor | undefined;
  limit: number;
  /** One conversation only (the chat pane's header); the list ignores it. */
  conversationId?: string;
}

/**
 * One side of the pair: the conversations in which `userId` is user1 (or user2). As an arm of the
 * list's UNION ALL it is a walk of conversations_user1_activity_idx (or user2's) in the list's
 * order, which SQLite pulls from only as far as the page needs.
 */
function sideQuery(db: Db, input: ListInput, side: Side) {
  const { userId } = input;
  const mine = side === "user1" ? conversations.user1Id : conversations.user2Id;
  const theirs = side === "user1" ? conversations.user2Id : conversations.user1Id;
  const filters: (SQL | undefined)[] = [eq(mine, userId)];
  if (input.conversationId) filters.push(eq(conversations.id, input.conversationId));
  const q = input.q?.trim();
  if (q) {
    // instr(), not LIKE: it has no wildcards to escape, and D1 refuses a LIKE pattern over 50
    // bytes, which 13 emoji or 49 letters of a 100-character query already reach (issue #27).
    filters.push(or(contains(other.displayName, q), contains(other.username, q)));
  }
  // The row-value form is what SQLite turns into one range of the index (after the cursor).
  if (input.cursor) filters.push(sql`(${activityAt}, ${conversations.id}) < (${input.cursor.createdAt}, ${input.cursor.id})`);
  return db
    .select({
      // Named, as activity_at is: a compound's ORDER BY matches only the result's names.
      id: sql<string>`${conversations.id}`.as("id"),
      user1Id: conversations.user1Id,
      user2Id: conversations.user2Id,
      activityAt: activityAt.as("activity_at"),
      otherUsername: other.username,
      otherDisplayName: other.displayName,
      otherAvatarUrl: other.avatarUrl,
      lastSenderId: last.senderId,
      lastContent: last.content,
      lastCreatedAt: last.createdAt,
      unreadCount: unreadCountSql(userId, side).as("unread_count"),
    })
    .from(conversations)
    .leftJoin(other, eq(other.userId, theirs))
    // The preview is the newest message this user may read: the stored last one unless moderation
    // hid it from them, else the newest before it, walked down (conversation_id, seq).
    .leftJoin(
      last,
      eq(
        last.id,
        sql`(select pm.id from ${messages} pm where pm.conversation_id = ${conversations.id} and (pm.hidden_at is null or pm.sender_id = ${userId}) order by pm.seq desc limit 1)`,
      ),
    )
    .where(and(...filters));
}

/**
 * The user's conversations, newest activity first: the two sides merged by SQLite's MERGE of a
 * UNION ALL whose ORDER BY each side's index already gives, so nothing is sorted and the preview,
 * the other profile and the unread count are read only for the rows the page takes, however many
 * conversations the user has (issue #33 item 4). Its plan is tested in
 * tests/worker/messaging/query-plans.test.ts, its answers against the single OR-and-sort statement
 * it replaced in tests/worker/messaging/conversation-list.test.ts.
 */
export function conversationListQuery(db: Db, input: ListInput) {
  return sideQuery(db, input, "user1")
    .unionAll(sideQuery(db, input, "user2"))
    .orderBy(desc(sql`activity_at`), desc(sql`id`))
    .limit(input.limit);
}

type SummaryRow = Awaited<ReturnType<typeof conversationListQuery>>[number];

function toSummary(row: SummaryRow, userId: string): ConversationSummary {
  const otherId = otherParticipant(row, userId);
  return {
    id: row.id,
    otherUser: toPersonLine(otherId, { username: row.otherUsername, displayName: row.otherDisplayName, avatarUrl: row.otherAvatarUrl }),
    lastMessage:
      row.lastSenderId !== null && row.lastContent !== null && row.lastCreatedAt !== null
        ? { senderId: row.lastSenderId, content: row.lastContent, createdAt: row.lastCreatedAt }
        : null,
    unreadCount: Number(row.unreadCount),
    activityAt: Number(row.activityAt),
  };
}

/**
 * The user's conversations, newest activity first, optionally filtered by the other user's display
 * name or username (case-insensitive), in keyset pages of (activity time, id).
 */
export async function listConversations(db: Db, input: Omit<ListInput, "conversationId">): Promise<ConversationPage> {
  const rows = await conversationListQuery(db, { ...input, limit: input.limit + 1 });
  const page = pageOf(rows, input.limit, (row) => ({ createdAt: Number(row.activityAt), id: row.id }));
  return mapPage(page, (row) => toSummary(row, input.userId));
}

/** One conversation as the list shows it, if `userId` takes part in it. */
export async function getConversationSummary(db: Db, conversationId: string, userId: string): Promise<ConversationSummary | null> {
  const rows = await conversationListQuery(db, { userId, conversationId, limit: 1 });
  return rows[0] ? toSummary(rows[0], userId) : null;
}

/**
 * Unread messages across all of the user's conversations (the header's badge, read on every frame
 * of the live channel). Only a conversation whose newest message is after the user's read marker
 * can have any (last_message_at is the newest message's time: the trigger of 0001 never moves it
 * back), and each side's partial index (conversations_user1_unread_idx, user2's) holds exactly
 * those: the badge reads them and counts their messages, not every conversation of the user.
 */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const rows = await unreadTotalQuery(db, userId);
  return Number(rows[0]?.total ?? 0);
}

/** One side's conversations that may hold unread messages, each with its count. */
function unreadSideQuery(db: Db, userId: string, side: Side) {
  const mine = side === "user1" ? conversations.user1Id : conversations.user2Id;
  // Spelt as the partial index's WHERE (schema/messaging.ts), or SQLite could not use it; and
  // named (INDEXED BY): on the analysed scale dataset SQLite otherwise took the activity index
  // and read all 2k conversations of the user (1.4 ms against 0.86), and a missing index is an
  // error rather than a silent walk of them all.
  const after = side === "user1" ? sql`last_message_at > user1_read_at` : sql`last_message_at > user2_read_at`;
  const index = side === "user1" ? "conversations_user1_unread_idx" : "conversations_user2_unread_idx";
  return db
    .select({ unread: unreadCountSql(userId, side).as("unread") })
    .from(sql`${conversations} indexed by ${sql.identifier(index)}`)
    .where(and(eq(mine, userId), after));
}

/** The statement of countUnreadMessages, exported for its query-plan test. */
export function unreadTotalQuery(db: Db, userId: string) {
  const sides = unreadSideQuery(db, userId, "user1").unionAll(unreadSideQuery(db, userId, "user2"));
  return db.select({ total: sql<number>`coalesce(sum(unread), 0)` }).from(sides.as("sides"));
}

// ---------------------------------------------------------------------------------------------
// Messages

const messageSelection = {
  id: messages.id,
  clientId: messages.clientId,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  kind: messages.messageType,
  linkPath: messages.linkPath,
  createdAt: messages.createdAt,
  seq: messages.seq,
};

type MessageRow = Omit<ChatMessage, "cursor">;

/**
 * The cursor of a message is its place in the conversation. The cursor format holds a number and
 * an id (shared/cursor.ts); for messages the number is `seq`, which alone decides the order.
 */
function toChatMessage(row: MessageRow): ChatMessage {
  return { ...row, cursor: encodeCursor({ createdAt: row.seq, id: row.id }) };
}

export interface InsertMessageInput {
  conversationId: string;
  senderId: string;
  receiverId: string;
  clientId: string;
  content: string;
  /** Defaults to "text"; the app's own messages name their kind and the path they point to. */
  kind?: MessageKind;
  linkPath?: string | null;
  now?: number;
}

/**
 * Stores a message, or finds the one this sender already stored under the same client id. The
 * insert and the read back are one atomic batch. `created` is false for a resend; `message` may
 * then belong to another conversation, which the caller refuses.
 */
export async function insertMessage(db: Db, input: InsertMessageInput): Promise<{ message: ChatMessage; created: boolean }> {
  const id = newId();
  const now = input.now ?? Date.now();
  const [, rows] = await db.batch([
    db
      .insert(messages)
      .select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            conversationId: sql<string>`${input.conversationId}`.as("conversation_id"),
            senderId: sql<string>`${input.senderId}`.as("sender_id"),
            receiverId: sql<string>`${input.receiverId}`.as("receiver_id"),
            content: sql<string>`${input.content}`.as("content"),
            messageType: sql<MessageKind>`${input.kind ?? "text"}`.as("message_type"),
            linkPath: sql<string | null>`${input.linkPath ?? null}`.as("link_path"),
            status: sql<string>`'sent'`.as("status"),
            createdAt: sql<number>`max(${now}, coalesce(max(${messages.createdAt}), 0))`.as("created_at"),
            seq: sql<number>`coalesce(max(${messages.seq}), 0) + 1`.as("seq"),
            clientId: sql<string>`${input.clientId}`.as("client_id"),
            // INSERT … SELECT names every column in the table's order; a new message is not hidden.
            hiddenAt: sql<number | null>`null`.as("hidden_at"),
          })
          .from(messages)
          .where(eq(messages.conversationId, input.conversationId)),
      )
      .onConflictDoNothing(),
    db
      .select(messageSelection)
      .from(messages)
      .where(and(eq(messages.senderId, input.senderId), eq(messages.clientId, input.clientId)))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) throw new Error("message insert and read disagree");
  return { message: toChatMessage(row), created: row.id === id };
}

/**
 * A page of a conversation, returned oldest first: the newest `limit` messages, or the `limit`
 * before `before`. A seq range on the (conversation_id, seq) index, never OFFSET.
 */
export async function listMessages(db: Db, input: { conversationId: string; viewerId: string; before?: Cursor | undefined; limit: number }) {
  const rows = await db
    .select(messageSelection)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.conversationId),
        input.before ? lt(messages.seq, input.before.createdAt) : undefined,
        shownToParticipant(messages, input.viewerId),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit).reverse().map(toChatMessage);
  const oldest = page[0];
  return { items: page, nextCursor: more && oldest ? oldest.cursor : null };
}

/** What came after the message at `since` (catch-up after a reconnect), oldest first, at most `limit`. */
export async function listMessagesSince(db: Db, input: { conversationId: string; viewerId: string; since: Cursor; limit: number }): Promise<ChatMessage[]> {
  const rows = await db
    .select(messageSelection)
    .from(messages)
    .where(and(eq(messages.conversationId, input.conversationId), gt(messages.seq, input.since.createdAt), shownToParticipant(messages, input.viewerId)))
    .orderBy(messages.seq)
    .limit(input.limit);
  return rows.map(toChatMessage);
}

// ---------------------------------------------------------------------------------------------
// Read markers

/**
 * Marks everything in the conversation up to its newest message as read by `userId`. The marker
 * never moves backwards (a slow request from an older tab cannot unread anything). Answers the
 * marker as stored.
 */
export async function markConversationRead(db: Db, conversationId: string, userId: string): Promise<number> {
  const newest = sql<number>`coalesce((select max(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${conversationId}), 0)`;
  const [, rows] = await db.batch([
    db
      .insert(conversationReads)
      .select(
        db
          .select({
            conversationId: sql<string>`${conversationId}`.as("conversation_id"),
            userId: sql<string>`${userId}`.as("user_id"),
            lastReadAt: newest.as("last_read_at"),
          })
          .from(sql`(select 1)`)
          // SQLite reads ON after a bare FROM as a join constraint; a WHERE settles it.
          .where(sql`true`),
      )
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { lastReadAt: sql`max(${conversationReads.lastReadAt}, excluded.last_read_at)` },
      }),
    db
      .select({ lastReadAt: conversationReads.lastReadAt })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
      .limit(1),
  ]);
  return rows[0]?.lastReadAt ?? 0;
}

/**
 * Whether `senderId` may send links to `receiverId` in this conversation (issue #27 item 10;
 * decision record 0085): the receiver has written in it before, or each follows the other, or
 * there is an order between them, either way round. With the receiver's display name, for the
 * refusal. One round trip, each test index-backed.
 */
export async function linkTrust(db: Db, input: { conversationId: string; senderId: string; receiverId: string }): Promise<{ allowed: boolean; receiverName: string }> {
  const { conversationId, senderId: a, receiverId: b } = input;
  const follow = (from: string, to: string) => sql`exists(select 1 from ${follows} where ${follows.followerId} = ${from} and ${follows.followingId} = ${to})`;
  const [row] = await db.all<{ allowed: number; name: string | null }>(sql`select (
    exists(select 1 from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.senderId} = ${b})
    or (${follow(a, b)} and ${follow(b, a)})
    or exists(select 1 from ${orders} where ${orders.buyerId} = ${a} and ${orders.sellerId} = ${b})
    or exists(select 1 from ${orders} where ${orders.buyerId} = ${b} and ${orders.sellerId} = ${a})
  ) as allowed, (select ${profiles.displayName} from ${profiles} where ${profiles.userId} = ${b}) as name`);
  return { allowed: row?.allowed === 1, receiverName: row?.name ?? "" };
}
