// Chat messages (second document §3 conversation and message, §7 Messages; DESIGN.md "Realtime";
// decision records 0040 and 0077): the guard of a conversation's two participants, and the one
// writer of a message, used by a typed message (routes/conversations.ts) and by the app's own
// (services/app-messages.ts) alike.
import { MESSAGING_TEXTS } from "@shared/messages";
import type { ChatMessage } from "@shared/messaging-api";
import { needsLinkTrust } from "@shared/rules/message";
import { getConversationFor, insertMessage, linkTrust, otherParticipant, type ConversationRow, type InsertMessageInput } from "../db/queries/conversations";
import type { Bindings, Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { broadcastToChat, notifyUsers } from "./live";
import { messageEvent, type MessageNotice } from "./notifications/events";
import { notify } from "./notifications/notify";

export const conversationNotFound = () => new ApiError("not_found", MESSAGING_TEXTS.conversationNotFound);

/**
 * The conversation if `userId` is one of its two participants, with the other one. Anyone else
 * gets the same 404 as for a conversation that does not exist, so ids reveal nothing.
 */
export async function requireConversationMember(
  ctx: Pick<Ctx, "db">,
  input: { conversationId: string; userId: string },
): Promise<{ conversation: ConversationRow; otherId: string }> {
  const { conversationId, userId } = input;
  const conversation = await getConversationFor(ctx.db, conversationId, userId);
  if (!conversation) throw conversationNotFound();
  return { conversation, otherId: otherParticipant(conversation, userId) };
}

/**
 * Holds back a link in a message to someone who has not replied in this conversation, does not
 * follow the sender back and has no order with them: where spam lives (issue #27 item 10; decision
 * record 0085). Refused (validation_failed) with a reason naming them; the composer keeps the text.
 */
export async function requireLinkTrust(ctx: Pick<Ctx, "db">, input: { conversationId: string; senderId: string; receiverId: string; content: string }): Promise<void> {
  if (!needsLinkTrust(input.content)) return;
  const trust = await linkTrust(ctx.db, input);
  if (!trust.allowed) throw new ApiError("validation_failed", MESSAGING_TEXTS.linkHeldBack(trust.receiverName));
}

/** What writing a message needs from the request context. */
export type MessageContext = Pick<Ctx, "db" | "log" | "now"> & { env: Pick<Bindings, "CHAT_ROOM" | "USER_CHANNEL" | "NOTIFICATIONS"> };

/**
 * Stores a message (or finds the one its sender already stored under the same client id), then,
 * only when this call created it, hands it to the conversation's room and tells both users' live
 * channels which conversation changed (one carrier per fact: decision record 0077), and enqueues
 * the receiver's notification: "new message", or what `notice` says an app message is (an offer,
 * a booking step), so one happening notifies once (decision record 0096). A resend was broadcast
 * and notified when it was first stored. The message of a resend may belong to another
 * conversation; the caller decides.
 */
export async function writeMessage(
  ctx: MessageContext,
  input: Omit<InsertMessageInput, "now">,
  notice?: MessageNotice,
): Promise<{ message: ChatMessage; created: boolean }> {
  const stored = await insertMessage(ctx.db, { ...input, now: ctx.now });
  if (stored.created) {
    await Promise.all([
      broadcastToChat(ctx.env, ctx.log, input.conversationId, { type: "message.created", message: stored.message }),
      notifyUsers(ctx.env, ctx.log, [input.senderId, input.receiverId], { type: "message.created", conversationId: input.conversationId }),
      notify(ctx, [messageEvent({ message: stored.message, notice, at: ctx.now })]),
    ]);
  }
  return stored;
}
