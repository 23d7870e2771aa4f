// What other parts of the app use from the social feature: the post action bar, the Follow
// button, the comments dialog and the saved-posts query.
export { PostActions, type PostActionsProps } from "./components/post-actions";
export { FollowButton, type FollowButtonProps } from "./components/follow-button";
export { CommentsDialog, type CommentsDialogProps } from "./components/comments-dialog";
export { bookmarksInfiniteQueryOptions, commentsQueryOptions, followQueryOptions, socialKeys } from "./api";
export { useFollow } from "./hooks/use-follow";
export { BookmarksList } from "./components/bookmarks-list";
