// Every user-facing text of the app, written once: the specifications' §8 error catalogues and
// success toasts, the validation messages of §5, the texts the spec leaves to us, and the app
// shell's screens. The Worker puts these in error envelopes and the SPA in toasts and screens, so
// the two can never drift apart or from the spec. Rules and schemas in shared/ take their
// messages from here too; nothing else spells a user-facing sentence.
//
// One namespace per area (shell, accounts, posts, social, uploads, content screen, security,
// requests). A toast is `{ title, description? }`. Texts with a placeholder are functions, so the
// caller cannot forget to fill it in.
import {
  BROWSER_SEVERITIES,
  FILE_SIZE_LIMITS_MB,
  PASSWORD_MAX_LENGTH,
  PROFILE_LIMITS,
  REPORTABLE_SECURITY_EVENT_TYPES,
  TEXT_LIMITS,
  type ContentType,
} from "./constants";

export interface ToastText {
  readonly title: string;
  readonly description?: string;
}

/** The title of every destructive toast (first document §8: failures are titled "Error"). */
export const ERROR_TOAST_TITLE = "Error";

// ---------------------------------------------------------------------------------------------
// App shell: toasts (first document §1, §8), install card (§1), error screen (§2, §4) and the
// 404 page (second document §2). The spec shows that the install toasts exist but not all their
// words; the ones it does not give are ours.

export const SHELL_TEXTS = {
  toasts: {
    online: { title: "Back Online", description: "Your connection has been restored." },
    offline: { title: "You're Offline", description: "Don't worry, the app still works offline!" },
    installed: { title: "App Installed", description: "Backline is on your home screen. Open it any time — even offline." },
    installReminder: { title: "Take Backline with you", description: "Install the app for offline access, push notifications and faster loading." },
    updated: { title: "App Updated", description: "A new version is available. Refresh to update." },
  },
  installCard: {
    title: "Install the app",
    description: "Get offline access, push notifications and faster loading — right from your home screen.",
    install: "Install",
    notNow: "Not now",
    dismissLabel: "Dismiss install prompt",
  },
  errorFallback: {
    title: "Something went wrong",
    description: "This screen hit a wrong note. Try again, or reload the app if it keeps happening.",
    tryAgain: "Try Again",
    reload: "Reload Page",
  },
  notFound: {
    title: "Oops! Page not found",
    description: "This track doesn't exist — it may have been moved, renamed or never recorded.",
    returnHome: "Return to Home",
  },
  loading: "Loading...",
} as const satisfies { toasts: Record<string, ToastText> } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Accounts: sign-in, sign-up, email links, password reset, sessions (first document §5, §8, §9;
// the accounts contract). Where the spec leaves a text to "the provider's own message", the
// words are ours.

export const ACCOUNT_TEXTS = {
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed. Check your inbox for the confirmation link.",
  confirmLinkInvalid: "Confirmation link is invalid or has expired",
  emailConfirmed: "Your email is confirmed. You can sign in now.",
  /** The same answer whether or not the address has an account, so it reveals nothing. */
  resendSent: "If that address has an unconfirmed account, a new confirmation link is on its way.",
  resetSent: "If that address has an account, a password reset link is on its way.",
  invalidResetLink: "This password reset link is invalid or has expired",
  passwordUpdated: "Your password has been changed. Please sign in again.",
  passwordsDoNotMatch: "Passwords do not match",
  authRequired: "Authentication required",
  crossOrigin: "Cross-origin request refused",
  googleNotConfigured: "Google sign-in is not configured",
  googleFailed: "Google sign-in failed. Please try again.",
  googleEmailUnverified: "Your Google account has no verified email address",
  refreshFailed: "Your session has ended. Please sign in again.",
  unexpected: "An unexpected error occurred",
  signUpSuccess: "Please check your email to confirm your account",
  accountLocked: "Account temporarily locked due to suspicious activity",
  /** Toast titles the SPA shows around the texts above. */
  accountCreatedTitle: "Account created",
  confirmationSentTitle: "Confirmation email sent",
  signedOutTitle: "Signed out",
  signedOutOthers: { title: "Signed out of other devices", description: "Every other browser and device now has to sign in again." },
  inactivitySignOut: "You were signed out after 60 minutes without activity.",
  invalidEmail: "Please enter a valid email address",
  usernameInvalid: "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens",
  usernameTaken: "This username is already in use",
  usernameHint: `Letters, numbers, dots, underscores and hyphens; up to ${TEXT_LIMITS.usernameMax} characters.`,
  displayNameTooShort: "Display name must be at least 2 characters long",
  displayNameTooLong: `Display name must be at most ${TEXT_LIMITS.displayNameMax} characters`,
} as const;

/** Password messages (first document §5): the sign-in minimum, the strength meter and sign-up. */
export const PASSWORD_TEXTS = {
  tooShort: "Password must be at least 8 characters long",
  /** Not in the spec: a bound so that hashing cost stays predictable. */
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooWeakTitle: "Password Too Weak",
  compromisedTitle: "Compromised Password",
  compromised: "This password has been found in data breaches. Please choose a different password.",
  /** The strength meter's lines, in order of importance. */
  feedback: {
    length: "Password must be at least 8 characters long",
    lowercase: "Include at least one lowercase letter",
    uppercase: "Include at least one uppercase letter",
    digit: "Include at least one number",
    special: "Include at least one special character",
    weakPattern: 'Avoid common words and sequences such as "password" or "123456"',
    repeated: "Avoid repeating the same character 3 or more times",
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Profiles, the dashboard and onboarding (second document §2, §5, §8). Where the spec gives a
// title and a description, the API's error message is the description and the SPA shows the
// title above it.

export const PROFILE_TEXTS = {
  notFound: "Profile not found",
  loadFailed: "Failed to load profile",
  updated: { title: "Profile updated", description: "Your profile has been successfully updated" },
  updateFailed: { title: "Update failed", description: "Failed to update profile" },
  usernameRequired: { title: "Username required", description: "Please enter a username" },
  usernameTaken: { title: "Username taken", description: ACCOUNT_TEXTS.usernameTaken },
  avatarInvalidType: { title: "Invalid file type", description: "Please select an image file" },
  avatarTooLarge: { title: "File too large", description: `Please select an image under ${PROFILE_LIMITS.avatarMaxMb}MB` },
  avatarUploadFailed: { title: "Upload failed", description: "Failed to upload profile picture" },
  // The spec shows limits or required fields for these but no message; these are ours.
  bioTooLong: `Bio must be at most ${TEXT_LIMITS.bio} characters`,
  displayNameTooLong: ACCOUNT_TEXTS.displayNameTooLong,
  professionRequired: "Please choose your profession",
  professionInvalid: "Please choose a profession from the list",
  locationTooLong: `Location must be at most ${TEXT_LIMITS.location} characters`,
  websiteInvalid: "Please enter a website address starting with http:// or https://",
  websiteTooLong: `Website address must be at most ${TEXT_LIMITS.websiteUrl} characters`,
  skillTooLong: `Each skill must be at most ${TEXT_LIMITS.skill} characters`,
  tooManySkills: `Add at most ${PROFILE_LIMITS.skillsMax} skills`,
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  nameTooLong: `Names must be at most ${TEXT_LIMITS.personName} characters`,
  phoneInvalid: "Please enter a valid phone number",
  yearsExperienceInvalid: `Experience must be a whole number of years from 0 to ${PROFILE_LIMITS.yearsExperienceMax}`,
  hourlyRateInvalid: "Hourly rate must be an amount in dollars and cents",
  nothingToUpdate: "Nothing to update",
  /** "+N more" after the first five skills (second document §9). */
  moreSkills: (count: number) => `+${count} more`,
} as const;

/** The cards chat apps show for a shared /profile/{id} or /post/{id} link (issue #10; ours). */
export const LINK_PREVIEW_TEXTS = {
  profileTitle: (displayName: string, username: string) => `${displayName} (@${username})`,
  profileDescription: (displayName: string) => `${displayName} on Backline, the network for music professionals.`,
  postTitle: (displayName: string) => `${displayName} on Backline`,
  postDescription: (contentType: ContentType, username: string) => `A new ${contentType} post by @${username} on Backline.`,
} as const;

/** Price lines (second document §9): package pricing on owner lists, 'Starting at' on public pages. */
export const PRICE_TEXTS = {
  packagePricing: "Package pricing",
  startingAt: (price: string) => `Starting at ${price}`,
  contactForPricing: "Contact for pricing",
  perHour: "/hour",
  perSession: "/session",
} as const;

// ---------------------------------------------------------------------------------------------
// Posts and their social actions: the first document's §8 catalogue, then the texts of editing,
// deleting and paging that the spec leaves to us.

/** Destructive toasts titled "Error" (first document §8); the API answers with the same words. */
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
  postDeleted: { title: "Success" },
  linkCopied: { title: "Link Copied", description: "Link has been copied to clipboard" },
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// Uploads (first document §5 Upload, and the multipart protocol of decision record 0005).

export const UPLOAD_TEXTS = {
  selectContentType: "Please select a content type first",
  selectFile: "Please select a file to upload",
  invalidFile: "Invalid file",
  invalidType: (type: ContentType) => `Please select a valid ${type} file`,
  fileTooLarge: (type: ContentType) => `File size must be less than ${FILE_SIZE_LIMITS_MB[type]}MB for ${type} files`,
  invalidFileName: "Invalid file name",
  multipleExtensions: "Multiple file extensions not allowed",
  suspiciousFileName: "Suspicious file name",
  incomplete: "Upload incomplete",
  notFound: "Upload not found",
  notOpen: "This upload is no longer open",
  thumbnailTooLarge: "Thumbnail must be less than 1MB",
} as const;

// ---------------------------------------------------------------------------------------------
// The content screen of first document §5 (comments and captions).

export const CONTENT_SCREEN_TEXTS = {
  invalidFormat: "Invalid content format",
  prohibitedWords: "Content contains prohibited words",
  suspiciousPatterns: "Content contains suspicious patterns",
  excessiveRepetition: "Excessive word repetition detected",
  excessiveUppercase: "Excessive uppercase text detected",
} as const;

// ---------------------------------------------------------------------------------------------
// Security (first document §9): rate-limit toasts, the browser monitor's notification and the
// security-event report route.

// The upload-limit title is also shown on its own, when the server's answer carries no title.
const UPLOAD_LIMIT_TITLE = "Upload Limit Reached";

export const SECURITY_TEXTS = {
  tooManyAttempts: (minutes: number): ToastText => ({
    title: "Too Many Attempts",
    description: `Please wait ${minutes} minutes before trying again`,
  }),
  uploadLimitReached: (minutes: number): ToastText => ({
    title: UPLOAD_LIMIT_TITLE,
    description: `Please wait ${minutes} minutes before uploading again`,
  }),
  uploadLimitTitle: UPLOAD_LIMIT_TITLE,
  notificationTitle: "Backline security alert",
  /** The browser notification when a critical event could not be saved on the server. */
  criticalNotReported: (eventType: string) => `A critical security event (${eventType.replaceAll("_", " ")}) could not be reported.`,
  reportUnknownType: `Unknown security event type: expected one of ${REPORTABLE_SECURITY_EVENT_TYPES.join(", ")}`,
  reportBadSeverity: `Unknown severity: expected one of ${BROWSER_SEVERITIES.join(", ")}`,
  reportTooManyDetails: "Too many details",
  reportDetailsTooLarge: "Details are too large",
} as const;

// ---------------------------------------------------------------------------------------------
// Requests: malformed ids, cursors and bodies, which only a client bug or a probe produces.

export const REQUEST_TEXTS = {
  invalidId: "Invalid id",
  invalidCursor: "Invalid cursor",
  invalidRequest: "Invalid request",
} as const;

// ---------------------------------------------------------------------------------------------
// Profile screens (second document §2 Dashboard, Profile creation, Profile editing, Public
// profile): the spec's words where it gives them, ours for the empty states it leaves open.

export const PROFILE_SCREEN_TEXTS = {
  /** The profile-picture box of /create-profile (second document §2). */
  avatarHint: `PNG, JPG or GIF (max ${PROFILE_LIMITS.avatarMaxMb}MB)`,
  skipOnboarding: "Skip for now",
  usernameAvailable: "Username is available",
  noPosts: { title: "No posts yet", hint: "Posts shared here will show up on this profile." },
  noServices: { title: "No services yet", hint: "Services offered will be listed here." },
  noProducts: { title: "No products yet", hint: "Products for sale will be listed here." },
  /** The owner's own empty tabs on the dashboard (second document §2 Services and Products). */
  noOwnServices: "No services created yet",
  noOwnProducts: "No products created yet",
  createFirstService: "Create Your First Service",
  loadServices: "Failed to fetch services",
  loadProducts: "Failed to fetch products",
} as const;

/**
 * The native app's offline page (decision record 0043): what the app shows when it cannot reach
 * the origin it loads. The title is the shell's offline toast; the rest is ours.
 */
export const NATIVE_TEXTS = {
  offline: {
    title: SHELL_TEXTS.toasts.offline.title,
    description: "Backline needs a connection to open. Check your Wi-Fi or mobile data, then try again.",
    retry: "Try Again",
  },
} as const;
