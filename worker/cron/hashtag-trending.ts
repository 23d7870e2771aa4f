// update_hashtag_trending_scores (spec social-feed-search §7), every 15 minutes: each hashtag's
// trending_score from how many distinct authors used it in the last day against the day before,
// in the manner of Mastodon's trending tags (decision record 0032):
//
//   expected = distinct authors in the previous day (at least 1)
//   observed = distinct authors in the last 24 hours
//   raw      = (observed − expected)² / expected   when observed > expected and observed ≥ 2, else 0
//   score    = max(raw, previous score halved every TRENDING_HALF_LIFE_MS since it was computed)
//
// Distinct authors, not posts, so one account posting a tag fifty times does not make it trend; a
// tag that is always big has observed ≈ expected and scores nothing, while a sudden spike of new
// voices scores high, then fades once the spike is over instead of dropping off the list at once.
import { DAY_MS, HOUR_MS } from "@shared/constants";
import { hashtagAuthorCounts, saveTrendingScores, scoredHashtags } from "../db/queries/trending";
import type { Ctx } from "../env";

/** Fewer distinct authors than this in a day is chatter, not a trend. */
const TRENDING_MIN_AUTHORS = 2;
/** A score no longer fed by new authors halves this often. */
export const TRENDING_HALF_LIFE_MS = 2 * HOUR_MS;
/** Below this a decayed score is written as 0, so the scored set stays small. */
const TRENDING_FLOOR = 0.01;

/** The raw score of one tag for one day's counts. */
export function rawTrendingScore(observed: number, expectedAuthors: number): number {
  const expected = Math.max(expectedAuthors, 1);
  if (observed < TRENDING_MIN_AUTHORS || observed <= expected) return 0;
  return (observed - expected) ** 2 / expected;
}

/** A past score, decayed for the time since it was computed. */
export function decayedScore(score: number, scoredAt: number, now: number): number {
  const elapsed = Math.max(now - scoredAt, 0);
  return score * 0.5 ** (elapsed / TRENDING_HALF_LIFE_MS);
}

export async function updateHashtagTrendingScores({ db, now }: Pick<Ctx, "db" | "now">) {
  const [counts, scored] = await Promise.all([
    hashtagAuthorCounts(db, { since: now - 2 * DAY_MS, dayStart: now - DAY_MS, until: now }),
    scoredHashtags(db),
  ]);
  const next = new Map<string, number>();
  for (const tag of scored) next.set(tag.id, decayedScore(tag.trendingScore, tag.scoredAt, now));
  for (const { hashtagId, observed, expected } of counts) {
    next.set(hashtagId, Math.max(next.get(hashtagId) ?? 0, rawTrendingScore(observed, expected)));
  }
  const previous = new Map(scored.map((tag) => [tag.id, tag.trendingScore]));
  const changes = [...next]
    .map(([id, score]) => ({ id, score: score < TRENDING_FLOOR ? 0 : Math.round(score * 1000) / 1000 }))
    // A tag that had no score and still has none needs no write.
    .filter(({ id, score }) => score !== 0 || (previous.get(id) ?? 0) !== 0);
  await saveTrendingScores(db, changes, now);
  return { scored: changes.filter((c) => c.score > 0).length, updated: changes.length };
}
