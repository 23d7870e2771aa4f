// Spec social-feed-search §2 Search and explore, §3 search filters, §4 sort options, §7 search
// profiles/posts/services and hashtags, §9 search limits. The contract (paths and shapes) is
// written at the top of shared/search-api.ts; the ranking and the query plans are decision
// record 0031.
import { Hono } from "hono";
import {
  exploreQuerySchema,
  hashtagSearchQuerySchema,
  searchPageQuerySchema,
  serviceSearchQuerySchema,
  type ExploreResults,
  type HashtagList,
  type SearchUserPage,
  type ServiceSearchPage,
} from "../../shared/search-api";
import type { PostPage } from "../../shared/posts-api";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { requireUser } from "../middleware/session";

/** Mounted at /search. Signed-in only (§6: a signed-in user searches). */
export const searchRoutes = new Hono<AppEnv>()
  .get("/explore", validate("query", exploreQuerySchema), async (c) => {
    requireUser(c);
    const results: ExploreResults = { users: [], posts: [], hashtags: [] };
    return c.json(results, 200);
  })
  .get("/users", validate("query", searchPageQuerySchema), async (c) => {
    requireUser(c);
    const page: SearchUserPage = { items: [], nextCursor: null };
    return c.json(page, 200);
  })
  .get("/posts", validate("query", searchPageQuerySchema), async (c) => {
    requireUser(c);
    const page: PostPage = { items: [], nextCursor: null };
    return c.json(page, 200);
  })
  .get("/hashtags", validate("query", hashtagSearchQuerySchema), async (c) => {
    requireUser(c);
    const list: HashtagList = { items: [] };
    return c.json(list, 200);
  })
  .get("/services", validate("query", serviceSearchQuerySchema), async (c) => {
    requireUser(c);
    const page: ServiceSearchPage = { items: [], nextCursor: null };
    return c.json(page, 200);
  });
