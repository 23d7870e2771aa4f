-- The native app's sign-in hand-off (issue #34 item 1, decision record 0093): a Google sign-in
-- started in the app and finished in the system browser is pending here while Google's consent
-- screen is open, then issued as a one-time code the app redeems with its PKCE verifier. A new
-- table only. Written from drizzle-kit's output; numbered 0025 (0023 and 0024 are other branches').
-- Its snapshot (migrations/meta/0025_snapshot.json) is drizzle-kit's, taken after the merge.
CREATE TABLE `app_handoffs` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`state_hash` text,
	`google_verifier` text,
	`code_hash` text,
	`challenge` text NOT NULL,
	`user_id` text,
	`session_id` text,
	`google_sub` text,
	`created_at` integer DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "app_handoffs_purpose_check" CHECK("app_handoffs"."purpose" in ('sign_in', 'reauth')),
	CONSTRAINT "app_handoffs_one_step" CHECK(("app_handoffs"."state_hash" is null) <> ("app_handoffs"."code_hash" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_handoffs_state_hash_unique` ON `app_handoffs` (`state_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `app_handoffs_code_hash_unique` ON `app_handoffs` (`code_hash`);--> statement-breakpoint
CREATE INDEX `app_handoffs_expires_idx` ON `app_handoffs` (`expires_at`);