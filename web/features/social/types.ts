// The social contract's shapes as the SPA sees them. They live in shared/ (owned with the server
// side), so a renamed field breaks both sides at once.
import type { PostPage } from "../../../shared/posts-api";

export type { Comment, CommentRoomClientMessage, CommentRoomServerMessage, CommentThread } from "../../../shared/realtime";
export type { BookmarkState, FollowState, LikeState } from "../../../shared/social-api";

export type BookmarkPage = PostPage;
