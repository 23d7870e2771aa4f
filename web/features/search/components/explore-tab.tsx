// The Explore tab (first document §2 Explore; §3 search filters; §7 search profiles and posts,
// hashtags; §9 limits): the advanced filters, then recommendations when there is neither a query
// nor a filter, and otherwise the matching people, hashtags and posts. 'No results found' / 'Try
// adjusting your filters or search terms' when nothing matches; 'Search Error' when it fails.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { useState, type ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS, UI_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { PagedList } from "@web/components/paged-list";
import { Button } from "@web/components/ui/button";
import { explorePostsInfiniteQueryOptions, exploreQueryOptions } from "../api";
import { activeFilterCount, type SearchFilters } from "../search-params";
import { useErrorToast } from "../use-error-toast";
import { EmptyState } from "./empty-state";
import { ExploreFilters } from "./explore-filters";
import { RecommendedPeople } from "./recommendations";
import { HashtagChips } from "./tags-tab";
import { LoadFailed } from "./trending-topics";
import { UserRow, UserRowSkeleton, userListFrame } from "./user-row";
import type { RenderFollow } from "./users-tab";

const T = SEARCH_SCREEN_TEXTS;

export interface ExploreTabProps {
  query: string;
  filters: SearchFilters;
  onFiltersChange: (patch: Partial<SearchFilters>) => void;
  onClearFilters: () => void;
  renderFollow: RenderFollow;
  /** A post card (the posts feature's), with the social feature's action bar. */
  renderPost: (post: Post, index: number) => ReactNode;
  /** Placeholders shaped like the post cards. */
  postSkeleton: ReactNode;
}

export function ExploreTab({ query, filters, onFiltersChange, onClearFilters, renderFollow, renderPost, postSkeleton }: ExploreTabProps) {
  const searching = query !== "" || activeFilterCount(filters) > 0;
  return (
    <div className="space-y-5">
      <ExploreFilters filters={filters} onChange={onFiltersChange} onClear={onClearFilters} />
      {searching ? (
        <ExploreResults query={query} filters={filters} renderFollow={renderFollow} renderPost={renderPost} postSkeleton={postSkeleton} />
      ) : (
        <RecommendedPeople renderFollow={renderFollow} renderPost={renderPost} />
      )}
    </div>
  );
}

function ExploreResults({ query, filters, renderFollow, renderPost, postSkeleton }: Pick<ExploreTabProps, "query" | "filters" | "renderFollow" | "renderPost" | "postSkeleton">) {
  const results = useQuery(exploreQueryOptions(query, filters));
  useErrorToast(results.error, results.errorUpdatedAt, T.errors.searchFailed, "search-explore");

  if (results.isPending) {
    return (
      <div className="space-y-5" role="status" aria-busy="true" aria-label={T.a11y.searching}>
        <div className={userListFrame}>
          <UserRowSkeleton />
          <UserRowSkeleton />
          <UserRowSkeleton />
        </div>
        {postSkeleton}
      </div>
    );
  }
  if (!results.data) return <LoadFailed message={T.errors.searchFailed.description} onRetry={() => void results.refetch()} />;

  const { users, posts, hashtags } = results.data;
  if (users.length === 0 && posts.length === 0 && hashtags.length === 0) {
    return <EmptyState icon={<SearchX className="size-6" aria-hidden />} title={T.noResults.title} hint={T.noResults.hint} />;
  }
  return (
    <div className="space-y-6" data-testid="explore-results">
      {users.length > 0 ? (
        <ResultSection id="explore-users" title={T.sections.users}>
          <ul className={userListFrame} aria-labelledby="explore-users">
            {users.map((user) => (
              <li key={user.userId}>
                <UserRow user={user} action={user.viewer.isSelf ? null : renderFollow(user)} />
              </li>
            ))}
          </ul>
        </ResultSection>
      ) : null}
      {hashtags.length > 0 ? (
        <ResultSection id="explore-hashtags" title={T.sections.hashtags}>
          <HashtagChips hashtags={hashtags} />
        </ResultSection>
      ) : null}
      {posts.length > 0 ? (
        <ResultSection id="explore-posts" title={T.sections.posts}>
          <ol className="space-y-4" aria-labelledby="explore-posts">
            {posts.map((post, index) => (
              <li key={post.id}>{renderPost(post, index)}</li>
            ))}
          </ol>
          {results.data.postsNextCursor ? (
            <MorePosts
              key={results.data.postsNextCursor}
              query={query}
              filters={filters}
              from={results.data.postsNextCursor}
              offset={posts.length}
              renderPost={renderPost}
              postSkeleton={postSkeleton}
            />
          ) : null}
        </ResultSection>
      ) : null}
    </div>
  );
}

/**
 * Explore's posts past the first page (decision record 0095: every sort pages): nothing is read
 * until the reader asks for more, then the list goes on as the other paged lists do.
 */
function MorePosts({
  query,
  filters,
  from,
  offset,
  renderPost,
  postSkeleton,
}: Pick<ExploreTabProps, "query" | "filters" | "renderPost" | "postSkeleton"> & { from: string; offset: number }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="flex justify-center">
        <Button variant="outline" onClick={() => setOpen(true)}>
          {UI_TEXTS.pagedList.loadMore}
        </Button>
      </div>
    );
  }
  return <MorePostsList query={query} filters={filters} from={from} offset={offset} renderPost={renderPost} postSkeleton={postSkeleton} />;
}

function MorePostsList({
  query,
  filters,
  from,
  offset,
  renderPost,
  postSkeleton,
}: Pick<ExploreTabProps, "query" | "filters" | "renderPost" | "postSkeleton"> & { from: string; offset: number }) {
  const more = useInfiniteQuery(explorePostsInfiniteQueryOptions(query, filters, from));
  return (
    <PagedList
      query={more}
      errorTitle={T.errors.searchFailed.title}
      errorMessage={T.errors.searchFailed.description}
      toastId="search-explore-posts"
      label={T.sections.posts}
      loadingLabel={T.a11y.searching}
      loadingMoreLabel={T.a11y.searching}
      skeletons={postSkeleton}
      empty={null}
      endText=""
      itemKey={(post) => post.id}
      renderItem={(post, index) => renderPost(post, offset + index)}
    />
  );
}

function ResultSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
