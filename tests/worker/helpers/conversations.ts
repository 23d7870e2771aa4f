// Conversations and messages through the API, as the messages screen makes them.
import type { ChatMessage, OpenedConversation } from "@shared/messaging-api";
import { api, json } from "./request";

/** POST /api/conversations as `who` with `userId`; fails the test unless it answers 200 or 201. */
export async function openConversationWith(who: { cookie: string }, userId: string): Promise<string> {
  const res = await api("/api/conversations", { cookie: who.cookie, body: { userId } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`open conversation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as OpenedConversation).id;
}

/** Sends a message (a fresh client id unless given) and returns the stored message. */
export function sendMessage(who: { cookie: string }, conversationId: string, content: string, clientId: string = crypto.randomUUID()) {
  return api(`/api/conversations/${conversationId}/messages`, { cookie: who.cookie, body: { clientId, content } });
}

export async function sentMessage(who: { cookie: string }, conversationId: string, content: string): Promise<ChatMessage> {
  return json<ChatMessage>(await sendMessage(who, conversationId, content), 201);
}
