ALTER TABLE `profiles` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `years_experience` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `hourly_rate_cents` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `onboarded_at` integer;