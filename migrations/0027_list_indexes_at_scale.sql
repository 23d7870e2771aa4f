-- The marketplace and messaging lists at scale (issue #33 item 4). drizzle-kit generated these
-- statements from worker/db/schema, but split the expression column of the two conversation
-- indexes at its comma; the expression is written here by hand, exactly as the schema (and the
-- list's ORDER BY) spell it.
--
-- A user's conversations are listed by activity, coalesce(last_message_at, created_at): each side
-- of the pair gets an index in that order, which the list walks and merges instead of sorting all
-- of the user's conversations; they replace the (user, last_message_at, id) indexes, whose order
-- no query used. A seller's sales index carries the status, dispute and price, so the /payments
-- totals are summed from the index alone; the services' daily roll-up index carries the numbers,
-- so /analytics sums its top services from the index alone.
DROP INDEX `conversations_user1_last_idx`;--> statement-breakpoint
DROP INDEX `conversations_user2_last_idx`;--> statement-breakpoint
CREATE INDEX `conversations_user1_activity_idx` ON `conversations` (`user1_id`,coalesce("last_message_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `conversations_user2_activity_idx` ON `conversations` (`user2_id`,coalesce("last_message_at", "created_at"),`id`);--> statement-breakpoint
DROP INDEX `orders_seller_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_seller_created_idx` ON `orders` (`seller_id`,`created_at`,`id`,`status`,`dispute_status`,`price_cents`);--> statement-breakpoint
DROP INDEX `analytics_service_daily_user_day_idx`;--> statement-breakpoint
CREATE INDEX `analytics_service_daily_user_day_idx` ON `analytics_service_daily` (`user_id`,`day`,`service_id`,`views`,`sales`,`earnings_cents`);
