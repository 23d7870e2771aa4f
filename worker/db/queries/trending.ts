// Trending hashtags (spec social-feed-search §7 hashtags "read ordered by trending_score", the
// update_hashtag_trending_scores procedure; §9 trending topics). The job that writes the scores
// is worker/cron/hashtag-trending.ts; the formula is decision record 0032.
import { desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { TrendingTopic } from "@shared/search-api";
import type { Db } from "../client";
import { hashtags } from "../schema";

export interface HashtagAuthorCounts {
  hashtagId: string;
  /** Distinct authors who used the tag in [dayStart, until). */
  observed: number;
  /** Distinct authors who used it in [since, dayStart): the day before. */
  expected: number;
}

/**
 * Distinct authors per hashtag in the last day and the day before, from the posts of the last two
 * days: a range of posts_created_idx, then each post's tags by the post_hashtags primary key.
 * Exported (as SQL) for the query-plan tests.
 */
export function hashtagAuthorCountsSql(window: { since: number; dayStart: number; until: number }): SQL {
  return sql`
    select ph.hashtag_id as hashtagId,
      count(distinct case when p.created_at >= ${window.dayStart} then p.user_id end) as observed,
      count(distinct case when p.created_at < ${window.dayStart} then p.user_id end) as expected
    from posts p join post_hashtags ph on ph.post_id = p.id
    where p.created_at >= ${window.since} and p.created_at < ${window.until}
    group by ph.hashtag_id`;
}

export function hashtagAuthorCounts(db: Db, window: { since: number; dayStart: number; until: number }): Promise<HashtagAuthorCounts[]> {
  return db.all<HashtagAuthorCounts>(hashtagAuthorCountsSql(window));
}

/** Tags that carry a score now (hashtags_trending_idx range), with when it was computed. */
export function scoredHashtags(db: Db) {
  return db
    .select({ id: hashtags.id, trendingScore: hashtags.trendingScore, scoredAt: hashtags.updatedAt })
    .from(hashtags)
    .where(gt(hashtags.trendingScore, 0));
}

/**
 * Writes new scores, each with the time it was computed in updated_at (the trending job is the
 * only writer of that column: tagging a post inserts or leaves the row, and usage_count follows
 * by trigger without touching it). Batched, so a run is a handful of round trips.
 */
export async function saveTrendingScores(db: Db, scores: { id: string; score: number }[], now: number): Promise<void> {
  const CHUNK = 50;
  for (let i = 0; i < scores.length; i += CHUNK) {
    const statements = scores
      .slice(i, i + CHUNK)
      .map(({ id, score }) => db.update(hashtags).set({ trendingScore: score, updatedAt: now }).where(eq(hashtags.id, id)));
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
}

/**
 * The trending list: by score, then by usage, so a quiet network still shows its biggest topics.
 * Only tags some post still carries. A walk of hashtags_trending_idx; ties sort among the top.
 */
export function trendingHashtagsQuery(db: Db, limit: number) {
  return db
    .select({ id: hashtags.id, name: hashtags.name, usageCount: hashtags.usageCount, trendingScore: hashtags.trendingScore })
    .from(hashtags)
    // The unary + keeps SQLite from answering through hashtags_usage_idx and sorting every tag.
    .where(sql`+${hashtags.usageCount} > 0`)
    .orderBy(desc(hashtags.trendingScore), desc(hashtags.usageCount), desc(hashtags.id))
    .limit(limit);
}

/** §9: the list with rank (1-based), post count and the rounded score. */
export async function listTrendingTopics(db: Db, limit: number): Promise<TrendingTopic[]> {
  const rows = await trendingHashtagsQuery(db, limit);
  return rows.map((row, i) => ({ rank: i + 1, id: row.id, name: row.name, postCount: row.usageCount, score: Math.round(row.trendingScore) }));
}
