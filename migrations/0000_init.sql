CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`last_active_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoke_reason` text,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`,`last_active_at`);--> statement-breakpoint
CREATE INDEX `auth_sessions_expires_idx` ON `auth_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_tokens_purpose_check" CHECK("email_tokens"."purpose" in ('confirm_email', 'reset_password'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_token_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_purpose_idx` ON `email_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_tokens_expires_idx` ON `email_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`replaced_by_id` text,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_expires_idx` ON `refresh_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`email_verified_at` integer,
	`password_hash` text,
	`google_sub` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`display_name` text NOT NULL,
	`avatar_url` text,
	`bio` text,
	`profession` text,
	`location` text,
	`verified` integer DEFAULT false NOT NULL,
	`website_url` text,
	`skills` text DEFAULT '[]' NOT NULL,
	`post_count` integer DEFAULT 0 NOT NULL,
	`follower_count` integer DEFAULT 0 NOT NULL,
	`following_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_counters_nonnegative" CHECK("profiles"."post_count" >= 0 and "profiles"."follower_count" >= 0 and "profiles"."following_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_lower_unique` ON `profiles` (lower("username"));--> statement-breakpoint
CREATE INDEX `profiles_follower_count_idx` ON `profiles` (`follower_count`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_created_idx` ON `profiles` (`created_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `hashtags` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`trending_score` real DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	CONSTRAINT "hashtags_name_lowercase" CHECK("hashtags"."name" = lower("hashtags"."name")),
	CONSTRAINT "hashtags_usage_nonnegative" CHECK("hashtags"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hashtags_name_unique` ON `hashtags` (`name`);--> statement-breakpoint
CREATE INDEX `hashtags_trending_idx` ON `hashtags` (`trending_score`,`id`);--> statement-breakpoint
CREATE INDEX `hashtags_usage_idx` ON `hashtags` (`usage_count`,`id`);--> statement-breakpoint
CREATE TABLE `post_hashtags` (
	`post_id` text NOT NULL,
	`hashtag_id` text NOT NULL,
	PRIMARY KEY(`post_id`, `hashtag_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hashtag_id`) REFERENCES `hashtags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_hashtags_hashtag_post_idx` ON `post_hashtags` (`hashtag_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_type` text NOT NULL,
	`media_key` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`thumbnail_key` text,
	`width` integer,
	`height` integer,
	`duration_ms` integer,
	`waveform` text,
	`caption` text,
	`location` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "posts_content_type_check" CHECK("posts"."content_type" in ('image', 'audio', 'video')),
	CONSTRAINT "posts_counters_nonnegative" CHECK("posts"."likes_count" >= 0 and "posts"."comments_count" >= 0),
	CONSTRAINT "posts_size_nonnegative" CHECK("posts"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX `posts_user_created_idx` ON `posts` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_likes_idx` ON `posts` (`likes_count`,`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_type` text NOT NULL,
	`mime_type` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`key` text NOT NULL,
	`declared_size` integer NOT NULL,
	`received_bytes` integer DEFAULT 0 NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "uploads_status_check" CHECK("uploads"."status" in ('uploading', 'completed', 'aborted')),
	CONSTRAINT "uploads_content_type_check" CHECK("uploads"."content_type" in ('image', 'audio', 'video')),
	CONSTRAINT "uploads_sizes_nonnegative" CHECK("uploads"."declared_size" >= 0 and "uploads"."received_bytes" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_status_updated_idx` ON `uploads` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `uploads_user_created_idx` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`user_id` text NOT NULL,
	`post_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `post_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bookmarks_user_created_idx` ON `bookmarks` (`user_id`,`created_at`,`post_id`);--> statement-breakpoint
CREATE INDEX `bookmarks_post_idx` ON `bookmarks` (`post_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_post_created_idx` ON `comments` (`post_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_user_created_idx` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`);--> statement-breakpoint
CREATE TABLE `follows` (
	`id` text PRIMARY KEY NOT NULL,
	`follower_id` text NOT NULL,
	`following_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`following_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_no_self_follow" CHECK("follows"."follower_id" <> "follows"."following_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_pair_unique` ON `follows` (`follower_id`,`following_id`);--> statement-breakpoint
CREATE INDEX `follows_follower_created_idx` ON `follows` (`follower_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `follows_following_created_idx` ON `follows` (`following_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_likes_post_user_unique` ON `post_likes` (`post_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `post_likes_post_created_idx` ON `post_likes` (`post_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `post_likes_user_created_idx` ON `post_likes` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `post_views` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_views_post_created_idx` ON `post_views` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `post_views_user_created_idx` ON `post_views` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
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
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_item_type_check" CHECK("orders"."item_type" in ('service', 'product')),
	CONSTRAINT "orders_status_check" CHECK("orders"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_provider_check" CHECK("orders"."provider" in ('stripe', 'test')),
	CONSTRAINT "orders_amounts_check" CHECK("orders"."price_cents" >= 0 and "orders"."fee_cents" >= 0 and "orders"."total_cents" = "orders"."price_cents" + "orders"."fee_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_session_unique` ON `orders` (`provider_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_payment_intent_unique` ON `orders` (`provider_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `orders_buyer_created_idx` ON `orders` (`buyer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_seller_created_idx` ON `orders` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_buyer_item_idx` ON `orders` (`buyer_id`,`item_type`,`item_id`,`status`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`price_cents` integer NOT NULL,
	`type` text NOT NULL,
	`file_key` text,
	`image_key` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "products_category_check" CHECK("products"."category" in ('beats', 'samples', 'loops', 'tracks', 'merchandise', 'presets', 'other')),
	CONSTRAINT "products_type_check" CHECK("products"."type" in ('digital', 'physical')),
	CONSTRAINT "products_price_nonnegative" CHECK("products"."price_cents" >= 0),
	CONSTRAINT "products_file_digital_only" CHECK("products"."file_key" is null or "products"."type" = 'digital')
);
--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_user_created_idx` ON `products` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`needs_scheduling` integer DEFAULT false NOT NULL,
	`pricing_model` text NOT NULL,
	`price_cents` integer,
	`package_details` text,
	`turnaround_days` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "services_category_check" CHECK("services"."category" in ('recording', 'mixing', 'production', 'lessons', 'consultation', 'other')),
	CONSTRAINT "services_pricing_model_check" CHECK("services"."pricing_model" in ('hourly', 'per_session', 'package')),
	CONSTRAINT "services_price_nonnegative" CHECK("services"."price_cents" is null or "services"."price_cents" >= 0),
	CONSTRAINT "services_turnaround_nonnegative" CHECK("services"."turnaround_days" is null or "services"."turnaround_days" >= 0)
);
--> statement-breakpoint
CREATE INDEX `services_created_idx` ON `services` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `services_user_created_idx` ON `services` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `services_category_created_idx` ON `services` (`category`,`created_at`);--> statement-breakpoint
CREATE TABLE `conversation_reads` (
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `user_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_reads_user_idx` ON `conversation_reads` (`user_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user1_id` text NOT NULL,
	`user2_id` text NOT NULL,
	`last_message_id` text,
	`last_message_at` integer,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user1_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user2_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "conversations_ordered_pair" CHECK("conversations"."user1_id" < "conversations"."user2_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`user1_id`,`user2_id`);--> statement-breakpoint
CREATE INDEX `conversations_user1_last_idx` ON `conversations` (`user1_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_user2_last_idx` ON `conversations` (`user2_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`content` text NOT NULL,
	`message_type` text DEFAULT 'text' NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_created_idx` ON `messages` (`conversation_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_receiver_created_idx` ON `messages` (`receiver_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`);--> statement-breakpoint
CREATE TABLE `activity_reads` (
	`user_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `activity_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_interactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`target_user_id` text,
	`post_id` text,
	`service_id` text,
	`interaction_type` text NOT NULL,
	`metadata` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_interactions_type_check" CHECK("user_interactions"."interaction_type" in ('profile_visit', 'view', 'service_view', 'like', 'comment', 'follow'))
);
--> statement-breakpoint
CREATE INDEX `user_interactions_user_created_idx` ON `user_interactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_interactions_target_user_idx` ON `user_interactions` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_interactions_post_idx` ON `user_interactions` (`post_id`);--> statement-breakpoint
CREATE INDEX `user_interactions_service_idx` ON `user_interactions` (`service_id`);--> statement-breakpoint
CREATE INDEX `user_interactions_created_idx` ON `user_interactions` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_recommendations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`recommendation_type` text NOT NULL,
	`recommended_user_id` text,
	`recommended_post_id` text,
	`reason` text,
	`score` real DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recommended_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recommended_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_recommendations_type_check" CHECK("user_recommendations"."recommendation_type" in ('user', 'post')),
	CONSTRAINT "user_recommendations_target_check" CHECK(("user_recommendations"."recommendation_type" = 'user' and "user_recommendations"."recommended_user_id" is not null) or ("user_recommendations"."recommendation_type" = 'post' and "user_recommendations"."recommended_post_id" is not null))
);
--> statement-breakpoint
CREATE INDEX `user_recommendations_user_type_score_idx` ON `user_recommendations` (`user_id`,`recommendation_type`,`score`);--> statement-breakpoint
CREATE INDEX `user_recommendations_expires_idx` ON `user_recommendations` (`expires_at`);--> statement-breakpoint
CREATE INDEX `user_recommendations_recommended_user_idx` ON `user_recommendations` (`recommended_user_id`);--> statement-breakpoint
CREATE INDEX `user_recommendations_recommended_post_idx` ON `user_recommendations` (`recommended_post_id`);--> statement-breakpoint
CREATE TABLE `security_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`event_type` text NOT NULL,
	`severity` text NOT NULL,
	`details` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "security_events_type_check" CHECK("security_events"."event_type" in ('sign_in', 'sign_out', 'sign_up', 'suspicious_login_attempt', 'rate_limit_exceeded', 'content_violation', 'unauthorized_access_attempt', 'session_hijack_attempt', 'account_locked', 'refresh_token_reuse', 'password_reset')),
	CONSTRAINT "security_events_severity_check" CHECK("security_events"."severity" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE INDEX `security_events_user_created_idx` ON `security_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `security_events_user_severity_created_idx` ON `security_events` (`user_id`,`severity`,`created_at`);--> statement-breakpoint
CREATE INDEX `security_events_created_idx` ON `security_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_created_idx` ON `mail_outbox` (`to_email`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);