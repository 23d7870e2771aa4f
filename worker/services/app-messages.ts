// Messages the app writes on a user's behalf: a custom offer to its buyer, a booking to the other
// side, a review request after a completed order (DESIGN.md: Create Invoice and Request Review are
// real). They go through the same conversation, the same row and the same broadcasts as a typed
// message, so the chat, the unread badge and the activity feed need nothing new to show them.
import type { ChatMessage, MessageKind } from "@shared/messaging-api";
import { openConversation } from "../db/queries/conversations";
import { notifyUsers } from "./live";
import { writeMessage, type MessageContext } from "./messages";
import type { MessageNotice } from "./notifications/events";

/** What an app message needs from the request context (Ctx, decision record 0076). */
export type AppMessageContext = MessageContext;

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
  /**
   * What the receiver's notification says instead of "new message": the offer, the booking step
   * the message is about (decision record 0096). A review request is a message like any other.
   */
  notice?: MessageNotice;
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
  return writeMessage(
    ctx,
    {
      conversationId: conversation.id,
      senderId: message.senderId,
      receiverId: message.receiverId,
      clientId: `app:${message.dedupeKey}`,
      content: message.content,
      kind: message.kind,
      linkPath: message.linkPath,
    },
    message.notice,
  );
}
