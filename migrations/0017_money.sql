-- Money that really moves (issue #26, decision record 0081). Columns only: rebuilding `orders`
-- would cascade-delete its history, files and reviews on D1, where foreign keys stay enforced.
ALTER TABLE `orders` ADD `package_index` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `file_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `package_label` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `first_downloaded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `provider_checked_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispute_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispute_status` text;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `mode` text DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `details_submitted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `requirements_due` text;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `requirements_pending` text;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `synced_at` integer;--> statement-breakpoint
-- An account that could already take charges had finished its onboarding form.
UPDATE `payout_accounts` SET `details_submitted` = `charges_enabled`;--> statement-breakpoint
-- Orders made before take the name the product's file still has, where it has one.
UPDATE `orders` SET `file_name` = (SELECT `p`.`file_name` FROM `products` `p` WHERE `p`.`id` = `orders`.`item_id` AND `p`.`file_key` = `orders`.`file_key`) WHERE `file_key` IS NOT NULL;
