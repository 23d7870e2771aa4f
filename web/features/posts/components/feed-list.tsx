// A list of posts, newest first, paged with the keyset cursor (spec §2 feed screen): skeletons
// while the first page loads, infinite scroll through an IntersectionObserver sentinel with a
// 'Load more' button as the fallback, an empty state, and an Error toast with a retry when a
// page fails to load. /feed uses it with the feed source; profiles and hashtags can reuse it.
import { useInfiniteQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { POST_ERRORS } from "../../../../shared/messages";
import type { Post } from "../../../../shared/posts-api";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { notifyError } from "../../../components/ui/toast";
import { postListInfiniteQueryOptions, type PostListSource } from "../api";
import { PostCard } from "./post-card";
import { PostCardSkeleton } from "./post-card-skeleton";
import { FeedEmptyState } from "./feed-empty-state";

/** Start fetching the next page this far before the reader reaches the end. */
const PREFETCH_MARGIN = "800px";

export interface PostListProps {
  source: PostListSource;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** The spec's Error toast text for this list. */
  errorMessage?: string;
  /** Fills PostCard's action bar slot for each post. */
  renderActionBar?: (post: Post) => ReactNode;
  /** Fills PostCard's header slot for each post (the Follow button). */
  renderHeaderAction?: (post: Post) => ReactNode;
}

export function PostList({ source, empty, errorMessage = POST_ERRORS.loadPosts, renderActionBar, renderHeaderAction }: PostListProps) {
  const query = useInfiniteQuery(postListInfiniteQueryOptions(source));
  const { data, error, errorUpdatedAt, fetchNextPage, hasNextPage, isFetchingNextPage, isPending, refetch, isFetchNextPageError } = query;
  const sentinelRef = useRef<HTMLDivElement>(null);

  // One toast per failure, with the retry the spec's list screens offer.
  useEffect(() => {
    if (!error) return;
    notifyError(errorMessage, {
      id: `post-list-${JSON.stringify(source)}`,
      action: {
        label: "Retry",
        onClick: () => void (isFetchNextPageError ? fetchNextPage() : refetch()),
      },
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
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading posts">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }

  if (!data) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center">
        <p className="text-sm text-muted-foreground">{errorMessage}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  const posts = data.pages.flatMap((page) => page.items);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-label="Posts">
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} trackViews priority={index === 0} actionBar={renderActionBar?.(post)} headerAction={renderHeaderAction?.(post)} />
          </li>
        ))}
      </ol>
      <div ref={sentinelRef} aria-hidden className="h-px" data-testid="post-list-sentinel" />
      <div className="flex justify-center pb-4">
        {isFetchingNextPage ? (
          <Spinner label="Loading more posts" />
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            {isFetchNextPageError ? "Try again" : "Load more"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">You're all caught up</p>
        )}
      </div>
    </div>
  );
}

/** The /feed list: posts by followed users plus the viewer's own (spec §2). */
export function FeedList({ renderActionBar, renderHeaderAction }: Pick<PostListProps, "renderActionBar" | "renderHeaderAction">) {
  return (
    <PostList
      source={{ kind: "feed" }}
      empty={<FeedEmptyState />}
      errorMessage={POST_ERRORS.loadFollowedPosts}
      renderActionBar={renderActionBar}
      renderHeaderAction={renderHeaderAction}
    />
  );
}
