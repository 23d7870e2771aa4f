CREATE TABLE `analytics_daily` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`profile_views` integer DEFAULT 0 NOT NULL,
	`post_views` integer DEFAULT 0 NOT NULL,
	`new_followers` integer DEFAULT 0 NOT NULL,
	`sales` integer DEFAULT 0 NOT NULL,
	`earnings_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_daily_day_idx` ON `analytics_daily` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_service_daily` (
	`service_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`sales` integer DEFAULT 0 NOT NULL,
	`earnings_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`service_id`, `day`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_service_daily_user_day_idx` ON `analytics_service_daily` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `analytics_service_daily_day_idx` ON `analytics_service_daily` (`day`);--> statement-breakpoint
CREATE TABLE `portfolio_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "portfolio_items_position_check" CHECK("portfolio_items"."position" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `portfolio_items_user_post_unique` ON `portfolio_items` (`user_id`,`post_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `portfolio_items_user_position_unique` ON `portfolio_items` (`user_id`,`position`);--> statement-breakpoint
CREATE INDEX `portfolio_items_post_idx` ON `portfolio_items` (`post_id`);--> statement-breakpoint
CREATE INDEX `follows_created_idx` ON `follows` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);