// Posts and their media (spec social-feed-search §3 "post", §7 posts / create post / delete post),
// multipart uploads in flight, and hashtags.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CONTENT_TYPES, UPLOAD_KINDS } from "@shared/constants";
import { counter, createdAt, idColumn, inList, timestampMs, updatedAt } from "./columns";
import { users } from "./users";

/** One day in milliseconds: the unit of posts.popular_rank's time part. */
export const POPULAR_DAY_MS = 86_400_000;

export const posts = sqliteTable(
  "posts",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    /** R2 key in MEDIA, e.g. `post-images/{user_id}/{id}.jpg`; served at /media/{key}. */
    mediaKey: text("media_key").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes", { mode: "number" }).notNull(),
    thumbnailKey: text("thumbnail_key"),
    width: integer("width", { mode: "number" }),
    height: integer("height", { mode: "number" }),
    durationMs: integer("duration_ms", { mode: "number" }),
    /** Peaks for the audio player, 0..1. */
    waveform: text("waveform", { mode: "json" }).$type<number[]>(),
    /**
     * An audio post's integrated loudness (LUFS) and true peak (dBTP) as the uploader's browser
     * measured them, in integer tenths, both or neither (decision record 0091). No CHECK: adding one
     * would rebuild `posts` with its triggers; loudnessSchema bounds what is written.
     */
    integratedLufsX10: integer("integrated_lufs_x10", { mode: "number" }),
    truePeakDbtpX10: integer("true_peak_dbtp_x10", { mode: "number" }),
    caption: text("caption"),
    location: text("location"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    likesCount: counter("likes_count"),
    commentsCount: counter("comments_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Hidden pending review or by a moderator: missing to all but its owner (decision record 0083). */
    hiddenAt: timestampMs("hidden_at"),
    /**
     * The caption's rank class for search (worker/lib/search-rank.ts, decision record 0095): part
     * of the post's key in posts_fts. Null until the search-tier job computes it, and again after
     * the caption changes (updatePost clears it).
     */
    searchTier: integer("search_tier", { mode: "number" }),
    /**
     * Search "popular" (decision record 0095): the post's day (days since 1970) plus log2 of one
     * plus its engagement (likes + 2 × comments). A post with twice the engagement ranks level
     * with a post one day newer. Computed by SQLite on read (virtual), kept in posts_popular_idx.
     */
    popularRank: real("popular_rank").generatedAlwaysAs(sql.raw(`created_at / ${POPULAR_DAY_MS}.0 + log2(1 + likes_count + 2 * comments_count)`), {
      mode: "virtual",
    }),
  },
  (t) => [
    // Feed (user_id IN (…)) and a user's posts, newest first, keyset on (created_at, id).
    index("posts_user_created_idx").on(t.userId, t.createdAt, t.id),
    // All posts newest first (explore, search "recent").
    index("posts_created_idx").on(t.createdAt, t.id),
    // Search "popular", keyset on (popular_rank, rowid): the rowid is the index's last column.
    index("posts_popular_idx").on(t.popularRank),
    // The search-tier job's work list: posts whose tier is not computed yet.
    index("posts_search_tier_pending_idx").on(t.createdAt).where(sql`search_tier is null`),
    check("posts_content_type_check", inList(t.contentType, CONTENT_TYPES)),
    check("posts_counters_nonnegative", sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0`),
    check("posts_size_nonnegative", sql`${t.sizeBytes} >= 0`),
  ],
);

export const UPLOAD_STATUSES = ["uploading", "completed", "aborted"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export interface UploadPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** An R2 multipart upload in flight: lets a client resume, and lets cron abort abandoned ones. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A post's content type, or what a product upload becomes (`product_image`, `product_file`). */
    contentType: text("content_type", { enum: UPLOAD_KINDS }).notNull(),
    mimeType: text("mime_type").notNull(),
    /** The name the file had on the seller's computer (product files: shown to the owner, used for the buyer's download). */
    fileName: text("file_name"),
    /** R2's multipart upload id ('' for a product image, stored in one request). */
    r2UploadId: text("r2_upload_id").notNull(),
    key: text("key").notNull(),
    declaredSize: integer("declared_size", { mode: "number" }).notNull(),
    receivedBytes: integer("received_bytes", { mode: "number" }).notNull().default(0),
    parts: text("parts", { mode: "json" }).$type<UploadPart[]>().notNull().default(sql`'[]'`),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("uploading"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestampMs("completed_at"),
  },
  (t) => [
    uniqueIndex("uploads_key_unique").on(t.key),
    // Clean-up cron: uploads still 'uploading' whose updated_at is old.
    index("uploads_status_updated_idx").on(t.status, t.updatedAt),
    index("uploads_user_created_idx").on(t.userId, t.createdAt),
    check("uploads_status_check", inList(t.status, UPLOAD_STATUSES)),
    check("uploads_content_type_check", inList(t.contentType, UPLOAD_KINDS)),
    check("uploads_sizes_nonnegative", sql`${t.declaredSize} >= 0 and ${t.receivedBytes} >= 0`),
  ],
);

export const hashtags = sqliteTable(
  "hashtags",
  {
    id: idColumn(),
    /** Without '#', always lowercased (CHECK). */
    name: text("name").notNull(),
    usageCount: counter("usage_count"),
    trendingScore: real("trending_score").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("hashtags_name_unique").on(t.name),
    index("hashtags_trending_idx").on(t.trendingScore, t.id),
    index("hashtags_usage_idx").on(t.usageCount, t.id),
    check("hashtags_name_lowercase", sql`${t.name} = lower(${t.name})`),
    check("hashtags_usage_nonnegative", sql`${t.usageCount} >= 0`),
  ],
);

export const postHashtags = sqliteTable(
  "post_hashtags",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    hashtagId: text("hashtag_id")
      .notNull()
      .references(() => hashtags.id, { onDelete: "cascade" }),
    /**
     * The post's created_at, carried here so that a hashtag's posts are read newest first from
     * post_hashtags_hashtag_created_idx alone (decision record 0058). A post's created_at never
     * changes. The app writes it; a trigger fills it for a writer that leaves the default 0.
     */
    createdAt: integer("created_at", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.hashtagId] }),
    // A hashtag's posts newest first, keyset on (created_at, post_id).
    index("post_hashtags_hashtag_created_idx").on(t.hashtagId, t.createdAt, t.postId),
  ],
);
