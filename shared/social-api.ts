// The social contract shared by the Worker and the SPA (spec social-feed-search §4 like,
// bookmark, comment reply, follow; §7 post_likes, bookmarks, comments, follows): request bodies
// and response shapes. Comment rules come from shared/rules/comment.ts and the content screen,
// messages from shared/messages.ts; nothing here retypes them.
import { z } from "zod";
import { TEXT_LIMITS } from "./constants";
import { cursorSchema } from "./cursor";
import { MOMENT_TEXTS, SOCIAL_TEXTS, REQUEST_TEXTS } from "./messages";
import { limitSchema } from "./schemas/paging";
import { idSchema } from "./schemas/common";
import { MAX_DURATION_MS } from "./schemas/post";
import type { PersonRef } from "./people";
import type { Comment } from "./realtime";

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
  /**
   * Optional: the moment of an audio post this comment is pinned to, in milliseconds from the
   * start (issue #31, decision record 0089). Only its shape is checked here; the handler bounds it
   * by the duration stored on the post's own row, and refuses it on any other kind of post.
   */
  atMs: z
    .number({ error: MOMENT_TEXTS.notWhole })
    .int(MOMENT_TEXTS.notWhole)
    .min(0, MOMENT_TEXTS.outOfTrack)
    .max(MAX_DURATION_MS, MOMENT_TEXTS.outOfTrack)
    .nullish(),
});

/** Top-level comments per page when the client does not say (decision record 0061). */
export const COMMENT_PAGE_DEFAULT = 20;
/** The most top-level comments (or replies) one page returns, whatever the client asks for. */
export const COMMENT_PAGE_MAX = 50;
/** Replies sent with each top-level comment of a page; the rest load with the thread's cursor. */
export const REPLY_PREVIEW = 3;
/**
 * The most comments one catch-up (`?since=`) returns. A client that gets this many was away long
 * enough that reading its pages again is cheaper than replaying everything it missed.
 */
export const CATCH_UP_MAX = 100;

const pageLimit = limitSchema(COMMENT_PAGE_DEFAULT, COMMENT_PAGE_MAX);

/**
 * GET /api/posts/:postId/comments: `?cursor=&limit=` pages the top-level comments oldest first;
 * `?since=` (a comment's own `cursor`, or a page's `latest.cursor`) is the catch-up after a
 * reconnect, flat and oldest first. The two never mix: `since` wins.
 */
export const commentsQuerySchema = z.object({ since: cursorSchema.optional(), cursor: cursorSchema.optional(), limit: pageLimit });

/** Markers per page of a post's pinned comments (GET /api/posts/:postId/comments/markers). */
export const MARKER_PAGE_DEFAULT = 100;
export const MARKER_PAGE_MAX = 100;
/**
 * A marker carries the start of its comment, at most this many characters (an ellipsis marks a
 * cut): enough for the two lines that surface over the waveform, and a full page stays small.
 * The whole comment is in the comments dialog.
 */
export const MARKER_EXCERPT_CHARS = 140;

/** GET /api/posts/:postId/comments/markers?cursor=&limit= — pinned comments in the track's order. */
export const markersQuerySchema = z.object({ cursor: cursorSchema.optional(), limit: limitSchema(MARKER_PAGE_DEFAULT, MARKER_PAGE_MAX) });

/** GET /api/comments/:commentId/replies?cursor=&limit= — more replies of one thread. */
export const repliesQuerySchema = z.object({ cursor: cursorSchema.optional(), limit: pageLimit });

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

/**
 * A comment inside a page. Its post is the page's and its author is in the page's `authors` map,
 * so a busy thread by a few people does not repeat the same author block hundreds of times.
 */
export type CommentEntry = Omit<Comment, "postId" | "author" | "cursor">;

/** A top-level comment with its first replies (one level of nesting, spec §2 comments dialog). */
export interface CommentThreadEntry extends CommentEntry {
  /** Every reply the thread has, shown or not. */
  replyCount: number;
  /** The oldest replies, oldest first: at most REPLY_PREVIEW in a page. */
  replies: CommentEntry[];
  /** Pass to GET /api/comments/:id/replies?cursor= for the next replies; null when all are here. */
  repliesCursor: string | null;
}

/** The authors of a page's comments, by user id. */
export type CommentAuthors = Record<string, PersonRef>;

/** GET /api/posts/:postId/comments — one page of threads. */
export interface CommentPage {
  postId: string;
  items: CommentThreadEntry[];
  authors: CommentAuthors;
  /** Opaque; pass back as `?cursor=` for the next (newer) top-level comments. Null on the last page. */
  nextCursor: string | null;
  /**
   * On the first page only (null elsewhere): the post's newest comment when the page was read,
   * top-level or reply. Its `cursor` is where a live client catches up from after a reconnect.
   */
  latest: { cursor: string; createdAt: number } | null;
  /** The post's comment count (every comment, replies included) when the page was read. */
  total: number;
}

/** GET /api/comments/:commentId/replies — the next replies of one thread, oldest first. */
export interface ReplyPage {
  items: CommentEntry[];
  authors: CommentAuthors;
  nextCursor: string | null;
}

/** GET /api/posts/:postId/comments?since= — what was written after the cursor, flat, oldest first. */
export interface CommentsSince {
  items: Comment[];
  /** True when more than CATCH_UP_MAX comments were written meanwhile: read the pages again. */
  hasMore: boolean;
}

/**
 * A comment pinned to a moment of an audio post, as the waveform shows it: who, when in the
 * track, and the text that surfaces there while it plays. Only top-level comments are pinned.
 */
export interface CommentMarker {
  id: string;
  userId: string;
  /** Milliseconds from the start of the track, within the post's stored duration. */
  atMs: number;
  /** The comment's text, cut to MARKER_EXCERPT_CHARS. */
  content: string;
  createdAt: number;
}

/**
 * GET /api/posts/:postId/comments/markers — a post's pinned comments in the track's order
 * (earliest moment first), with the same audience rules as its comment pages.
 */
export interface MarkerPage {
  items: CommentMarker[];
  authors: CommentAuthors;
  /** Opaque; pass back as `?cursor=` for the later moments. Null on the last page. */
  nextCursor: string | null;
}
