// Posts API for the SPA (spec social-feed-search §2 feed, §3 post, §4 post deletion, §7 posts and
// post_views; the posts & media contract): a key factory, query options for every post list
// (keyset cursor, useInfiniteQuery) and single posts, the edit/delete mutations, and the cache
// helpers other screens use after creating, editing or deleting a post. The posts in these caches
// are registered with web/lib/post-cache.ts, so a like or a bookmark elsewhere patches them too.
//
// Calls go through the typed hc client (401 → one refresh → one retry) and `unwrap`, so a renamed
// field breaks the build and every failure arrives as an ApiClientError carrying the server's
// spec-exact message. The shapes are the contract types in shared/posts-api.ts.
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { Post, PostPage } from "@shared/posts-api";
import type { MarkerPage } from "@shared/social-api";
import type { UpdatePostInput } from "@shared/schemas/post";
import { api, unwrap } from "@web/lib/api-client";
import { commentMarkersKey } from "@web/lib/audio-moments";
import { cursorPages, cursorParam, mapLoadedItems, pageQuery } from "@web/lib/paging";
import { patchPostEverywhere, patchPostInPage, registerPostCache } from "@web/lib/post-cache";

/** Where a list of posts comes from; each has its own cache entry. */
export type PostListSource =
  | { kind: "feed" }
  | { kind: "all" }
  | { kind: "user"; userId: string }
  | { kind: "hashtag"; name: string };

export const postKeys = {
  all: ["posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  list: (source: PostListSource) => {
    switch (source.kind) {
      case "feed":
        return [...postKeys.lists(), "feed"] as const;
      case "all":
        return [...postKeys.lists(), "all"] as const;
      case "user":
        return [...postKeys.lists(), "user", source.userId] as const;
      case "hashtag":
        return [...postKeys.lists(), "hashtag", source.name.toLowerCase()] as const;
      default: {
        const unreachable: never = source;
        return unreachable;
      }
    }
  },
  feed: () => postKeys.list({ kind: "feed" }),
  details: () => [...postKeys.all, "detail"] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const,
};

function listCall(source: PostListSource, query: { cursor?: string; limit: string }, init: RequestInit) {
  switch (source.kind) {
    case "feed":
      return api.api.feed.$get({ query }, { init });
    case "all":
      return api.api.posts.$get({ query }, { init });
    case "user":
      return api.api.users[":userId"].posts.$get({ param: { userId: source.userId }, query }, { init });
    case "hashtag":
      return api.api.hashtags[":name"].posts.$get({ param: { name: source.name }, query }, { init });
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

export const postCalls = {
  list: (source: PostListSource, cursor: string | null, signal?: AbortSignal): Promise<PostPage> =>
    unwrap(listCall(source, pageQuery(cursor), { signal })),
  get: (postId: string, signal?: AbortSignal): Promise<Post> => unwrap(api.api.posts[":postId"].$get({ param: { postId } }, { init: { signal } })),
  update: (postId: string, body: UpdatePostInput): Promise<Post> => unwrap(api.api.posts[":postId"].$patch({ param: { postId }, json: body })),
  remove: (postId: string) => unwrap(api.api.posts[":postId"].$delete({ param: { postId } })),
  /** A page of the post's comments pinned to moments of its audio, earliest moment first. */
  markers: (postId: string, cursor: string | null, signal?: AbortSignal): Promise<MarkerPage> =>
    unwrap(api.api.posts[":postId"].comments.markers.$get({ param: { postId }, query: cursorParam(cursor) }, { init: { signal } })),
  /** Answers 204; failures are only logged (spec §8: view-tracking failures are only logged). */
  recordView: async (postId: string): Promise<void> => {
    try {
      const res = await api.api.posts[":postId"].views.$post({ param: { postId } });
      if (!res.ok) console.warn(`Recording a view of post ${postId} failed with ${res.status}`);
    } catch (error) {
      console.warn(`Recording a view of post ${postId} failed:`, error);
    }
  },
};

type PostPages = InfiniteData<PostPage, string | null>;

export function postListInfiniteQueryOptions(source: PostListSource) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(source),
    queryFn: ({ pageParam, signal }) => postCalls.list(source, pageParam, signal),
    ...cursorPages,
  });
}

/** Posts by followed users plus the viewer's own, newest first (spec §2 /feed). */
export function feedInfiniteQueryOptions() {
  return postListInfiniteQueryOptions({ kind: "feed" });
}

/**
 * The waveform's markers: a post's pinned comments, a page (100) at a time. The social feature
 * invalidates the key when a pinned comment is added, arrives live or is deleted.
 */
export function commentMarkersInfiniteQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: commentMarkersKey(postId),
    queryFn: ({ pageParam, signal }) => postCalls.markers(postId, pageParam, signal),
    ...cursorPages,
  });
}

export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) => postCalls.get(postId, signal),
    // A missing post stays missing; retrying only delays the "Post not found" state.
    retry: false,
  });
}

// ---------------------------------------------------------------------------------------------
// Cache helpers. Lists are keyset pages, so edits are applied in place rather than refetched
// (a refetch of many pages costs many requests and can make the list jump).

// Every post list and single post of this feature, for web/lib/post-cache.ts.
registerPostCache({
  patchPost: (queryClient, postId, fn) => {
    queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => patchPostInPage(page, postId, fn)) } : data,
    );
    queryClient.setQueryData<Post>(postKeys.detail(postId), (post) => (post ? fn(post) : post));
  },
  invalidateLists: (queryClient) => queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
});

/** Removes a deleted post from every list and drops its detail entry. */
function removePostFromCaches(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
    mapLoadedItems(data, (items) => items.filter((item) => item.id !== postId)),
  );
  queryClient.removeQueries({ queryKey: postKeys.detail(postId), exact: true });
}

/**
 * Puts a post the viewer just created at the top of the lists it belongs to (their feed, all
 * posts, their own profile), so /feed shows it at once, then refetches those lists in the
 * background so everything else on the first page is current too.
 */
export function addCreatedPostToCaches(queryClient: QueryClient, post: Post): void {
  const keys = [postKeys.feed(), postKeys.list({ kind: "all" }), postKeys.list({ kind: "user", userId: post.userId })];
  for (const key of keys) {
    queryClient.setQueryData<PostPages>(key, (data) => {
      if (!data || data.pages.length === 0) return data;
      const [first, ...rest] = data.pages;
      if (!first || first.items.some((item) => item.id === post.id)) return data;
      return { ...data, pages: [{ ...first, items: [post, ...first.items] }, ...rest] };
    });
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
  queryClient.setQueryData(postKeys.detail(post.id), post);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body }: { postId: string; body: UpdatePostInput }) => postCalls.update(postId, body),
    // The edited post replaces every cached copy, in this feature's lists and in others'.
    onSuccess: (post) => patchPostEverywhere(queryClient, post.id, () => post),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => postCalls.remove(postId),
    onSuccess: (_result, postId) => removePostFromCaches(queryClient, postId),
  });
}
