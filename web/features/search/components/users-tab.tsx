// The Users tab (first document §2 Users; §7 search profiles; §9 users limit 20): people whose
// username, display name or bio match, each with Follow or Unfollow except on the viewer's own
// row (§6). 'Start typing to search for users' before a query, 'No users found' after one that
// matches nobody, and the 'Search Error' toast when the search fails.
import { useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, Users } from "lucide-react";
import type { ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import type { SearchUser } from "@shared/search-api";
import { PagedList } from "@web/components/paged-list";
import { userSearchInfiniteQueryOptions } from "../api";
import { NO_FILTERS } from "../search-params";
import { EmptyState } from "./empty-state";
import { UserRow, UserRowSkeleton } from "./user-row";

/** The Follow button for a row; the screen passes the social feature's. */
export type RenderFollow = (user: SearchUser) => ReactNode;

const T = SEARCH_SCREEN_TEXTS;

export function UsersTab({ query, renderFollow }: { query: string; renderFollow: RenderFollow }) {
  if (!query) return <EmptyState icon={<Users className="size-6" aria-hidden />} title={T.startTyping} />;
  return <UserResults query={query} renderFollow={renderFollow} />;
}

function UserResults({ query, renderFollow }: { query: string; renderFollow: RenderFollow }) {
  // The Users tab searches by text alone: the advanced filters belong to Explore (§2).
  const results = useInfiniteQuery(userSearchInfiniteQueryOptions(query, NO_FILTERS));
  return (
    <PagedList
      query={results}
      errorTitle={T.errors.searchFailed.title}
      errorMessage={T.errors.searchFailed.description}
      toastId="search-users"
      label={T.sections.users}
      loadingLabel={T.a11y.searchingPeople}
      loadingMoreLabel={T.a11y.loadingMorePeople}
      skeletons={
        <div className="divide-y rounded-[var(--radius-card)] border bg-card">
          {Array.from({ length: 5 }, (_, index) => (
            <UserRowSkeleton key={index} />
          ))}
        </div>
      }
      empty={<EmptyState icon={<SearchX className="size-6" aria-hidden />} title={T.noUsers} />}
      endText=""
      itemKey={(user) => user.userId}
      renderItem={(user) => (
        <div className="rounded-[var(--radius-card)] border bg-card shadow-sm">
          <UserRow user={user} action={user.viewer.isSelf ? null : renderFollow(user)} />
        </div>
      )}
    />
  );
}
