// Spec social-feed-search §2 /feed: posts by followed users plus the user's own, newest first,
// with infinite scroll; 'Failed to load posts from people you follow' when loading fails.
import { createFileRoute, Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import { feedInfiniteQueryOptions } from "@web/features/posts/api";
import { FeedList } from "@web/features/posts/components/feed-list";
import { SafetyMenu } from "@web/components/safety-menu";
import { FollowButton } from "@web/features/social/components/follow-button";
import { PostActions } from "@web/features/social/components/post-actions";
import { appPaths } from "@web/lib/app-paths";

export const Route = createFileRoute("/_authed/feed")({
  // Start the first page as early as possible without holding the navigation: the screen
  // appears at once with skeletons, and a failure is shown by the list (toast + retry), not by
  // the route's error screen.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(feedInfiniteQueryOptions());
  },
  component: FeedPage,
});

function FeedPage() {
  const { user } = Route.useRouteContext();
  return (
    <div className="px-3 pt-4 sm:px-4">
      <div className="mb-4 flex items-center justify-between px-1">
        <h1 className="font-display text-2xl font-bold tracking-tight">{POST_SCREEN_TEXTS.feed.title}</h1>
        <Link
          to={appPaths.upload}
          className="inline-flex h-9 items-center gap-1.5 rounded-full bg-muted px-3.5 text-sm font-medium transition hover:bg-secondary"
        >
          <Plus className="size-4" aria-hidden /> {POST_SCREEN_TEXTS.feed.newPost}
        </Link>
      </div>
      <FeedList
        renderActionBar={(post) => <PostActions post={post} viewerId={user.id} />}
        renderHeaderAction={(post) =>
          // Every other author in the feed is someone the viewer follows (spec §2), so no status
          // request is needed per card.
          post.viewer.isOwner ? null : (
            <>
              <FollowButton userId={post.userId} username={post.author.username} viewerId={user.id} initialFollowing size="sm" />
              <SafetyMenu user={{ userId: post.userId, username: post.author.username }} viewerId={user.id} />
            </>
          )
        }
      />
    </div>
  );
}
