-- Reports and moderation (issue #27 items 3 and 4, decision record 0083). New tables and added
-- columns only: rebuilding users, posts or the catalogue tables would cascade-delete their
-- children on D1, where foreign keys stay enforced.
ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `hidden_at` integer;--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_user_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reports_target_type_check" CHECK("reports"."target_type" in ('post', 'comment', 'message', 'profile', 'service', 'product')),
	CONSTRAINT "reports_reason_check" CHECK("reports"."reason" in ('spam', 'harassment', 'impersonation', 'intellectual_property', 'scam', 'other')),
	CONSTRAINT "reports_status_check" CHECK("reports"."status" in ('open', 'resolved')),
	CONSTRAINT "reports_outcome_check" CHECK("reports"."outcome" is null or "reports"."outcome" in ('action', 'no_violation'))
);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_unique` ON `reports` (`reporter_id`,`target_type`,`target_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_target_status_idx` ON `reports` (`target_type`,`target_id`,`status`);--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_user_idx` ON `reports` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_resolved_idx` ON `reports` (`reporter_id`,`resolved_at`);--> statement-breakpoint
-- The audit log outlives the accounts it names: a deleted moderator leaves a null, a deleted
-- target its bare id.
CREATE TABLE `moderation_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_user_id` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "moderation_actions_action_check" CHECK("moderation_actions"."action" in ('dismiss', 'hide', 'restore', 'suspend', 'unsuspend')),
	CONSTRAINT "moderation_actions_target_type_check" CHECK("moderation_actions"."target_type" in ('post', 'comment', 'message', 'profile', 'service', 'product'))
);--> statement-breakpoint
CREATE INDEX `moderation_actions_target_user_idx` ON `moderation_actions` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_target_idx` ON `moderation_actions` (`target_type`,`target_id`,`created_at`);
