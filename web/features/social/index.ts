// What the screens use from the social feature: the post action bar (with the comments dialog),
// the Follow button, and the saved-posts list and its query.
export { PostActions } from "./components/post-actions";
export { FollowButton } from "./components/follow-button";
export { bookmarksInfiniteQueryOptions } from "./api";
export { BookmarksList } from "./components/bookmarks-list";
