-- Hand-written: counter triggers, the conversation "last message" trigger and FTS5 search tables.
-- drizzle-kit cannot express these; this file was created with
-- `npx drizzle-kit generate --custom --name triggers_fts`.
--
-- Counters (DESIGN.md): posts.likes_count, posts.comments_count, profiles.post_count,
-- profiles.follower_count, profiles.following_count and hashtags.usage_count follow the rows they
-- count. The application never writes them. Decrements are clamped at 0.

-- post_likes -> posts.likes_count
CREATE TRIGGER `post_likes_count_ai` AFTER INSERT ON `post_likes` BEGIN
  UPDATE `posts` SET `likes_count` = `likes_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_likes_count_ad` AFTER DELETE ON `post_likes` BEGIN
  UPDATE `posts` SET `likes_count` = max(`likes_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint

-- comments -> posts.comments_count (replies deleted by the parent_id cascade fire this too)
CREATE TRIGGER `comments_count_ai` AFTER INSERT ON `comments` BEGIN
  UPDATE `posts` SET `comments_count` = `comments_count` + 1 WHERE `id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_ad` AFTER DELETE ON `comments` BEGIN
  UPDATE `posts` SET `comments_count` = max(`comments_count` - 1, 0) WHERE `id` = OLD.`post_id`;
END;
--> statement-breakpoint

-- posts -> profiles.post_count
CREATE TRIGGER `posts_count_ai` AFTER INSERT ON `posts` BEGIN
  UPDATE `profiles` SET `post_count` = `post_count` + 1 WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_count_ad` AFTER DELETE ON `posts` BEGIN
  UPDATE `profiles` SET `post_count` = max(`post_count` - 1, 0) WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint

-- follows -> profiles.follower_count (of the followed) and profiles.following_count (of the follower)
CREATE TRIGGER `follows_count_ai` AFTER INSERT ON `follows` BEGIN
  UPDATE `profiles` SET `follower_count` = `follower_count` + 1 WHERE `user_id` = NEW.`following_id`;
  UPDATE `profiles` SET `following_count` = `following_count` + 1 WHERE `user_id` = NEW.`follower_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `follows_count_ad` AFTER DELETE ON `follows` BEGIN
  UPDATE `profiles` SET `follower_count` = max(`follower_count` - 1, 0) WHERE `user_id` = OLD.`following_id`;
  UPDATE `profiles` SET `following_count` = max(`following_count` - 1, 0) WHERE `user_id` = OLD.`follower_id`;
END;
--> statement-breakpoint

-- A user can follow and post before creating a profile (/create-profile comes after sign-up), so a
-- new profile starts from the rows that already exist instead of from 0.
CREATE TRIGGER `profiles_count_init_ai` AFTER INSERT ON `profiles` BEGIN
  UPDATE `profiles` SET
    `post_count` = (SELECT count(*) FROM `posts` WHERE `user_id` = NEW.`user_id`),
    `follower_count` = (SELECT count(*) FROM `follows` WHERE `following_id` = NEW.`user_id`),
    `following_count` = (SELECT count(*) FROM `follows` WHERE `follower_id` = NEW.`user_id`)
  WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint

-- post_hashtags -> hashtags.usage_count
CREATE TRIGGER `post_hashtags_count_ai` AFTER INSERT ON `post_hashtags` BEGIN
  UPDATE `hashtags` SET `usage_count` = `usage_count` + 1 WHERE `id` = NEW.`hashtag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtags_count_ad` AFTER DELETE ON `post_hashtags` BEGIN
  UPDATE `hashtags` SET `usage_count` = max(`usage_count` - 1, 0) WHERE `id` = OLD.`hashtag_id`;
END;
--> statement-breakpoint

-- messages -> conversations.last_message_id / last_message_at (never moves backwards).
CREATE TRIGGER `messages_last_message_ai` AFTER INSERT ON `messages` BEGIN
  UPDATE `conversations`
    SET `last_message_id` = NEW.`id`, `last_message_at` = NEW.`created_at`
    WHERE `id` = NEW.`conversation_id`
      AND (`last_message_at` IS NULL OR `last_message_at` <= NEW.`created_at`);
END;
--> statement-breakpoint

-- Full-text search (spec social-feed-search §7: search profiles, posts, services).
-- External-content FTS5 tables over the base tables' implicit integer rowid (the base tables have
-- text primary keys but are ordinary rowid tables). Query them by joining on rowid:
--   SELECT p.* FROM profiles_fts JOIN profiles p ON p.rowid = profiles_fts.rowid
--   WHERE profiles_fts MATCH ? ORDER BY bm25(profiles_fts) LIMIT 20;
-- Implicit rowids can be renumbered by VACUUM or by re-importing a dump; after either, run
--   INSERT INTO profiles_fts(profiles_fts) VALUES('rebuild');   (and the same for posts_fts, services_fts)
-- which re-reads the base table. Update triggers fire only for the indexed columns, so counter
-- updates do not touch the index.

CREATE VIRTUAL TABLE `profiles_fts` USING fts5(
  `username`, `display_name`, `bio`,
  content='profiles', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ai` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (NEW.rowid, NEW.`username`, NEW.`display_name`, NEW.`bio`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ad` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', OLD.rowid, OLD.`username`, OLD.`display_name`, OLD.`bio`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_au` AFTER UPDATE OF `username`, `display_name`, `bio` ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', OLD.rowid, OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (NEW.rowid, NEW.`username`, NEW.`display_name`, NEW.`bio`);
END;
--> statement-breakpoint

CREATE VIRTUAL TABLE `posts_fts` USING fts5(
  `caption`,
  content='posts', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `caption`) VALUES (NEW.rowid, NEW.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ad` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`) VALUES ('delete', OLD.rowid, OLD.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_au` AFTER UPDATE OF `caption` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`) VALUES ('delete', OLD.rowid, OLD.`caption`);
  INSERT INTO `posts_fts`(rowid, `caption`) VALUES (NEW.rowid, NEW.`caption`);
END;
--> statement-breakpoint

CREATE VIRTUAL TABLE `services_fts` USING fts5(
  `name`, `description`, `category`,
  content='services', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `services_fts_ai` AFTER INSERT ON `services` BEGIN
  INSERT INTO `services_fts`(rowid, `name`, `description`, `category`)
    VALUES (NEW.rowid, NEW.`name`, NEW.`description`, NEW.`category`);
END;
--> statement-breakpoint
CREATE TRIGGER `services_fts_ad` AFTER DELETE ON `services` BEGIN
  INSERT INTO `services_fts`(`services_fts`, rowid, `name`, `description`, `category`)
    VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`description`, OLD.`category`);
END;
--> statement-breakpoint
CREATE TRIGGER `services_fts_au` AFTER UPDATE OF `name`, `description`, `category` ON `services` BEGIN
  INSERT INTO `services_fts`(`services_fts`, rowid, `name`, `description`, `category`)
    VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`description`, OLD.`category`);
  INSERT INTO `services_fts`(rowid, `name`, `description`, `category`)
    VALUES (NEW.rowid, NEW.`name`, NEW.`description`, NEW.`category`);
END;
