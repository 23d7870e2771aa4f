import type { NotificationCategory } from "../notifications-api";

// Notification settings and push devices (issue #30; shared/notifications-api.ts): the API's
// refusals of /api/notifications/preferences and /api/push/subscriptions, and the one-click
// unsubscribe page a notification mail links to. Not in the spec; the words are ours.

/** How the unsubscribe page names each category's mail: "emails about {label}". */
const CATEGORY_MAIL: Record<NotificationCategory, string> = {
  messages: "new messages",
  orders: "your orders",
  offers: "custom offers",
  bookings: "bookings",
  reviews: "reviews",
  comments: "comments and replies",
  follows: "new followers",
  likes: "likes",
};

export const NOTIFICATION_API_TEXTS = {
  // ---- Preferences ----
  unknownCategory: "Unknown notification type",
  quietMinute: "Quiet hours must be a time between 00:00 and 23:59",
  unknownTimeZone: "Unknown time zone. Choose one from the list.",
  // ---- Push devices ----
  unknownDeviceKind: "Unknown kind of push device",
  endpointNotUrl: "The push address is not a web address",
  endpointNotAllowed: "This push service is not allowed",
  invalidPushKeys: "This browser's push keys are not valid",
  invalidDeviceToken: "This device token is not valid",
  // ---- One-click unsubscribe (GET /unsubscribe/:token, POST /api/notifications/unsubscribe/:token) ----
  unsubscribe: {
    categoryMail: CATEGORY_MAIL,
    pageTitle: "Unsubscribe · Backline",
    question: (category: NotificationCategory) => `Stop emails about ${CATEGORY_MAIL[category]}?`,
    consequence: (category: NotificationCategory) => `You will no longer get emails about ${CATEGORY_MAIL[category]} from Backline.`,
    unaffected: "Your other emails and the notifications on your devices stay as they are.",
    button: "Unsubscribe",
    doneTitle: "Unsubscribed · Backline",
    done: (category: NotificationCategory) => `You will no longer get emails about ${CATEGORY_MAIL[category]}.`,
    changeLater: "You can turn them back on at any time in your settings, under Notifications.",
    openSettings: "Open settings",
    invalidTitle: "Link not valid · Backline",
    invalid: "This unsubscribe link is not valid",
    invalidHelp: "It may have been copied incompletely, or the account it was for no longer exists. You can choose which emails you get in your settings, under Notifications.",
  },
} as const;
