ALTER TABLE `messages` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `client_id` text;--> statement-breakpoint
-- Rows written before this migration are numbered in their (created_at, id) order, so the unique
-- index below holds for them too (decision record 0040).
UPDATE `messages` SET `seq` = (
  SELECT count(*) FROM `messages` AS `m2`
  WHERE `m2`.`conversation_id` = `messages`.`conversation_id`
    AND (`m2`.`created_at` < `messages`.`created_at` OR (`m2`.`created_at` = `messages`.`created_at` AND `m2`.`id` <= `messages`.`id`))
);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_seq_unique` ON `messages` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client_unique` ON `messages` (`sender_id`,`client_id`);
