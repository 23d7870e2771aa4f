-- The unread badge at scale (issue #33 item 4): the header's count of unread messages probed the
-- read marker of every conversation of the user (about 9 ms for 2k conversations, on every frame
-- of the live channel). Each side's marker is now mirrored on the conversation, so a partial index
-- per side holds only the conversations whose newest message is after that side's marker, the
-- only ones that can hold unread messages, and the badge walks those. drizzle-kit generated the
-- two columns and the two indexes; the backfill and the triggers are written here by hand.
--
-- The mirror is derived data, like the post owners of 0029: conversation_reads stays the one
-- place a marker is written and read elsewhere, and triggers keep the two columns equal to it (0
-- when the side has no marker) whatever a writer does, so no path (the API's, the seed's, a
-- restore's, a test's) can make them drift. Deleting a conversation removes its markers (cascade);
-- the row is gone by then, so the delete trigger below finds nothing to reset.
ALTER TABLE `conversations` ADD `user1_read_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `user2_read_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `conversations` SET
  `user1_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` r WHERE r.`conversation_id` = `conversations`.`id` AND r.`user_id` = `conversations`.`user1_id`), 0),
  `user2_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` r WHERE r.`conversation_id` = `conversations`.`id` AND r.`user_id` = `conversations`.`user2_id`), 0);--> statement-breakpoint
CREATE INDEX `conversations_user1_unread_idx` ON `conversations` (`user1_id`) WHERE last_message_at > user1_read_at;--> statement-breakpoint
CREATE INDEX `conversations_user2_unread_idx` ON `conversations` (`user2_id`) WHERE last_message_at > user2_read_at;--> statement-breakpoint

-- A marker written or moved: its side of its conversation takes its value.
CREATE TRIGGER `conversation_reads_mirror_ai` AFTER INSERT ON `conversation_reads` BEGIN
  UPDATE `conversations` SET `user1_read_at` = NEW.`last_read_at` WHERE `id` = NEW.`conversation_id` AND `user1_id` = NEW.`user_id` AND `user1_read_at` IS NOT NEW.`last_read_at`;
  UPDATE `conversations` SET `user2_read_at` = NEW.`last_read_at` WHERE `id` = NEW.`conversation_id` AND `user2_id` = NEW.`user_id` AND `user2_read_at` IS NOT NEW.`last_read_at`;
END;
--> statement-breakpoint
-- (The app only moves last_read_at; a marker moved to another conversation or user, by hand,
-- leaves its old side at 0 first.)
CREATE TRIGGER `conversation_reads_mirror_au` AFTER UPDATE ON `conversation_reads` BEGIN
  UPDATE `conversations` SET `user1_read_at` = 0 WHERE `id` = OLD.`conversation_id` AND `user1_id` = OLD.`user_id` AND (OLD.`conversation_id` IS NOT NEW.`conversation_id` OR OLD.`user_id` IS NOT NEW.`user_id`);
  UPDATE `conversations` SET `user2_read_at` = 0 WHERE `id` = OLD.`conversation_id` AND `user2_id` = OLD.`user_id` AND (OLD.`conversation_id` IS NOT NEW.`conversation_id` OR OLD.`user_id` IS NOT NEW.`user_id`);
  UPDATE `conversations` SET `user1_read_at` = NEW.`last_read_at` WHERE `id` = NEW.`conversation_id` AND `user1_id` = NEW.`user_id` AND `user1_read_at` IS NOT NEW.`last_read_at`;
  UPDATE `conversations` SET `user2_read_at` = NEW.`last_read_at` WHERE `id` = NEW.`conversation_id` AND `user2_id` = NEW.`user_id` AND `user2_read_at` IS NOT NEW.`last_read_at`;
END;
--> statement-breakpoint
-- A marker deleted (the account deletion's, or a user's cascade): its side has read nothing.
CREATE TRIGGER `conversation_reads_mirror_ad` AFTER DELETE ON `conversation_reads` BEGIN
  UPDATE `conversations` SET `user1_read_at` = 0 WHERE `id` = OLD.`conversation_id` AND `user1_id` = OLD.`user_id` AND `user1_read_at` <> 0;
  UPDATE `conversations` SET `user2_read_at` = 0 WHERE `id` = OLD.`conversation_id` AND `user2_id` = OLD.`user_id` AND `user2_read_at` <> 0;
END;
--> statement-breakpoint
-- A conversation written with markers of its own (an insert that names them, a restore that adds
-- the conversation after its markers, an update by hand): put back the markers' values. The
-- updates above satisfy this condition, so it does nothing after them.
CREATE TRIGGER `conversations_read_markers_ai` AFTER INSERT ON `conversations`
WHEN NEW.`user1_read_at` IS NOT coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user1_id`), 0) OR NEW.`user2_read_at` IS NOT coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user2_id`), 0) BEGIN
  UPDATE `conversations` SET `user1_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user1_id`), 0), `user2_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user2_id`), 0) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_read_markers_au` AFTER UPDATE OF `user1_id`, `user2_id`, `user1_read_at`, `user2_read_at` ON `conversations`
WHEN NEW.`user1_read_at` IS NOT coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user1_id`), 0) OR NEW.`user2_read_at` IS NOT coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user2_id`), 0) BEGIN
  UPDATE `conversations` SET `user1_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user1_id`), 0), `user2_read_at` = coalesce((SELECT `last_read_at` FROM `conversation_reads` WHERE `conversation_id` = NEW.`id` AND `user_id` = NEW.`user2_id`), 0) WHERE `id` = NEW.`id`;
END;
