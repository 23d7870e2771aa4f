// Post and hashtag queries (spec social-feed-search §7 posts, create post, delete post,
// post_views). Plain functions of the request's Db, reused by routes, cron and tests. Every list
// is newest first with a keyset cursor on (created_at, id) (decision record 0006) and is served by
// an index: posts_created_idx, posts_user_created_idx, or post_hashtags_hashtag_post_idx; see
// tests/worker/posts/query-plans.test.ts.
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type Cursor, encodeCursor } from "../../../shared/cursor";
import type { Post, PostPage } from "../../../shared/posts-api";
import { extractHashtags } from "../../../shared/rules/post-text";
import { mediaUrl } from "../../lib/media-url";
import { isOwner } from "../../lib/permissions";
import type { Db } from "../client";
import { newId } from "../ids";
import { hashtags, postHashtags, postViews, posts, profiles, uploads } from "../schema";
import { authorColumns, toAuthor, type AuthorColumns } from "./authors";

// ---------------------------------------------------------------------------------------------
// Reading posts

/**
 * The columns of a Post, with the author's profile and the viewer's like/bookmark state. Every
 * column has its own alias so that results stay aligned even inside a D1 batch (STACK.md trap).
 * The viewer flags are correlated EXISTS probes on unique indexes (post_likes_post_user_unique,
 * the bookmarks primary key): one index lookup per row, no IN lists.
 */
export function postSelection(viewerId: string | null) {
  const liked: SQL<number> = viewerId
    ? sql<number>`exists(select 1 from post_likes pl where pl.post_id = ${posts.id} and pl.user_id = ${viewerId})`
    : sql<number>`0`;
  const bookmarked: SQL<number> = viewerId
    ? sql<number>`exists(select 1 from bookmarks b where b.user_id = ${viewerId} and b.post_id = ${posts.id})`
    : sql<number>`0`;
  return {
    id: posts.id,
    userId: posts.userId,
    contentType: posts.contentType,
    mediaKey: posts.mediaKey,
    mimeType: posts.mimeType,
    sizeBytes: posts.sizeBytes,
    thumbnailKey: posts.thumbnailKey,
    width: posts.width,
    height: posts.height,
    durationMs: posts.durationMs,
    waveform: posts.waveform,
    caption: posts.caption,
    location: posts.location,
    tags: posts.tags,
    likesCount: posts.likesCount,
    commentsCount: posts.commentsCount,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    ...authorColumns,
    viewerLiked: liked.as("viewer_liked"),
    viewerBookmarked: bookmarked.as("viewer_bookmarked"),
  };
}

/**
 * A selected post row: the API's Post with storage keys in place of URLs, the author as flat
 * columns and the viewer flags as 0/1 (toPost turns it into the API shape).
 */
export type PostRow = AuthorColumns &
  Omit<Post, "mediaUrl" | "thumbnailUrl" | "author" | "viewer"> & {
    mediaKey: string;
    thumbnailKey: string | null;
    viewerLiked: number;
    viewerBookmarked: number;
  };

/** The API shape of a post row. A user without a profile yet still has an addressable author. */
export function toPost(row: PostRow, viewerId: string | null): Post {
  return {
    id: row.id,
    userId: row.userId,
    contentType: row.contentType,
    mediaUrl: mediaUrl(row.mediaKey),
    thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    waveform: row.waveform ?? null,
    caption: row.caption,
    location: row.location,
    tags: row.tags ?? [],
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author: toAuthor(row),
    viewer: {
      liked: Boolean(row.viewerLiked),
      bookmarked: Boolean(row.viewerBookmarked),
      isOwner: isOwner(viewerId, row.userId),
    },
  };
}

export interface ListOptions {
  cursor?: Cursor | null;
  limit: number;
  viewerId?: string | null;
}

function keysetBefore(cursor: Cursor | null | undefined): SQL | undefined {
  return cursor ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined;
}

/** Builds the page query for a filter; exported (as SQL) for the query-plan tests. */
export function listQuery(db: Db, filter: SQL | undefined, options: ListOptions) {
  const viewerId = options.viewerId ?? null;
  return db
    .select(postSelection(viewerId))
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(filter, keysetBefore(options.cursor)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(options.limit + 1);
}

async function page(db: Db, filter: SQL | undefined, options: ListOptions): Promise<PostPage> {
  const rows = (await listQuery(db, filter, options)) as PostRow[];
  const more = rows.length > options.limit;
  const items = (more ? rows.slice(0, options.limit) : rows).map((row) => toPost(row, options.viewerId ?? null));
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/**
 * The user's own posts and those of everyone they follow. A subquery on follows (served by
 * follows_pair_unique / follows_follower_created_idx) feeds one posts_user_created_idx range per
 * followed user, never a list of ids sent from the Worker.
 */
export function feedFilter(userId: string): SQL {
  return sql`${posts.userId} in (select f.following_id from follows f where f.follower_id = ${userId} union all select ${userId})`;
}

export function listFeed(db: Db, options: ListOptions & { userId: string }): Promise<PostPage> {
  return page(db, feedFilter(options.userId), options);
}

export function listAllPosts(db: Db, options: ListOptions): Promise<PostPage> {
  return page(db, undefined, options);
}

export function listUserPosts(db: Db, options: ListOptions & { userId: string }): Promise<PostPage> {
  return page(db, eq(posts.userId, options.userId), options);
}

/** Posts tagged with a hashtag (name with or without "#", any case). */
export function hashtagFilter(name: string): SQL {
  return sql`${posts.id} in (select ph.post_id from post_hashtags ph where ph.hashtag_id = (select h.id from hashtags h where h.name = ${name}))`;
}

export function listHashtagPosts(db: Db, options: ListOptions & { name: string }): Promise<PostPage> {
  const name = options.name.replace(/^#+/, "").toLowerCase();
  return page(db, hashtagFilter(name), options);
}

export async function getPost(db: Db, id: string, viewerId: string | null = null): Promise<Post | null> {
  const [row] = (await db
    .select(postSelection(viewerId))
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(eq(posts.id, id))
    .limit(1)) as PostRow[];
  return row ? toPost(row, viewerId) : null;
}

/** The fields an ownership check and a delete need, without the joins. */
export async function getPostOwner(
  db: Db,
  id: string,
): Promise<{ id: string; userId: string; mediaKey: string; thumbnailKey: string | null } | undefined> {
  const [row] = await db
    .select({ id: posts.id, userId: posts.userId, mediaKey: posts.mediaKey, thumbnailKey: posts.thumbnailKey })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writing posts

/**
 * Statements that make a post's post_hashtags rows match its hashtags: missing hashtags are
 * created (ON CONFLICT keeps the existing row and its counters), then joined. The names are at
 * most 30 (MAX_HASHTAGS_PER_POST) and go in chunks so no statement binds more than D1's 100
 * parameters.
 */
function hashtagStatements(db: Db, postId: string, names: string[]) {
  const statements = [];
  // Four bound values per hashtag row (id, name and the two counter defaults).
  const CHUNK = 20;
  for (let i = 0; i < names.length; i += CHUNK) {
    const chunk = names.slice(i, i + CHUNK);
    statements.push(
      db
        .insert(hashtags)
        .values(chunk.map((name) => ({ id: newId(), name })))
        .onConflictDoNothing({ target: hashtags.name }),
      db
        .insert(postHashtags)
        .select(
          db
            .select({ postId: sql<string>`${postId}`.as("post_id"), hashtagId: hashtags.id })
            .from(hashtags)
            .where(inArray(hashtags.name, chunk)),
        )
        .onConflictDoNothing(),
    );
  }
  return statements;
}

export type NewPost = Pick<
  PostRow,
  "id" | "userId" | "contentType" | "mediaKey" | "mimeType" | "sizeBytes" | "thumbnailKey" | "width" | "height" | "durationMs" | "waveform" | "caption" | "location" | "tags"
> & { now?: number };

/**
 * Inserts the post, its hashtags (from the tags and the caption's #words) and marks its upload
 * completed, in one atomic batch. The post id is the upload id, so a second attempt to post the
 * same upload fails on the primary key instead of creating a twin.
 */
export async function createPost(db: Db, post: NewPost): Promise<void> {
  const now = post.now ?? Date.now();
  const names = extractHashtags({ caption: post.caption, tags: post.tags });
  await db.batch([
    db.insert(posts).values({
      id: post.id,
      userId: post.userId,
      contentType: post.contentType,
      mediaKey: post.mediaKey,
      mimeType: post.mimeType,
      sizeBytes: post.sizeBytes,
      thumbnailKey: post.thumbnailKey,
      width: post.width,
      height: post.height,
      durationMs: post.durationMs,
      waveform: post.waveform,
      caption: post.caption,
      location: post.location,
      tags: post.tags,
      createdAt: now,
      updatedAt: now,
    }),
    ...hashtagStatements(db, post.id, names),
    db
      .update(uploads)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(and(eq(uploads.id, post.id), eq(uploads.status, "uploading"))),
  ]);
}

/**
 * Edits caption, location and tags; the hashtags are recomputed from the result, all in one
 * batch. `current` is the row as read by the caller (for the fields left unchanged).
 */
export async function updatePost(
  db: Db,
  id: string,
  current: { caption: string | null; tags: string[] },
  changes: { caption?: string | null; location?: string | null; tags?: string[] },
  now = Date.now(),
): Promise<void> {
  const caption = changes.caption !== undefined ? changes.caption : current.caption;
  const tags = changes.tags !== undefined ? changes.tags : current.tags;
  const set: Partial<typeof posts.$inferInsert> = { updatedAt: now };
  if (changes.caption !== undefined) set.caption = changes.caption;
  if (changes.location !== undefined) set.location = changes.location;
  if (changes.tags !== undefined) set.tags = changes.tags;
  await db.batch([
    db.update(posts).set(set).where(eq(posts.id, id)),
    db.delete(postHashtags).where(eq(postHashtags.postId, id)),
    ...hashtagStatements(db, id, extractHashtags({ caption, tags })),
  ]);
}

/**
 * Deletes the row (likes, comments, bookmarks, views and hashtag links go with it by cascade and
 * the counters follow by trigger) and its finished upload record. The caller removes the stored
 * files first (spec §4: the stored file is removed first, then the record).
 */
export async function deletePostRow(db: Db, id: string): Promise<void> {
  await db.batch([db.delete(posts).where(eq(posts.id, id)), db.delete(uploads).where(eq(uploads.id, id))]);
}

export async function recordPostView(
  db: Db,
  view: { postId: string; userId: string | null; userAgent: string | null; now?: number },
): Promise<void> {
  // INSERT … SELECT from the post itself: a view of a post that does not exist (a deleted post, a
  // made-up id) writes nothing, instead of attempting the row and failing its foreign key. The
  // spec stores no IP address for views (always null).
  await db.insert(postViews).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        postId: posts.id,
        userId: sql<string | null>`${view.userId}`.as("user_id"),
        ipAddress: sql<null>`NULL`.as("ip_address"),
        userAgent: sql<string | null>`${view.userAgent ? view.userAgent.slice(0, 512) : null}`.as("user_agent"),
        createdAt: sql<number>`${view.now ?? Date.now()}`.as("created_at"),
      })
      .from(posts)
      .where(eq(posts.id, view.postId)),
  );
}

/** Deletes up to `limit` views recorded before `before` (post_views_created_idx); returns how many. */
export async function deletePostViewsBefore(db: Db, before: number, limit: number): Promise<number> {
  const old = db.select({ id: postViews.id }).from(postViews).where(lt(postViews.createdAt, before)).limit(limit);
  const result = await db.delete(postViews).where(inArray(postViews.id, old)).run();
  return result.meta.changes ?? 0;
}
