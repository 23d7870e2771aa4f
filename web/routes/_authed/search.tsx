// Spec social-feed-search §2 Search and explore (/search), signed-in only (§6: visitors see the
// landing page and /auth). The query, tab, filters and an opened hashtag are search parameters
// (web/features/search/search-params.ts), so back/forward and shared links restore them. With
// `tag` the screen is that hashtag's page: its posts newest first with infinite scroll (§7 posts
// by hashtag, §8 'Failed to load posts for hashtag').
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Hash } from "lucide-react";
import { useCallback } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { HashtagPostList } from "@web/features/posts/components/feed-list";
import { PostCard } from "@web/features/posts/components/post-card";
import { PostCardSkeleton } from "@web/features/posts/components/post-card-skeleton";
import {
  exploreQueryOptions,
  recommendationsQueryOptions,
  serviceSearchInfiniteQueryOptions,
  trendingQueryOptions,
  userSearchInfiniteQueryOptions,
} from "@web/features/search/api";
import { EmptyState } from "@web/features/search/components/empty-state";
import { ExploreTab } from "@web/features/search/components/explore-tab";
import { HashtagHeader } from "@web/features/search/components/hashtag-header";
import { SearchScreen, type ChangeParams } from "@web/features/search/components/search-screen";
import { ServicesTab } from "@web/features/search/components/services-tab";
import { TagsTab } from "@web/features/search/components/tags-tab";
import { UsersTab, type RenderFollow } from "@web/features/search/components/users-tab";
import { activeFilterCount, filtersOf, NO_FILTERS, parseSearchParams, type SearchFilters } from "@web/features/search/search-params";
import { SafetyMenu } from "@web/components/safety-menu";
import { FollowButton } from "@web/features/social/components/follow-button";
import { PostActions } from "@web/features/social/components/post-actions";

export const Route = createFileRoute("/_authed/search")({
  validateSearch: parseSearchParams,
  loaderDeps: ({ search }) => search,
  // The open tab's first request starts here, not awaited (decision record 0016): the frame and
  // its skeletons show at once, and failures are shown in place.
  loader: ({ context: { queryClient }, deps }) => {
    if (deps.tag) return;
    const query = deps.q ?? "";
    const filters = filtersOf(deps);
    switch (deps.tab ?? "explore") {
      case "explore":
        if (query || activeFilterCount(filters) > 0) void queryClient.prefetchQuery(exploreQueryOptions(query, filters));
        else void queryClient.prefetchQuery(recommendationsQueryOptions());
        return;
      case "users":
        if (query) void queryClient.prefetchInfiniteQuery(userSearchInfiniteQueryOptions(query, NO_FILTERS));
        return;
      case "tags":
        if (!query) void queryClient.prefetchQuery(trendingQueryOptions());
        return;
      case "services":
        void queryClient.prefetchInfiniteQuery(serviceSearchInfiniteQueryOptions(query));
        return;
    }
  },
  component: SearchPage,
});

function SearchPage() {
  const { user } = Route.useRouteContext();
  const params = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });

  const change = useCallback<ChangeParams>(
    (patch, options) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace ?? false, resetScroll: false }),
    [navigate],
  );
  const changeFilters = useCallback((patch: Partial<SearchFilters>) => change(patch), [change]);
  const clearFilters = useCallback(() => change(NO_FILTERS), [change]);

  // Search rows know whether the viewer follows each person, so no status request is made.
  const renderFollow = useCallback<RenderFollow>(
    (person) => <FollowButton userId={person.userId} username={person.username} viewerId={user.id} initialFollowing={person.viewer.following} size="sm" />,
    [user.id],
  );

  if (params.tag) {
    const tag = params.tag;
    return (
      <div className="px-3 pt-4 sm:px-4">
        <HashtagHeader tag={tag} />
        <HashtagPostList
          key={tag}
          name={tag}
          errorMessage={SEARCH_SCREEN_TEXTS.errors.loadHashtagPosts}
          empty={<EmptyState icon={<Hash className="size-6" aria-hidden />} title={SEARCH_SCREEN_TEXTS.hashtag.empty(tag)} hint={SEARCH_SCREEN_TEXTS.hashtag.emptyHint} />}
          renderActionBar={(post) => <PostActions post={post} viewerId={user.id} />}
          renderHeaderAction={(post) =>
            post.viewer.isOwner ? null : (
              <>
                <FollowButton userId={post.userId} username={post.author.username} viewerId={user.id} size="sm" />
                <SafetyMenu user={{ userId: post.userId, username: post.author.username }} viewerId={user.id} />
              </>
            )
          }
        />
      </div>
    );
  }

  return (
    <div className="px-3 pt-3 sm:px-4">
      <SearchScreen
        params={params}
        onParamsChange={change}
        renderTab={(tab, query) => {
          switch (tab) {
            case "explore":
              return (
                <ExploreTab
                  query={query}
                  filters={filtersOf(params)}
                  onFiltersChange={changeFilters}
                  onClearFilters={clearFilters}
                  renderFollow={renderFollow}
                  postSkeleton={<PostCardSkeleton />}
                  renderPost={(post, index) => (
                    <PostCard
                      post={post}
                      trackViews
                      priority={index === 0}
                      actionBar={<PostActions post={post} viewerId={user.id} />}
                      headerAction={post.viewer.isOwner ? null : <FollowButton userId={post.userId} username={post.author.username} viewerId={user.id} size="sm" />}
                    />
                  )}
                />
              );
            case "users":
              return <UsersTab query={query} renderFollow={renderFollow} />;
            case "tags":
              return <TagsTab query={query} />;
            case "services":
              return <ServicesTab query={query} />;
          }
        }}
      />
    </div>
  );
}
