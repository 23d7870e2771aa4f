CREATE TABLE `review_requests` (
	`order_id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `review_requests_seller_idx` ON `review_requests` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`item_type` text NOT NULL,
	`item_id` text NOT NULL,
	`item_name` text NOT NULL,
	`rating` integer NOT NULL,
	`content` text NOT NULL,
	`answer` text,
	`answered_at` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_item_type_check" CHECK("reviews"."item_type" in ('service', 'product')),
	CONSTRAINT "reviews_answered_together" CHECK(("reviews"."answer" is null) = ("reviews"."answered_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_unique` ON `reviews` (`order_id`);--> statement-breakpoint
CREATE INDEX `reviews_seller_created_idx` ON `reviews` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_seller_rating_idx` ON `reviews` (`seller_id`,`rating`);--> statement-breakpoint
CREATE INDEX `reviews_item_rating_idx` ON `reviews` (`item_type`,`item_id`,`rating`);