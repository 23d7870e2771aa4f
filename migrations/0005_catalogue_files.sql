CREATE TABLE `retained_product_files` (
	`file_key` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`file_name` text,
	`file_size` integer,
	`file_mime` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retained_product_files_product_idx` ON `retained_product_files` (`product_id`,`created_at`);--> statement-breakpoint
-- Widening the content_type CHECK rebuilds the table (SQLite cannot alter a constraint). No table
-- references uploads, and every copied row still references its user, so foreign keys stay on.
CREATE TABLE `__new_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content_type` text NOT NULL,
	`mime_type` text NOT NULL,
	`file_name` text,
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
	CONSTRAINT "uploads_status_check" CHECK("__new_uploads"."status" in ('uploading', 'completed', 'aborted')),
	CONSTRAINT "uploads_content_type_check" CHECK("__new_uploads"."content_type" in ('image', 'audio', 'video', 'product_image', 'product_file')),
	CONSTRAINT "uploads_sizes_nonnegative" CHECK("__new_uploads"."declared_size" >= 0 and "__new_uploads"."received_bytes" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "user_id", "content_type", "mime_type", "file_name", "r2_upload_id", "key", "declared_size", "received_bytes", "parts", "status", "created_at", "updated_at", "completed_at") SELECT "id", "user_id", "content_type", "mime_type", NULL, "r2_upload_id", "key", "declared_size", "received_bytes", "parts", "status", "created_at", "updated_at", "completed_at" FROM `uploads`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_status_updated_idx` ON `uploads` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `uploads_user_created_idx` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `file_name` text;--> statement-breakpoint
ALTER TABLE `products` ADD `file_size` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `file_mime` text;--> statement-breakpoint
CREATE INDEX `orders_item_idx` ON `orders` (`item_type`,`item_id`,`status`);