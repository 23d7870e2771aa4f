// Search answers as the API gives them (shared/search-api.ts), and the routes every search
// screen test starts from.
import type { Recommendations, SearchUser, ServiceSearchResult, TrendingTopic, UserRecommendation } from "@shared/search-api";
import { SIGNED_IN } from "../auth/helpers";
import { NOW } from "../posts/fixtures";

export function makeUser(overrides: Partial<SearchUser> = {}): SearchUser {
  return {
    userId: "u2",
    username: "jonah",
    displayName: "Jonah Brooks",
    avatarUrl: null,
    verified: true,
    profession: "Mixing Engineer",
    location: "Atlanta, GA",
    bio: "Mixing records in a converted church.",
    followerCount: 340,
    postCount: 12,
    viewer: { isSelf: false, following: false },
    ...overrides,
  };
}

export function makeTopics(count: number): TrendingTopic[] {
  return Array.from({ length: count }, (_, index) => ({
    rank: index + 1,
    id: `h${index + 1}`,
    name: `topic${index + 1}`,
    postCount: 100 - index,
    score: 50 - index,
  }));
}

export function makeServiceResult(overrides: Partial<ServiceSearchResult> = {}): ServiceSearchResult {
  return {
    id: "s1",
    userId: "u2",
    name: "Mix a single",
    description: "Full mix with two revisions.",
    category: "mixing",
    needsScheduling: true,
    pricingModel: "hourly",
    priceCents: 4500,
    packagePriceCents: null,
    priceLabel: "$45/hour",
    turnaroundDays: 5,
    createdAt: NOW - 86_400_000,
    rating: { average: 4.5, count: 2 },
    author: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null, verified: true },
    ...overrides,
  };
}

export function makeRecommendations(count: number): Recommendations {
  const reasons = ["similar_interests", "mutual_connections", "trending", "location_based"] as const;
  const users: UserRecommendation[] = Array.from({ length: count }, (_, index) => {
    const score = 9.66 - index * 0.5;
    return {
      userId: `r${index + 1}`,
      reason: reasons[index % reasons.length]!,
      score,
      matchPercent: Math.round(score * 10),
      profile: makeUser({ userId: `r${index + 1}`, username: `pick${index + 1}`, displayName: `Pick ${index + 1}` }),
    };
  });
  return { users, posts: [], generatedAt: NOW, expiresAt: NOW + 86_400_000 };
}

export const emptyExplore = { users: [], posts: [], hashtags: [], postsNextCursor: null };
export const emptyPage = { items: [], nextCursor: null };

/** A signed-in viewer whose recommendations and trending lists answer with something. */
export function baseRoutes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/recommendations": makeRecommendations(3),
    "GET /api/hashtags/trending": { items: makeTopics(12) },
    ...overrides,
  };
}
