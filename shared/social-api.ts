// The social contract shared by the Worker and the SPA (spec social-feed-search §4 like,
// bookmark, comment reply, follow; §7 post_likes, bookmarks, comments, follows): request bodies
// and response shapes. Comment rules come from shared/rules/comment.ts and the content screen,
// messages from shared/messages.ts; nothing here retypes them.
import { z } from "zod";
import { TEXT_LIMITS } from "./constants";
import { cursorSchema } from "./cursor";
import { SOCIAL_TEXTS, REQUEST_TEXTS } from "./messages";
import { idSchema } from "./schemas/common";
import type { Comment, CommentThread } from "./realtime";

/** PUT /api/posts/:postId/like — the state the client wants, not a toggle, so retries are safe. */
export const likeBodySchema = z.object({ liked: z.boolean({ error: REQUEST_TEXTS.invalidRequest }) });
/** PUT /api/posts/:postId/bookmark */
export const bookmarkBodySchema = z.object({ bookmarked: z.boolean({ error: REQUEST_TEXTS.invalidRequest }) });
/** PUT /api/users/:userId/follow */
export const followBodySchema = z.object({ following: z.boolean({ error: REQUEST_TEXTS.invalidRequest }) });

/**
 * POST /api/posts/:postId/comments. Only the shape is checked here; the content rules (trim,
 * empty, cut to 1000, content screen) run in the handler in the spec's order, around the rate
 * limit, and a screen refusal writes a content_violation event. The raw text is bounded so no
 * rule ever runs over a huge body.
 */
export const createCommentBodySchema = z.object({
  content: z.string({ error: SOCIAL_TEXTS.commentEmpty }).max(TEXT_LIMITS.comment * 10, SOCIAL_TEXTS.commentTooLong),
  parentId: idSchema.nullish(),
});

/** GET /api/posts/:postId/comments[?since=cursor], where the cursor is a comment's own `cursor`. */
export const commentsQuerySchema = z.object({ since: cursorSchema.optional() });

export interface LikeState {
  liked: boolean;
  likesCount: number;
}

export interface BookmarkState {
  bookmarked: boolean;
}

export interface FollowState {
  following: boolean;
  /** Of the target user, read back after the write. */
  followerCount: number;
  followingCount: number;
}

export interface CommentList {
  items: CommentThread[];
}

export interface CommentsSince {
  items: Comment[];
}
