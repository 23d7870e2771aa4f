-- Search ranking (issue #32, decision record 0095). The first statements are drizzle-kit's (the
-- schema in worker/db/schema): each searched row gets `search_tier`, the rank class of its text
-- (worker/lib/search-rank.ts), null until the search-tier job computes it; posts get
-- `popular_rank`, the stated blend of recency and engagement, as a virtual column with its index,
-- which replaces posts_likes_idx; exact display names get an index; and each table a partial index
-- of the rows whose tier is still to compute. None of it rebuilds `posts` or `profiles`.
DROP INDEX `posts_likes_idx`;--> statement-breakpoint
ALTER TABLE `posts` ADD `search_tier` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `popular_rank` real GENERATED ALWAYS AS (created_at / 86400000.0 + log2(1 + likes_count + 2 * comments_count)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `posts_popular_idx` ON `posts` (`popular_rank`);--> statement-breakpoint
CREATE INDEX `posts_search_tier_pending_idx` ON `posts` (`created_at`) WHERE search_tier is null;--> statement-breakpoint
ALTER TABLE `profiles` ADD `search_tier` integer;--> statement-breakpoint
CREATE INDEX `profiles_display_name_lower_idx` ON `profiles` (lower("display_name"));--> statement-breakpoint
CREATE INDEX `profiles_search_tier_pending_idx` ON `profiles` (`created_at`) WHERE search_tier is null;
--> statement-breakpoint
-- Hand-written from here (views, FTS5 tables and triggers are beyond drizzle-kit). posts_fts and
-- profiles_fts are made again over a view whose `search_key` is the row's FTS rowid: the tier
-- times 2^40 plus the rowid reversed, so FTS5 reads a query's matches best rank class first and,
-- within a class, newest first, and a search stops after a bounded number of them (decision
-- record 0095). A tier still null is class 0: read first, newest first, as the old window was,
-- until the search-tier job (worker/cron/search-tiers.ts) fills the tiers in bounded batches; the
-- rebuild below starts every row there, so this migration does no per-row work but the rebuild.
-- A row is found from its key by rowid = 2^40 - 1 - (key & (2^40 - 1)). After a VACUUM or a
-- re-import renumbers rowids, run 'rebuild' on the three FTS tables (as 0001 says for the others).
-- profiles_names_trigram and hashtags_trigram add typo tolerance for people and tags: the
-- trigram tokenizer indexes every three characters of a name, so a misspelt name still shares
-- most of its trigrams with the right one.
CREATE VIEW `posts_search_content` AS
  SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) AS `search_key`, `caption` FROM `posts`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
  `caption`,
  content='posts_search_content', content_rowid='search_key',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8 9 10 11 12'
);
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES('rebuild');
--> statement-breakpoint
DROP TRIGGER `posts_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `caption`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ad` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_au` AFTER UPDATE OF `caption`, `search_tier` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `caption`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`caption`);
  INSERT INTO `posts_fts`(rowid, `caption`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`caption`);
END;
--> statement-breakpoint
CREATE VIEW `profiles_search_content` AS
  SELECT coalesce(`search_tier`, 0) * 1099511627776 + (1099511627775 - rowid) AS `search_key`, `username`, `display_name`, `bio`
  FROM `profiles`;
--> statement-breakpoint
DROP TABLE `profiles_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `profiles_fts` USING fts5(
  `username`, `display_name`, `bio`,
  content='profiles_search_content', content_rowid='search_key',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `profiles_fts`(`profiles_fts`) VALUES('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `profiles_names_trigram` USING fts5(
  `username`, `display_name`,
  content='profiles_search_content', content_rowid='search_key',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`) VALUES('rebuild');
--> statement-breakpoint
DROP TRIGGER `profiles_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `profiles_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `profiles_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ai` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`username`, NEW.`display_name`, NEW.`bio`);
  INSERT INTO `profiles_names_trigram`(rowid, `username`, `display_name`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`username`, NEW.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_ad` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`, rowid, `username`, `display_name`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`username`, OLD.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_fts_au` AFTER UPDATE OF `username`, `display_name`, `bio`, `search_tier` ON `profiles` BEGIN
  INSERT INTO `profiles_fts`(`profiles_fts`, rowid, `username`, `display_name`, `bio`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`username`, OLD.`display_name`, OLD.`bio`);
  INSERT INTO `profiles_fts`(rowid, `username`, `display_name`, `bio`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`username`, NEW.`display_name`, NEW.`bio`);
  INSERT INTO `profiles_names_trigram`(`profiles_names_trigram`, rowid, `username`, `display_name`)
    VALUES ('delete', coalesce(OLD.`search_tier`, 0) * 1099511627776 + (1099511627775 - OLD.rowid), OLD.`username`, OLD.`display_name`);
  INSERT INTO `profiles_names_trigram`(rowid, `username`, `display_name`)
    VALUES (coalesce(NEW.`search_tier`, 0) * 1099511627776 + (1099511627775 - NEW.rowid), NEW.`username`, NEW.`display_name`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `hashtags_trigram` USING fts5(
  `name`,
  content='hashtags', content_rowid='rowid',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `hashtags_trigram`(`hashtags_trigram`) VALUES('rebuild');
--> statement-breakpoint
CREATE TRIGGER `hashtags_trigram_ai` AFTER INSERT ON `hashtags` BEGIN
  INSERT INTO `hashtags_trigram`(rowid, `name`) VALUES (NEW.rowid, NEW.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `hashtags_trigram_ad` AFTER DELETE ON `hashtags` BEGIN
  INSERT INTO `hashtags_trigram`(`hashtags_trigram`, rowid, `name`) VALUES ('delete', OLD.rowid, OLD.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `hashtags_trigram_au` AFTER UPDATE OF `name` ON `hashtags` BEGIN
  INSERT INTO `hashtags_trigram`(`hashtags_trigram`, rowid, `name`) VALUES ('delete', OLD.rowid, OLD.`name`);
  INSERT INTO `hashtags_trigram`(rowid, `name`) VALUES (NEW.rowid, NEW.`name`);
END;
