// Follows (spec social-feed-search §4 "Follow: not following to following and back", §7 follows;
// DESIGN.md "Public-profile Follow … follows"). follower_count and following_count on profiles
// follow the rows through triggers and are read back in the same batch as the write. The feed
// reads follows live (feedFilter in ./posts), so a follow shows in the next feed request.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { newId } from "../ids";
import { follows, profiles } from "../schema";

export interface FollowResult {
  following: boolean;
  followerCount: number;
  followingCount: number;
}

/**
 * Makes `followerId` follow (or stop following) `followingId`; null when the target has no
 * profile. The caller refuses self-follows first (the table's CHECK constraint is the backstop).
 * The insert selects from profiles, so an unknown target inserts nothing, and the unique pair
 * index turns a repeated follow into a no-op.
 */
export async function setFollow(
  db: Db,
  input: { followerId: string; followingId: string; following: boolean; now?: number },
): Promise<(FollowResult & { created: boolean }) | null> {
  const now = input.now ?? Date.now();
  const write = input.following
    ? db
        .insert(follows)
        .select(
          db
            .select({
              id: sql<string>`${newId()}`.as("id"),
              followerId: sql<string>`${input.followerId}`.as("follower_id"),
              followingId: profiles.userId,
              createdAt: sql<number>`${now}`.as("created_at"),
            })
            .from(profiles)
            .where(eq(profiles.userId, input.followingId)),
        )
        .onConflictDoNothing()
        .returning({ id: follows.id })
    : db
        .delete(follows)
        .where(and(eq(follows.followerId, input.followerId), eq(follows.followingId, input.followingId)))
        .returning({ id: follows.id });
  const [written, rows] = await db.batch([
    write,
    db
      .select({ followerCount: profiles.followerCount, followingCount: profiles.followingCount })
      .from(profiles)
      .where(eq(profiles.userId, input.followingId))
      .limit(1),
  ]);
  const row = rows[0];
  return row ? { following: input.following, followerCount: row.followerCount, followingCount: row.followingCount, created: input.following && written.length > 0 } : null;
}

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}

/** A profile one can follow or write to: it exists and its account was not deleted (0084). */
export async function profileExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), sql`not exists(select 1 from account_deletions ad where ad.user_id = ${profiles.userId} and ad.completed_at is not null)`))
    .limit(1);
  return rows.length > 0;
}
