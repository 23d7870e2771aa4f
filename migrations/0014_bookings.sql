CREATE TABLE `availability_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "availability_rules_weekday_check" CHECK("availability_rules"."weekday" between 1 and 7),
	CONSTRAINT "availability_rules_start_check" CHECK("availability_rules"."start_minute" between 0 and 1439),
	CONSTRAINT "availability_rules_duration_check" CHECK("availability_rules"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
CREATE INDEX `availability_rules_user_idx` ON `availability_rules` (`user_id`,`weekday`,`start_minute`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`awaiting` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "bookings_awaiting_check" CHECK("bookings"."awaiting" is null or "bookings"."awaiting" in ('buyer', 'seller')),
	CONSTRAINT "bookings_span_check" CHECK("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_seller_slot_active_unique` ON `bookings` (`seller_id`,`starts_at`) WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_order_active_unique` ON `bookings` (`order_id`) WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `bookings_seller_starts_idx` ON `bookings` (`seller_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_buyer_starts_idx` ON `bookings` (`buyer_id`,`starts_at`,`id`);