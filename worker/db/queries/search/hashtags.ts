// Search for hashtags (spec social-feed-search §7 hashtags "search by name").
import { and, desc, sql } from "drizzle-orm";
import type { HashtagSummary } from "@shared/search-api";
import type { Db } from "../../client";
import { hashtags } from "../../schema";

/** What a hashtag search looks for: the name as stored (lowercase, without '#'). */
function hashtagNeedle(raw: string): string {
  return raw.trim().replace(/^#+/, "").replace(/\s+/g, "").toLowerCase();
}

/**
 * §7 "search by name, case-insensitive contains, by usage_count descending, limit 10": a walk of
 * hashtags_usage_idx from the most used, stopping at the limit. instr() is a plain substring test,
 * so '%' or '_' in the query are characters, not patterns.
 */
export function hashtagSearchQuery(db: Db, options: { q: string; limit: number }) {
  return db
    .select({ id: hashtags.id, name: hashtags.name, usageCount: hashtags.usageCount, trendingScore: hashtags.trendingScore })
    .from(hashtags)
    .where(and(sql`instr(${hashtags.name}, ${hashtagNeedle(options.q)}) > 0`, sql`${hashtags.usageCount} > 0`))
    .orderBy(desc(hashtags.usageCount), desc(hashtags.id))
    .limit(options.limit);
}

export async function searchHashtags(db: Db, options: { q: string; limit: number }): Promise<HashtagSummary[]> {
  if (hashtagNeedle(options.q) === "") return [];
  return hashtagSearchQuery(db, options);
}
