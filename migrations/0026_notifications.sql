-- Notifications that reach people (issue #30, decision record 0096): push devices per session,
-- preferences and quiet hours, the events the queue consumer recorded (unique per recipient and
-- event key), the pushes already made per device, and the headers of outbox mail (one-click
-- unsubscribe). New tables and one new column only. Written by drizzle-kit.
CREATE TABLE `notification_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`categories` text DEFAULT '{}' NOT NULL,
	`quiet_start_minute` integer,
	`quiet_end_minute` integer,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`last_digest_at` integer,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_quiet_both" CHECK(("notification_preferences"."quiet_start_minute" is null) = ("notification_preferences"."quiet_end_minute" is null))
);
--> statement-breakpoint
CREATE TABLE `notification_sends` (
	`notification_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`notification_id`, `subscription_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_sends_subscription_idx` ON `notification_sends` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_key` text NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`actor_id` text,
	`path` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`collapse_key` text NOT NULL,
	`status` text NOT NULL,
	`held_until` integer,
	`pushed_at` integer,
	`emailed_at` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_status_check" CHECK("notifications"."status" in ('pending', 'held', 'sent', 'collapsed', 'skipped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`user_id`,`event_key`);--> statement-breakpoint
CREATE INDEX `notifications_collapse_idx` ON `notifications` (`user_id`,`collapse_key`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_held_idx` ON `notifications` (`status`,`held_until`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`kind` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text,
	`auth` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`last_success_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_kind_check" CHECK("push_subscriptions"."kind" in ('web', 'fcm', 'apns')),
	CONSTRAINT "push_subscriptions_web_keys" CHECK("push_subscriptions"."kind" <> 'web' or ("push_subscriptions"."p256dh" is not null and "push_subscriptions"."auth" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`kind`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`,`last_seen_at`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_id`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;