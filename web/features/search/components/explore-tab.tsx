// The Explore tab (first document §2 Explore; §3 search filters; §7 search profiles and posts,
// hashtags; §9 limits): the advanced filters, then recommendations when there is neither a query
// nor a filter, and otherwise the matching people, hashtags and posts. 'No results found' / 'Try
// adjusting your filters or search terms' when nothing matches; 'Search Error' when it fails.
import { useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { exploreQueryOptions } from "../api";
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
        </ResultSection>
      ) : null}
    </div>
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
