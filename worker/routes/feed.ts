// Spec social-feed-search §2 /feed and §7 posts: the feed of followed users plus one's own posts,
// a user's posts and a hashtag's posts. Newest first, keyset cursors (decision record 0006).
import { Hono } from "hono";
import { pageQuerySchema } from "@shared/schemas/paging";
import type { PostPage } from "@shared/posts-api";
import { normalizeHashtag } from "@shared/rules/post-text";
import { listFeed, listHashtagPosts, listUserPosts } from "../db/queries/posts";
import type { AppEnv } from "../env";
import { paramOr, userParamSchema } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn, viewerId } from "../middleware/session";

const EMPTY_PAGE: PostPage = { items: [], nextCursor: null };

export const feedRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  const { cursor, limit } = c.req.valid("query");
  const page = await listFeed(c.var.db, { userId, cursor, limit, viewerId: userId });
  return c.json(page, 200);
});

/**
 * Mounted at /users: GET /api/users/:userId/posts. Open to visitors, as the public profile whose
 * Posts tab it fills is (decision record 0026); the feed and the all-posts list stay signed-in.
 */
export const userPostRoutes = new Hono<AppEnv>().get(
  "/:userId/posts",
  // An id that cannot exist has no posts; the answer is the same as for a user with none.
  paramOr(userParamSchema, (c) => c.json(EMPTY_PAGE, 200)),
  validate("query", pageQuerySchema),
  async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const page = await listUserPosts(c.var.db, { userId: c.req.valid("param").userId, cursor, limit, viewerId: viewerId(c) });
    return c.json(page, 200);
  },
);

/** Mounted at /hashtags: GET /api/hashtags/:name/posts. */
export const hashtagPostRoutes = new Hono<AppEnv>().get("/:name/posts", signedIn, validate("query", pageQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  const { cursor, limit } = c.req.valid("query");
  // "#HipHop", "hiphop" and "hip-hop" name the same topic, as when the post was tagged. Hono's
  // param() has already percent-decoded the value; decoding it again turned "%25" into a lone "%"
  // and a URIError (a 500).
  const name = normalizeHashtag(c.req.param("name").slice(0, 200));
  if (name === null) return c.json(EMPTY_PAGE, 200);
  const page = await listHashtagPosts(c.var.db, { name, cursor, limit, viewerId: userId });
  return c.json(page, 200);
});
