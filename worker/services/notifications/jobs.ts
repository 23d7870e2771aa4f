// What the NOTIFICATIONS queue carries (issue #30; shared/notifications-api.ts; decision record
// 0096). A request only enqueues; the consumer (consumer.ts) does everything else.
import type { NotificationEventType } from "@shared/notifications-api";

/**
 * Something stored that one person should hear about. `key` names the event for that recipient
 * (e.g. `like:{likeId}`, `message:{messageId}`, `order:{orderId}:delivered:{historyId}`): the
 * consumer records (recipient, key) once, so a replayed or repeated job changes nothing.
 */
export interface NotificationEvent {
  key: string;
  type: NotificationEventType;
  recipientId: string;
  /** Who did it (the sender, the liker, the buyer), or null for the system (a refund by the bank). */
  actorId: string | null;
  /** The screen a click opens: /messages/{conversationId}, /orders/{orderId}, /post/{postId}, /profile/{userId}. */
  path: string;
  /** What the texts need, captured when it happened (item name, amount, post caption's start, booking time). */
  params: Record<string, string | number>;
  /** When it happened (ms). */
  at: number;
}

export type NotificationJob =
  /** A new event from a request. */
  | { kind: "event"; event: NotificationEvent }
  /**
   * Push what is due for one recipient and collapse key: sent when a collapse window closes
   * (delayed by COLLAPSE_WINDOW_MS) or when quiet hours end. Finding nothing due is normal.
   */
  | { kind: "flush"; userId: string; collapseKey: string };
