// Bookmarks (spec social-feed-search §4 "Bookmark: toggles; a duplicate-insert conflict is
// treated as already bookmarked", §7 bookmarks; marketplace-messaging-account §2 /bookmarks).
// The saved list is newest bookmark first, keyset on (bookmarks.created_at, post_id) through
// bookmarks_user_created_idx, with the cursor format of decision record 0006.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { PostPage } from "@shared/posts-api";
import type { Db } from "../client";
import { bookmarks, posts } from "../schema";
import { pageOf } from "./paging";
import { listQuery, toPost } from "./posts";

/**
 * Makes the bookmark exist (or not); false when the post does not exist. A second bookmark of the
 * same post hits the (user_id, post_id) primary key and is ignored, so it reads as "already
 * bookmarked" instead of an error. The insert selects from posts so a missing post inserts
 * nothing, and the existence probe runs in the same transaction.
 */
export async function setBookmark(
  db: Db,
  input: { postId: string; userId: string; bookmarked: boolean; now?: number },
): Promise<boolean> {
  const now = input.now ?? Date.now();
  const write = input.bookmarked
    ? db
        .insert(bookmarks)
        .select(
          db
            .select({
              userId: sql<string>`${input.userId}`.as("user_id"),
              postId: posts.id,
              createdAt: sql<number>`${now}`.as("created_at"),
            })
            .from(posts)
            .where(eq(posts.id, input.postId)),
        )
        .onConflictDoNothing()
    : db.delete(bookmarks).where(and(eq(bookmarks.userId, input.userId), eq(bookmarks.postId, input.postId)));
  const [, rows] = await db.batch([write, db.select({ id: posts.id }).from(posts).where(eq(posts.id, input.postId)).limit(1)]);
  return rows.length > 0;
}

function bookmarkPageFilter(userId: string, cursor: Cursor | null) {
  return and(
    eq(bookmarks.userId, userId),
    cursor ? sql`(${bookmarks.createdAt}, ${bookmarks.postId}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
  );
}

/** The bookmark page itself: (post_id, created_at) of the user's bookmarks, newest first. */
export function bookmarkPageQuery(db: Db, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({ postId: bookmarks.postId, createdAt: bookmarks.createdAt })
    .from(bookmarks)
    .where(bookmarkPageFilter(userId, cursor))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(limit + 1);
}

/**
 * The user's saved posts as full Posts (the posts API's own selection and mapper), newest
 * bookmark first. One round trip: the page of bookmarks and the posts it names are read in one
 * batch, so both see the same snapshot, and the posts are put back in bookmark order.
 */
export async function listBookmarks(
  db: Db,
  options: { userId: string; cursor?: Cursor | null; limit: number },
): Promise<PostPage> {
  const cursor = options.cursor ?? null;
  const pageQuery = bookmarkPageQuery(db, options.userId, cursor, options.limit);
  // The same page again, as the post ids the posts query reads by primary key.
  const pagePostIds = db
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .where(bookmarkPageFilter(options.userId, cursor))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(options.limit + 1);
  const [page, postRows] = await db.batch([
    pageQuery,
    listQuery(db, inArray(posts.id, pagePostIds), { limit: options.limit + 1, viewerId: options.userId }),
  ]);
  const kept = pageOf(page, options.limit, (b) => ({ createdAt: b.createdAt, id: b.postId }));
  type Row = Parameters<typeof toPost>[0];
  const byId = new Map((postRows as Row[]).map((row) => [row.id, row]));
  const items = kept.items.flatMap((b) => {
    const row = byId.get(b.postId);
    return row ? [toPost(row, options.userId)] : [];
  });
  return { items, nextCursor: kept.nextCursor };
}
