CREATE INDEX `profiles_verified_followers_idx` ON `profiles` (`verified`,`follower_count`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_profession_followers_idx` ON `profiles` (`profession`,`follower_count`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_location_lower_idx` ON `profiles` (lower("location"));