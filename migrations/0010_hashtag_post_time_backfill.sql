-- Existing links take their post's created_at (decision record 0058); the post is found by its
-- primary key, one lookup per link.
UPDATE `post_hashtags` SET `created_at` = (SELECT `p`.`created_at` FROM `posts` `p` WHERE `p`.`id` = `post_hashtags`.`post_id`);
--> statement-breakpoint
-- A writer that leaves created_at at its default (the app always sets it) still gets the post's
-- time, so the hashtag index never orders a link as if it were from 1970.
CREATE TRIGGER `post_hashtags_created_at_ai` AFTER INSERT ON `post_hashtags` WHEN NEW.`created_at` = 0 BEGIN
  UPDATE `post_hashtags` SET `created_at` = (SELECT `p`.`created_at` FROM `posts` `p` WHERE `p`.`id` = NEW.`post_id`)
   WHERE `post_id` = NEW.`post_id` AND `hashtag_id` = NEW.`hashtag_id`;
END;
