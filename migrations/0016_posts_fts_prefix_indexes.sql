-- Post search follows the user as they type: every query token is a prefix ("sess"*), and FTS5
-- answers a prefix from an index only when one of exactly that length exists. With prefix='2 3'
-- a longer prefix made FTS5 merge the whole doclist of every term it starts, three times per
-- ranked search (the window, the match, bm25's document count): most of that search's cost on
-- a large network (decision record 0067). Prefix indexes of 2 to 12 characters let a typed word
-- of up to 12 characters read its matches lazily, newest first. FTS5 cannot change an existing
-- table's prefix option, so the table is made again and rebuilt from posts (external content);
-- the triggers of 0001 keep it in step as before, by name.
DROP TABLE `posts_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
  `caption`,
  content='posts', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8 9 10 11 12'
);
--> statement-breakpoint
INSERT INTO `posts_fts`(`posts_fts`) VALUES('rebuild');
