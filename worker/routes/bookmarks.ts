// Spec social-feed-search §2 "Bookmarks list", §4 "Bookmark: toggles; a duplicate-insert conflict
// is treated as already bookmarked", §7 bookmarks ("fetched with their post and author profile,
// newest first"); marketplace-messaging-account §2 Bookmarks (/bookmarks).
import { Hono } from "hono";
import { POST_ERRORS } from "@shared/messages";
import { pageQuerySchema } from "@shared/schemas/paging";
import { bookmarkBodySchema, type BookmarkState } from "@shared/social-api";
import { listBookmarks, setBookmark } from "../db/queries/bookmarks";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { postParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";

/** Mounted at /posts: PUT /api/posts/:postId/bookmark. */
export const bookmarkPostRoutes = new Hono<AppEnv>().put(
  "/:postId/bookmark",
  postParam,
  signedIn,
  validate("json", bookmarkBodySchema),
  async (c) => {
    const { userId } = requireUser(c);
    const { postId } = c.req.valid("param");
    const { bookmarked } = c.req.valid("json");
    if (!(await setBookmark(c.var.db, { postId, userId, bookmarked }))) {
      throw new ApiError("not_found", POST_ERRORS.postNotFound);
    }
    return c.json({ bookmarked } satisfies BookmarkState, 200);
  },
);

/** Mounted at /bookmarks: GET /api/bookmarks?cursor=&limit= — the caller's saved posts. */
export const bookmarkRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  const { cursor, limit } = c.req.valid("query");
  const page = await listBookmarks(c.var.db, { userId, cursor, limit });
  return c.json(page, 200);
});
