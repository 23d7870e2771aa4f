ALTER TABLE `security_events` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `security_events` ADD `collapse_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `security_events_collapse_key_unique` ON `security_events` (`collapse_key`);--> statement-breakpoint
CREATE INDEX `post_views_created_idx` ON `post_views` (`created_at`);