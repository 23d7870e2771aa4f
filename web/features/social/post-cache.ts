// Likes, bookmarks and comment counts change a post wherever it is shown: the feed, /post/{id},
// /bookmarks, a profile's or a hashtag's list, search results. Rather than knowing every other
// feature's query keys (features never import each other), this walks the cached query data
// and rewrites each object that is a Post (shared/posts-api.ts) with the given id, keeping every
// untouched object identical so React Query's structural sharing re-renders only what changed.
// This is the idea behind Bluesky's findAllPostsInQueryData.
import type { QueryClient } from "@tanstack/react-query";
import type { Post } from "../../../shared/posts-api";

/** True for an object with the Post contract's identity, counters and viewer flags. */
export function isPost(value: unknown): value is Post {
  if (!value || typeof value !== "object") return false;
  const candidate = value as Partial<Post>;
  return (
    typeof candidate.id === "string" &&
    typeof candidate.likesCount === "number" &&
    typeof candidate.commentsCount === "number" &&
    typeof candidate.viewer === "object" &&
    candidate.viewer !== null &&
    typeof candidate.viewer.liked === "boolean"
  );
}

/** Returns `value` with every matching post replaced by `fn(post)`; the same reference if none matched. */
function rewrite(value: unknown, postId: string, fn: (post: Post) => Post, depth: number): unknown {
  // Query data is shallow (pages → items → post); the bound keeps a pathological value cheap.
  if (depth > 6 || !value || typeof value !== "object") return value;
  if (isPost(value)) return value.id === postId ? fn(value) : value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const out = rewrite(item, postId, fn, depth + 1);
      if (out !== item) changed = true;
      return out;
    });
    return changed ? next : value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const out = rewrite(item, postId, fn, depth + 1);
    if (out !== item) changed = true;
    next[key] = out;
  }
  return changed ? next : value;
}

/** Applies `fn` to every cached copy of post `postId`. */
export function patchPostEverywhere(queryClient: QueryClient, postId: string, fn: (post: Post) => Post): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = rewrite(data, postId, fn, 0);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** Sets the viewer's like state and the like count on every cached copy of a post. */
export function setLikeEverywhere(queryClient: QueryClient, postId: string, liked: boolean, likesCount: number): void {
  patchPostEverywhere(queryClient, postId, (post) =>
    post.viewer.liked === liked && post.likesCount === likesCount ? post : { ...post, likesCount, viewer: { ...post.viewer, liked } },
  );
}

export function setBookmarkedEverywhere(queryClient: QueryClient, postId: string, bookmarked: boolean): void {
  patchPostEverywhere(queryClient, postId, (post) =>
    post.viewer.bookmarked === bookmarked ? post : { ...post, viewer: { ...post.viewer, bookmarked } },
  );
}

export function setCommentsCountEverywhere(queryClient: QueryClient, postId: string, commentsCount: number): void {
  patchPostEverywhere(queryClient, postId, (post) => (post.commentsCount === commentsCount ? post : { ...post, commentsCount }));
}

/** A cached list of posts: InfiniteData whose pages hold only posts (an empty list counts). */
export function isPostList(data: unknown): boolean {
  if (!data || typeof data !== "object") return false;
  const pages = (data as { pages?: unknown }).pages;
  return (
    Array.isArray(pages) &&
    pages.every((page) => {
      const items = (page as { items?: unknown } | null)?.items;
      return Array.isArray(items) && items.every(isPost);
    })
  );
}

/**
 * Marks every cached post list stale and refetches the ones on screen, so a follow or unfollow
 * shows in the feed at once (the feed reads follows live on the server).
 */
export function invalidatePostLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isPostList(query.state.data) });
}
