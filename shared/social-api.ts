// The social contract shared by the Worker and the SPA (spec social-feed-search §4 like,
// bookmark, comment reply, follow; §7 post_likes, bookmarks, comments, follows): request bodies,
// response shapes and the messages the spec leaves to us. Comment rules and texts come from
// shared/rules/comment.ts and the content screen; nothing here retypes them.
import { z } from "zod";
import { cursorSchema } from "./cursor";
import { COMMENT_EMPTY, COMMENT_MAX } from "./rules/comment";
import { idSchema } from "./schemas/common";
import { COMMENT_TOO_LONG } from "./schemas/comment";
import type { Comment, CommentThread } from "./realtime";

export type { Comment, CommentThread } from "./realtime";

// Messages the spec does not word. They are ours, written once here.
export const FOLLOW_SELF = "You cannot follow yourself";
export const DELETE_OTHERS_COMMENT = "You can only delete your own comments";
export const COMMENT_NOT_FOUND = "Comment not found";
export const REPLY_TARGET_MISSING = "The comment you are replying to no longer exists";
export const INVALID_TOGGLE = "Invalid request";

/** PUT /api/posts/:postId/like — the state the client wants, not a toggle, so retries are safe. */
export const likeBodySchema = z.object({ liked: z.boolean({ error: INVALID_TOGGLE }) });
/** PUT /api/posts/:postId/bookmark */
export const bookmarkBodySchema = z.object({ bookmarked: z.boolean({ error: INVALID_TOGGLE }) });
/** PUT /api/users/:userId/follow */
export const followBodySchema = z.object({ following: z.boolean({ error: INVALID_TOGGLE }) });

/**
 * POST /api/posts/:postId/comments. Only the shape is checked here; the content rules (trim,
 * empty, cut to 1000, content screen) run in the handler in the spec's order, around the rate
 * limit, and a screen refusal writes a content_violation event. The raw text is bounded so no
 * rule ever runs over a huge body.
 */
export const createCommentBodySchema = z.object({
  content: z.string({ error: COMMENT_EMPTY }).max(COMMENT_MAX * 10, COMMENT_TOO_LONG),
  parentId: idSchema.nullish(),
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

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
