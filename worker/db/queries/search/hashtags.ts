// Search for hashtags (spec social-feed-search §7 hashtags "search by name"), with near misses
// for a misspelt tag (decision record 0095).
import { and, desc, sql } from "drizzle-orm";
import type { HashtagSummary } from "@shared/search-api";
import { fuzzyDistance, fuzzyWords, trigramMatchExpression } from "../../../lib/fuzzy";
import type { Db } from "../../client";
import { hashtags } from "../../schema";

/** How many trigram matches (by bm25) the near-miss list weighs by edit distance. */
const FUZZY_CANDIDATES = 50;

/** What a hashtag search looks for: the name as stored (lowercase, without '#'). */
function hashtagNeedle(raw: string): string {
  return raw.trim().replace(/^#+/, "").replace(/\s+/g, "").toLowerCase();
}

const summary = { id: hashtags.id, name: hashtags.name, usageCount: hashtags.usageCount, trendingScore: hashtags.trendingScore };

/**
 * §7 "search by name, case-insensitive contains, by usage_count descending, limit 10": a walk of
 * hashtags_usage_idx from the most used, stopping at the limit. instr() is a plain substring test,
 * so '%' or '_' in the query are characters, not patterns. So a prefix ("mixin") finds its tags.
 */
export function hashtagSearchQuery(db: Db, options: { q: string; limit: number }) {
  return db
    .select(summary)
    .from(hashtags)
    .where(and(sql`instr(${hashtags.name}, ${hashtagNeedle(options.q)}) > 0`, sql`${hashtags.usageCount} > 0`))
    .orderBy(desc(hashtags.usageCount), desc(hashtags.id))
    .limit(options.limit);
}

/**
 * Near misses of a misspelt tag ("mixng"): tags sharing three-letter pieces with it in
 * hashtags_trigram, best by bm25 first, that do not contain it. Exported (as SQL) for the
 * query-plan tests.
 */
export function fuzzyHashtagQuery(db: Db, needle: string, trigrams: string) {
  return db
    .select(summary)
    .from(sql`(select rowid as k, bm25(hashtags_trigram) as s from hashtags_trigram where hashtags_trigram match ${trigrams} order by s limit ${FUZZY_CANDIDATES}) tri`)
    .innerJoin(hashtags, sql`${hashtags}.rowid = tri.k`)
    .where(and(sql`instr(${hashtags.name}, ${needle}) = 0`, sql`${hashtags.usageCount} > 0`))
    .orderBy(sql`tri.s`);
}

/** The tags containing the words by usage, then, while the list has room, the near misses closest to them (by edits, then usage). */
export async function searchHashtags(db: Db, options: { q: string; limit: number }): Promise<HashtagSummary[]> {
  const needle = hashtagNeedle(options.q);
  if (needle === "") return [];
  const found = await hashtagSearchQuery(db, options);
  const trigrams = trigramMatchExpression(needle);
  if (found.length >= options.limit || trigrams === null) return found;
  const near = (await fuzzyHashtagQuery(db, needle, trigrams))
    .map((tag) => ({ tag, distance: fuzzyDistance(fuzzyWords(needle), tag.name) }))
    .filter((candidate): candidate is { tag: HashtagSummary; distance: number } => candidate.distance !== null)
    .sort((a, b) => a.distance - b.distance || b.tag.usageCount - a.tag.usageCount);
  return [...found, ...near.map(({ tag }) => tag)].slice(0, options.limit);
}
