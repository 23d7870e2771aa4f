// Spec social-feed-search §2 /post/{id}: the target of share links. Public, so a visitor sees the
// post too, with a call to sign in; 'Post not found' when it does not exist (or was deleted).
// Opening the page records a view (§7 post_views; failures only logged).
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { POST_ERRORS, POST_SCREEN_TEXTS } from "@shared/messages";
import { BottomNav } from "@web/components/app-shell";
import { PublicHeader, SignInCallout } from "@web/components/app-shell/public-page";
import { Button, buttonVariants } from "@web/components/ui/button";
import { sessionQueryOptions } from "@web/features/auth/api";
import { postQueryOptions } from "@web/features/posts/api";
import { PostCard } from "@web/features/posts/components/post-card";
import { PostCardSkeleton } from "@web/features/posts/components/post-card-skeleton";
import { recordViewOnce } from "@web/features/posts/hooks/use-record-view";
import { SafetyMenu } from "@web/components/safety-menu";
import { FollowButton } from "@web/features/social/components/follow-button";
import { PostActions } from "@web/features/social/components/post-actions";
import { ApiClientError } from "@web/lib/api-client";
import { appPaths } from "@web/lib/app-paths";
import { takePrerenderedData } from "@web/lib/prerendered-data";
import type { Post } from "@shared/posts-api";

const T = POST_SCREEN_TEXTS.page;

export const Route = createFileRoute("/post/$postId")({
  // Fetch early without holding the navigation; the page shows a skeleton, then the post. On the
  // page the Worker painted (decision record 0097) the post is already here, and the session is
  // read first, so the app's first render is the finished screen.
  loader: async ({ context, params }) => {
    const painted = takePrerenderedData("post", params.postId);
    if (painted?.post) context.queryClient.setQueryData(postQueryOptions(params.postId).queryKey, painted.post as Post);
    if (!painted) void context.queryClient.prefetchQuery(postQueryOptions(params.postId));
    else await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  },
  component: PostPage,
});

function PostPage() {
  const { postId } = Route.useParams();
  const navigate = useNavigate();
  const session = useQuery(sessionQueryOptions());
  const post = useQuery(postQueryOptions(postId));
  const signedIn = Boolean(session.data?.user);
  const viewerId = session.data?.user?.id ?? null;

  useEffect(() => {
    if (post.data) recordViewOnce(post.data.id);
  }, [post.data]);

  const notFound = post.error instanceof ApiClientError && post.error.status === 404;

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader signedIn={signedIn} sessionPending={session.isPending} redirect={`/post/${postId}`} />

      <main className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-3 pt-4 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:px-4">
        <h1 className="sr-only">{T.title}</h1>
        {post.isPending ? <PostCardSkeleton /> : null}
        {post.data ? (
          <PostCard
            post={post.data}
            priority
            onDeleted={() => void navigate({ to: appPaths.feed, replace: true })}
            // Visitors see the actions too; each one asks them to sign in (spec §8).
            actionBar={session.isPending ? undefined : <PostActions post={post.data} viewerId={viewerId} />}
            headerAction={
              post.data.viewer.isOwner || session.isPending ? null : (
                <>
                  <FollowButton userId={post.data.userId} username={post.data.author.username} viewerId={viewerId} size="sm" />
                  {/* After a block the post is gone for both: leave for the feed. */}
                  <SafetyMenu
                    user={{ userId: post.data.userId, username: post.data.author.username }}
                    viewerId={viewerId}
                    onBlocked={() => void navigate({ to: appPaths.feed, replace: true })}
                  />
                </>
              )
            }
          />
        ) : null}
        {notFound ? (
          <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="post-not-found">
            <SearchX className="size-10 text-muted-foreground" aria-hidden />
            <div className="space-y-1">
              <h2 className="font-display text-xl font-semibold">{POST_ERRORS.postNotFound}</h2>
              <p className="text-sm text-muted-foreground">{T.notFoundHint}</p>
            </div>
            <Link to={signedIn ? appPaths.feed : appPaths.home} className={buttonVariants({ variant: "outline" })}>
              {signedIn ? T.backToFeed : T.goHome}
            </Link>
          </div>
        ) : null}
        {post.error && !notFound ? (
          <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center">
            <p className="text-sm text-muted-foreground">{POST_ERRORS.loadPosts}</p>
            <Button variant="outline" onClick={() => void post.refetch()}>
              {T.tryAgain}
            </Button>
          </div>
        ) : null}

        {!signedIn && !session.isPending ? <SignInCallout redirect={`/post/${postId}`} /> : null}
      </main>
      {signedIn ? <BottomNav /> : null}
    </div>
  );
}
