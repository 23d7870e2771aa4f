// Messages the app writes on a user's behalf: a custom offer to its buyer, a booking to the other
// side, a review request after a completed order (DESIGN.md: Create Invoice and Request Review are
// real). They go through the same conversation, the same row and the same broadcasts as a typed
// message, so the chat, the unread badge and the activity feed need nothing new to show them.
import type { ChatMessage, MessageKind } from "../../shared/messaging-api";
import type { Db } from "../db/client";
import { insertMessage, openConversation } from "../db/queries/conversations";
import type { Bindings } from "../env";
import type { Logger } from "../lib/logger";
import { broadcastToChat, notifyUsers } from "./live";

export interface AppMessageContext {
  env: Pick<Bindings, "CHAT_ROOM" | "USER_CHANNEL">;
  db: Db;
  log: Logger;
  now: number;
}

export interface AppMessage {
  senderId: string;
  receiverId: string;
  kind: Exclude<MessageKind, "text">;
  /** Already final text (from shared/messages.ts); not run through the typed-message screen. */
  content: string;
  /** An in-app path such as `/orders/{id}`; the chat shows it as a button. */
  linkPath: string;
  /**
   * Names the event, e.g. `offer:{offerId}` or `review-request:{orderId}`. A retry of the same
   * event finds the stored message instead of sending a second one (messages_sender_client_unique).
   */
  dedupeKey: string;
}

/**
 * Opens (or finds) the pair's conversation and stores the message, then tells both users' open
 * tabs and the conversation's room. Returns the stored message and whether this call created it.
 */
export async function sendAppMessage(ctx: AppMessageContext, message: AppMessage): Promise<{ message: ChatMessage; created: boolean }> {
  const conversation = await openConversation(ctx.db, message.senderId, message.receiverId, ctx.now);
  if (conversation.created) {
    await notifyUsers(ctx.env, ctx.log, [message.senderId, message.receiverId], { type: "conversation.opened", conversationId: conversation.id });
  }
  const stored = await insertMessage(ctx.db, {
    conversationId: conversation.id,
    senderId: message.senderId,
    receiverId: message.receiverId,
    clientId: `app:${message.dedupeKey}`,
    content: message.content,
    kind: message.kind,
    linkPath: message.linkPath,
    now: ctx.now,
  });
  if (stored.created) {
    await Promise.all([
      broadcastToChat(ctx.env, ctx.log, conversation.id, { type: "message.created", message: stored.message }),
      notifyUsers(ctx.env, ctx.log, [message.senderId, message.receiverId], {
        type: "message.created",
        conversationId: conversation.id,
        message: stored.message,
      }),
    ]);
  }
  return stored;
}
