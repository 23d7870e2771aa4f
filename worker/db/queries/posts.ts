// Post and hashtag queries (spec social-feed-search §7 posts, create post, delete post,
// post_views). Plain functions of the request's Db, reused by routes, cron and tests. Every list
// is newest first with a keyset cursor on (created_at, id) (decision record 0006) and is walked
// on an index in its own order: posts_created_idx, posts_user_created_idx or
// post_hashtags_hashtag_created_idx (decision records 0058, 0059); see the plan tests in
// tests/worker/db/query-plans.test.ts, which EXPLAIN the SQL these builders emit.
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { Post, PostPage } from "@shared/posts-api";
import { encodeWaveform } from "@shared/waveform";
import { extractHashtags } from "@shared/rules/post-text";
import { mediaUrl } from "../../lib/media-url";
import { isOwner } from "../../lib/permissions";
import type { Db } from "../client";
import { newId } from "../ids";
import { hashtags, postHashtags, postViews, posts, profiles, uploads } from "../schema";
import { notBlockedWith, notMutedBy, withoutMutedWords } from "./audience";
import { authorColumns, toAuthor, type AuthorColumns } from "./people";
import { readLoudness, type StoredLoudness } from "./loudness";
import { mapPage, pageOf } from "./paging";
import { visibleContent } from "./visibility";

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
    integratedLufsX10: posts.integratedLufsX10,
    truePeakDbtpX10: posts.truePeakDbtpX10,
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
  StoredLoudness &
  Omit<Post, "mediaUrl" | "thumbnailUrl" | "author" | "viewer" | "waveform" | "loudness"> & {
    /** The stored peaks (0..1 floats); the API sends them 8-bit in base64 (decision record 0060). */
    waveform: number[] | null;
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
    waveform: row.waveform ? encodeWaveform(row.waveform) : null,
    loudness: readLoudness(row),
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

/**
 * What a signed-in viewer's discovery lists (feed, all posts, a hashtag) leave out beyond a block:
 * the accounts they muted and the posts whose caption holds a word they muted (decision record
 * 0082). A profile's own posts tab keeps muted accounts: muting hides, it does not forbid.
 */
function mutedOut(viewerId: string | null | undefined): SQL | undefined {
  return and(notMutedBy(viewerId, posts.userId), withoutMutedWords(viewerId, posts.caption));
}

/**
 * Builds the page query for a filter; exported (as SQL) for the query-plan tests. Every list
 * leaves out the posts of anyone the viewer blocked or who blocked the viewer (decision record 0082).
 */
export function listQuery(db: Db, filter: SQL | undefined, options: ListOptions) {
  const viewerId = options.viewerId ?? null;
  return db
    .select(postSelection(viewerId))
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(
      and(
        filter,
        notBlockedWith(viewerId, posts.userId),
        keysetBefore(options.cursor),
        // Moderation (decision record 0083): hidden and suspended content, except the viewer's own.
        visibleContent(posts, viewerId),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(options.limit + 1);
}

/** One page of rows (limit + 1 read, the extra one only says that there is more) as a PostPage. */
function toPage(rows: PostRow[], options: ListOptions): PostPage {
  return mapPage(pageOf(rows, options.limit), (row) => toPost(row, options.viewerId ?? null));
}

async function page(db: Db, filter: SQL | undefined, options: ListOptions): Promise<PostPage> {
  return toPage((await listQuery(db, filter, options)) as PostRow[], options);
}

// ---------------------------------------------------------------------------------------------
// The feed (decision record 0059): the viewer's own posts and those of everyone they follow,
// newest first. Two plans, chosen per request by how many posts the followed accounts have:
//  - "merge": one posts_user_created_idx range per followed account, the candidates sorted. Its
//    cost grows with the candidates, so it serves viewers whose accounts have few posts.
//  - "walk": posts_created_idx newest first, each post kept when the viewer follows its author
//    (follows_pair_unique probe). Its cost grows with the posts skipped between two kept ones,
//    so it serves viewers whose accounts post a lot, however many those posts are in total.
// Both read follows live: a follow, an unfollow, a new or deleted post shows in the next request,
// and nothing is written per follower (no timeline table to fill, backfill or repair).

export type FeedPlan = "merge" | "walk";

/**
 * Above this many candidate posts (the followed accounts' post_count, plus the viewer's own) the
 * feed walks posts_created_idx instead of sorting the candidates. On the scale dataset a sort
 * of 500 candidates costs about what a walk costs at 1 % density; see the decision's table.
 */
export const FEED_WALK_MIN_CANDIDATES = 2_000;

/** How many posts the viewer's feed can hold: one read of follows and profiles by index. */
export async function feedCandidateCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${profiles.postCount}), 0)`.mapWith(Number) })
    .from(profiles)
    .where(sql`${profiles.userId} in (select f.following_id from follows f where f.follower_id = ${userId} union all select ${userId})`);
  return row?.n ?? 0;
}

export function feedPlanFor(candidates: number): FeedPlan {
  return candidates > FEED_WALK_MIN_CANDIDATES ? "walk" : "merge";
}

/** The feed's WHERE for a plan: the same set of posts, phrased for the index the plan walks. */
function feedFilter(userId: string, plan: FeedPlan): SQL {
  return plan === "merge"
    ? sql`${posts.userId} in (select f.following_id from follows f where f.follower_id = ${userId} union all select ${userId})`
    : sql`(${posts.userId} = ${userId} or exists(select 1 from follows f where f.follower_id = ${userId} and f.following_id = ${posts.userId}))`;
}

/** The page query the feed route runs for a plan; the plan tests EXPLAIN its SQL. */
export function feedPageQuery(db: Db, options: ListOptions & { userId: string }, plan: FeedPlan) {
  return listQuery(db, and(feedFilter(options.userId, plan), mutedOut(options.viewerId)), options);
}

export async function listFeed(db: Db, options: ListOptions & { userId: string; plan?: FeedPlan }): Promise<PostPage> {
  const plan = options.plan ?? feedPlanFor(await feedCandidateCount(db, options.userId));
  return toPage((await feedPageQuery(db, options, plan)) as PostRow[], options);
}

export function listAllPosts(db: Db, options: ListOptions): Promise<PostPage> {
  return page(db, mutedOut(options.viewerId), options);
}

export function listUserPosts(db: Db, options: ListOptions & { userId: string }): Promise<PostPage> {
  return page(db, eq(posts.userId, options.userId), options);
}

/**
 * A hashtag's posts newest first (decision record 0058): post_hashtags_hashtag_created_idx is
 * walked from the cursor in (created_at, post_id) order, each link joined to its post by primary
 * key, and the walk stops at the LIMIT; no step sorts the tag's posts. `name` is normalised
 * (no "#", lower case). The route calls listHashtagPosts, which runs exactly this builder.
 */
export function hashtagPageQuery(db: Db, options: ListOptions & { name: string }) {
  const viewerId = options.viewerId ?? null;
  const cursor = options.cursor;
  return db
    .select(postSelection(viewerId))
    .from(postHashtags)
    .innerJoin(posts, eq(posts.id, postHashtags.postId))
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(
      and(
        eq(postHashtags.hashtagId, db.select({ id: hashtags.id }).from(hashtags).where(eq(hashtags.name, options.name))),
        notBlockedWith(viewerId, posts.userId),
        mutedOut(viewerId),
        cursor ? sql`(${postHashtags.createdAt}, ${postHashtags.postId}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
        visibleContent(posts, viewerId),
      ),
    )
    .orderBy(desc(postHashtags.createdAt), desc(postHashtags.postId))
    .limit(options.limit + 1);
}

/** Posts tagged with a hashtag (name with or without "#", any case). */
export async function listHashtagPosts(db: Db, options: ListOptions & { name: string }): Promise<PostPage> {
  const name = options.name.replace(/^#+/, "").toLowerCase();
  return toPage((await hashtagPageQuery(db, { ...options, name })) as PostRow[], options);
}

/** The post as `viewerId` may see it: null, as for a missing post, across a block (decision record 0082). */
export async function getPost(db: Db, id: string, viewerId: string | null = null): Promise<Post | null> {
  const [row] = (await db
    .select(postSelection(viewerId))
    .from(posts)
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(eq(posts.id, id), notBlockedWith(viewerId, posts.userId), visibleContent(posts, viewerId)))
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
      // The link carries its post's created_at (the hashtag index's order), read from the post
      // row itself: inserted earlier in the same batch, or unchanged by an edit.
      db
        .insert(postHashtags)
        .select(
          db
            .select({ postId: posts.id, hashtagId: hashtags.id, createdAt: posts.createdAt })
            .from(hashtags)
            .innerJoin(posts, eq(posts.id, postId))
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
> &
  Partial<StoredLoudness> & { now?: number };

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
      integratedLufsX10: post.integratedLufsX10 ?? null,
      truePeakDbtpX10: post.truePeakDbtpX10 ?? null,
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
  // A new caption has a new rank class: cleared here, computed again by the search-tier job
  // (decision record 0095); until then the post is read first by every search it matches.
  if (changes.caption !== undefined) {
    set.caption = changes.caption;
    set.searchTier = null;
  }
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
  view: { postId: string; userId: string | null; userAgent: string | null; viewerDay: string; now?: number },
): Promise<void> {
  // INSERT … SELECT from the post itself: a view of a post that does not exist (a deleted post, a
  // made-up id) writes nothing, instead of attempting the row and failing its foreign key. The
  // spec stores no IP address for views (always null). A second view by the same viewer on the
  // same day finds post_views_viewer_day_unique and writes nothing (decision record 0085).
  await db.insert(postViews).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        postId: posts.id,
        userId: sql<string | null>`${view.userId}`.as("user_id"),
        ipAddress: sql<null>`NULL`.as("ip_address"),
        userAgent: sql<string | null>`${view.userAgent ? view.userAgent.slice(0, 512) : null}`.as("user_agent"),
        createdAt: sql<number>`${view.now ?? Date.now()}`.as("created_at"),
        viewerDay: sql<string>`${view.viewerDay}`.as("viewer_day"),
      })
      .from(posts)
      .where(eq(posts.id, view.postId)),
  ).onConflictDoNothing();
}

/** Deletes up to `limit` views recorded before `before` (post_views_created_idx); returns how many. */
export async function deletePostViewsBefore(db: Db, before: number, limit: number): Promise<number> {
  const old = db.select({ id: postViews.id }).from(postViews).where(lt(postViews.createdAt, before)).limit(limit);
  const result = await db.delete(postViews).where(inArray(postViews.id, old)).run();
  return result.meta.changes ?? 0;
}
