DROP INDEX `comments_parent_idx`;--> statement-breakpoint
CREATE INDEX `comments_post_top_created_idx` ON `comments` (`post_id`,`created_at`,`id`) WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX `comments_parent_created_idx` ON `comments` (`parent_id`,`created_at`,`id`);