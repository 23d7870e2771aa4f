// Comment threads a page at a time (decision record 0061). The spec shows no paging for
// comments; these name the controls that load the rest.

export const COMMENT_PAGE_TEXTS = {
  loadMore: "Load more comments",
  loadingMore: "Loading more comments",
  retryMore: "Try again",
  moreReplies: (n: number) => (n === 1 ? "View 1 more reply" : `View ${n} more replies`),
  loadingReplies: "Loading replies",
  loadRepliesFailed: "Failed to load replies",
  newerComments: "Newest comments",
} as const;