// What each happening notifies, as a NotificationEvent (issue #30 item 1; decision record 0096):
// the one home of the event keys, the screens a click opens, and the collapse keys. The services
// and routes that store something call these builders and hand the result to notify().
//
// Event keys name the happening for its recipient, so a replayed job, a retried request or a
// toggled like records one row (notifications_event_unique):
//   message:{messageId}                     a message, typed or written by the app (an offer, a booking step)
//   like:{postId}:{likerId}                 liking a post notifies once, however often it is toggled
//   follow:{followerId}                     so does following someone
//   comment:{commentId}                     a comment (to the post's owner) or a reply (to the thread's author)
//   order:{orderId}:placed                  a sale (an offer's payment is its sale)
//   order:{orderId}:{status}:{historyId}    a step a party took (its order_history line)
//   order:{orderId}:refunded                a refund, whoever made it (an order is refunded once)
//   order:{orderId}:disputed:{disputeId}    a card dispute opened
//   review:{reviewId}                       a review received
import type { NotificationEventType } from "@shared/notifications-api";
import type { NotificationEvent } from "./jobs";

/** Screens a push opens (web/routes; web/lib/app-paths.ts builds the same paths on the client). */
export const notificationPaths = {
  conversation: (conversationId: string) => `/messages?conversation=${encodeURIComponent(conversationId)}`,
  order: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
  offer: (offerId: string) => `/offers/${encodeURIComponent(offerId)}`,
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  profile: (userId: string) => `/profile/${encodeURIComponent(userId)}`,
  booking: "/booking",
} as const;

/** Longest piece of a message or comment a push carries. */
const PREVIEW_MAX = 120;

function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}

export function likeEvent(input: { postId: string; likerId: string; ownerId: string; at: number }): NotificationEvent {
  return {
    key: `like:${input.postId}:${input.likerId}`,
    type: "like.created",
    recipientId: input.ownerId,
    actorId: input.likerId,
    path: notificationPaths.post(input.postId),
    params: { postId: input.postId },
    at: input.at,
  };
}

export function followEvent(input: { followerId: string; followingId: string; at: number }): NotificationEvent {
  return {
    key: `follow:${input.followerId}`,
    type: "follow.created",
    recipientId: input.followingId,
    actorId: input.followerId,
    path: notificationPaths.profile(input.followerId),
    params: {},
    at: input.at,
  };
}

/**
 * A new comment tells the post's owner (comment.created); a reply also tells the author of the
 * thread it answers (comment.reply). One person is told once: the thread's author who owns the
 * post gets the reply, which says more.
 */
export function commentEvents(input: {
  commentId: string;
  postId: string;
  authorId: string;
  postOwnerId: string;
  parentId: string | null;
  parentAuthorId: string | null;
  content: string;
  at: number;
}): NotificationEvent[] {
  const base = { key: `comment:${input.commentId}`, actorId: input.authorId, path: notificationPaths.post(input.postId), at: input.at };
  const params = { postId: input.postId, commentId: input.commentId, preview: preview(input.content) };
  const events: NotificationEvent[] = [];
  if (input.parentId && input.parentAuthorId) {
    events.push({ ...base, type: "comment.reply", recipientId: input.parentAuthorId, params: { ...params, parentId: input.parentId } });
  }
  if (input.postOwnerId !== input.parentAuthorId || !input.parentId) events.push({ ...base, type: "comment.created", recipientId: input.postOwnerId, params });
  return events;
}

/**
 * What a message the app writes notifies as, instead of "new message": an offer's message is the
 * offer, a booking's message is the booking step. One happening, one notification.
 */
export interface MessageNotice {
  type: NotificationEventType;
  path: string;
  params: Record<string, string | number>;
}

export function messageEvent(input: {
  message: { id: string; conversationId: string; senderId: string; receiverId: string; content: string };
  notice?: MessageNotice | undefined;
  at: number;
}): NotificationEvent {
  const { message, notice } = input;
  const params = { messageId: message.id, conversationId: message.conversationId };
  return {
    key: `message:${message.id}`,
    type: notice?.type ?? "message.received",
    recipientId: message.receiverId,
    actorId: message.senderId,
    path: notice?.path ?? notificationPaths.conversation(message.conversationId),
    params: notice ? { ...params, ...notice.params } : { ...params, preview: preview(message.content) },
    at: input.at,
  };
}

type OrderParty = "buyer" | "seller";

interface OrderFacts {
  id: string;
  buyerId: string;
  sellerId: string;
  itemName: string;
}

/** An order step's event for the side it now waits on. */
const STEP_EVENTS = {
  ship: { type: "order.shipped", for: "buyer" },
  deliver: { type: "order.delivered", for: "buyer" },
  "request-revision": { type: "order.revision_requested", for: "seller" },
  complete: { type: "order.accepted", for: "seller" },
  refund: { type: "order.refunded", for: "buyer" },
} as const satisfies Record<string, { type: NotificationEventType; for: OrderParty }>;

export type OrderStepName = keyof typeof STEP_EVENTS;

function orderEvent(order: OrderFacts, input: { type: NotificationEventType; key: string; to: OrderParty; actorId: string | null; at: number }): NotificationEvent {
  return {
    key: input.key,
    type: input.type,
    recipientId: input.to === "buyer" ? order.buyerId : order.sellerId,
    actorId: input.actorId,
    path: notificationPaths.order(order.id),
    // The item's name as it was sold: the order keeps it, but the push should not need a read.
    params: { orderId: order.id, item: order.itemName },
    at: input.at,
  };
}

/** A step one side took (takeStep); the refund step's key is the refund's own, so a provider's later report of it is the same event. */
export function orderStepEvent(order: OrderFacts & { status: string }, input: { step: OrderStepName; historyId: string; actorId: string; at: number }): NotificationEvent {
  const rule = STEP_EVENTS[input.step];
  const key = input.step === "refund" ? `order:${order.id}:refunded` : `order:${order.id}:${order.status}:${input.historyId}`;
  return orderEvent(order, { type: rule.type, key, to: rule.for, actorId: input.actorId, at: input.at });
}

/** A paid order is a sale for its seller; an offer's payment is "your offer was paid". */
export function orderPlacedEvent(order: OrderFacts & { offerId: string | null }, at: number): NotificationEvent {
  return orderEvent(order, { type: order.offerId ? "offer.paid" : "order.placed", key: `order:${order.id}:placed`, to: "seller", actorId: order.buyerId, at });
}

/** A refund the payment provider reported (the seller's own refund is a step): the buyer hears of it. */
export function providerRefundEvent(order: OrderFacts, at: number): NotificationEvent {
  return orderEvent(order, { type: "order.refunded", key: `order:${order.id}:refunded`, to: "buyer", actorId: null, at });
}

/** A lost dispute's chargeback: the seller hears the sale was taken back. */
export function chargebackEvent(order: OrderFacts, at: number): NotificationEvent {
  return orderEvent(order, { type: "order.refunded", key: `order:${order.id}:refunded`, to: "seller", actorId: null, at });
}

/** A card dispute opened by the buyer's bank: the seller hears of it. */
export function disputeEvent(order: OrderFacts, input: { disputeId: string; at: number }): NotificationEvent {
  return orderEvent(order, { type: "order.disputed", key: `order:${order.id}:disputed:${input.disputeId}`, to: "seller", actorId: null, at: input.at });
}

export function reviewEvent(input: { reviewId: string; orderId: string; buyerId: string; sellerId: string; itemName: string; at: number }): NotificationEvent {
  return {
    key: `review:${input.reviewId}`,
    type: "review.received",
    recipientId: input.sellerId,
    actorId: input.buyerId,
    path: notificationPaths.order(input.orderId),
    params: { orderId: input.orderId, reviewId: input.reviewId, item: input.itemName },
    at: input.at,
  };
}

/** A booking step's type, by the booking service's own event names. */
export const BOOKING_EVENT_TYPES = {
  requested: "booking.requested",
  confirmed: "booking.confirmed",
  rescheduled: "booking.changed",
  cancelled: "booking.cancelled",
} as const satisfies Record<string, NotificationEventType>;

/**
 * The collapse key: events with one key within the window are one push, and the device shows one
 * notification per key (the payload's tag). A conversation, a post's likes or comments, a
 * thread's replies, all of a person's new followers, an order, an offer, a booking, a review.
 */
export function collapseKeyOf(event: Pick<NotificationEvent, "type" | "key" | "params">): string {
  const p = (name: string) => (event.params[name] === undefined ? null : String(event.params[name]));
  switch (event.type) {
    case "message.received":
      return `conversation:${p("conversationId")}`;
    case "like.created":
      return `likes:${p("postId")}`;
    case "comment.created":
      return `comments:${p("postId")}`;
    case "comment.reply":
      return `replies:${p("parentId")}`;
    case "follow.created":
      return "follows";
    case "offer.received":
      return `offer:${p("offerId")}`;
    case "booking.requested":
    case "booking.confirmed":
    case "booking.changed":
    case "booking.cancelled":
      return `booking:${p("bookingId")}`;
    case "review.received":
      return `review:${p("reviewId")}`;
    case "order.placed":
    case "order.shipped":
    case "order.delivered":
    case "order.revision_requested":
    case "order.accepted":
    case "order.refunded":
    case "order.disputed":
    case "offer.paid":
      return `order:${p("orderId")}`;
    default: {
      const unknown: never = event.type;
      return String(unknown);
    }
  }
}
