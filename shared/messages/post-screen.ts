// The posts screens (first document §2 feed screen, /post/{id}; §4 post deletion; the posts &
// media contract's editing): the post card, the owner's menu, the edit and delete dialogs, the
// media and the audio player, the feed and its empty state, and the share page. The spec gives
// Edit Post and Delete Post; the rest is ours. The toasts and the server's answers are
// POST_ERRORS, POST_SUCCESS and POST_TEXTS; the edit form's fields share the create-post screen's
// words (UPLOAD_SCREEN_TEXTS).

export const POST_SCREEN_TEXTS = {
  /** The post card. The nouns go through plural(): "1 like", "12 likes". */
  card: {
    verified: "Verified",
    tags: "Tags",
    likeNoun: "like",
    commentNoun: "comment",
  },
  /** The owner's menu (spec §2: "a menu with Edit Post and Delete Post"). */
  menu: {
    label: "Post options",
    edit: "Edit Post",
    delete: "Delete Post",
  },
  edit: {
    title: "Edit Post",
    description: "Change the caption, location or tags. The media stays as it is.",
    cancel: "Cancel",
    saving: "Saving…",
    save: "Save",
  },
  delete: {
    title: "Delete Post",
    cancel: "Cancel",
    deleting: "Deleting…",
    delete: "Delete",
  },
  /** The media's accessible names, after the author's name. */
  media: {
    photoBy: (name: string) => `Photo by ${name}`,
    photoWithCaption: (name: string, caption: string) => `Photo by ${name}: ${caption}`,
    videoBy: (name: string) => `Video by ${name}`,
    audioBy: (name: string) => `audio by ${name}`,
  },
  /** The audio player; `label` is what plays ("audio by Maya Lopez"). */
  player: {
    play: (label: string) => `Play ${label}`,
    pause: (label: string) => `Pause ${label}`,
    seek: (label: string) => `Seek ${label}`,
    position: (current: string, total: string) => `${current} of ${total}`,
    cannotPlay: "Can't play this file",
  },
  /** A list of posts (the feed, a profile's posts, a hashtag's posts). */
  list: {
    label: "Posts",
    loading: "Loading posts",
    loadingMore: "Loading more posts",
    end: "You're all caught up",
  },
  /** What a new member sees on an empty /feed. */
  feedEmpty: {
    title: "Your feed is quiet",
    body: "Share your first track, photo or video, or follow producers, engineers and artists to see their work here.",
    createPost: "Create a post",
    discover: "Discover people",
  },
  /** /feed. */
  feed: {
    title: "Home",
    newPost: "New post",
  },
  /** /post/{id}, the target of share links. */
  page: {
    title: "Post",
    notFoundHint: "It may have been deleted by its owner, or the link is wrong.",
    backToFeed: "Back to feed",
    goHome: "Go to Backline",
    tryAgain: "Try again",
  },
} as const;
