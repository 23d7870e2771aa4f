import type { ToastText } from "./toast";

// Social: follows, comments, bookmarks (first document §4; the texts the spec leaves to us).

export const SOCIAL_TEXTS = {
  followSelf: "You cannot follow yourself",
  deleteOthersComment: "You can only delete your own comments",
  commentNotFound: "Comment not found",
  replyTargetMissing: "The comment you are replying to no longer exists",
  /** The spec shows no message for an empty comment (nothing happens); this is for the API. */
  commentEmpty: "Comment cannot be empty",
  commentTooLong: "Comment is too long",
  bookmarksEmpty: { title: "No saved posts yet", hint: "Tap the bookmark on any post to keep it here for later." },
  following: (username: string): ToastText => ({ title: "Following", description: `You are now following @${username}` }),
  unfollowed: (username: string): ToastText => ({ title: "Unfollowed", description: `You unfollowed @${username}` }),
} as const;