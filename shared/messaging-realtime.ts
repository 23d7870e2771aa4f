// The realtime contract of direct messages and the per-user live channel (second document §2
// Messages; first document §4 channel states, §9 heartbeat and reconnect; DESIGN.md "Realtime";
// decision records 0040 and 0041). The Worker, the ChatRoom and UserChannel Durable Objects and
// the SPA import these unions, so a frame renamed on one side breaks the build on the other.
//
// Two channels:
// - a conversation's ChatRoom, open while the chat is on screen: new messages, typing, read
//   markers of the other participant;
// - the user's UserChannel, one per signed-in tab: something changed in one of my conversations
//   or my activity, so badges and the conversation list refresh without polling.
// As with the comment rooms, the parse helpers never throw and drop anything they do not know.
import type { ActivityType, ChatMessage } from "./messaging-api";
import { isFiniteNumber, isObject, isString, MAX_CLIENT_FRAME_BYTES, toObject } from "./realtime";

// ---------------------------------------------------------------------------------------------
// ChatRoom

export type ChatServerMessage =
  | { type: "welcome"; conversationId: string; serverTime: number }
  | { type: "message.created"; message: ChatMessage }
  | { type: "typing"; userId: string; typing: boolean }
  | { type: "read"; userId: string; lastReadAt: number }
  | { type: "pong"; t: number };

export type ChatClientMessage = { type: "ping"; t: number } | { type: "typing"; typing: boolean };

/** What the Worker hands a ChatRoom to broadcast after the D1 write. */
export type ChatBroadcast = Extract<ChatServerMessage, { type: "message.created" | "read" }>;

export function chatRoomPath(conversationId: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}/live`;
}

// ---------------------------------------------------------------------------------------------
// UserChannel

export type UserChannelServerMessage =
  | { type: "welcome"; serverTime: number }
  /** A notice: the message itself travels only on the conversation's ChatRoom (decision record 0077). */
  | { type: "message.created"; conversationId: string }
  | { type: "conversation.read"; conversationId: string }
  | { type: "conversation.opened"; conversationId: string }
  /**
   * To the receiver only: moderation hid a message sent to them, so their tabs drop it from the
   * chat and refresh the lists and badges (decision records 0077, 0083). An id, never the text.
   */
  | { type: "message.hidden"; conversationId: string; messageId: string }
  | { type: "activity.created"; activityType: ActivityType }
  | { type: "activity.read" }
  | { type: "pong"; t: number };

export type UserChannelClientMessage = { type: "ping"; t: number };

export type UserChannelBroadcast = Exclude<UserChannelServerMessage, { type: "welcome" | "pong" }>;

export const USER_CHANNEL_PATH = "/api/live";

// ---------------------------------------------------------------------------------------------
// Parsing

export function isChatMessage(value: unknown): value is ChatMessage {
  return (
    isObject(value) &&
    isString(value.id) &&
    (value.clientId === null || isString(value.clientId)) &&
    isString(value.conversationId) &&
    isString(value.senderId) &&
    isString(value.receiverId) &&
    isString(value.content) &&
    isFiniteNumber(value.createdAt) &&
    isFiniteNumber(value.seq) &&
    isString(value.cursor)
  );
}

const ACTIVITY_TYPE_SET: ReadonlySet<string> = new Set(["like", "comment", "follow", "message", "report"] satisfies ActivityType[]);

export function parseChatServerMessage(data: unknown): ChatServerMessage | null {
  const value = toObject(data);
  if (!value || !isString(value.type)) return null;
  const m = value as { type: ChatServerMessage["type"] } & Record<string, unknown>;
  switch (m.type) {
    case "welcome":
      return isString(m.conversationId) && isFiniteNumber(m.serverTime) ? { type: m.type, conversationId: m.conversationId, serverTime: m.serverTime } : null;
    case "message.created":
      return isChatMessage(m.message) ? { type: m.type, message: m.message } : null;
    case "typing":
      return isString(m.userId) && typeof m.typing === "boolean" ? { type: m.type, userId: m.userId, typing: m.typing } : null;
    case "read":
      return isString(m.userId) && isFiniteNumber(m.lastReadAt) ? { type: m.type, userId: m.userId, lastReadAt: m.lastReadAt } : null;
    case "pong":
      return isFiniteNumber(m.t) ? { type: m.type, t: m.t } : null;
    default: {
      const _exhaustive: never = m.type;
      void _exhaustive;
      return null;
    }
  }
}

export function parseChatClientMessage(data: unknown): ChatClientMessage | null {
  if (isString(data) && data.length > MAX_CLIENT_FRAME_BYTES) return null;
  const value = toObject(data);
  if (!value || !isString(value.type)) return null;
  const m = value as { type: ChatClientMessage["type"] } & Record<string, unknown>;
  switch (m.type) {
    case "ping":
      return isFiniteNumber(m.t) ? { type: m.type, t: m.t } : null;
    case "typing":
      return typeof m.typing === "boolean" ? { type: m.type, typing: m.typing } : null;
    default: {
      const _exhaustive: never = m.type;
      void _exhaustive;
      return null;
    }
  }
}

export function parseUserChannelServerMessage(data: unknown): UserChannelServerMessage | null {
  const value = toObject(data);
  if (!value || !isString(value.type)) return null;
  const m = value as { type: UserChannelServerMessage["type"] } & Record<string, unknown>;
  switch (m.type) {
    case "welcome":
      return isFiniteNumber(m.serverTime) ? { type: m.type, serverTime: m.serverTime } : null;
    case "message.created":
    case "conversation.read":
    case "conversation.opened":
      return isString(m.conversationId) ? { type: m.type, conversationId: m.conversationId } : null;
    case "message.hidden":
      return isString(m.conversationId) && isString(m.messageId) ? { type: m.type, conversationId: m.conversationId, messageId: m.messageId } : null;
    case "activity.created":
      return isString(m.activityType) && ACTIVITY_TYPE_SET.has(m.activityType)
        ? { type: m.type, activityType: m.activityType as ActivityType }
        : null;
    case "activity.read":
      return { type: m.type };
    case "pong":
      return isFiniteNumber(m.t) ? { type: m.type, t: m.t } : null;
    default: {
      const _exhaustive: never = m.type;
      void _exhaustive;
      return null;
    }
  }
}

export function parseUserChannelClientMessage(data: unknown): UserChannelClientMessage | null {
  if (isString(data) && data.length > MAX_CLIENT_FRAME_BYTES) return null;
  const value = toObject(data);
  if (!value || value.type !== "ping" || !isFiniteNumber(value.t)) return null;
  return { type: "ping", t: value.t };
}

export function encodeFrame(message: ChatServerMessage | ChatClientMessage | UserChannelServerMessage | UserChannelClientMessage): string {
  return JSON.stringify(message);
}
