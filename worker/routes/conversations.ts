// Second document §2 Messages (list, search, chat, Contact), §3 conversation and message, §4 "one
// per pair", §5 "Message send is ignored if blank", §7 Conversations and Messages; DESIGN.md
// "Realtime" and unread counts per participant; decision record 0040. Every write goes to D1
// first and is then broadcast: to the conversation's ChatRoom and to both users' live channels.
import { Hono } from "hono";
import { MESSAGING_LIMITS } from "../../shared/constants";
import { MESSAGING_TEXTS, PROFILE_TEXTS } from "../../shared/messages";
import {
  type ConversationPage,
  type ConversationSummary,
  conversationsQuerySchema,
  type MessagePage,
  messagesQuerySchema,
  type OpenedConversation,
  openConversationBodySchema,
  sendMessageBodySchema,
} from "../../shared/messaging-api";
import { prepareMessage } from "../../shared/rules/message";
import {
  findConversationByPair,
  getConversationFor,
  getConversationSummary,
  insertMessage,
  listConversations,
  listMessages,
  listMessagesSince,
  markConversationRead,
  openConversation,
  otherParticipant,
} from "../db/queries/conversations";
import { profileExists } from "../db/queries/follows";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { conversationParam } from "../lib/params";
import { validate } from "../lib/validator";
import { expectedOrigin } from "../middleware/origin";
import { requireUser, signedIn } from "../middleware/session";
import { CHAT_CONVERSATION_HEADER, CHAT_USER_HEADER } from "../realtime/chat-room";
import { broadcastToChat, chatRoom, notifyUsers } from "../services/live";
import { enforce, rateSubject } from "../services/rate-limit";
import { logSecurityEvent, requestMeta } from "../services/security-events";
import type { Context } from "hono";

const conversationNotFound = () => new ApiError("not_found", MESSAGING_TEXTS.conversationNotFound);

/**
 * The conversation if the signed-in user is one of its two participants. Anyone else gets the
 * same 404 as for a conversation that does not exist, so ids reveal nothing.
 */
async function requireParticipant(c: Context<AppEnv>, conversationId: string) {
  const { userId } = requireUser(c);
  const conversation = await getConversationFor(c.var.db, conversationId, userId);
  if (!conversation) throw conversationNotFound();
  return { userId, conversation, otherId: otherParticipant(conversation, userId) };
}

/** Mounted at /conversations. */
export const conversationRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", conversationsQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { q, cursor } = c.req.valid("query");
    const page = await listConversations(c.var.db, { userId, q, cursor, limit: MESSAGING_LIMITS.conversationsPage });
    return c.json(page satisfies ConversationPage, 200);
  })
  // Contact and ?userId=: the one conversation with that user, created on first use.
  .post("/", validate("json", openConversationBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("json").userId;
    if (target === userId) throw new ApiError("bad_request", MESSAGING_TEXTS.messageSelf);
    const existing = await findConversationByPair(c.var.db, userId, target);
    if (existing) return c.json({ id: existing, created: false } satisfies OpenedConversation, 200);
    if (!(await profileExists(c.var.db, target))) throw new ApiError("not_found", PROFILE_TEXTS.notFound);
    const meta = requestMeta(c.req);
    await enforce(c.env, c.var.db, "conversation_start", [rateSubject("user", userId)], { userId, ip: meta.ip, userAgent: meta.userAgent });
    const opened = await openConversation(c.var.db, userId, target);
    if (opened.created) await notifyUsers(c.env, c.var.log, [userId, target], { type: "conversation.opened", conversationId: opened.id });
    return c.json({ id: opened.id, created: opened.created } satisfies OpenedConversation, opened.created ? 201 : 200);
  })
  .get("/:conversationId", conversationParam, async (c) => {
    const { userId } = requireUser(c);
    const summary = await getConversationSummary(c.var.db, c.req.valid("param").conversationId, userId);
    if (!summary) throw conversationNotFound();
    return c.json(summary satisfies ConversationSummary, 200);
  })
  .get("/:conversationId/messages", conversationParam, signedIn, validate("query", messagesQuerySchema), async (c) => {
    const { conversation } = await requireParticipant(c, c.req.valid("param").conversationId);
    const { before, since } = c.req.valid("query");
    if (since) {
      const items = await listMessagesSince(c.var.db, { conversationId: conversation.id, since, limit: MESSAGING_LIMITS.catchUp });
      // A full catch-up page may have more behind it: the client asks again from its newest.
      return c.json({ items, nextCursor: null } satisfies MessagePage, 200);
    }
    const page = await listMessages(c.var.db, { conversationId: conversation.id, before, limit: MESSAGING_LIMITS.messagesPage });
    return c.json(page satisfies MessagePage, 200);
  })
  .post("/:conversationId/messages", validate("json", sendMessageBodySchema), conversationParam, async (c) => {
    const { userId, conversation, otherId } = await requireParticipant(c, c.req.valid("param").conversationId);
    const body = c.req.valid("json");
    // In the order of comments: non-empty and within the limit, then the rate limit, then the
    // content screen, whose refusals are logged as content_violation events.
    const prepared = prepareMessage(body.content);
    if (!prepared.ok && (prepared.message === MESSAGING_TEXTS.messageEmpty || prepared.message === MESSAGING_TEXTS.messageTooLong)) {
      throw new ApiError("validation_failed", prepared.message);
    }
    const meta = requestMeta(c.req);
    await enforce(c.env, c.var.db, "message", [rateSubject("user", userId)], { userId, ip: meta.ip, userAgent: meta.userAgent });
    if (!prepared.ok) {
      await logSecurityEvent(c.var.db, {
        userId,
        eventType: "content_violation",
        severity: "medium",
        details: { source: "message", conversationId: conversation.id, reason: prepared.message },
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      throw new ApiError("validation_failed", prepared.message);
    }
    const { message, created } = await insertMessage(c.var.db, {
      conversationId: conversation.id,
      senderId: userId,
      receiverId: otherId,
      clientId: body.clientId,
      content: prepared.content,
    });
    if (message.conversationId !== conversation.id) throw new ApiError("conflict", MESSAGING_TEXTS.clientIdReused);
    // A resend finds the stored message: it was broadcast when it was first stored.
    if (!created) return c.json(message, 200);
    await Promise.all([
      broadcastToChat(c.env, c.var.log, conversation.id, { type: "message.created", message }),
      notifyUsers(c.env, c.var.log, [userId, otherId], { type: "message.created", conversationId: conversation.id, message }),
    ]);
    return c.json(message, 201);
  })
  // Opening a conversation marks it read (spec: unread counts per participant).
  .put("/:conversationId/read", conversationParam, async (c) => {
    const { userId, conversation } = await requireParticipant(c, c.req.valid("param").conversationId);
    const lastReadAt = await markConversationRead(c.var.db, conversation.id, userId);
    await Promise.all([
      broadcastToChat(c.env, c.var.log, conversation.id, { type: "read", userId, lastReadAt }),
      notifyUsers(c.env, c.var.log, [userId], { type: "conversation.read", conversationId: conversation.id }),
    ]);
    return c.json({ lastReadAt }, 200);
  })
  .get("/:conversationId/live", conversationParam, async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError("bad_request", "Expected a WebSocket upgrade");
    // A private room: a socket opened from another site is refused outright, so a foreign page
    // can never listen in on the signed-in user's conversation.
    const origin = c.req.header("origin");
    if (origin && origin !== expectedOrigin(c.req.url, c.env.APP_ORIGIN)) throw new ApiError("forbidden", "Cross-origin request refused");
    const { userId, conversation } = await requireParticipant(c, c.req.valid("param").conversationId);
    // A fresh request, so no header a client sent can pose as the Worker's own.
    const headers = new Headers({ upgrade: "websocket", [CHAT_CONVERSATION_HEADER]: conversation.id, [CHAT_USER_HEADER]: userId });
    return chatRoom(c.env, conversation.id).fetch(new Request("https://chat-room.internal/connect", { headers }));
  });
