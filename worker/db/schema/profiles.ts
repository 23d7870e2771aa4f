// Public profiles (spec marketplace-messaging-account §3 "profile"). One per user; the counters are
// maintained by triggers in migrations/0001_triggers_fts.sql.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { counter, createdAt, updatedAt } from "./columns";
import { users } from "./users";

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stored as typed (case kept for display); unique ignoring case through profiles_username_lower_unique. */
    username: text("username").notNull(),
    displayName: text("display_name").notNull(),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    profession: text("profession"),
    location: text("location"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    websiteUrl: text("website_url"),
    skills: text("skills", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // Private fields from onboarding (/create-profile): the owner's answers only, never in a
    // public response (shared/profile-api.ts PublicProfile has no place for them). Their bounds
    // are the shared schemas'; a CHECK here would make drizzle-kit rebuild the table, which drops
    // the counter and search triggers of 0001_triggers_fts.sql.
    phone: text("phone"),
    yearsExperience: integer("years_experience", { mode: "number" }),
    hourlyRateCents: integer("hourly_rate_cents", { mode: "number" }),
    /**
     * When onboarding was saved or skipped; null until then. While it is null and the profile
     * has no profession, the session answer asks the SPA to show /create-profile.
     */
    onboardedAt: integer("onboarded_at", { mode: "number" }),
    postCount: counter("post_count"),
    followerCount: counter("follower_count"),
    followingCount: counter("following_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The searched texts' rank class (worker/lib/search-rank.ts, decision record 0095): part of
     * the profile's key in profiles_fts. Null until the search-tier job computes it, and again
     * after the username, display name or bio changes (the profile queries clear it).
     */
    searchTier: integer("search_tier", { mode: "number" }),
  },
  (t) => [
    // Case-insensitive uniqueness: an expression index. Look usernames up with
    // `lower(username) = lower(?)` so the query uses this index.
    uniqueIndex("profiles_username_lower_unique").on(sql`lower(${t.username})`),
    // Search sorts: popular (follower_count), recent (created_at).
    index("profiles_follower_count_idx").on(t.followerCount, t.userId),
    index("profiles_created_idx").on(t.createdAt, t.userId),
    // Search "verified" without a query, and the profession filter in follower order; the
    // recommendations' "same profession" and "same place" candidates (decision record 0095).
    index("profiles_verified_followers_idx").on(t.verified, t.followerCount, t.userId),
    index("profiles_profession_followers_idx").on(t.profession, t.followerCount, t.userId),
    // Post search with a profession or badge filter joins each match's author by user_id: this
    // answers the join and both filters from the index, without the profile's row (decision
    // record 0095's appendix: "#lofi" by producers, popular, 14.7 → 11.4 ms of statements).
    index("profiles_user_profession_verified_idx").on(t.userId, t.profession, t.verified),
    index("profiles_location_lower_idx").on(sql`lower(${t.location})`),
    // People search puts exact display names first (decision record 0095): probed by lower(display_name).
    index("profiles_display_name_lower_idx").on(sql`lower(${t.displayName})`),
    // The search-tier job's work list: profiles whose tier is not computed yet.
    index("profiles_search_tier_pending_idx").on(t.createdAt).where(sql`search_tier is null`),
    check("profiles_counters_nonnegative", sql`${t.postCount} >= 0 and ${t.followerCount} >= 0 and ${t.followingCount} >= 0`),
  ],
);
