-- Search: badge holders' rows in their own part of the FTS key space (issue #32, decision record
-- 0095, "The rank class and the FTS key"). Hand-written: views, FTS5 rows and triggers are beyond
-- drizzle-kit, and the schema in worker/db/schema does not change. Numbered 0028 (0027 is another
-- branch's).
--
-- The FTS key of migration 0024 (rank class × 2^40 + the rowid reversed) gains the badge: a post
-- whose author holds it, and the badge holder's profile, are keyed 2^53 lower, below zero. FTS5
-- then reads a query's matches by badge holders first, each part in rank-class order, newest first
-- within a class: the verified sort walks the part below zero for its first phase and the part
-- from zero for the rest, each with bm25's real IDF over the whole table (a separate table of
-- badge holders' rows would rank them by its own IDF, which drifts from the whole table's as soon
-- as their words are not a sample of everyone's), and relevance reads every badge holder's match
-- and then its walk of the rest. Keys stay within ±2^53, exact as JavaScript numbers, and the rowid
-- is found from a key as before: 2^40 - 1 - (key & (2^40 - 1)).
--
-- A post's badge is its author's profile's `verified`, read when its key is computed: the triggers
-- on posts read it, and the triggers on profiles re-key the author's posts when the badge is
-- given or taken away, and when a badge holder's profile is created or deleted (a user's deletion
-- cascades to posts and profile in either order, and each order leaves the index right). Only the
-- badge holders' rows are re-keyed here; every other key is unchanged.
DROP VIEW `posts_search_content`;
--> statement-breakpoint
CREATE VIEW `posts_search_content` AS
  SELECT coalesce(p.`search_tier`, 0) * 1099511627776 + (1099511627775 - p.rowid)
           - coalesce((SELECT pr.`verified` FROM `profiles` pr WHERE pr.`user_id` = p.`user_id`), 0) * 9007199254740992 AS `search_key`,
         p.`caption`
  FROM `posts` p;
--> statement-breakpoint
DROP VIEW `profiles_search_content`;
--> statement-breakpoint
CREATE VIEW `profiles_search_content` AS
  SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - `verified` * 9007199254740992 AS `search_key`,
         `username`, `display_name`, `bio`
  FROM `profiles`;
--> statement-breakpoint
-- The badge holders' rows, from their keys of 0024 to their new ones.
INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
  SELECT 'delete', coalesce(p.`search_tier`, 0) * 1099511627776 + (1099511627775 - p.rowid), p.`caption`
  FROM `posts` p WHERE p.`user_id` IN (SELECT `user_id` FROM `profiles` WHERE `verified` = 1);
--> statement-breakpoint
INSERT INTO `posts_fts`(rowid, `caption`)
  SELECT coalesce(p.`search_tier`, 0) * 1099511627776 + (1099511627775 - p.rowid) - 9007199254740992, p.`caption`
  FROM `posts` p WHERE p.`user_id` IN (SELECT `user_id` FROM `profiles` WHERE `verified` = 1);
--> statement-breakpoint
INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
  SELECT 'delete', coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid), `username`, `display_name`, `bio`
  FROM `profiles` WHERE `verified` = 1;
--> statement-breakpoint
INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
  SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - 9007199254740992, `username`, `display_name`, `bio`
  FROM `profiles` WHERE `verified` = 1;
--> statement-breakpoint
INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`, rowid, `username`, `display_name`)
  SELECT 'delete', coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid), `username`, `display_name`
  FROM `profiles` WHERE `verified` = 1;
--> statement-breakpoint
INSERT INTO `profiles_names_trigram`(rowid, `username`, `display_name`)
  SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - 9007199254740992, `username`, `display_name`
  FROM `profiles` WHERE `verified` = 1;
--> statement-breakpoint
-- Posts: the key reads the author's badge. An update of the author (never made today) moves the
-- row as a change of text does.
DROP TRIGGER `posts_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `caption`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid)
              - coalesce((SELECT `verified` FROM `profiles` WHERE `user_id` = NEW.`user_id`), 0) * 9007199254740992, NEW.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ad` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid)
              - coalesce((SELECT `verified` FROM `profiles` WHERE `user_id` = OLD.`user_id`), 0) * 9007199254740992, OLD.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_au` AFTER UPDATE OF `caption`, `search_tier`, `user_id` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid)
              - coalesce((SELECT `verified` FROM `profiles` WHERE `user_id` = OLD.`user_id`), 0) * 9007199254740992, OLD.`caption`);
  INSERT INTO `posts_fts`(rowid, `caption`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid)
              - coalesce((SELECT `verified` FROM `profiles` WHERE `user_id` = NEW.`user_id`), 0) * 9007199254740992, NEW.`caption`);
END;
--> statement-breakpoint
-- Profiles: the key carries the profile's own badge; giving or taking it away moves the row.
DROP TRIGGER `profiles_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `profiles_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `profiles_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ai` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid) - NEW.`verified` * 9007199254740992, NEW.`username`, NEW.`display_name`, NEW.`bio`);
  INSERT INTO `profiles_names_trigram`(rowid, `username`, `display_name`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid) - NEW.`verified` * 9007199254740992, NEW.`username`, NEW.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ad` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid) - OLD.`verified` * 9007199254740992, OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`, rowid, `username`, `display_name`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid) - OLD.`verified` * 9007199254740992, OLD.`username`, OLD.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_au` AFTER UPDATE OF `username`, `display_name`, `bio`, `search_tier`, `verified` ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid) - OLD.`verified` * 9007199254740992, OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid) - NEW.`verified` * 9007199254740992, NEW.`username`, NEW.`display_name`, NEW.`bio`);
  INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`, rowid, `username`, `display_name`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid) - OLD.`verified` * 9007199254740992, OLD.`username`, OLD.`display_name`);
  INSERT INTO `profiles_names_trigram`(rowid, `username`, `display_name`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid) - NEW.`verified` * 9007199254740992, NEW.`username`, NEW.`display_name`);
END;
--> statement-breakpoint
-- The author's posts follow the profile's badge. A profile made after its user's posts, or
-- deleted before them (the order of a user's cascade is not ours to choose), moves them too, so a
-- post's key always carries the badge of the profile that exists when the key is next computed.
CREATE TRIGGER `profiles_badge_posts_ai` AFTER INSERT ON `profiles` WHEN NEW.`verified` = 1 BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    SELECT 'delete', coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid), `caption` FROM `posts` WHERE `user_id` = NEW.`user_id`;
  INSERT INTO `posts_fts`(rowid, `caption`)
    SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - 9007199254740992, `caption` FROM `posts` WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_badge_posts_ad` AFTER DELETE ON `profiles` WHEN OLD.`verified` = 1 BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    SELECT 'delete', coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - 9007199254740992, `caption` FROM `posts` WHERE `user_id` = OLD.`user_id`;
  INSERT INTO `posts_fts`(rowid, `caption`)
    SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid), `caption` FROM `posts` WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_badge_posts_au` AFTER UPDATE OF `verified` ON `profiles` WHEN OLD.`verified` <> NEW.`verified` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    SELECT 'delete', coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - OLD.`verified` * 9007199254740992, `caption` FROM `posts` WHERE `user_id` = NEW.`user_id`;
  INSERT INTO `posts_fts`(rowid, `caption`)
    SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) - NEW.`verified` * 9007199254740992, `caption` FROM `posts` WHERE `user_id` = NEW.`user_id`;
END;
