// The shared primitives under web/components (spinner, dialogs, the paged list): words every screen that
// uses them shows. The screens' own words are in their areas' *_SCREEN_TEXTS.

export const UI_TEXTS = {
  /** A spinner's name when the caller gives none. */
  loading: "Loading",
  /** The dialog's close button. */
  closeDialog: "Close",
  /** The paged list's retry controls and its "load more" fallback for infinite scroll. */
  pagedList: {
    retry: "Retry",
    tryAgain: "Try again",
    loadMore: "Load more",
  },
} as const;
