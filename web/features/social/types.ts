// The social contract's shapes as the SPA sees them. They live in shared/ (owned with the server
// side), so a renamed field breaks both sides at once.
import type { InfiniteData } from "@tanstack/react-query";
import type { PostPage } from "@shared/posts-api";
import type { Comment } from "@shared/realtime";
import type { CommentPage } from "@shared/social-api";

export type { Comment, CommentRoomClientMessage, CommentRoomServerMessage } from "@shared/realtime";
export type { BookmarkState, CommentPage, CommentsSince, FollowState, LikeState, ReplyPage } from "@shared/social-api";

export type BookmarkPage = PostPage;

/**
 * A comment as the dialog shows it: a page entry joined with its author and post, or a live
 * Comment as the room or a POST sent it (whose cursor the list does not need).
 */
export type CommentView = Omit<Comment, "cursor">;

/** A top-level comment with the replies loaded so far and how many it has in all. */
export interface CommentThreadView extends CommentView {
  replies: CommentView[];
  replyCount: number;
  /** The server's cursor for the thread's next replies; null when none are left to load. */
  repliesCursor: string | null;
}

/** One loaded page of threads, joined with its authors (decision record 0061). */
export interface CommentsPageView {
  items: CommentThreadView[];
  nextCursor: string | null;
  /** First page only: where to catch up from, advanced by every comment that arrives live. */
  latest: CommentPage["latest"];
  /** First page only: the post's comment count, kept current by live comments and deletes. */
  total: number;
  /**
   * First page only: top-level comments that arrived live (or were just posted) while newer pages
   * were not loaded yet. They are the newest of the post, so they show after every page.
   */
  live: CommentThreadView[];
  /** First page only: ids of live replies counted in `total` whose thread is not loaded. */
  counted: string[];
}

export type CommentsData = InfiniteData<CommentsPageView, string | null>;
