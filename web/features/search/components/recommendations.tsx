// Explore with no query and no filter (first document §2 Explore; §3 recommendation shown; §8
// recommendation toasts; §9 recommendations): five people with the reason and the match
// percentage (score × 10, rounded), then 'Show More Recommendations' for the rest, and a refresh
// button that says 'Recommendations Updated', or 'Update Complete' with the spec's words when the
// refresh failed (the list on screen is still a valid one).
import { useQuery } from "@tanstack/react-query";
import { RefreshCw, Sparkles, UserPlus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { RECOMMENDATION_LIMITS, type PostRecommendation, type UserRecommendation } from "@shared/search-api";
import { Button } from "@web/components/ui/button";
import { notify, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { recommendationsQueryOptions, useRefreshRecommendations } from "../api";
import { useErrorToast } from "../use-error-toast";
import { EmptyState } from "./empty-state";
import { LoadFailed } from "./trending-topics";
import { UserRow, UserRowSkeleton, userListFrame } from "./user-row";
import type { RenderFollow } from "./users-tab";

const T = SEARCH_SCREEN_TEXTS.recommendations;

export function RecommendedPeople({ renderFollow, renderPost }: { renderFollow: RenderFollow; renderPost: (post: Post, index: number) => ReactNode }) {
  const recommendations = useQuery(recommendationsQueryOptions());
  const refresh = useRefreshRecommendations();
  const [showAll, setShowAll] = useState(false);
  const [showAllPosts, setShowAllPosts] = useState(false);
  useErrorToast(recommendations.error, recommendations.errorUpdatedAt, SEARCH_SCREEN_TEXTS.errors.searchFailed, "search-recommendations");

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => notifySuccess(T.updated.title, { id: "recommendations-updated" }),
      onError: (error) => {
        // A refused refresh over the rate limit says how long to wait, in the rule's own words.
        if (error instanceof ApiClientError && error.status === 429) {
          const title = (error.details as { title?: unknown } | undefined)?.title;
          notify(typeof title === "string" ? title : T.updateComplete.title, { description: error.message, variant: "destructive", id: "recommendations-refused" });
          return;
        }
        notify(T.updateComplete.title, { description: T.updateComplete.description, id: "recommendations-update-complete" });
      },
    });

  const people = recommendations.data?.users ?? [];
  const shown = showAll ? people : people.slice(0, RECOMMENDATION_LIMITS.shown);
  const hidden = people.length - shown.length;
  const posts = recommendations.data?.posts ?? [];
  const shownPosts = showAllPosts ? posts : posts.slice(0, RECOMMENDATION_LIMITS.shown);

  return (
    <section aria-labelledby="recommended-title" className="space-y-3" data-testid="recommendations">
      <div className="flex items-start justify-between gap-3">
        <div className="space-y-0.5">
          <h2 id="recommended-title" className="flex items-center gap-2 font-display text-lg font-semibold">
            <Sparkles className="size-5 text-primary" aria-hidden /> {T.title}
          </h2>
          <p className="text-sm text-muted-foreground">{T.hint}</p>
        </div>
        <Button variant="outline" size="icon" className="size-10" onClick={onRefresh} disabled={refresh.isPending} aria-label={T.refresh} data-testid="refresh-recommendations">
          <RefreshCw className={cn(refresh.isPending && "animate-spin")} aria-hidden />
        </Button>
      </div>
      {recommendations.isPending ? (
        <div className={userListFrame} role="status" aria-busy="true" aria-label={SEARCH_SCREEN_TEXTS.a11y.loadingRecommendations}>
          {Array.from({ length: RECOMMENDATION_LIMITS.shown }, (_, index) => (
            <UserRowSkeleton key={index} />
          ))}
        </div>
      ) : !recommendations.data ? (
        <LoadFailed message={SEARCH_SCREEN_TEXTS.errors.searchFailed.description} onRetry={() => void recommendations.refetch()} />
      ) : people.length === 0 ? (
        <EmptyState icon={<UserPlus className="size-6" aria-hidden />} title={T.empty} hint={T.emptyHint} />
      ) : (
        <>
          <ul className={userListFrame} aria-label={T.title}>
            {shown.map((item) => (
              <li key={item.userId}>
                <UserRow user={item.profile} action={item.profile.viewer.isSelf ? null : renderFollow(item.profile)}>
                  <Reason item={item} />
                </UserRow>
              </li>
            ))}
          </ul>
          {hidden > 0 ? (
            <Button variant="outline" className="w-full" onClick={() => setShowAll(true)}>
              {T.showMore}
            </Button>
          ) : null}
        </>
      )}
      {shownPosts.length > 0 ? (
        <section aria-labelledby="recommended-posts" className="space-y-3 pt-3" data-testid="recommended-posts">
          <h2 id="recommended-posts" className="font-display text-lg font-semibold">
            {T.postsTitle}
          </h2>
          <ol className="space-y-4" aria-labelledby="recommended-posts">
            {shownPosts.map((item, index) => (
              <li key={item.postId} className="space-y-2">
                <Reason item={item} />
                {renderPost(item.post, index)}
              </li>
            ))}
          </ol>
          {posts.length > shownPosts.length ? (
            <Button variant="outline" className="w-full" onClick={() => setShowAllPosts(true)}>
              {T.showMore}
            </Button>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

function Reason({ item }: { item: UserRecommendation | PostRecommendation }) {
  return (
    <span className="mt-1.5 flex flex-wrap items-center gap-1.5" data-testid="recommendation-reason">
      <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-medium text-accent-foreground">{T.reasons[item.reason]}</span>
      <span className="rounded-full bg-success/15 px-2 py-0.5 text-[11px] font-semibold text-foreground" data-testid="match-percent">
        {T.matchPercent(item.matchPercent)}
      </span>
    </span>
  );
}
