// Direct messages (spec marketplace-messaging-account §3 conversation/message, §4 "one per pair").
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestampMs } from "./columns";
import { MESSAGE_KINDS } from "@shared/messaging-api";
import { users } from "./users";

/**
 * One conversation per pair of users; the smaller id is always user1_id (CHECK), so the pair has a
 * single spelling and the unique index holds. last_message_id / last_message_at are kept current by
 * a trigger on messages (migrations/0001_triggers_fts.sql).
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: idColumn(),
    user1Id: text("user1_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    user2Id: text("user2_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** No foreign key: messages reference conversations, and a cycle would complicate deletes. */
    lastMessageId: text("last_message_id"),
    lastMessageAt: timestampMs("last_message_at"),
    /**
     * Each side's read marker, mirrored from conversation_reads by triggers (migration 0031; 0 when
     * the side has read nothing). Only for the unread badge's partial indexes below: everything
     * else reads conversation_reads.
     */
    user1ReadAt: timestampMs("user1_read_at").notNull().default(0),
    user2ReadAt: timestampMs("user2_read_at").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_unique").on(t.user1Id, t.user2Id),
    // A user's conversations by activity (the newest message, else the creation), one index per
    // side of the pair: the list walks both in order and merges them (worker/db/queries/
    // conversations.ts conversationListQuery; issue #33 item 4). The expression is written exactly
    // as the list's ORDER BY, or SQLite would not see that the index gives that order.
    index("conversations_user1_activity_idx").on(t.user1Id, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    index("conversations_user2_activity_idx").on(t.user2Id, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    // A side's conversations whose newest message is after its read marker: the only ones that
    // can hold unread messages. The header's badge walks these instead of probing the marker of
    // every conversation (worker/db/queries/conversations.ts unreadTotalQuery; issue #33 item 4).
    // The condition is written exactly as the badge's WHERE, or SQLite would not use the index.
    index("conversations_user1_unread_idx").on(t.user1Id).where(sql`last_message_at > user1_read_at`),
    index("conversations_user2_unread_idx").on(t.user2Id).where(sql`last_message_at > user2_read_at`),
    check("conversations_ordered_pair", sql`${t.user1Id} < ${t.user2Id}`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: idColumn(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** "text" for what a person typed; the other kinds are written by the app (shared/messaging-api.ts MESSAGE_KINDS). */
    messageType: text("message_type", { enum: MESSAGE_KINDS }).notNull().default("text"),
    /**
     * For a message the app writes on someone's behalf (a custom offer, a booking, a review
     * request): the in-app path it points to, such as `/orders/{id}`. Always a path on our own
     * origin, never a URL a user typed.
     */
    linkPath: text("link_path"),
    status: text("status").notNull().default("sent"),
    createdAt: createdAt(),
    /**
     * The message's place in its conversation, 1, 2, 3…, assigned by the INSERT itself (one more
     * than the largest so far), so the order is the order D1 committed them in, whatever the
     * clocks of the Workers that sent them (decision record 0040).
     */
    seq: integer("seq", { mode: "number" }).notNull().default(0),
    /**
     * The id the sender's client gave the message before sending it. A resend after a dropped
     * connection carries the same id and finds the stored row instead of adding a second one.
     * Null for rows written without one (the demo seed).
     */
    clientId: text("client_id"),
    /** Hidden by a moderator: missing to the receiver (decision record 0083). */
    hiddenAt: timestampMs("hidden_at"),
  },
  (t) => [
    // Pages of a conversation and "what did I miss after message N" (catch-up) are seq ranges.
    uniqueIndex("messages_conversation_seq_unique").on(t.conversationId, t.seq),
    uniqueIndex("messages_sender_client_unique").on(t.senderId, t.clientId),
    // A conversation's messages in order (and "what did I miss since X" after reconnecting).
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt, t.id),
    // Activity: messages received by me, newest first.
    index("messages_receiver_created_idx").on(t.receiverId, t.createdAt, t.id),
    index("messages_sender_idx").on(t.senderId),
  ],
);

/** Per participant: everything up to last_read_at is read; unread = later messages from the other user. */
export const conversationReads = sqliteTable(
  "conversation_reads",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: timestampMs("last_read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_reads_user_idx").on(t.userId)],
);
