import { TEXT_LIMITS } from "../constants";
import type { ToastText } from "./toast";

// Posts and their social actions: the first document's §8 catalogue, then the texts of editing,
// deleting and paging that the spec leaves to us.

/** Destructive toasts titled "Error" (first document §8); the API answers with the same words. */
export const POST_ERRORS = {
  loginToBookmark: "You must be logged in to bookmark posts",
  loginToLike: "You must be logged in to like posts",
  loginToComment: "You must be logged in to comment",
  loginToCreatePost: "You must be logged in to create a post",
  updateBookmark: "Failed to update bookmark",
  loadComments: "Failed to load comments",
  addComment: "Failed to add comment",
  loadFollowedPosts: "Failed to load posts from people you follow",
  loadPosts: "Failed to load posts",
  createPost: "Failed to create post. Please try again.",
  updateLike: "Failed to update like",
  postNotFound: "Post not found",
  deleteOthersPost: "You can only delete your own posts",
  /** The feed flow's words; the spec's all-posts flow ('Failed to share post') is not a screen here. */
  sharePostFeed: "Failed to share post. Please try again.",
  updateFollow: "Failed to update follow status",
} as const;

/** Success toasts of the first document §8. */
export const POST_SUCCESS = {
  bookmarked: { title: "Post bookmarked" },
  bookmarkRemoved: { title: "Bookmark removed" },
  /** Generic success title, used after creating a post. */
  success: { title: "Success!" },
  commentAdded: { title: "Comment added!" },
  postShared: { title: "Post shared!" },
  linkCopiedShort: { title: "Link copied!" },
  postDeleted: { title: "Success", description: "Your post has been deleted." },
} as const satisfies Record<string, ToastText>;

/** Editing, deleting and the caption, location and tag fields (first document §5; limits named). */
export const POST_TEXTS = {
  deleteConfirm: "Are you sure you want to delete this post? This action cannot be undone.",
  postUpdated: "Post updated",
  updateFailed: "Failed to update post. Please try again.",
  editOthersPost: "You can only edit your own posts",
  deleteMediaFailed: "Failed to delete post. Please try again.",
  nothingToUpdate: "Nothing to update",
  invalidCaptionContent: "Invalid caption content",
  // The spec shows counters for these limits but no message; ours name the limit.
  captionTooLong: `Caption must be at most ${TEXT_LIMITS.caption} characters`,
  locationTooLong: `Location must be at most ${TEXT_LIMITS.location} characters`,
  tagsTooLong: `Tags must be at most ${TEXT_LIMITS.tags} characters`,
} as const;