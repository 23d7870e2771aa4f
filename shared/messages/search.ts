// Search and discovery on the server (first document §8): the errors the search, hashtag and
// recommendation routes answer with. The screen's own texts are SEARCH_SCREEN_TEXTS.

export const SEARCH_TEXTS = {
  /** §8 'Search Error: Failed to perform search. Please try again.' — the envelope carries the description. */
  searchFailed: "Failed to perform search. Please try again.",
  loadTrending: "Failed to load trending hashtags",
  searchHashtags: "Failed to search hashtags",
  loadHashtagPosts: "Failed to load posts for hashtag",
} as const;