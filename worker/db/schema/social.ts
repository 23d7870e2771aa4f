// Reactions and the social graph (spec social-feed-search §3/§7: post_likes, bookmarks, comments,
// follows, post_views). Counters on posts and profiles follow these rows through triggers.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestampMs } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

/**
 * The owner of the liked or commented post (posts.user_id), copied onto the row so the activity
 * feed reads "likes and comments on my posts" as one index range in time order instead of joining
 * through every post of the user and sorting (issue #33 item 4). Triggers of migration 0029 keep
 * it equal to the post's owner whatever a writer puts in it, so nothing but the post row decides
 * it; the default is only what an insert that leaves it out holds until its trigger runs. No
 * foreign key: SQLite adds a column with REFERENCES only if it defaults to null, and the row
 * already goes with its post (post_id cascade), which goes with its owner.
 */
const postOwnerId = () => text("post_owner_id").notNull().default("");

export const comments = sqliteTable(
  "comments",
  {
    id: idColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A reply's parent; deleting a comment deletes its replies. */
    parentId: text("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    /** Hidden pending review or by a moderator (decision record 0083). */
    hiddenAt: timestampMs("hidden_at"),
    /**
     * The moment of the post's audio this comment is pinned to, in ms from the start; null when
     * not pinned. Bounded by the post's duration_ms when written (decision record 0089).
     */
    atMs: integer("at_ms", { mode: "number" }),
    postOwnerId: postOwnerId(),
  },
  (t) => [
    // Comments of a post, oldest first (the catch-up after a reconnect, the newest comment).
    index("comments_post_created_idx").on(t.postId, t.createdAt, t.id),
    // A page of a post's top-level comments, oldest first: replies are not in this index, so a
    // page never walks past the thousands of replies a busy post can have (decision record 0061).
    index("comments_post_top_created_idx")
      .on(t.postId, t.createdAt, t.id)
      .where(sql`parent_id is null`),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
    // Comments on a user's posts newest first (activity): one range, walked in order.
    index("comments_post_owner_created_idx").on(t.postOwnerId, t.createdAt, t.id),
    // A thread's replies oldest first and its reply count; also serves the parent_id cascade.
    index("comments_parent_created_idx").on(t.parentId, t.createdAt, t.id),
    // A post's pinned comments in the track's order (the waveform's markers); unpinned comments
    // are not in it.
    index("comments_post_at_idx")
      .on(t.postId, t.atMs, t.id)
      .where(sql`at_ms is not null`),
  ],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    id: idColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    postOwnerId: postOwnerId(),
  },
  (t) => [
    // One like per user and post; also answers "did I like this post?".
    uniqueIndex("post_likes_post_user_unique").on(t.postId, t.userId),
    // Likes of a post newest first.
    index("post_likes_post_created_idx").on(t.postId, t.createdAt, t.id),
    // Likes on a user's posts newest first (activity): one range, walked in order.
    index("post_likes_post_owner_created_idx").on(t.postOwnerId, t.createdAt, t.id),
    // Likes by a user newest first.
    index("post_likes_user_created_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export const bookmarks = sqliteTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // A user's bookmarks newest first, keyset on (created_at, post_id).
    index("bookmarks_user_created_idx").on(t.userId, t.createdAt, t.postId),
    index("bookmarks_post_idx").on(t.postId),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    id: idColumn(),
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_pair_unique").on(t.followerId, t.followingId),
    // Who I follow, newest first.
    index("follows_follower_created_idx").on(t.followerId, t.createdAt, t.id),
    // My followers, newest first (activity: follows).
    index("follows_following_created_idx").on(t.followingId, t.createdAt, t.id),
    // The daily analytics roll-up reads one UTC day of follows (decision record 0051).
    index("follows_created_idx").on(t.createdAt),
    check("follows_no_self_follow", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export const postViews = sqliteTable(
  "post_views",
  {
    id: idColumn(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** Null for anonymous views. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /**
     * The UTC day and a hash of the viewer (account, else IP client), so one viewer counts once a
     * day per post (decision record 0085); null on views written before the rule.
     */
    viewerDay: text("viewer_day"),
  },
  (t) => [
    index("post_views_post_created_idx").on(t.postId, t.createdAt),
    uniqueIndex("post_views_viewer_day_unique").on(t.postId, t.viewerDay),
    index("post_views_user_created_idx").on(t.userId, t.createdAt),
    // The daily clean-up deletes views by age (worker/cron/post-views-purge.ts).
    index("post_views_created_idx").on(t.createdAt),
  ],
);
