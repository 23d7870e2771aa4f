-- Comments pinned to a moment of an audio post (issue #31 item 1, decision record 0089). One
-- nullable column and one partial index: rebuilding `comments` is never needed. `at_ms` is the
-- moment in milliseconds from the start of the track; the Worker bounds it by the post's own
-- `duration_ms` when the comment is written, so the table holds no CHECK that would need the post.
-- The index holds only pinned comments, in the track's order: a post's markers are one range of
-- it, however many unpinned comments the post has.
ALTER TABLE `comments` ADD `at_ms` integer;--> statement-breakpoint
CREATE INDEX `comments_post_at_idx` ON `comments` (`post_id`,`at_ms`,`id`) WHERE at_ms is not null;
