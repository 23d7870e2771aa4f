-- The activity feed at scale (issue #33 item 4): likes and comments carry their post's owner, so
-- "likes and comments by others on my posts, newest first" is one range of an owner index walked
-- in order, instead of a join through every post of the author and a sort of all their likes and
-- comments. drizzle-kit generated the two columns and the two indexes (renamed from 0028: another
-- change may take that number); the backfill and the triggers are written here by hand.
--
-- The owner is derived data, like the counters of 0001: triggers keep it equal to posts.user_id
-- whatever a writer puts in it, so no path (the API's, the seed's, a restore's, a test's) can
-- make it drift, and nothing but the post row decides it. The API's write paths select it from
-- the post row in their INSERT … SELECT, so on them the triggers' conditions are false and the
-- row is written once. A like or comment goes with its post (post_id cascade), and a post with
-- its owner, so deletion needs nothing more; the account deletion keeps the users row and its id.
-- The default '' is what a row that leaves the column out holds until its insert trigger runs.
ALTER TABLE `comments` ADD `post_owner_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `post_likes` ADD `post_owner_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `comments` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `posts`.`id` = `comments`.`post_id`);--> statement-breakpoint
UPDATE `post_likes` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `posts`.`id` = `post_likes`.`post_id`);--> statement-breakpoint
CREATE INDEX `comments_post_owner_created_idx` ON `comments` (`post_owner_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `post_likes_post_owner_created_idx` ON `post_likes` (`post_owner_id`,`created_at`,`id`);--> statement-breakpoint

-- A new like or comment: the owner comes from its post. The condition leaves a row whose post
-- does not exist to the post_id foreign key, which refuses it as before.
CREATE TRIGGER `post_likes_owner_ai` AFTER INSERT ON `post_likes`
WHEN EXISTS (SELECT 1 FROM `posts` WHERE `id` = NEW.`post_id` AND `user_id` IS NOT NEW.`post_owner_id`) BEGIN
  UPDATE `post_likes` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_owner_ai` AFTER INSERT ON `comments`
WHEN EXISTS (SELECT 1 FROM `posts` WHERE `id` = NEW.`post_id` AND `user_id` IS NOT NEW.`post_owner_id`) BEGIN
  UPDATE `comments` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint

-- A like or comment moved to another post, or its owner written by hand: put back the post's.
-- (Nothing in the app does either; with recursive triggers on, the second firing finds it right.)
CREATE TRIGGER `post_likes_owner_au` AFTER UPDATE OF `post_id`, `post_owner_id` ON `post_likes`
WHEN EXISTS (SELECT 1 FROM `posts` WHERE `id` = NEW.`post_id` AND `user_id` IS NOT NEW.`post_owner_id`) BEGIN
  UPDATE `post_likes` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_owner_au` AFTER UPDATE OF `post_id`, `post_owner_id` ON `comments`
WHEN EXISTS (SELECT 1 FROM `posts` WHERE `id` = NEW.`post_id` AND `user_id` IS NOT NEW.`post_owner_id`) BEGIN
  UPDATE `comments` SET `post_owner_id` = (SELECT `user_id` FROM `posts` WHERE `id` = NEW.`post_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint

-- A post given to another owner (nothing in the app does this either): its likes and comments follow.
CREATE TRIGGER `posts_owner_au` AFTER UPDATE OF `user_id` ON `posts`
WHEN NEW.`user_id` IS NOT OLD.`user_id` BEGIN
  UPDATE `post_likes` SET `post_owner_id` = NEW.`user_id` WHERE `post_id` = NEW.`id`;
  UPDATE `comments` SET `post_owner_id` = NEW.`user_id` WHERE `post_id` = NEW.`id`;
END;
