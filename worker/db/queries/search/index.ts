// Search (spec social-feed-search §7 search profiles, posts and services; hashtags "search by
// name"; §3 search filters; §4 sort options; §9 search limits). Plain functions of the request's
// Db. With a query, people and posts are ranked by bm25 over a walk of their FTS5 table in its
// rank-class order, and every list pages through its phases (./ranked.ts); decision record 0095.
// tests/worker/search/query-plans.test.ts checks the plans. One file per kind of search (people,
// posts, services, hashtags), their shared FTS helpers (fts.ts) and the ranked walk (ranked.ts);
// this module is their one entry point.
export { exactUsersQuery, fuzzyUsersQuery, listedUsersQuery, matchedUsersQuery, rankedUsersQuery, searchUsers, toSearchUser, walkedUsersQuery } from "./people";
export {
  listedPostsQuery,
  matchedPostsQuery,
  postWalkEndQuery,
  rankedPostsQuery,
  searchPosts,
  walkedPostsQuery,
  type PostSearchOptions,
} from "./posts";
export { hasManyMatches, matchCountQuery } from "./match-counts";
export { listedServicesQuery, rankedServicesQuery, searchServices } from "./services";
export { fuzzyHashtagQuery, hashtagSearchQuery, searchHashtags } from "./hashtags";
