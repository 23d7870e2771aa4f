// What the social actions change on a post: the viewer's like and the like count, the bookmark
// flag, the comment count. Each goes through web/lib/post-cache.ts, which reaches every cached
// copy of the post in every feature (feed, /post/{id}, /bookmarks, profiles, hashtags).
import type { QueryClient } from "@tanstack/react-query";
import { patchPostEverywhere } from "@web/lib/post-cache";

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
