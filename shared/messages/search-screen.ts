import { SEARCH_TEXTS } from "./search";

// The search and explore screen (first document §2 Search and explore, §4 sort options and
// trending badges, §8 toasts, §9 trending topics and recommendations): the spec's words where it
// gives them, ours for the labels and hints it leaves open. The API's own messages are
// SEARCH_TEXTS.

export const SEARCH_SCREEN_TEXTS = {
  title: "Search",
  placeholder: "Search users, content, hashtags...",
  inputLabel: "Search",
  clearQuery: "Clear search",
  tabs: { explore: "Explore", users: "Users", tags: "Tags", services: "Services" },
  noResults: { title: "No results found", hint: "Try adjusting your filters or search terms" },
  noUsers: "No users found",
  startTyping: "Start typing to search for users",
  servicesTitle: "Professional Services",
  noServices: "No services available",
  schedulingRequired: "Scheduling Required",
  /** Turnaround is labelled in days on this screen (§9). */
  turnaround: (days: number) => (days === 0 ? "Same-day turnaround" : `${days} ${days === 1 ? "day" : "days"} turnaround`),
  byAuthor: (username: string) => `by @${username}`,
  sections: { users: "Users", posts: "Posts", hashtags: "Hashtags" },
  filters: {
    toggle: "Filters",
    title: "Advanced filters",
    contentType: "Content type",
    contentTypes: { all: "All", image: "Images", video: "Videos", audio: "Audio" },
    location: "Location",
    locationPlaceholder: "City or region",
    profession: "Profession",
    anyProfession: "Any profession",
    sortBy: "Sort by",
    sorts: { relevance: "Relevance", recent: "Most Recent", popular: "Most Popular", verified: "Verified First" },
    verified: "Verified only",
    hasServices: "Offers services",
    clear: "Clear filters",
    /** The count badge on the Filters button. */
    active: (n: number) => `${n} active`,
  },
  recommendations: {
    title: "Recommended for you",
    postsTitle: "Posts you may like",
    hint: "People picked from who you follow, your profession, your city and what you explore.",
    empty: "No recommendations yet",
    emptyHint: "Follow a few people and explore some tags, then refresh.",
    refresh: "Refresh recommendations",
    showMore: "Show More Recommendations",
    matchPercent: (percent: number) => `${percent}% match`,
    reasons: {
      similar_interests: "Similar interests",
      mutual_connections: "Mutual connections",
      trending: "Trending",
      location_based: "Near you",
    },
    updated: { title: "Recommendations Updated" },
    updateComplete: { title: "Update Complete", description: "Recommendations have been refreshed based on your activity" },
  },
  trending: {
    title: "Trending Topics",
    more: "More topics",
    showAll: "Show All",
    showMore: (n: number) => `Show ${n} More Topics`,
    badges: { hot: "Hot", rising: "Rising", popular: "Popular" },
    posts: (n: number) => `${n} ${n === 1 ? "post" : "posts"}`,
    score: (n: number) => `Score ${n}`,
    empty: "No trending topics yet",
    emptyHint: "Tags used in new posts show up here.",
    matching: "Matching hashtags",
    noMatches: "No hashtags found",
  },
  hashtag: {
    back: "Back to search",
    subtitle: "Newest posts first",
    empty: (tag: string) => `No posts with #${tag} yet`,
    emptyHint: "Posts tagged with this topic will show up here, newest first.",
  },
  /** §8 toasts: the descriptions are the API's own words (SEARCH_TEXTS). */
  errors: {
    searchFailed: { title: "Search Error", description: SEARCH_TEXTS.searchFailed },
    loadTrending: SEARCH_TEXTS.loadTrending,
    searchHashtags: SEARCH_TEXTS.searchHashtags,
    loadHashtagPosts: SEARCH_TEXTS.loadHashtagPosts,
    retry: "Try again",
  },
  /** Screen-reader names of the tabs list, the loading states and the trending rank. */
  a11y: {
    sections: "Search sections",
    searching: "Searching",
    searchingPeople: "Searching people",
    loadingMorePeople: "Loading more people",
    loadingRecommendations: "Loading recommendations",
    loadingTrending: "Loading trending topics",
    loadingServices: "Loading services",
    loadingMoreServices: "Loading more services",
    rank: (rank: number) => `Rank ${rank}:`,
  },
  /** A person in the Users tab: the badge's name and the follower count's noun. */
  userRow: {
    verified: "Verified",
    followers: (count: number) => (count === 1 ? "follower" : "followers"),
  },
} as const;