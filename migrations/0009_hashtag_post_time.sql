DROP INDEX `post_hashtags_hashtag_post_idx`;--> statement-breakpoint
ALTER TABLE `post_hashtags` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `post_hashtags_hashtag_created_idx` ON `post_hashtags` (`hashtag_id`,`created_at`,`post_id`);