// The messaging and activity contract shared by the Worker and the SPA (second document §2
// Messages and Activity, §3 conversation, message and activity, §4, §7; DESIGN.md: unread counts
// per participant, activity read state on the server; decision records 0040 and 0041). Content
// rules come from shared/rules/message.ts, texts from shared/messages.ts.
import { z } from "zod";
import { TEXT_LIMITS } from "./constants";
import { cursorSchema } from "./cursor";
import { MESSAGING_TEXTS, REQUEST_TEXTS } from "./messages";
import type { PersonLine } from "./people";
import { idSchema } from "./schemas/common";
import type { Page } from "./paging";

/** POST /api/conversations — opens (or creates) the one conversation with this user. */
export const openConversationBodySchema = z.object({ userId: idSchema });

/** GET /api/conversations[?q=&cursor=] — newest activity first, filtered by name or username. */
export const conversationsQuerySchema = z.object({
  q: z.string({ error: REQUEST_TEXTS.invalidRequest }).max(100, REQUEST_TEXTS.invalidRequest).optional(),
  cursor: cursorSchema.optional(),
});

/**
 * POST /api/conversations/:conversationId/messages. `clientId` is the id the sender's client gave
 * the message: sending it again finds the stored message instead of adding another. Only the shape
 * is checked here; the content rules run in the handler (rule, rate limit, screen). The raw text
 * is bounded so no rule ever runs over a huge body.
 */
export const sendMessageBodySchema = z.object({
  clientId: idSchema,
  content: z.string({ error: MESSAGING_TEXTS.messageEmpty }).max(TEXT_LIMITS.message * 2, MESSAGING_TEXTS.messageTooLong),
});

/**
 * GET /api/conversations/:conversationId/messages: the newest page, `?before=` an older page (a
 * page's `nextCursor`), or `?since=` everything after a message the client holds (its `cursor`),
 * for catching up after a reconnect.
 */
export const messagesQuerySchema = z.object({ before: cursorSchema.optional(), since: cursorSchema.optional() });

export type ConversationUser = PersonLine;

export interface ConversationSummary {
  id: string;
  otherUser: ConversationUser;
  /** The newest message, or null for a conversation nobody has written in yet. */
  lastMessage: { senderId: string; content: string; createdAt: number } | null;
  /** Messages from the other user after my read marker. */
  unreadCount: number;
  /** When the conversation last changed: its newest message, else its creation. */
  activityAt: number;
  /**
   * GET /api/conversations/:id only: false when either user has blocked the other, so the chat
   * shows SAFETY_TEXTS.cannotReply instead of the composer (decision record 0082).
   */
  canReply?: boolean;
}

export type ConversationPage = Page<ConversationSummary>;

export interface OpenedConversation {
  id: string;
  created: boolean;
}

/**
 * What a message is. "text" is typed by a person; the others are written by the app when an order
 * needs the other side's attention (a custom offer to pay, a booking to confirm, a review request)
 * and carry a `linkPath` the chat shows as a button.
 */
export const MESSAGE_KINDS = ["text", "offer", "booking", "review_request", "order"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface ChatMessage {
  id: string;
  clientId: string | null;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  kind: MessageKind;
  /** An in-app path (`/orders/{id}`…) for the app's own messages; null for typed ones. */
  linkPath: string | null;
  createdAt: number;
  /** The message's place in its conversation, assigned by the server: 1, 2, 3… */
  seq: number;
  /** Opaque: pass back as `?since=` to get the messages after this one. */
  cursor: string;
}

/** Oldest first, as the chat shows them. `nextCursor`: an older page (`?before=`), or null at the start of the conversation. */
export type MessagePage = Page<ChatMessage>;

export interface UnreadCounts {
  /** Unread messages across every conversation (the header's messages badge). */
  messages: number;
  /** Unread activity items among the listed ones (the Activity tab's badge). */
  activity: number;
}

/** "report": the outcome of the caller's own report, once a moderator resolved it (decision record 0083). */
export const ACTIVITY_TYPES = ["like", "comment", "follow", "message", "report"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Spec §3 activity: id prefixed by kind; derived from the rows, with read state on the server. */
export interface ActivityItem {
  /** 'like-<id>', 'comment-<id>', 'follow-<id>' or 'message-<id>'. */
  id: string;
  type: ActivityType;
  user: ConversationUser;
  postId: string | null;
  conversationId: string | null;
  /** A comment's or message's text, a report's outcome (MODERATION_TEXTS); null for likes and follows. */
  content: string | null;
  isRead: boolean;
  createdAt: number;
}

export interface ActivityFeed {
  items: ActivityItem[];
  unreadCount: number;
}

/** `:activityId` — a kind and a row id, as the feed lists them. */
export const activityIdSchema = z
  .string({ error: MESSAGING_TEXTS.activityNotFound })
  .regex(/^(?:like|comment|follow|message|report)-[A-Za-z0-9_-]{1,64}$/, MESSAGING_TEXTS.activityNotFound);
