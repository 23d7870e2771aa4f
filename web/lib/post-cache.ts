// One way to change a post wherever it is cached: the feed, /post/{id}, /bookmarks, a profile's
// or a hashtag's list. Features never import each other, so no feature can name another's query
// keys; instead each feature's api.ts describes the posts in its own caches with typed functions
// over its own key factory and data shapes (as Bluesky's findAllPostsInQueryData does per query
// module) and registers them here when it loads. A cache can only exist once the module that
// builds its keys has loaded, so every cached copy of a post is reachable.
//
// Writes go through setQueryData, whose structural sharing keeps every untouched object
// identical, so only the cards showing the changed post re-render.
import type { QueryClient } from "@tanstack/react-query";
import type { Post } from "@shared/posts-api";

export interface PostCache {
  /** Rewrites every copy of post `postId` in this feature's caches with `fn`. */
  patchPost(queryClient: QueryClient, postId: string, fn: (post: Post) => Post): void;
  /** Marks this feature's post lists stale and refetches the ones on screen. */
  invalidateLists(queryClient: QueryClient): Promise<void>;
}

const caches = new Set<PostCache>();

/** Called once by each feature's api.ts that caches posts. */
export function registerPostCache(cache: PostCache): void {
  caches.add(cache);
}

/** Applies `fn` to every cached copy of post `postId`, in every feature. */
export function patchPostEverywhere(queryClient: QueryClient, postId: string, fn: (post: Post) => Post): void {
  for (const cache of caches) cache.patchPost(queryClient, postId, fn);
}

/**
 * Marks every cached post list stale and refetches the ones on screen, so a follow or unfollow
 * shows in the feed at once (the feed reads follows live on the server).
 */
export async function invalidatePostLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([...caches].map((cache) => cache.invalidateLists(queryClient)));
}

/** A list page with `fn` applied to the post `postId`; the same page when it is not there. */
export function patchPostInPage<Page extends { items: Post[] }>(page: Page, postId: string, fn: (post: Post) => Post): Page {
  if (!page.items.some((item) => item.id === postId)) return page;
  return { ...page, items: page.items.map((item) => (item.id === postId ? fn(item) : item)) };
}
