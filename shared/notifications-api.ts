// Notifications that reach people when the app is closed (issue #30; DESIGN.md "Notifications";
// decision record 0096 says how the queue, the collapse and the digest are timed). Shared by the
// Worker and the SPA; texts come from shared/messages.ts (NOTIFICATION_TEXTS for pushes and
// mails, NOTIFICATION_API_TEXTS for the API's refusals and the unsubscribe page,
// NOTIFICATION_SCREEN_TEXTS for /settings and the permission prompts).
//
// What happens, in order:
//   1. A request that stores something another person should hear about calls `notify()`
//      (worker/services/notifications/notify.ts): it only enqueues a NotificationJob on the
//      NOTIFICATIONS queue. The request never waits on a push service or a mail.
//   2. The queue's consumer (worker/services/notifications/consumer.ts) records the event once
//      (a row in `notifications`, unique per recipient and event key: a replay is a no-op),
//      drops it when the actor is blocked either way or muted by the recipient (one check,
//      `mayNotify`), applies the recipient's preferences and quiet hours (a held push is sent when
//      the quiet hours end, never lost), collapses bursts (events with one collapse key within
//      COLLAPSE_WINDOW_MS are one push: "Kenji and 9 others liked your post"), and sends to every
//      subscription of the recipient: web push (VAPID + RFC 8291), FCM HTTP v1, APNs. A push
//      service's 404/410 removes the subscription; 429/5xx/network errors retry with backoff.
//      A send already made for (notification, subscription) is never made again.
//   3. Mail: a message unread for DIGEST_UNREAD_AFTER_MS that was not pushed to a device makes one
//      digest mail, at most one per DIGEST_EVERY_MS (cron); an order or booking step mails at once
//      when the recipient has no push device. Every such mail carries one-click unsubscribe for
//      its category (RFC 8058: List-Unsubscribe + List-Unsubscribe-Post).
//
// Routes (signed in unless said otherwise):
//   GET    /api/notifications/preferences         → NotificationPreferences
//   PUT    /api/notifications/preferences         body UpdateNotificationPreferencesBody → NotificationPreferences
//   POST   /api/push/subscriptions                body PushSubscriptionBody → 201 { id } (an
//                                                 existing endpoint/token is taken over by this
//                                                 user and session: one device, one row)
//   DELETE /api/push/subscriptions                body RemovePushSubscriptionBody → 204 (only the
//                                                 caller's own; unknown answers 204 too)
//   GET    /unsubscribe/:token                    no session: a page with one button that POSTs
//                                                 below (a GET never unsubscribes: mail scanners
//                                                 follow links)
//   POST   /api/notifications/unsubscribe/:token  no session, no Origin (RFC 8058 one-click; body
//                                                 "List-Unsubscribe=One-Click" or the page's form)
//                                                 → 200 page/JSON; the token names user + category
// Subscriptions belong to the session that made them: sign-out (and every other end of a session)
// removes them, so a signed-out device never shows the next account's pushes.
import { z } from "zod";
import { NOTIFICATION_API_TEXTS } from "./messages";

/** What a person can switch on or off, each for push and for email. */
export const NOTIFICATION_CATEGORIES = ["messages", "orders", "offers", "bookings", "reviews", "comments", "follows", "likes"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Every event that notifies, and the category whose preference governs it. */
export const NOTIFICATION_EVENTS = {
  /** A new message (typed or sent by the app) for the receiver. */
  "message.received": "messages",
  /** A new order for the seller: a sale. */
  "order.placed": "orders",
  /** Order steps that wait on the other side. */
  "order.shipped": "orders",
  "order.delivered": "orders",
  "order.revision_requested": "orders",
  "order.accepted": "orders",
  "order.refunded": "orders",
  "order.disputed": "orders",
  /** A custom offer for its buyer; an offer paid, for its seller. */
  "offer.received": "offers",
  "offer.paid": "offers",
  "booking.requested": "bookings",
  "booking.confirmed": "bookings",
  "booking.changed": "bookings",
  "booking.cancelled": "bookings",
  "review.received": "reviews",
  /** A comment on my post; a reply to my comment. */
  "comment.created": "comments",
  "comment.reply": "comments",
  "follow.created": "follows",
  "like.created": "likes",
} as const satisfies Record<string, NotificationCategory>;
export type NotificationEventType = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_TYPES = Object.keys(NOTIFICATION_EVENTS) as NotificationEventType[];

/** Categories whose mail is on until the person turns it off; the rest start off. Push starts on for every category. */
export const EMAIL_ON_BY_DEFAULT: readonly NotificationCategory[] = ["messages", "orders", "offers", "bookings", "reviews"];

/** Events with one collapse key within this window are one push (the first waits this long). */
export const COLLAPSE_WINDOW_MS = 60_000;
/** Categories whose bursts are collapsed (delayed by the window); the rest are pushed at once and collapse on the device by tag. */
export const COLLAPSED_CATEGORIES: readonly NotificationCategory[] = ["likes", "follows", "comments"];
/** A message unread this long, and not pushed to a device, goes into the digest. */
export const DIGEST_UNREAD_AFTER_MS = 30 * 60_000;
/** At most one digest mail per person in this time. */
export const DIGEST_EVERY_MS = 4 * 60 * 60_000;
/** A device that reported itself active within this time counts as "an active device". */
export const ACTIVE_DEVICE_MS = 30 * 24 * 60 * 60_000;

export interface CategoryPreference {
  push: boolean;
  email: boolean;
}

/** Quiet hours as minutes after midnight in the person's time zone; start > end spans midnight. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

export interface NotificationPreferences {
  categories: Record<NotificationCategory, CategoryPreference>;
  quietHours: QuietHours | null;
  /** IANA time zone the quiet hours are read in (the browser's, saved with the first change). */
  timeZone: string;
  /** The server's VAPID public key (base64url, uncompressed P-256 point), or null when web push is not configured. */
  vapidPublicKey: string | null;
  /** How many push devices the account has now (web and native). */
  devices: number;
}

const T = NOTIFICATION_API_TEXTS;

const minuteOfDay = z.number(T.quietMinute).int(T.quietMinute).min(0, T.quietMinute).max(1439, T.quietMinute);

export const updateNotificationPreferencesBody = z
  .object({
    categories: z
      .partialRecord(z.enum(NOTIFICATION_CATEGORIES, T.unknownCategory), z.object({ push: z.boolean().optional(), email: z.boolean().optional() }).strict(), {
        // A key outside NOTIFICATION_CATEGORIES (zod reports it as an unrecognized key).
        error: (issue) => (issue.code === "invalid_type" ? undefined : T.unknownCategory),
      })
      .optional(),
    quietHours: z.object({ startMinute: minuteOfDay, endMinute: minuteOfDay }).strict().nullable().optional(),
    /** Checked against the runtime's IANA zones by the Worker (isTimeZone). */
    timeZone: z.string().min(1, T.unknownTimeZone).max(64, T.unknownTimeZone).optional(),
  })
  .strict();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBody>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, T.invalidPushKeys);

/** A browser's PushSubscription (its toJSON()), or a native installation's device token. */
export const pushSubscriptionBody = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("web"),
      endpoint: z.string().url(T.endpointNotUrl).max(1024, T.endpointNotAllowed),
      keys: z.object({ p256dh: base64url.min(80, T.invalidPushKeys).max(100, T.invalidPushKeys), auth: base64url.min(16, T.invalidPushKeys).max(32, T.invalidPushKeys) }).strict(),
    })
    .strict(),
  z
    .object({
      kind: z.enum(["fcm", "apns"]),
      token: z.string().min(8, T.invalidDeviceToken).max(4096, T.invalidDeviceToken),
    })
    .strict(),
], { error: (issue) => (issue.code === "invalid_union" ? T.unknownDeviceKind : undefined) });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const removePushSubscriptionBody = z.union([z.object({ endpoint: z.string().url().max(1024) }).strict(), z.object({ token: z.string().min(8).max(4096) }).strict()]);
export type RemovePushSubscriptionBody = z.infer<typeof removePushSubscriptionBody>;

/**
 * What the service worker receives (decrypted) and what native pushes carry as data. `path` is
 * the screen a click opens (/messages/{id}, /orders/{id}, /post/{id}, /profile/{id}); `tag`
 * replaces an earlier notification of the same thread on the device.
 */
export interface PushPayload {
  v: 1;
  id: string;
  title: string;
  body: string;
  /** The sender's avatar (an absolute URL), or null for the app icon. */
  icon: string | null;
  path: string;
  tag: string;
  /** How many events this push stands for (a collapsed burst > 1). */
  count: number;
}

export const pushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.string().min(1).max(64),
  title: z.string().max(200),
  body: z.string().max(500),
  icon: z.string().url().nullable(),
  path: z.string().startsWith("/").max(300),
  tag: z.string().max(200),
  count: z.number().int().min(1),
});
