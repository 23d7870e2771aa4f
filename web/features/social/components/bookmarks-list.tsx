// The saved-posts list (marketplace-messaging-account §2 /bookmarks; social-feed-search §7
// "Bookmarked posts are fetched with their post and author profile, newest first"): newest
// bookmark first, through the shared PagedList (infinite scroll, skeletons, Error toast with a
// retry) with its own empty state. The route renders each post (features never import each other).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Bookmark } from "lucide-react";
import { useCallback, type ReactNode } from "react";
import { POST_ERRORS, POST_SCREEN_TEXTS, SOCIAL_SCREEN_TEXTS, SOCIAL_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { PagedList } from "@web/components/paged-list";
import { mapLoadedItems, type LoadedPages } from "@web/lib/paging";
import { bookmarksInfiniteQueryOptions, socialKeys } from "../api";

export interface BookmarksListProps {
  renderPost: (post: Post, helpers: { index: number; removeFromList: (postId: string) => void }) => ReactNode;
  skeleton: ReactNode;
}

export function BookmarksList({ renderPost, skeleton }: BookmarksListProps) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(bookmarksInfiniteQueryOptions());

  /** After the owner deletes a saved post it leaves this list at once. */
  const removeFromList = useCallback(
    (postId: string) =>
      queryClient.setQueryData<LoadedPages<Post>>(socialKeys.bookmarks(), (current) => mapLoadedItems(current, (items) => items.filter((p) => p.id !== postId))),
    [queryClient],
  );

  return (
    <PagedList
      query={query}
      errorMessage={POST_ERRORS.loadPosts}
      toastId="bookmarks-list"
      label={SOCIAL_SCREEN_TEXTS.bookmarks.title}
      loadingLabel={SOCIAL_SCREEN_TEXTS.bookmarks.loading}
      loadingMoreLabel={POST_SCREEN_TEXTS.list.loadingMore}
      skeletons={
        <>
          {skeleton}
          {skeleton}
        </>
      }
      empty={
        <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="bookmarks-empty">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted">
            <Bookmark className="size-6 text-muted-foreground" aria-hidden />
          </span>
          <h2 className="font-display text-lg font-semibold">{SOCIAL_TEXTS.bookmarksEmpty.title}</h2>
          <p className="max-w-xs text-sm text-muted-foreground">{SOCIAL_TEXTS.bookmarksEmpty.hint}</p>
        </div>
      }
      endText={SOCIAL_SCREEN_TEXTS.bookmarks.end}
      itemKey={(post) => post.id}
      renderItem={(post, index) => renderPost(post, { index, removeFromList })}
    />
  );
}
