// The saved-posts list (marketplace-messaging-account §2 /bookmarks; social-feed-search §7
// "Bookmarked posts are fetched with their post and author profile, newest first"): newest
// bookmark first, infinite scroll with a 'Load more' fallback, skeletons, an empty state, and the
// Error toast with a retry. The route renders each post (features never import each other).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Bookmark, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { POST_ERRORS } from "../../../../shared/messages";
import type { Post } from "../../../../shared/posts-api";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { notifyError } from "../../../components/ui/toast";
import { bookmarksInfiniteQueryOptions, socialKeys } from "../api";
import type { BookmarkPage } from "../types";

export const BOOKMARKS_EMPTY = { title: "No saved posts yet", hint: "Tap the bookmark on any post to keep it here for later." } as const;

export interface BookmarksListProps {
  renderPost: (post: Post, helpers: { index: number; removeFromList: (postId: string) => void }) => ReactNode;
  skeleton: ReactNode;
}

export function BookmarksList({ renderPost, skeleton }: BookmarksListProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(bookmarksInfiniteQueryOptions());
  const { data, error, errorUpdatedAt, fetchNextPage, hasNextPage, isFetchingNextPage, isPending, refetch, isFetchNextPageError } = query;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!error) return;
    notifyError(POST_ERRORS.loadPosts, {
      id: "bookmarks-list",
      action: { label: "Retry", onClick: () => void (isFetchNextPageError ? fetchNextPage() : refetch()) },
    });
    // errorUpdatedAt changes with every new failure, error alone may not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
      },
      { rootMargin: "800px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  /** After the owner deletes a saved post it leaves this list at once. */
  const removeFromList = useCallback(
    (postId: string) =>
      queryClient.setQueryData<{ pages: BookmarkPage[]; pageParams: (string | null)[] }>(socialKeys.bookmarks(), (current) =>
        current ? { ...current, pages: current.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== postId) })) } : current,
      ),
    [queryClient],
  );

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading saved posts">
        {skeleton}
        {skeleton}
      </div>
    );
  }

  if (!data) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center">
        <p className="text-sm text-muted-foreground">{POST_ERRORS.loadPosts}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  const posts = data.pages.flatMap((page) => page.items);
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="bookmarks-empty">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted">
          <Bookmark className="size-6 text-muted-foreground" aria-hidden />
        </span>
        <h2 className="font-display text-lg font-semibold">{BOOKMARKS_EMPTY.title}</h2>
        <p className="max-w-xs text-sm text-muted-foreground">{BOOKMARKS_EMPTY.hint}</p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-label="Saved posts">
        {posts.map((post, index) => (
          <li key={post.id}>{renderPost(post, { index, removeFromList })}</li>
        ))}
      </ol>
      <div ref={sentinelRef} aria-hidden className="h-px" />
      <div className="flex justify-center pb-4">
        {isFetchingNextPage ? (
          <Spinner label="Loading more posts" />
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            {isFetchNextPageError ? "Try again" : "Load more"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">That's everything you saved</p>
        )}
      </div>
    </div>
  );
}
