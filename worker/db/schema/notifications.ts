// Notifications that reach people when the app is closed (issue #30; shared/notifications-api.ts;
// decision record 0096): push devices, preferences, the events the queue consumer recorded, and
// which device each push already reached.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestampMs, updatedAt } from "./columns";
import { authSessions, users } from "./users";

/**
 * One push device: a browser's PushSubscription (kind 'web': the push service's endpoint and the
 * browser's P-256 key and auth secret) or a native installation's token (kind 'fcm' or 'apns',
 * the token in `endpoint`). It belongs to the session that registered it and ends with it.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["web", "fcm", "apns"] }).notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh"),
    auth: text("auth"),
    createdAt: createdAt(),
    /** Refreshed when the device registers again (each app start): "an active device". */
    lastSeenAt: timestampMs("last_seen_at").notNull(),
    lastSuccessAt: timestampMs("last_success_at"),
    /** Consecutive failed sends; reset by a success. */
    failures: integer("failures", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.kind, t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.lastSeenAt),
    index("push_subscriptions_session_idx").on(t.sessionId),
    check("push_subscriptions_kind_check", sql`${t.kind} in ('web', 'fcm', 'apns')`),
    check("push_subscriptions_web_keys", sql`${t.kind} <> 'web' or (${t.p256dh} is not null and ${t.auth} is not null)`),
  ],
);

/**
 * A person's choices; no row means the defaults (push on for every category, email on for
 * EMAIL_ON_BY_DEFAULT, no quiet hours, UTC). `categories` is JSON: { [category]: { push, email } }
 * for the categories changed from their default.
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    categories: text("categories").notNull().default("{}"),
    quietStartMinute: integer("quiet_start_minute", { mode: "number" }),
    quietEndMinute: integer("quiet_end_minute", { mode: "number" }),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** When the last message digest was mailed (at most one per DIGEST_EVERY_MS). */
    lastDigestAt: timestampMs("last_digest_at"),
    updatedAt: updatedAt(),
  },
  (t) => [check("notification_preferences_quiet_both", sql`(${t.quietStartMinute} is null) = (${t.quietEndMinute} is null)`)],
);

/**
 * One event for one recipient, recorded once by the queue consumer (unique on the event key: a
 * replayed queue message finds its row). Its life: 'pending' (to push), 'held' (quiet hours,
 * until `held_until`), 'sent' (pushed, alone or as the lead of a collapsed burst), 'collapsed'
 * (carried by another row's push), 'skipped' (preference off, no device, or the actor blocked or
 * muted). Mail is independent: `emailed_at` is set when a step mail or a digest carried it.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    type: text("type").notNull(),
    category: text("category").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The screen a click opens. */
    path: text("path").notNull(),
    /** JSON: what the texts need (names, item, amount), captured when the event happened. */
    params: text("params").notNull().default("{}"),
    collapseKey: text("collapse_key").notNull(),
    status: text("status", { enum: ["pending", "held", "sent", "collapsed", "skipped"] }).notNull(),
    heldUntil: timestampMs("held_until"),
    pushedAt: timestampMs("pushed_at"),
    emailedAt: timestampMs("emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_event_unique").on(t.userId, t.eventKey),
    index("notifications_collapse_idx").on(t.userId, t.collapseKey, t.status, t.createdAt),
    index("notifications_held_idx").on(t.status, t.heldUntil),
    index("notifications_created_idx").on(t.createdAt),
    check("notifications_status_check", sql`${t.status} in ('pending', 'held', 'sent', 'collapsed', 'skipped')`),
  ],
);

/** A push made to one device for one notification: never made twice, whatever the queue replays. */
export const notificationSends = sqliteTable(
  "notification_sends",
  {
    notificationId: text("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    sentAt: timestampMs("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.subscriptionId] }), index("notification_sends_subscription_idx").on(t.subscriptionId)],
);
