// Likes (spec social-feed-search §4 "Like: toggles per user and post", §7 post_likes). The API
// sets a state rather than toggling, so a retried or collapsed request cannot flip it twice.
// likes_count is maintained by the post_likes triggers and read back in the same batch, so the
// number a client sees always equals the rows, however many users like at once.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { newId } from "../ids";
import { postLikes, posts } from "../schema";

export interface LikeResult {
  liked: boolean;
  likesCount: number;
}

/**
 * Makes the user's like of the post exist (or not) and answers the post's count afterwards; null
 * when the post does not exist. The insert selects from posts, so a missing post inserts nothing
 * (rather than failing the foreign key), and ON CONFLICT makes a second like a no-op on the
 * post_likes_post_user_unique index. D1 runs a batch as one transaction. `created`: this call
 * added the like (not a repeat of a like that exists), what notifies the post's owner. The like
 * carries the post's owner (for the activity feed's index), read from the same post row.
 */
export async function setLike(db: Db, input: { postId: string; userId: string; liked: boolean; now?: number }): Promise<(LikeResult & { created: boolean }) | null> {
  const now = input.now ?? Date.now();
  const write = input.liked
    ? db
        .insert(postLikes)
        .select(
          db
            .select({
              id: sql<string>`${newId()}`.as("id"),
              postId: posts.id,
              userId: sql<string>`${input.userId}`.as("user_id"),
              createdAt: sql<number>`${now}`.as("created_at"),
              // From the post row, never from the request (the owner triggers of migration 0029
              // would put the post's back; given here, the row is written once).
              postOwnerId: posts.userId,
            })
            .from(posts)
            .where(eq(posts.id, input.postId)),
        )
        .onConflictDoNothing()
        .returning({ id: postLikes.id })
    : db
        .delete(postLikes)
        .where(and(eq(postLikes.postId, input.postId), eq(postLikes.userId, input.userId)))
        .returning({ id: postLikes.id });
  const [written, rows] = await db.batch([
    write,
    db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, input.postId)).limit(1),
  ]);
  const row = rows[0];
  return row ? { liked: input.liked, likesCount: row.likesCount, created: input.liked && written.length > 0 } : null;
}
