-- Orders get the lifecycle of decision record 0037 (the status check widens, so drizzle-kit
-- rebuilds the table; the copy lists only the columns the old table had), then the history,
-- delivery files, handled Stripe events and payout accounts.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`item_type` text NOT NULL,
	`item_id` text NOT NULL,
	`item_name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`provider_session_id` text,
	`provider_payment_intent_id` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`paid_at` integer,
	`product_type` text,
	`file_key` text,
	`status_changed_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`destination_account_id` text,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_item_type_check" CHECK("__new_orders"."item_type" in ('service', 'product')),
	CONSTRAINT "orders_product_type_check" CHECK("__new_orders"."product_type" is null or "__new_orders"."product_type" in ('digital', 'physical')),
	CONSTRAINT "orders_status_check" CHECK("__new_orders"."status" in ('pending', 'paid', 'in_progress', 'shipped', 'delivered', 'completed', 'failed', 'expired', 'refunded')),
	CONSTRAINT "orders_provider_check" CHECK("__new_orders"."provider" in ('stripe', 'test')),
	CONSTRAINT "orders_amounts_check" CHECK("__new_orders"."price_cents" >= 0 and "__new_orders"."fee_cents" >= 0 and "__new_orders"."total_cents" = "__new_orders"."price_cents" + "__new_orders"."fee_cents")
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "buyer_id", "seller_id", "item_type", "item_id", "item_name", "price_cents", "fee_cents", "total_cents", "currency", "status", "provider", "provider_session_id", "provider_payment_intent_id", "created_at", "updated_at", "paid_at") SELECT "id", "buyer_id", "seller_id", "item_type", "item_id", "item_name", "price_cents", "fee_cents", "total_cents", "currency", "status", "provider", "provider_session_id", "provider_payment_intent_id", "created_at", "updated_at", "paid_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_session_unique` ON `orders` (`provider_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_payment_intent_unique` ON `orders` (`provider_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `orders_buyer_created_idx` ON `orders` (`buyer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_seller_created_idx` ON `orders` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_buyer_item_idx` ON `orders` (`buyer_id`,`item_type`,`item_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_status_changed_idx` ON `orders` (`status`,`status_changed_at`);--> statement-breakpoint
CREATE TABLE `order_files` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_files_order_idx` ON `order_files` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_history` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`status` text NOT NULL,
	`actor` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_history_status_check" CHECK("order_history"."status" in ('pending', 'paid', 'in_progress', 'shipped', 'delivered', 'completed', 'failed', 'expired', 'refunded')),
	CONSTRAINT "order_history_actor_check" CHECK("order_history"."actor" in ('buyer', 'seller', 'system'))
);
--> statement-breakpoint
CREATE INDEX `order_history_order_idx` ON `order_history` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_stripe_account_id_unique` ON `payout_accounts` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL
);
