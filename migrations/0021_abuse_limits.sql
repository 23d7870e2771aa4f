-- A post view counts once per viewer per UTC day (issue #27 item 8, decision record 0085). Columns
-- and indexes only: rebuilding `post_views` is never needed. `viewer_day` is the day and a hash of
-- the viewer (their account, else their IP's client: an IPv6 /64), so no address is stored; views
-- written before it stay NULL, which the unique index lets repeat.
ALTER TABLE `post_views` ADD `viewer_day` text;--> statement-breakpoint
CREATE UNIQUE INDEX `post_views_viewer_day_unique` ON `post_views` (`post_id`,`viewer_day`);
