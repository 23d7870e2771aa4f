// Notifications that reach people when the app is closed (issue #30; shared/notifications-api.ts;
// decision record 0096): the title and body of each push, in its single and collapsed forms, and
// the mails sent when a push cannot reach the person (an order or booking step, the digest of
// unread messages). Ours: the specifications leave these texts to us.
import type { NotificationEventType } from "../notifications-api";

/**
 * What a push's texts are made of: the actor's name as the recipient sees it (read when the push
 * is sent), how many events the push stands for (a collapsed burst > 1), and what the event
 * captured when it happened (item name, message preview, …).
 */
export interface NotificationTextInput {
  actor: string;
  count: number;
  params: Readonly<Record<string, string | number>>;
}

export interface NotificationText {
  title: string;
  body: string;
}

/** A captured value as text, or the fallback when the event did not capture it. */
function param(input: NotificationTextInput, name: string, fallback = ""): string {
  const value = input.params[name];
  return value === undefined || value === null ? fallback : String(value);
}

/** "Kenji" for one, "Kenji and 9 others" for a burst. */
function actors(input: NotificationTextInput): string {
  if (input.count <= 1) return input.actor;
  const others = input.count - 1;
  return `${input.actor} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** "on Mix of 'Blue'" when the order's item is known. */
function item(input: NotificationTextInput): string {
  return param(input, "item", "your order");
}

/** Several updates of one thing held through quiet hours, pushed as one. */
function updates(input: NotificationTextInput, title: string): NotificationText {
  return { title, body: `${input.count} updates on ${item(input)}` };
}

const PUSH: { readonly [Type in NotificationEventType]: (input: NotificationTextInput) => NotificationText } = {
  "message.received": (input) =>
    input.count > 1 ? { title: input.actor, body: `${input.count} new messages` } : { title: input.actor, body: param(input, "preview", "Sent you a message") },
  "order.placed": (input) => (input.count > 1 ? updates(input, "New order") : { title: "New order", body: `${input.actor} bought ${item(input)}` }),
  "order.shipped": (input) => (input.count > 1 ? updates(input, "Order update") : { title: "Your order has shipped", body: `${input.actor} shipped ${item(input)}` }),
  "order.delivered": (input) => (input.count > 1 ? updates(input, "Order update") : { title: "Delivery ready", body: `${input.actor} delivered ${item(input)}` }),
  "order.revision_requested": (input) =>
    input.count > 1 ? updates(input, "Order update") : { title: "Revision requested", body: `${input.actor} asked for a revision of ${item(input)}` },
  "order.accepted": (input) => (input.count > 1 ? updates(input, "Order update") : { title: "Order accepted", body: `${input.actor} accepted ${item(input)}` }),
  "order.refunded": (input) => (input.count > 1 ? updates(input, "Order update") : { title: "Order refunded", body: `${item(input)} was refunded` }),
  "order.disputed": (input) => (input.count > 1 ? updates(input, "Order update") : { title: "Payment disputed", body: `The buyer's bank opened a dispute on ${item(input)}` }),
  "offer.received": (input) => ({ title: "New offer", body: `${input.actor} sent you an offer: ${param(input, "item", "a custom offer")}` }),
  "offer.paid": (input) => ({ title: "Offer paid", body: `${input.actor} paid your offer: ${item(input)}` }),
  "booking.requested": (input) => ({ title: "Booking request", body: `${input.actor} asked to book ${param(input, "item", "a session")}` }),
  "booking.confirmed": (input) => ({ title: "Booking confirmed", body: `${input.actor} confirmed ${param(input, "item", "your booking")}` }),
  "booking.changed": (input) => ({ title: "Booking moved", body: `${input.actor} moved ${param(input, "item", "your booking")} to another time` }),
  "booking.cancelled": (input) => ({ title: "Booking cancelled", body: `${input.actor} cancelled ${param(input, "item", "your booking")}` }),
  "review.received": (input) => ({ title: "New review", body: `${input.actor} reviewed ${item(input)}` }),
  "comment.created": (input) =>
    input.count > 1
      ? { title: "New comments", body: `${actors(input)} commented on your post` }
      : { title: `${input.actor} commented on your post`, body: param(input, "preview") },
  "comment.reply": (input) =>
    input.count > 1
      ? { title: "New replies", body: `${actors(input)} replied to your comment` }
      : { title: `${input.actor} replied to your comment`, body: param(input, "preview") },
  "follow.created": (input) => ({ title: "New follower", body: `${actors(input)} followed you` }),
  "like.created": (input) => ({ title: "New like", body: `${actors(input)} liked your post` }),
};

export const NOTIFICATION_TEXTS = {
  /** The actor's name when the account has no profile name, or when the event had no person (the bank). */
  someone: "Someone",
  /** One push's title and body, for one event or a collapsed burst of `count`. */
  push: (type: NotificationEventType, input: NotificationTextInput): NotificationText => PUSH[type](input),
  mail: {
    /** An order, offer or booking step mailed because no device of the person gets pushes. */
    stepSubject: (text: NotificationText) => text.title,
    stepIntro: (text: NotificationText) => `${text.body}.`,
    viewStep: "Open in Backline",
    outro: "You get this mail because none of your devices receives Backline notifications.",
    /** The footer of every notification mail: the one-click unsubscribe link for its category. */
    unsubscribeLine: (category: string) => `Don't want these emails? Turn off ${category} emails:`,
    unsubscribeLabel: "Unsubscribe",
    categoryNames: {
      messages: "message",
      orders: "order",
      offers: "offer",
      bookings: "booking",
      reviews: "review",
      comments: "comment",
      follows: "follower",
      likes: "like",
    },
    /** The digest of unread messages. */
    digestSubject: (senders: number, messages: number) =>
      senders === 1 ? `You have ${messages === 1 ? "an unread message" : `${messages} unread messages`}` : `You have ${messages} unread messages from ${senders} people`,
    digestIntro: "Messages are waiting for you on Backline:",
    /** One line per sender, newest first. */
    digestLine: (name: string, count: number) => `${name}: ${count === 1 ? "1 message" : `${count} messages`}`,
    /** After the named senders. */
    digestMore: (people: number) => `and ${people} more ${people === 1 ? "person" : "people"}`,
    digestOpen: "Read your messages",
    digestOutro: "You get this mail because these messages were not read on a device. At most one such mail comes every few hours.",
  },
} as const;
