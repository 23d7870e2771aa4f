// Every user-facing text of both specifications' §8 error catalogues, their success toasts and
// the validation messages of §5, written once. The Worker puts these in error envelopes and the
// SPA puts them in toasts, so the two can never drift apart or from the spec.
//
// A toast is `{ title, description? }`. Texts with a placeholder are functions, so the caller
// cannot forget to fill it in.

export interface ToastText {
  readonly title: string;
  readonly description?: string;
}

const ERROR_TITLE = "Error";

/** Destructive toasts titled "Error" (first document §8). */
export const POST_ERRORS = {
  loginToBookmark: "You must be logged in to bookmark posts",
  loginToLike: "You must be logged in to like posts",
  loginToComment: "You must be logged in to comment",
  loginToCreatePost: "You must be logged in to create a post",
  loginToDelete: "You must be logged in to delete posts",
  updateBookmark: "Failed to update bookmark",
  loadComments: "Failed to load comments",
  addComment: "Failed to add comment",
  loadFollowedPosts: "Failed to load posts from people you follow",
  loadPosts: "Failed to load posts",
  createPost: "Failed to create post. Please try again.",
  updateLike: "Failed to update like",
  postNotFound: "Post not found",
  deleteOthersPost: "You can only delete your own posts",
  /** The feed flow and the all-posts flow word this one differently; both are kept. */
  sharePostFeed: "Failed to share post. Please try again.",
  sharePostAll: "Failed to share post",
  loadTrendingHashtags: "Failed to load trending hashtags",
  searchHashtags: "Failed to search hashtags",
  loadHashtagPosts: "Failed to load posts for hashtag",
  updateFollow: "Failed to update follow status",
} as const;

/** Turns one of the "Error"-titled texts into a toast. */
export function errorToast(description: string): ToastText {
  return { title: ERROR_TITLE, description };
}

export const SEARCH_ERROR: ToastText = { title: "Search Error", description: "Failed to perform search. Please try again." };

export const RECOMMENDATIONS_UPDATED: ToastText = { title: "Recommendations Updated" };
/** Shown when refreshing recommendations fails: the spec deliberately words it as a success. */
export const RECOMMENDATIONS_UPDATE_COMPLETE: ToastText = {
  title: "Update Complete",
  description: "Recommendations have been refreshed based on your activity",
};

export const AUTH_MESSAGES = {
  unexpected: "An unexpected error occurred",
  signUpSuccess: "Please check your email to confirm your account",
  providerMissingCredentials: "You must provide either an email or phone number and a password",
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
  accountLocked: "Account temporarily locked due to suspicious activity",
  userNotAuthenticated: "User not authenticated",
} as const;

export const TOO_MANY_ATTEMPTS_TITLE = "Too Many Attempts";
export function tooManyAttempts(minutes: number): ToastText {
  return { title: TOO_MANY_ATTEMPTS_TITLE, description: `Please wait ${minutes} minutes before trying again` };
}

export const UPLOAD_LIMIT_TITLE = "Upload Limit Reached";
export function uploadLimitReached(minutes: number): ToastText {
  return { title: UPLOAD_LIMIT_TITLE, description: `Please wait ${minutes} minutes before uploading again` };
}

export const FEATURE_COMING_SOON: ToastText = {
  title: "Feature Coming Soon",
  description: "Post editing will be available soon",
};

export const DELETE_POST_CONFIRM = "Are you sure you want to delete this post? This action cannot be undone.";

/** Success toasts of the first document §8. */
export const POST_SUCCESS = {
  bookmarked: { title: "Post bookmarked" },
  bookmarkRemoved: { title: "Bookmark removed" },
  /** Generic success title, used after creating a post. */
  success: { title: "Success!" },
  commentAdded: { title: "Comment added!" },
  postShared: { title: "Post shared!" },
  linkCopiedShort: { title: "Link copied!" },
  postDeleted: { title: "Success" },
  linkCopied: { title: "Link Copied", description: "Link has been copied to clipboard" },
} as const satisfies Record<string, ToastText>;

export function followingToast(username: string): ToastText {
  return { title: "Following", description: `You are now following @${username}` };
}
export function unfollowedToast(username: string): ToastText {
  return { title: "Unfollowed", description: `You unfollowed @${username}` };
}

/** App-shell toasts (first document §1 and §8). */
export const SHELL_TOASTS = {
  appUpdated: { title: "App Updated", description: "A new version is available. Refresh to update." },
  /** The spec shows that an install-success toast exists but not its words; these are ours. */
  installed: { title: "App Installed", description: "Backline has been added to your device." },
  backOnline: { title: "Back Online", description: "Your connection has been restored." },
  offline: { title: "You're Offline", description: "Don't worry, the app still works offline!" },
} as const satisfies Record<string, ToastText>;

export const INSTALL_CARD = {
  title: "Install the app",
  description: "Get offline access, push notifications and faster loading.",
  install: "Install",
  dismiss: "Not now",
} as const;

export const ERROR_FALLBACK = { title: "Something went wrong", tryAgain: "Try Again", reload: "Reload Page" } as const;
export const NOT_FOUND_PAGE = { title: "Oops! Page not found", returnHome: "Return to Home" } as const;

/** Empty states and labels that both sides mention (first document §2). */
export const SEARCH_TEXTS = {
  placeholder: "Search users, content, hashtags...",
  noResults: "No results found",
  noResultsHint: "Try adjusting your filters or search terms",
  noUsers: "No users found",
  noUsersHint: "Start typing to search for users",
  noServices: "No services available",
  servicesTitle: "Professional Services",
  schedulingRequired: "Scheduling Required",
  showMoreRecommendations: "Show More Recommendations",
  showAll: "Show All",
} as const;
export function showMoreTopics(n: number): string {
  return `Show ${n} More Topics`;
}

// ---------------------------------------------------------------------------------------------
// Second document §8.

export const PAYMENT_MESSAGES = {
  sessionFailed: "Failed to create payment session",
  noClientSecret: "Invalid payment response - no client secret",
  formNotReady: "Payment form not ready. Please try again.",
  paymentFailedInline: "Payment failed",
  paymentFailed: { title: "Payment Failed", description: "There was an issue processing your payment" },
  paymentSucceeded: { title: "Payment successful!" },
  loginToPurchase: "Please log in to make a purchase",
  successPage: "Payment Successful!",
} as const;
export function paymentSessionFailedWith(message: string): string {
  return `${PAYMENT_MESSAGES.sessionFailed}: ${message}`;
}

export const ACCOUNT_MESSAGES = {
  loadActivity: "Failed to load activity feed",
  loadProfile: "Failed to load profile",
  profileNotFound: "Profile not found",
  updateFailed: { title: "Update failed", description: "Failed to update profile" },
  profileUpdated: { title: "Profile updated", description: "Your profile has been successfully updated" },
  avatarInvalidType: { title: "Invalid file type", description: "Please select an image file" },
  avatarTooLarge: { title: "File too large", description: "Please select an image under 5MB" },
  avatarUploadFailed: { title: "Upload failed", description: "Failed to upload profile picture" },
  usernameRequired: { title: "Username required", description: "Please enter a username" },
  usernameTaken: { title: "Username taken", description: "This username is already in use" },
} as const;

export const MARKETPLACE_MESSAGES = {
  fetchProducts: "Failed to fetch products",
  createProduct: "Failed to create product",
  updateProduct: "Failed to update product",
  deleteProduct: "Failed to delete product",
  fetchServices: "Failed to fetch services",
  productCreated: "Product created successfully",
  productUpdated: "Product updated successfully",
  productDeleted: "Product deleted successfully",
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  serviceNotFound: "Service not found",
  productNotFound: "Product not found",
  noServicesYet: "No services created yet",
  createFirstService: "Create Your First Service",
  noProductsYet: "No products created yet",
  digitalFileNote: "Digital file will be available after purchase",
  packagePricing: "Package pricing",
  contactForPricing: "Contact for pricing",
} as const;

export const MESSAGING_TEXTS = {
  fetchConversations: "Failed to fetch conversations",
  loadingConversations: "Loading conversations...",
  noConversationsFound: "No conversations found",
  noConversationsYet: "No conversations yet",
  startConversation: "Start a conversation",
  ownPreviewPrefix: "You: ",
  loadingMessages: "Loading messages...",
  selectConversation: "Select a conversation to start messaging",
} as const;
export function startConversationWith(name: string): string {
  return `Start your conversation with ${name}`;
}

export const ACTIVITY_TEXTS = {
  emptyTitle: "No recent activity",
  emptyDescription: "When people interact with your posts or follow you, you'll see it here.",
} as const;
export function activityText(kind: "like" | "comment" | "follow" | "message", name: string): string {
  switch (kind) {
    case "like":
      return `${name} liked your post`;
    case "comment":
      return `${name} commented on your post`;
    case "follow":
      return `${name} started following you`;
    case "message":
      return `${name} sent you a message`;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

export const LOADING_TEXT = "Loading...";
