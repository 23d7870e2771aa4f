// The social contract's response shapes as the SPA sees them (likes, bookmarks, comments,
// follows). Comment shapes come from shared/realtime.ts, which the server side owns, so a
// renamed field breaks both sides at once.
import type { PostPage } from "../../../shared/posts-api";

export type { Comment, CommentThread } from "../../../shared/realtime";

export interface LikeState {
  liked: boolean;
  likesCount: number;
}

export interface BookmarkState {
  bookmarked: boolean;
}

export interface FollowResult {
  following: boolean;
  followerCount: number;
  followingCount: number;
}

export type BookmarkPage = PostPage;
