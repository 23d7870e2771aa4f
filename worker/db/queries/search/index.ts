// Search (spec social-feed-search §7 search profiles, posts and services; hashtags "search by
// name"; §3 search filters; §4 sort options; §9 search limits). Plain functions of the request's
// Db. With a query, each search starts from its FTS5 table (migrations/0001_triggers_fts.sql) and
// reaches the rows by rowid; without one, from an index in the sort's order. Ranking, paging and
// the plans (the ranked window, the post score, the recent and popular post sorts with a query)
// are decision record 0070; tests/worker/search/query-plans.test.ts checks the plans.
// One file per kind of search (people, posts, services, hashtags) and their shared FTS helpers
// (fts.ts); this module is their one entry point.
export { exactUserQuery, searchUsers, toSearchUser, userSearchQuery } from "./people";
export {
  matchedPostsQuery,
  postMatchCountQuery,
  postSearchQuery,
  postWalkEndQuery,
  searchPosts,
  walkedPostsQuery,
  type PostSearchOptions,
} from "./posts";
export { searchServices, serviceSearchQuery } from "./services";
export { hashtagSearchQuery, searchHashtags } from "./hashtags";
