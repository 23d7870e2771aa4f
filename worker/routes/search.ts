// Spec social-feed-search §2 Search and explore, §3 search filters, §4 sort options, §7 search
// profiles/posts/services and hashtags, §9 search limits. The contract (paths and shapes) is
// written at the top of shared/search-api.ts; the ranking, the paging and the query plans are
// decision record 0095.
import { Hono } from "hono";
import type { PostPage } from "@shared/posts-api";
import {
  hashtagSearchQuerySchema,
  isEmptySearch,
  SEARCH_LIMITS,
  searchFiltersSchema,
  searchPageQuerySchema,
  serviceSearchQuerySchema,
  type ExploreResults,
  type HashtagList,
  type SearchUserPage,
  type ServiceSearchPage,
} from "@shared/search-api";
import { searchHashtags, searchPosts, searchServices, searchUsers } from "../db/queries/search";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";

const EMPTY_EXPLORE: ExploreResults = { users: [], posts: [], hashtags: [], postsNextCursor: null };

/** Mounted at /search. Signed-in only (§6: a signed-in user searches; decision record 0095). */
export const searchRoutes = new Hono<AppEnv>()
  .get("/explore", signedIn, validate("query", searchFiltersSchema), async (c) => {
    const { userId } = requireUser(c);
    const filters = c.req.valid("query");
    // §2: with no query and no filter, Explore shows recommendations instead.
    if (isEmptySearch(filters)) return c.json(EMPTY_EXPLORE, 200);
    const db = c.var.db;
    const [users, posts, hashtags] = await Promise.all([
      searchUsers(db, { filters, viewerId: userId, limit: SEARCH_LIMITS.users, namesOnly: true }),
      searchPosts(db, { filters, viewerId: userId, limit: SEARCH_LIMITS.posts }),
      filters.q === "" ? Promise.resolve([]) : searchHashtags(db, { q: filters.q, limit: SEARCH_LIMITS.hashtags }),
    ]);
    const results: ExploreResults = { users: users.items, posts: posts.items, hashtags, postsNextCursor: posts.nextCursor };
    return c.json(results, 200);
  })
  .get("/users", signedIn, validate("query", searchPageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, ...filters } = c.req.valid("query");
    // 'Start typing to search for users': nothing asked, nothing listed.
    if (isEmptySearch({ ...filters, contentType: "all" })) return c.json({ items: [], nextCursor: null } satisfies SearchUserPage, 200);
    const page: SearchUserPage = await searchUsers(c.var.db, { filters, viewerId: userId, limit: SEARCH_LIMITS.users, cursor });
    return c.json(page, 200);
  })
  .get("/posts", signedIn, validate("query", searchPageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, ...filters } = c.req.valid("query");
    if (isEmptySearch(filters)) return c.json({ items: [], nextCursor: null } satisfies PostPage, 200);
    const page: PostPage = await searchPosts(c.var.db, { filters, viewerId: userId, limit: SEARCH_LIMITS.posts, cursor });
    return c.json(page, 200);
  })
  .get("/hashtags", signedIn, validate("query", hashtagSearchQuerySchema), async (c) => {
    requireUser(c);
    const list: HashtagList = { items: await searchHashtags(c.var.db, { q: c.req.valid("query").q, limit: SEARCH_LIMITS.hashtags }) };
    return c.json(list, 200);
  })
  .get("/services", signedIn, validate("query", serviceSearchQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { q, cursor } = c.req.valid("query");
    const page: ServiceSearchPage = await searchServices(c.var.db, { q, cursor, limit: SEARCH_LIMITS.services, viewerId: userId });
    return c.json(page, 200);
  });
