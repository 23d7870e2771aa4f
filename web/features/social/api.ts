// Social API for the SPA (spec social-feed-search §4 like/bookmark/comment reply/follow, §7
// post_likes, bookmarks, comments, follows; the social contract): key factories, query options
// and the calls. Every call goes through the 401 → refresh → retry client and `unwrap`, so a
// failure arrives as an ApiClientError carrying the server's spec-exact message.
import { infiniteQueryOptions, queryOptions, type InfiniteData } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, cursorParam, pageQuery } from "@web/lib/paging";
import { patchPostInPage, registerPostCache } from "@web/lib/post-cache";
import { joinPage } from "./comments-cache";
import type { BookmarkPage, BookmarkState, Comment, CommentPage, CommentsSince, FollowState, LikeState, ReplyPage } from "./types";

export const socialKeys = {
  all: ["social"] as const,
  comments: (postId: string) => [...socialKeys.all, "comments", postId] as const,
  bookmarks: () => [...socialKeys.all, "bookmarks"] as const,
  follow: (userId: string) => [...socialKeys.all, "follow", userId] as const,
  /** Mutation keys: a bookmark toggle is ignored while one is in flight for the same post. */
  bookmarkMutation: (postId: string) => [...socialKeys.all, "bookmark-mutation", postId] as const,
};

export const socialCalls = {
  setLike: (postId: string, liked: boolean): Promise<LikeState> =>
    unwrap(api.api.posts[":postId"].like.$put({ param: { postId }, json: { liked } })),
  setBookmark: (postId: string, bookmarked: boolean): Promise<BookmarkState> =>
    unwrap(api.api.posts[":postId"].bookmark.$put({ param: { postId }, json: { bookmarked } })),
  bookmarks: (cursor: string | null, signal?: AbortSignal): Promise<BookmarkPage> =>
    unwrap(
      api.api.bookmarks.$get(
        { query: pageQuery(cursor) },
        { init: { signal } },
      ),
    ),
  /** A page of threads; `cursor` is the previous page's `nextCursor`, passed back unchanged. */
  comments: (postId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentPage> =>
    unwrap(api.api.posts[":postId"].comments.$get({ param: { postId }, query: cursorParam(cursor) }, { init: { signal } })) as Promise<CommentPage>,
  /** A thread's next replies after the server's `repliesCursor` (or a reply page's `nextCursor`). */
  replies: (commentId: string, cursor: string, signal?: AbortSignal): Promise<ReplyPage> =>
    unwrap(api.api.comments[":commentId"].replies.$get({ param: { commentId }, query: { cursor } }, { init: { signal } })),
  /**
   * Everything created after `since`, flat: the catch-up after a reconnect. `since` is the
   * server's cursor of the newest comment known (a page's `latest`, or a live comment's own
   * `cursor`); the client never builds one.
   */
  commentsSince: (postId: string, since: string, signal?: AbortSignal): Promise<CommentsSince> =>
    unwrap(api.api.posts[":postId"].comments.$get({ param: { postId }, query: { since } }, { init: { signal } })) as Promise<CommentsSince>,
  /** `atMs`: the moment of the post's audio the comment is pinned to, or null (decision record 0089). */
  addComment: (postId: string, content: string, parentId: string | null, atMs: number | null = null): Promise<Comment> =>
    unwrap(api.api.posts[":postId"].comments.$post({ param: { postId }, json: atMs === null ? { content, parentId } : { content, parentId, atMs } })),
  deleteComment: (commentId: string): Promise<unknown> => unwrap(api.api.comments[":commentId"].$delete({ param: { commentId } })),
  followStatus: (userId: string, signal?: AbortSignal): Promise<{ following: boolean }> =>
    unwrap(api.api.users[":userId"].follow.$get({ param: { userId } }, { init: { signal } })),
  setFollow: (userId: string, following: boolean): Promise<FollowState> =>
    unwrap(api.api.users[":userId"].follow.$put({ param: { userId }, json: { following } })),
};

/** A post's comment threads, a page of top-level comments at a time, oldest first. */
export function commentsInfiniteQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: socialKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => socialCalls.comments(postId, pageParam, signal).then(joinPage),
    // Spelled out: the joined view is not a plain page, and TypeScript would not infer it from a spread.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The socket keeps an open list current; a reopened dialog shows the cache and refreshes it.
    staleTime: 0,
  });
}

/** The viewer's saved posts, newest bookmark first (marketplace-messaging-account §2 /bookmarks). */
export function bookmarksInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: socialKeys.bookmarks(),
    queryFn: ({ pageParam, signal }) => socialCalls.bookmarks(pageParam, signal),
    ...cursorPages,
  });
}

// The saved-posts list holds posts too; registered with web/lib/post-cache.ts so likes, comment
// counts and edits reach its copies.
registerPostCache({
  patchPost: (queryClient, postId, fn) =>
    queryClient.setQueryData<InfiniteData<BookmarkPage, string | null>>(socialKeys.bookmarks(), (data) =>
      data ? { ...data, pages: data.pages.map((page) => patchPostInPage(page, postId, fn)) } : data,
    ),
  invalidateLists: (queryClient) => queryClient.invalidateQueries({ queryKey: socialKeys.bookmarks() }),
});

export function followQueryOptions(userId: string) {
  return queryOptions({
    queryKey: socialKeys.follow(userId),
    queryFn: ({ signal }) => socialCalls.followStatus(userId, signal),
    staleTime: 60_000,
  });
}
