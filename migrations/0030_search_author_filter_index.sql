-- Post search with a profession or badge filter (issue #32, decision record 0095): each match's
-- author is joined by user_id and filtered on profession and badge. This index answers the join
-- and both filters without reading the profile's row.
CREATE INDEX `profiles_user_profession_verified_idx` ON `profiles` (`user_id`,`profession`,`verified`);