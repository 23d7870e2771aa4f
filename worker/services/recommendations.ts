// generate_user_recommendations (spec social-feed-search §7) and the lists Explore shows (§2,
// §3 "recommendation shown to the user", §9: 10 people and 15 posts, score 0–10). Signals and
// weights are decision record 0033; every signal is one bounded query in
// worker/db/queries/recommendations.ts.
import { DAY_MS } from "@shared/constants";
import { matchPercent, RECOMMENDATION_LIMITS, type RecommendationReason, type Recommendations } from "@shared/search-api";
import type { Db } from "../db/client";
import { toPost } from "../db/queries/posts";
import {
  authorsOfHashtags,
  candidatePosts,
  followedIds,
  interactedPeople,
  interestHashtags,
  mutualConnections,
  popularPeople,
  popularRecentPosts,
  postsOfPeople,
  postsWithHashtags,
  postsWithTrendingHashtags,
  recommendationSubject,
  replaceRecommendations,
  sameLocation,
  sameProfession,
  storedPostRecommendationsQuery,
  storedUserRecommendationsQuery,
  type ScoredRecommendation,
  type StoredPostRow,
} from "../db/queries/recommendations";
import { toSearchUser } from "../db/queries/search";

/** Stored lists live this long; the nightly job replaces them before, for anyone signed in. */
export const RECOMMENDATION_TTL_MS = 2 * DAY_MS;
const MAX_SCORE = 10;

/** Points per signal (decision record 0033). Each signal is capped so no single one decides alone. */
const WEIGHTS = {
  mutualPerConnection: 2,
  mutualMax: 6,
  sameProfession: 2.5,
  sharedHashtagPer: 1.5,
  sharedHashtagMax: 4.5,
  sameLocation: 2,
  interactionPer: 1,
  interactionMax: 3,
  popularityMax: 2,
  postHashtagPer: 2,
  postHashtagMax: 6,
  postByMutual: 2,
  postTrendingMax: 4,
  postLikesMax: 3,
} as const;

/** One candidate's points per reason; its score is the sum and its reason the biggest part. */
class Tally {
  private readonly parts = new Map<string, Map<RecommendationReason, number>>();

  add(id: string, reason: RecommendationReason, points: number) {
    if (points <= 0) return;
    const parts = this.parts.get(id) ?? new Map<RecommendationReason, number>();
    parts.set(reason, (parts.get(reason) ?? 0) + points);
    this.parts.set(id, parts);
  }

  top(limit: number, type: "user" | "post"): ScoredRecommendation[] {
    return [...this.parts]
      .map(([targetId, parts]) => {
        const total = [...parts.values()].reduce((a, b) => a + b, 0);
        // Ties between reasons go to the first in this order: what people share beats what is popular.
        const order: RecommendationReason[] = ["mutual_connections", "similar_interests", "location_based", "trending"];
        const reason = order.reduce((best, r) => ((parts.get(r) ?? 0) > (parts.get(best) ?? 0) ? r : best), order[0]!);
        return { type, targetId, reason, score: Math.round(Math.min(total, MAX_SCORE) * 10) / 10 };
      })
      .sort((a, b) => b.score - a.score || a.targetId.localeCompare(b.targetId))
      .slice(0, limit);
  }
}

/**
 * Computes and stores one user's recommendations: 10 people and 15 posts, never the user, their
 * own posts, anyone they follow or posts of those, nor posts they already liked.
 */
export async function generateRecommendations(db: Db, userId: string, now: number): Promise<{ users: number; posts: number }> {
  const [me, followed, mutual, interests, interacted, popular] = await Promise.all([
    recommendationSubject(db, userId),
    followedIds(db, userId),
    mutualConnections(db, userId),
    interestHashtags(db, userId, now),
    interactedPeople(db, userId, now),
    popularPeople(db, userId),
  ]);
  const interestIds = interests.map((t) => t.id);
  const [professionPeers, locals, tagAuthors] = await Promise.all([
    me?.profession ? sameProfession(db, userId, me.profession) : Promise.resolve([]),
    me?.location ? sameLocation(db, userId, me.location) : Promise.resolve([]),
    authorsOfHashtags(db, userId, interestIds, now),
  ]);

  const excluded = (id: string) => id === userId || followed.has(id);
  const people = new Tally();
  for (const { id, n } of mutual) if (!excluded(id)) people.add(id, "mutual_connections", Math.min(n * WEIGHTS.mutualPerConnection, WEIGHTS.mutualMax));
  for (const { id } of professionPeers) if (!excluded(id)) people.add(id, "similar_interests", WEIGHTS.sameProfession);
  for (const { id, n } of tagAuthors) if (!excluded(id)) people.add(id, "similar_interests", Math.min(n * WEIGHTS.sharedHashtagPer, WEIGHTS.sharedHashtagMax));
  for (const { id, n } of interacted) if (!excluded(id)) people.add(id, "similar_interests", Math.min(n * WEIGHTS.interactionPer, WEIGHTS.interactionMax));
  for (const { id } of locals) if (!excluded(id)) people.add(id, "location_based", WEIGHTS.sameLocation);
  for (const { id, n } of popular) if (!excluded(id)) people.add(id, "trending", Math.min(Math.log10(n + 1), WEIGHTS.popularityMax));
  const topPeople = people.top(RECOMMENDATION_LIMITS.users, "user");

  const mutualIds = new Set(mutual.map((m) => m.id));
  const [tagged, trendingTagged, popularPosts, ofPeople] = await Promise.all([
    postsWithHashtags(db, interestIds, now),
    postsWithTrendingHashtags(db, now),
    popularRecentPosts(db, now),
    postsOfPeople(db, [...mutualIds].filter((id) => !excluded(id)).slice(0, 30)),
  ]);
  const candidates = await candidatePosts(db, userId, [...new Set([...tagged, ...trendingTagged, ...popularPosts, ...ofPeople])]);
  const interestSet = new Set(interestIds);
  const myPlace = me?.location?.trim().toLowerCase() || null;
  const postTally = new Tally();
  for (const post of candidates) {
    if (excluded(post.userId) || post.likedByMe) continue;
    const shared = (post.hashtagIds ?? "").split(",").filter((id) => interestSet.has(id)).length;
    postTally.add(post.id, "similar_interests", Math.min(shared * WEIGHTS.postHashtagPer, WEIGHTS.postHashtagMax));
    if (mutualIds.has(post.userId)) postTally.add(post.id, "mutual_connections", WEIGHTS.postByMutual);
    postTally.add(post.id, "trending", Math.min(post.trending / 4, WEIGHTS.postTrendingMax) + Math.min(Math.log2(post.likesCount + 1) / 2, WEIGHTS.postLikesMax));
    if (myPlace && post.location?.trim().toLowerCase() === myPlace) postTally.add(post.id, "location_based", WEIGHTS.sameLocation);
  }
  const topPosts = postTally.top(RECOMMENDATION_LIMITS.posts, "post");

  await replaceRecommendations(db, userId, [...topPeople, ...topPosts], now, now + RECOMMENDATION_TTL_MS);
  return { users: topPeople.length, posts: topPosts.length };
}

/** The stored, unexpired lists as Explore shows them. */
export async function readRecommendations(db: Db, userId: string, now: number): Promise<Recommendations> {
  const [people, postRows] = await Promise.all([
    storedUserRecommendationsQuery(db, userId, now, RECOMMENDATION_LIMITS.users),
    storedPostRecommendationsQuery(db, userId, now, RECOMMENDATION_LIMITS.posts) as Promise<StoredPostRow[]>,
  ]);
  const stamps = [...people.map((p) => [p.createdAt, p.expiresAt] as const), ...postRows.map((p) => [p.recCreatedAt, p.recExpiresAt] as const)];
  return {
    users: people.map((row) => ({
      userId: row.userId,
      reason: row.reason ?? "trending",
      score: row.score,
      matchPercent: matchPercent(row.score),
      profile: toSearchUser(row, userId),
    })),
    posts: postRows.map((row) => ({
      postId: row.id,
      reason: row.recReason ?? "trending",
      score: row.recScore,
      matchPercent: matchPercent(row.recScore),
      post: toPost(row, userId),
    })),
    generatedAt: stamps.length > 0 ? Math.max(...stamps.map(([created]) => created)) : null,
    expiresAt: stamps.length > 0 ? Math.min(...stamps.map(([, expires]) => expires)) : null,
  };
}
