// Second document §2 Messages (list, search, chat, Contact), §3 conversation and message, §4 "one
// per pair", §5 "Message send is ignored if blank", §7 Conversations and Messages; DESIGN.md
// "Realtime" and unread counts per participant; decision record 0040. Every write goes to D1
// first and is then broadcast; what each socket carries is decision record 0077.
import { Hono } from "hono";
import { MESSAGING_LIMITS } from "@shared/constants";
import { MESSAGING_TEXTS, PROFILE_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import {
  type ConversationPage,
  type ConversationSummary,
  conversationsQuerySchema,
  type MessagePage,
  messagesQuerySchema,
  type OpenedConversation,
  openConversationBodySchema,
  sendMessageBodySchema,
} from "@shared/messaging-api";
import { prepareMessage } from "@shared/rules/message";
import {
  findConversationByPair,
  getConversationSummary,
  listConversations,
  listMessages,
  listMessagesSince,
  markConversationRead,
  openConversation,
} from "../db/queries/conversations";
import { cannotReach, isBlockedBetween } from "../db/queries/audience";
import { profileExists } from "../db/queries/follows";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { conversationParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { CHAT_CONVERSATION_HEADER, CHAT_SESSION_HEADER, CHAT_USER_HEADER } from "../realtime/chat-room";
import { forwardToRoom, socketGate } from "../realtime/gateway";
import { SESSION_UNTIL_HEADER } from "../realtime/socket-utils";
import { screenOrRefuse } from "../services/content-screen";
import { broadcastToChat, chatRoom, notifyUsers, trackRoom } from "../services/live";
import { conversationNotFound, requireConversationMember, requireLinkTrust, writeMessage } from "../services/messages";
import { limitUser } from "../services/rate-limit";

/** Mounted at /conversations. */
export const conversationRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", conversationsQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { q, cursor } = c.req.valid("query");
    const page = await listConversations(c.var.db, { userId, q, cursor, limit: MESSAGING_LIMITS.conversationsPage });
    return c.json(page satisfies ConversationPage, 200);
  })
  // Contact and ?userId=: the one conversation with that user, created on first use.
  .post("/", signedIn, validate("json", openConversationBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("json").userId;
    if (target === userId) throw new ApiError("bad_request", MESSAGING_TEXTS.messageSelf);
    const existing = await findConversationByPair(c.var.db, userId, target);
    // An earlier conversation stays readable across a block (read-only); a new one cannot start,
    // and the answer is a missing profile's (decision record 0082).
    if (existing) return c.json({ id: existing, created: false } satisfies OpenedConversation, 200);
    if (!(await profileExists(c.var.db, target)) || (await isBlockedBetween(c.var.db, userId, target))) throw new ApiError("not_found", PROFILE_TEXTS.notFound);
    await limitUser(c.var.ctx, "conversation_start", userId);
    const opened = await openConversation(c.var.db, userId, target);
    if (opened.created) await notifyUsers(c.env, c.var.log, [userId, target], { type: "conversation.opened", conversationId: opened.id });
    return c.json({ id: opened.id, created: opened.created } satisfies OpenedConversation, opened.created ? 201 : 200);
  })
  .get("/:conversationId", conversationParam, async (c) => {
    const { userId } = requireUser(c);
    const summary = await getConversationSummary(c.var.db, c.req.valid("param").conversationId, userId);
    if (!summary) throw conversationNotFound();
    // Read-only across a block, and with a deleted account (decision records 0082, 0084).
    const canReply = !(await cannotReach(c.var.db, userId, summary.otherUser.userId));
    return c.json({ ...summary, canReply } satisfies ConversationSummary, 200);
  })
  .get("/:conversationId/messages", conversationParam, signedIn, validate("query", messagesQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { conversation } = await requireConversationMember(c.var.ctx, { conversationId: c.req.valid("param").conversationId, userId });
    const { before, since } = c.req.valid("query");
    if (since) {
      const items = await listMessagesSince(c.var.db, { conversationId: conversation.id, viewerId: userId, since, limit: MESSAGING_LIMITS.catchUp });
      // A full catch-up page may have more behind it: the client asks again from its newest.
      return c.json({ items, nextCursor: null } satisfies MessagePage, 200);
    }
    const page = await listMessages(c.var.db, { conversationId: conversation.id, viewerId: userId, before, limit: MESSAGING_LIMITS.messagesPage });
    return c.json(page satisfies MessagePage, 200);
  })
  .post("/:conversationId/messages", conversationParam, signedIn, validate("json", sendMessageBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { conversation, otherId } = await requireConversationMember(c.var.ctx, { conversationId: c.req.valid("param").conversationId, userId });
    // Read-only across a block, in the same words to both sides (decision record 0082), and with a
    // deleted account, whose placeholder only keeps the history readable (0084).
    if (await cannotReach(c.var.db, userId, otherId)) throw new ApiError("forbidden", SAFETY_TEXTS.cannotReply);
    const body = c.req.valid("json");
    // In the order of comments: non-empty and within the limit, then the rate limit, then the
    // content screen, whose refusals are logged as content_violation events.
    const prepared = prepareMessage(body.content);
    if (!prepared.ok && (prepared.message === MESSAGING_TEXTS.messageEmpty || prepared.message === MESSAGING_TEXTS.messageTooLong)) {
      throw new ApiError("validation_failed", prepared.message);
    }
    const { content } = await screenOrRefuse(c.var.ctx, { userId, rule: "message", verdict: prepared, source: "message", refs: { conversationId: conversation.id } });
    await requireLinkTrust(c.var.ctx, { conversationId: conversation.id, senderId: userId, receiverId: otherId, content });
    const { message, created } = await writeMessage(c.var.ctx, { conversationId: conversation.id, senderId: userId, receiverId: otherId, clientId: body.clientId, content });
    if (message.conversationId !== conversation.id) throw new ApiError("conflict", MESSAGING_TEXTS.clientIdReused);
    // A resend finds the stored message: it was broadcast when it was first stored.
    return c.json(message, created ? 201 : 200);
  })
  // Opening a conversation marks it read (spec: unread counts per participant).
  .put("/:conversationId/read", conversationParam, async (c) => {
    const { userId } = requireUser(c);
    const { conversation, otherId } = await requireConversationMember(c.var.ctx, { conversationId: c.req.valid("param").conversationId, userId });
    await limitUser(c.var.ctx, "read_marker", userId);
    const lastReadAt = await markConversationRead(c.var.db, conversation.id, userId);
    // Across a block neither side learns what the other does in the conversation (decision
    // record 0082): the marker is stored, but the other side's room is not told.
    const blocked = await isBlockedBetween(c.var.db, userId, otherId);
    await Promise.all([
      blocked ? undefined : broadcastToChat(c.env, c.var.log, conversation.id, { type: "read", userId, lastReadAt }),
      notifyUsers(c.env, c.var.log, [userId], { type: "conversation.read", conversationId: conversation.id }),
    ]);
    return c.json({ lastReadAt }, 200);
  })
  .get("/:conversationId/live", conversationParam, async (c) => {
    // A private room: a socket opened from another site is refused outright, so a foreign page
    // can never listen in on the signed-in user's conversation.
    socketGate(c, "refuse");
    const { userId, sessionId, activeUntil } = requireUser(c);
    const { conversation } = await requireConversationMember(c.var.ctx, { conversationId: c.req.valid("param").conversationId, userId });
    // The socket belongs to this session and closes when it ends (decision record 0085).
    await trackRoom(c.env, userId, { kind: "chat", name: conversation.id });
    const headers = {
      [CHAT_CONVERSATION_HEADER]: conversation.id,
      [CHAT_USER_HEADER]: userId,
      [CHAT_SESSION_HEADER]: sessionId,
      [SESSION_UNTIL_HEADER]: String(activeUntil),
    };
    return forwardToRoom(chatRoom(c.env, conversation.id), "https://chat-room.internal/connect", headers);
  });
