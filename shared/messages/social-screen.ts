// The social screens (first document §2 feed actions, comments dialog, /bookmarks; §4 follow,
// realtime channel states): the post's action bar, Follow, the comments dialog and its input,
// and the saved-posts list. The spec gives Follow, Unfollow and Reply; the rest is ours. The
// toasts and the server's answers are POST_ERRORS, POST_SUCCESS, SOCIAL_TEXTS and
// COMMENT_PAGE_TEXTS.

export const SOCIAL_SCREEN_TEXTS = {
  /** The action bar under a post; the counts come from plural() with the post card's nouns. */
  actions: {
    like: (likes: string) => `Like, ${likes}`,
    comments: (comments: string) => `Comments, ${comments}`,
    share: "Share",
    /** The native share sheet's title. */
    shareTitle: (authorName: string) => `${authorName} on Backline`,
    bookmark: "Bookmark",
    removeBookmark: "Remove bookmark",
  },
  /** Follow / Following, which reads Unfollow under the pointer or keyboard focus. */
  follow: {
    follow: "Follow",
    following: "Following",
    unfollow: "Unfollow",
  },
  /** The action on a "You must be logged in to …" toast. */
  signIn: "Sign in",
  /** The comments dialog. */
  comments: {
    title: "Comments",
    about: (name: string) => `Comments on ${name}'s post`,
    loading: "Loading comments",
    tryAgain: "Try again",
    empty: "No comments yet",
    emptyHint: "Start the conversation.",
    repliesTo: (username: string) => `Replies to @${username}`,
  },
  /** The comment room's connection beside the title. */
  live: {
    joined: "Live",
    connecting: "Connecting…",
    reconnecting: "Reconnecting…",
  },
  /** One comment: its author, Reply and the author's or post owner's Delete. */
  comment: {
    verified: "Verified",
    confirmDelete: "Delete this comment?",
    deleting: "Deleting…",
    delete: "Delete",
    keep: "Keep",
    reply: "Reply",
    replyTo: (username: string) => `Reply to @${username}`,
    deleteBy: (username: string) => `Delete comment by @${username}`,
  },
  /** The comment input; "Replying to @name" is two parts around the name in bold. */
  composer: {
    replyingTo: "Replying to ",
    cancel: "Cancel",
    placeholder: "Add a comment…",
    replyPlaceholder: (username: string) => `Reply to @${username}…`,
    label: "Add a comment",
    replyLabel: (username: string) => `Reply to @${username}`,
    send: "Send comment",
    sending: "Sending",
  },
  /** /bookmarks, the saved posts. */
  bookmarks: {
    title: "Saved posts",
    backToDashboard: "Back to dashboard",
    loading: "Loading saved posts",
    end: "That's everything you saved",
  },
} as const;
