-- Custom offers (decision record 0050) and the order column naming the offer an order pays. The
-- orders table is not rebuilt: an offer's order is a service order, so its item_type check stays.
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`price_cents` integer NOT NULL,
	`delivery_days` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`order_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "offers_status_check" CHECK("offers"."status" in ('open', 'paid', 'withdrawn')),
	CONSTRAINT "offers_price_positive" CHECK("offers"."price_cents" > 0),
	CONSTRAINT "offers_delivery_days_positive" CHECK("offers"."delivery_days" >= 1)
);
--> statement-breakpoint
CREATE INDEX `offers_seller_created_idx` ON `offers` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `offers_buyer_created_idx` ON `offers` (`buyer_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `offer_id` text;