// Spec marketplace-messaging-account §2 /bookmarks: "A saved-items list with a back link to the
// dashboard. Each post can be bookmarked, deleted (after confirmation) and liked. Editing a post
// shows 'Feature Coming Soon'." Newest bookmark first (social-feed-search §7 bookmarks).
import { createFileRoute } from "@tanstack/react-router";
import { SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { PostCard } from "@web/features/posts/components/post-card";
import { PostCardSkeleton } from "@web/features/posts/components/post-card-skeleton";
import { BookmarksList } from "@web/features/social/components/bookmarks-list";
import { bookmarksInfiniteQueryOptions } from "@web/features/social/api";
import { FollowButton } from "@web/features/social/components/follow-button";
import { PostActions } from "@web/features/social/components/post-actions";
import { appPaths } from "@web/lib/app-paths";
import { BackLink } from "@web/components/back-link";

export const Route = createFileRoute("/_authed/bookmarks")({
  // Started here, not awaited (decision record 0016): the screen appears at once with skeletons,
  // and a failed first page is shown by the list (toast + retry).
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(bookmarksInfiniteQueryOptions());
  },
  component: BookmarksPage,
});

function BookmarksPage() {
  const { user } = Route.useRouteContext();
  return (
    <div className="px-3 pt-4 sm:px-4">
      <div className="mb-4 flex items-center gap-2 px-1">
        <BackLink to={appPaths.dashboard} label={SOCIAL_SCREEN_TEXTS.bookmarks.backToDashboard} className="-ml-2" />
        <h1 className="font-display text-2xl font-bold tracking-tight">{SOCIAL_SCREEN_TEXTS.bookmarks.title}</h1>
      </div>
      <BookmarksList
        skeleton={<PostCardSkeleton />}
        renderPost={(post, { index, removeFromList }) => (
          <PostCard
            post={post}
            priority={index === 0}
            trackViews
            onDeleted={removeFromList}
            actionBar={<PostActions post={post} viewerId={user.id} />}
            headerAction={
              post.viewer.isOwner ? null : <FollowButton userId={post.userId} username={post.author.username} viewerId={user.id} size="sm" />
            }
          />
        )}
      />
    </div>
  );
}
