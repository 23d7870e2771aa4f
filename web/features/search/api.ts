// Search and discovery API for the SPA (first document §2 Search and explore, §7 search,
// hashtags, user_recommendations and user_interactions; the contract in shared/search-api.ts):
// a key factory, query options per tab, the hashtag view and the recommendations refresh. Calls
// go through the typed hc client and `unwrap`, so a renamed field breaks the build and every
// failure is an ApiClientError. Posts in these caches are registered with web/lib/post-cache.ts,
// so a like or a bookmark made on a search result shows everywhere.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page } from "@shared/paging";
import type { Post } from "@shared/posts-api";
import type {
  ExploreResults,
  HashtagList,
  Recommendations,
  SearchUserPage,
  ServiceSearchPage,
  TrendingTopics,
} from "@shared/search-api";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, cursorParam, type LoadedPages } from "@web/lib/paging";
import { patchPostInPage, registerPostCache } from "@web/lib/post-cache";
import type { SearchFilters } from "./search-params";

/** §7: the trending list is read 20 at a time; §9 shows 12 of them before 'Show {n} More Topics'. */
const TRENDING_FETCHED = 20;

const searchKeys = {
  all: ["search"] as const,
  explore: (query: string, filters: SearchFilters) => [...searchKeys.all, "explore", query, filters] as const,
  explorePosts: (query: string, filters: SearchFilters, from: string) => [...searchKeys.all, "explore-posts", query, filters, from] as const,
  users: (query: string, filters: SearchFilters) => [...searchKeys.all, "users", query, filters] as const,
  hashtags: (query: string) => [...searchKeys.all, "hashtags", query] as const,
  services: (query: string) => [...searchKeys.all, "services", query] as const,
  trending: () => [...searchKeys.all, "trending"] as const,
  recommendations: () => [...searchKeys.all, "recommendations"] as const,
};

/** The filters as the API's query string: defaults left out, toggles as "true". */
function filterQuery(query: string, filters: SearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (query) out.q = query;
  if (filters.contentType) out.contentType = filters.contentType;
  if (filters.location) out.location = filters.location;
  if (filters.profession) out.profession = filters.profession;
  if (filters.sortBy) out.sortBy = filters.sortBy;
  if (filters.verified) out.verified = "true";
  if (filters.hasServices) out.hasServices = "true";
  return out;
}

export const searchCalls = {
  explore: (query: string, filters: SearchFilters, signal?: AbortSignal): Promise<ExploreResults> =>
    unwrap(api.api.search.explore.$get({ query: filterQuery(query, filters) }, { init: { signal } })),
  users: (query: string, filters: SearchFilters, cursor: string | null, signal?: AbortSignal): Promise<SearchUserPage> =>
    unwrap(api.api.search.users.$get({ query: { ...filterQuery(query, filters), ...cursorParam(cursor) } }, { init: { signal } })),
  posts: (query: string, filters: SearchFilters, cursor: string | null, signal?: AbortSignal): Promise<Page<Post>> =>
    unwrap(api.api.search.posts.$get({ query: { ...filterQuery(query, filters), ...cursorParam(cursor) } }, { init: { signal } })),
  hashtags: (query: string, signal?: AbortSignal): Promise<HashtagList> => unwrap(api.api.search.hashtags.$get({ query: { q: query } }, { init: { signal } })),
  services: (query: string, cursor: string | null, signal?: AbortSignal): Promise<ServiceSearchPage> =>
    unwrap(api.api.search.services.$get({ query: { ...(query ? { q: query } : {}), ...cursorParam(cursor) } }, { init: { signal } })),
  trending: (signal?: AbortSignal): Promise<TrendingTopics> =>
    unwrap(api.api.hashtags.trending.$get({ query: { limit: String(TRENDING_FETCHED) } }, { init: { signal } })),
  recommendations: (signal?: AbortSignal): Promise<Recommendations> => unwrap(api.api.recommendations.$get({}, { init: { signal } })),
  refreshRecommendations: (): Promise<Recommendations> => unwrap(api.api.recommendations.refresh.$post()),
  /** Answers 204; like post views, a failure is only logged (first document §8). */
  recordHashtagView: async (name: string): Promise<void> => {
    try {
      const res = await api.api.hashtags[":name"].views.$post({ param: { name } });
      if (!res.ok) console.warn(`Recording a view of #${name} failed with ${res.status}`);
    } catch (error) {
      console.warn(`Recording a view of #${name} failed:`, error);
    }
  },
};

export function exploreQueryOptions(query: string, filters: SearchFilters) {
  return queryOptions({
    queryKey: searchKeys.explore(query, filters),
    queryFn: ({ signal }) => searchCalls.explore(query, filters, signal),
  });
}

export function userSearchInfiniteQueryOptions(query: string, filters: SearchFilters) {
  return infiniteQueryOptions({
    queryKey: searchKeys.users(query, filters),
    queryFn: ({ pageParam, signal }) => searchCalls.users(query, filters, pageParam, signal),
    ...cursorPages,
  });
}

/**
 * Explore's posts after its first page (ExploreResults.postsNextCursor): /api/search/posts with
 * the same query and filters, from that cursor on.
 */
export function explorePostsInfiniteQueryOptions(query: string, filters: SearchFilters, from: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.explorePosts(query, filters, from),
    queryFn: ({ pageParam, signal }) => searchCalls.posts(query, filters, pageParam, signal),
    initialPageParam: from as string | null,
    getNextPageParam: cursorPages.getNextPageParam,
  });
}

export function hashtagSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: searchKeys.hashtags(query),
    queryFn: ({ signal }) => searchCalls.hashtags(query, signal),
  });
}

export function serviceSearchInfiniteQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.services(query),
    queryFn: ({ pageParam, signal }) => searchCalls.services(query, pageParam, signal),
    ...cursorPages,
  });
}

export function trendingQueryOptions() {
  return queryOptions({
    queryKey: searchKeys.trending(),
    queryFn: ({ signal }) => searchCalls.trending(signal),
    // The job recomputes scores every 15 minutes; a minute-old list is as good as a fresh one.
    staleTime: 60_000,
  });
}

export function recommendationsQueryOptions() {
  return queryOptions({
    queryKey: searchKeys.recommendations(),
    queryFn: ({ signal }) => searchCalls.recommendations(signal),
    staleTime: 5 * 60_000,
  });
}

/** The refresh button of §9: new recommendations replace the cached ones. */
export function useRefreshRecommendations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => searchCalls.refreshRecommendations(),
    onSuccess: (fresh) => queryClient.setQueryData(searchKeys.recommendations(), fresh),
  });
}

// Explore results and recommended posts hold posts; registered so likes, bookmarks, comment
// counts and edits reach their copies too.
registerPostCache({
  patchPost: (queryClient, postId, fn: (post: Post) => Post) => {
    queryClient.setQueriesData<ExploreResults>({ queryKey: [...searchKeys.all, "explore"] }, (data) =>
      data ? { ...data, posts: patchPostInPage({ items: data.posts }, postId, fn).items } : data,
    );
    queryClient.setQueriesData<LoadedPages<Post>>({ queryKey: [...searchKeys.all, "explore-posts"] }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => patchPostInPage(page, postId, fn)) } : data,
    );
    queryClient.setQueryData<Recommendations>(searchKeys.recommendations(), (data) =>
      data && data.posts.some((item) => item.postId === postId)
        ? { ...data, posts: data.posts.map((item) => (item.postId === postId ? { ...item, post: fn(item.post) } : item)) }
        : data,
    );
  },
  invalidateLists: async (queryClient) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...searchKeys.all, "explore"] }),
      queryClient.invalidateQueries({ queryKey: [...searchKeys.all, "explore-posts"] }),
    ]);
  },
});
