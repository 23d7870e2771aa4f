// The search and discovery contract shared by the Worker and the SPA (spec social-feed-search §2
// Search and explore, §3 hashtags / user_recommendations / user_interactions / recommendation
// shown / search filters, §4 sort options and professions, §7 search profiles/posts/services,
// hashtags, user_recommendations, user_interactions, §9 search limits, recommendations and
// trending topics). Query schemas validate the URL state in the SPA and the query strings in the
// Worker; messages come from shared/messages.ts (SEARCH_TEXTS).
//
// Routes (JSON; every failure is the error envelope of shared/errors.ts). Every route is for
// signed-in users (401 'Authentication required' for visitors): §6 gives searching to signed-in
// users and keeps visitors to the landing page and /auth (decision record 0095).
//
//   GET  /api/search/explore   ?q=&contentType=&location=&profession=&sortBy=&verified=&hasServices=
//                              → ExploreResults: users (username/display name only, §7 "explore tab
//                              variant"), posts and hashtags, each at its §9 limit, and the posts'
//                              next cursor for /api/search/posts. With neither a query nor a filter
//                              every list is empty: the SPA shows recommendations.
//   GET  /api/search/users     ?q=&location=&profession=&sortBy=&verified=&hasServices=&cursor=
//                              → SearchUserPage (20). Empty without a query and a filter ('Start
//                              typing to search for users').
//   GET  /api/search/posts     ?q=&contentType=&location=&profession=&sortBy=&verified=&cursor=
//                              → PostPage (shared/posts-api.ts, 20).
//   GET  /api/search/hashtags  ?q= → HashtagList (10): case-insensitive contains, by usage.
//   GET  /api/search/services  ?q=&cursor= → ServiceSearchPage (15). Without a query: every
//                              service, newest first (§7 "read all services newest first"); with
//                              one, by relevance.
//   GET  /api/hashtags/trending ?limit= → TrendingTopics (12 by default, at most 50), by the
//                              trending score the 15-minute job computes, ties by usage.
//   POST /api/hashtags/:name/views → 204 always (like post views): one `view` interaction with
//                              the hashtag, at most one per viewer and tag per half hour. The
//                              hashtag screen calls it once when it opens.
//   GET  /api/recommendations  → Recommendations: the unexpired lists (10 people, 15 posts) by
//                              score. A user who has none yet gets them computed on this read.
//   POST /api/recommendations/refresh → Recommendations, computed now. 429 'Too Many Attempts'
//                              ('Please wait {n} minutes before trying again') over the
//                              `recommendations_refresh` rule.
//
// Paging: every people, posts and services list pages with `nextCursor`, whatever its sort
// (decision record 0095). The cursor names the last row a page consumed; the next page continues
// right after it, so rows that arrive between two pages are never repeated and never push others
// out. A page may hold fewer rows than the limit (a row hidden by moderation after ranking is
// consumed, not shown); only a null `nextCursor` ends a list. Hashtags answer one list of 10.
import { z } from "zod";
import { CONTENT_TYPES, RECOMMENDATION_REASONS, SEARCH_QUERY_MAX, SEARCH_SORTS, TEXT_LIMITS, type SearchSort } from "./constants";
import { searchCursorSchema } from "./cursor";
import type { PersonRef } from "./people";
import type { Post } from "./posts-api";
import type { ServiceCard } from "./catalogue";
import type { Page } from "./paging";

/** §3 search filter contentType: all, image, video, audio. */
export const SEARCH_CONTENT_TYPES = ["all", ...CONTENT_TYPES] as const;
export type SearchContentType = (typeof SEARCH_CONTENT_TYPES)[number];

/** §9 search limits. */
export const SEARCH_LIMITS = { users: 20, posts: 20, services: 15, hashtags: 10 } as const;

/** §9 trending topics: 12 by default, the first 5 listed in full. `max` is ours. */
export const TRENDING_LIMITS = { default: 12, listed: 5, max: 50 } as const;

/** §9 recommendations: 10 users and 15 posts stored, 5 shown before 'Show More Recommendations'. */
export const RECOMMENDATION_LIMITS = { users: 10, posts: 15, shown: 5 } as const;

/** §9 search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

export type RecommendationReason = (typeof RECOMMENDATION_REASONS)[number];

/** §9: the match percentage shown beside a recommendation is the score (0–10) times 10, rounded. */
export function matchPercent(score: number): number {
  return Math.round(Math.min(Math.max(score, 0), 10) * 10);
}

// ---------------------------------------------------------------------------------------------
// Query strings. Search state lives in the URL, so a stale or hand-edited link must still open:
// an unknown sort or content type falls back to the default and over-long text is cut, instead
// of answering 400. Only a cursor the server did not issue is refused ('Invalid cursor').

const textFilter = (max: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((raw) => (raw ?? "").trim().slice(0, max).trim());

/** "true" turns a toggle filter on; anything else (absent, "false", garbage) leaves it off. */
const toggleFilter = z
  .string()
  .optional()
  .catch(undefined)
  .transform((raw) => raw === "true" || raw === "1");

const searchText = textFilter(SEARCH_QUERY_MAX);

/** §3 search filters, as the Explore tab sends them (and the SPA keeps them in the URL): GET /api/search/explore. */
export const searchFiltersSchema = z.object({
  q: searchText,
  contentType: z.enum(SEARCH_CONTENT_TYPES).optional().catch(undefined).transform((v) => v ?? "all"),
  location: textFilter(TEXT_LIMITS.location),
  profession: textFilter(TEXT_LIMITS.profession),
  sortBy: z.enum(SEARCH_SORTS).optional().catch(undefined).transform((v): SearchSort => v ?? "relevance"),
  verified: toggleFilter,
  hasServices: toggleFilter,
});
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

/** GET /api/search/users and /api/search/posts: the filters and a cursor (any sort). */
export const searchPageQuerySchema = searchFiltersSchema.extend({ cursor: searchCursorSchema.optional() });

/** GET /api/search/hashtags */
export const hashtagSearchQuerySchema = z.object({ q: searchText });

/** GET /api/search/services */
export const serviceSearchQuerySchema = z.object({ q: searchText, cursor: searchCursorSchema.optional() });

/** GET /api/hashtags/trending: a limit out of range is clamped, like every paging hint. */
export const trendingQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .catch(undefined)
    .transform((raw) => {
      const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
      return Number.isFinite(n) ? Math.min(Math.max(n, 1), TRENDING_LIMITS.max) : TRENDING_LIMITS.default;
    }),
});

/**
 * True when there is no query and no filter: Explore then shows recommendations (§2). A sort on
 * its own is not a filter: it orders nothing.
 */
export function isEmptySearch(filters: SearchFilters): boolean {
  return (
    filters.q === "" &&
    filters.contentType === "all" &&
    filters.location === "" &&
    filters.profession === "" &&
    !filters.verified &&
    !filters.hasServices
  );
}

// ---------------------------------------------------------------------------------------------
// Responses

/** A person in search results and recommendations, with the Follow/Unfollow state (§2 Users). */
export interface SearchUser extends PersonRef {
  /** Never empty: the username when no display name was chosen. */
  displayName: string;
  profession: string | null;
  location: string | null;
  bio: string | null;
  followerCount: number;
  postCount: number;
  viewer: {
    /** The viewer's own row: no Follow button (§6). */
    isSelf: boolean;
    following: boolean;
  };
}

/** `nextCursor`: opaque, for every sort; null on the last page. */
export type SearchUserPage = Page<SearchUser>;

/** §3 hashtags: id, name (without '#', lowercase), usage_count, trending_score. */
export interface HashtagSummary {
  id: string;
  name: string;
  usageCount: number;
  trendingScore: number;
}

export interface HashtagList {
  items: HashtagSummary[];
}

export interface ExploreResults {
  users: SearchUser[];
  posts: Post[];
  hashtags: HashtagSummary[];
  /** The posts list's next page: GET /api/search/posts with the same query and filters and this cursor; null when there is none. */
  postsNextCursor: string | null;
}

/** §2 Services tab: the service card (with §9's price line) and its author. Links to /service/{id}. */
export interface ServiceSearchResult extends ServiceCard {
  author: PersonRef;
}

export type ServiceSearchPage = Page<ServiceSearchResult>;

/** §9 trending topics: rank (1-based), post count and the rounded score; the badge is the UI's. */
export interface TrendingTopic {
  rank: number;
  id: string;
  name: string;
  /** Posts carrying the tag (hashtags.usage_count). */
  postCount: number;
  /** The trending score rounded to a whole number, as listed. */
  score: number;
}

export interface TrendingTopics {
  items: TrendingTopic[];
}

/** §3 "recommendation shown to the user": the person, why, and the score 0–10. */
export interface UserRecommendation {
  userId: string;
  reason: RecommendationReason;
  /** 0–10, one decimal. */
  score: number;
  /** score × 10, rounded (matchPercent). */
  matchPercent: number;
  profile: SearchUser;
}

export interface PostRecommendation {
  postId: string;
  reason: RecommendationReason;
  score: number;
  matchPercent: number;
  post: Post;
}

export interface Recommendations {
  /** By score, at most 10. */
  users: UserRecommendation[];
  /** By score, at most 15. */
  posts: PostRecommendation[];
  /** When these were computed; null when there are none. */
  generatedAt: number | null;
  /** When they expire (the nightly job computes new ones before then); null when there are none. */
  expiresAt: number | null;
}
