-- Leaving (issue #27 items 5 and 6, decision record 0084): an account's deletion request and its
-- data exports. New tables only; `users` is not rebuilt (on D1 a rebuild cascade-deletes children).
CREATE TABLE `account_deletions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`requested_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `account_deletions_due_idx` ON `account_deletions` (`completed_at`,`requested_at`);--> statement-breakpoint
CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`file_key` text,
	`size_bytes` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "data_exports_status_check" CHECK("data_exports"."status" in ('requested', 'ready', 'failed'))
);--> statement-breakpoint
CREATE INDEX `data_exports_user_created_idx` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status_created_idx` ON `data_exports` (`status`,`created_at`);
