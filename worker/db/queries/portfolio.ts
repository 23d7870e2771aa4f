// The portfolio (decision record 0053): the posts a user features on their
// profile, in their order, each with a title and a note.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PortfolioItem } from "@shared/portfolio-api";
import type { Db } from "../client";
import { newId } from "../ids";
import { portfolioItems, posts, profiles } from "../schema";
import { postSelection, toPost, type PostRow } from "./posts";

/**
 * One user's items in order, each with its post (portfolio_items_user_position_unique). The join
 * also requires the post to still be the user's, so the list can never show another's post.
 */
export function portfolioQuery(db: Db, userId: string, viewerId: string | null) {
  return db
    .select({
      ...postSelection(viewerId),
      itemPosition: portfolioItems.position,
      itemTitle: portfolioItems.title,
      itemNote: portfolioItems.note,
    })
    .from(portfolioItems)
    .innerJoin(posts, and(eq(posts.id, portfolioItems.postId), eq(posts.userId, portfolioItems.userId)))
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(eq(portfolioItems.userId, userId))
    .orderBy(asc(portfolioItems.position));
}

export async function listPortfolio(db: Db, userId: string, viewerId: string | null): Promise<PortfolioItem[]> {
  const rows = (await portfolioQuery(db, userId, viewerId)) as (PostRow & { itemPosition: number; itemTitle: string; itemNote: string })[];
  return rows.map((row) => ({ postId: row.id, position: row.itemPosition, title: row.itemTitle, note: row.itemNote, post: toPost(row, viewerId) }));
}

/** The owner of each of these posts that exists (at most a portfolio's worth of ids). */
export async function postOwners(db: Db, postIds: string[]): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.select({ id: posts.id, userId: posts.userId }).from(posts).where(inArray(posts.id, postIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/**
 * Replaces the user's portfolio with these items in this order, in one batch (one transaction),
 * so a reader never sees half a reorder. Each insert selects from the user's own post, so a post
 * deleted or not theirs by the time it runs is left out instead of failing a key.
 */
export async function replacePortfolio(db: Db, userId: string, items: { postId: string; title: string; note: string }[], now: number): Promise<void> {
  await db.batch([
    db.delete(portfolioItems).where(eq(portfolioItems.userId, userId)),
    ...items.map((item, position) =>
      db.insert(portfolioItems).select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            userId: posts.userId,
            postId: posts.id,
            position: sql<number>`${position}`.as("position"),
            title: sql<string>`${item.title}`.as("title"),
            note: sql<string>`${item.note}`.as("note"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(posts)
          .where(and(eq(posts.id, item.postId), eq(posts.userId, userId))),
      ),
    ),
  ]);
}
