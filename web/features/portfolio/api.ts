// The portfolio for the SPA (the contract in shared/portfolio-api.ts; decision
// record 0053): key factory, query options for one's own and anyone's portfolio, the owner's posts
// to pick from, and the one write that saves the whole ordered list.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { PostPage } from "@shared/posts-api";
import type { Portfolio, PortfolioItemInput } from "@shared/portfolio-api";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, cursorParam } from "@web/lib/paging";

export const portfolioKeys = {
  all: ["portfolio"] as const,
  own: () => [...portfolioKeys.all, "own"] as const,
  ofUser: (userId: string) => [...portfolioKeys.all, "user", userId] as const,
  posts: (userId: string) => [...portfolioKeys.all, "posts", userId] as const,
};

const PICKER_PAGE = "24";

export const portfolioCalls = {
  own: (signal?: AbortSignal): Promise<Portfolio> => unwrap(api.api.portfolio.$get({}, { init: { signal } })),
  ofUser: (userId: string, signal?: AbortSignal): Promise<Portfolio> =>
    unwrap(api.api.users[":userId"].portfolio.$get({ param: { userId } }, { init: { signal } })),
  save: (items: PortfolioItemInput[]): Promise<Portfolio> => unwrap(api.api.portfolio.$put({ json: { items } })),
  posts: (userId: string, cursor: string | null, signal?: AbortSignal): Promise<PostPage> =>
    unwrap(api.api.users[":userId"].posts.$get({ param: { userId }, query: { limit: PICKER_PAGE, ...cursorParam(cursor) } }, { init: { signal } })),
};

export function ownPortfolioQueryOptions() {
  return queryOptions({ queryKey: portfolioKeys.own(), queryFn: ({ signal }) => portfolioCalls.own(signal) });
}

export function userPortfolioQueryOptions(userId: string) {
  return queryOptions({ queryKey: portfolioKeys.ofUser(userId), queryFn: ({ signal }) => portfolioCalls.ofUser(userId, signal) });
}

/** The owner's posts, newest first, to pick from (the API's keyset pages). */
export function ownPostsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: portfolioKeys.posts(userId),
    queryFn: ({ pageParam, signal }) => portfolioCalls.posts(userId, pageParam, signal),
    ...cursorPages,
  });
}
