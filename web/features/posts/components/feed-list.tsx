// A list of posts, newest first, paged with the keyset cursor (spec §2 feed screen), rendered by
// the shared PagedList (skeletons, infinite scroll, empty state, Error toast with a retry).
// /feed uses it with the feed source; profiles and hashtags can reuse it.
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { POST_ERRORS, POST_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { PagedList } from "@web/components/paged-list";
import { postListInfiniteQueryOptions, type PostListSource } from "../api";
import { PostCard } from "./post-card";
import { PostCardSkeleton } from "./post-card-skeleton";
import { FeedEmptyState } from "./feed-empty-state";

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

function PostList({ source, empty, errorMessage = POST_ERRORS.loadPosts, renderActionBar, renderHeaderAction }: PostListProps) {
  const query = useInfiniteQuery(postListInfiniteQueryOptions(source));
  return (
    <PagedList
      query={query}
      errorMessage={errorMessage}
      toastId={`post-list-${JSON.stringify(source)}`}
      label={POST_SCREEN_TEXTS.list.label}
      loadingLabel={POST_SCREEN_TEXTS.list.loading}
      loadingMoreLabel={POST_SCREEN_TEXTS.list.loadingMore}
      skeletons={
        <>
          <PostCardSkeleton />
          <PostCardSkeleton />
          <PostCardSkeleton />
        </>
      }
      empty={empty}
      endText={POST_SCREEN_TEXTS.list.end}
      itemKey={(post) => post.id}
      renderItem={(post, index) => (
        <PostCard post={post} trackViews priority={index === 0} actionBar={renderActionBar?.(post)} headerAction={renderHeaderAction?.(post)} />
      )}
    />
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

/** A profile's Posts tab: the user's posts, newest first (second document §2 Public profile). */
export function UserPostList({ userId, empty, renderActionBar }: { userId: string } & Pick<PostListProps, "empty" | "renderActionBar">) {
  return <PostList source={{ kind: "user", userId }} empty={empty} renderActionBar={renderActionBar} />;
}

/** A hashtag's posts, newest first (tapping a hashtag anywhere opens them). */
export function HashtagPostList({
  name,
  empty,
  errorMessage,
  renderActionBar,
  renderHeaderAction,
}: { name: string; errorMessage: string } & Pick<PostListProps, "empty" | "renderActionBar" | "renderHeaderAction">) {
  return (
    <PostList
      source={{ kind: "hashtag", name }}
      empty={empty}
      errorMessage={errorMessage}
      renderActionBar={renderActionBar}
      renderHeaderAction={renderHeaderAction}
    />
  );
}
