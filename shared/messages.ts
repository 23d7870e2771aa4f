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
  MARKET_LIMITS,
  PASSWORD_MAX_LENGTH,
  PROFILE_LIMITS,
  REPORTABLE_SECURITY_EVENT_TYPES,
  TEXT_LIMITS,
  type ContentType,
  type OrderStatus,
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

/** The cards chat apps show for a shared /profile/{id}, /post/{id}, /service/{id} or /product/{id} link (issues #10, #12; ours). */
export const LINK_PREVIEW_TEXTS = {
  profileTitle: (displayName: string, username: string) => `${displayName} (@${username})`,
  profileDescription: (displayName: string) => `${displayName} on Backline, the network for music professionals.`,
  postTitle: (displayName: string) => `${displayName} on Backline`,
  postDescription: (contentType: ContentType, username: string) => `A new ${contentType} post by @${username} on Backline.`,
  itemTitle: (name: string, price: string) => `${name} · ${price}`,
  serviceDescription: (username: string) => `A service by @${username} on Backline.`,
  productDescription: (type: "digital" | "physical", username: string) => `A ${type} product by @${username} on Backline.`,
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
// The catalogue: services and products (second document §2, §5, §8). The §8 toasts and the
// not-found screens in the spec's words; the validation messages the spec leaves open are ours.
// The screens' own texts are MARKET_SCREEN_TEXTS.

const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const MARKET_PRICE_RANGE = `between $${(MARKET_LIMITS.priceMinCents / 100).toFixed(2)} and $${withThousands(MARKET_LIMITS.priceMaxCents / 100)}`;

export const MARKET_TEXTS = {
  serviceNotFound: "Service not found",
  productNotFound: "Product not found",
  notAuthenticated: "User not authenticated",
  loginToPurchase: "Please log in to make a purchase",
  loadServices: "Failed to fetch services",
  loadProducts: "Failed to fetch products",
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  productCreated: "Product created successfully",
  productUpdated: "Product updated successfully",
  productDeleted: "Product deleted successfully",
  createProductFailed: "Failed to create product",
  updateProductFailed: "Failed to update product",
  deleteProductFailed: "Failed to delete product",
  // Ours: the spec names these failures only for products; services get the same words.
  createServiceFailed: "Failed to create service",
  updateServiceFailed: "Failed to update service",
  deleteServiceFailed: "Failed to delete service",
  editOthersService: "You can only change your own services",
  editOthersProduct: "You can only change your own products",
  nameRequired: "Please enter a name",
  nameTooLong: `Name must be at most ${MARKET_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${MARKET_LIMITS.descriptionMax} characters`,
  serviceCategoryInvalid: "Please choose a service category",
  productCategoryInvalid: "Please choose a product category",
  pricingModelInvalid: "Please choose a pricing model",
  productTypeInvalid: "Please choose digital or physical",
  priceRequired: "Please enter a price",
  priceInvalid: "Price must be an amount in dollars and cents",
  priceOutOfRange: `Price must be ${MARKET_PRICE_RANGE}`,
  turnaroundInvalid: `Turnaround must be a whole number of days from 0 to ${MARKET_LIMITS.turnaroundDaysMax}`,
  packageJsonInvalid: "Package details must be valid JSON",
  packagesRequired: "Please add at least one package",
  tooManyPackages: `Add at most ${MARKET_LIMITS.packagesMax} packages`,
  packageSessionsInvalid: `Sessions must be a whole number from 1 to ${MARKET_LIMITS.packageSessionsMax}`,
  packageDescriptionTooLong: `Package descriptions must be at most ${MARKET_LIMITS.packageDescriptionMax} characters`,
  packageEmpty: "Each package needs sessions, a price or a description",
  fileOnlyDigital: "Only digital products have a file",
  imageInvalidType: { title: "Invalid file type", description: "Please select an image file" },
  imageTooLarge: { title: "File too large", description: `Please select an image under ${MARKET_LIMITS.productImageMaxMb}MB` },
  imageUploadFailed: { title: "Upload failed", description: "Failed to upload product image" },
  fileInvalidType: "Please select an audio file, a zip of stems, a preset or a PDF",
  fileTooLarge: `File size must be less than ${MARKET_LIMITS.productFileMaxMb}MB for product files`,
  uploadNotUsable: "This upload cannot be attached",
  deleteStorageFailed: "Could not remove the stored files. Please try again.",
  /** The note on a digital product's detail page (second document §2 Product detail). */
  fileAfterPurchase: "Digital file will be available after purchase",
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
// Comment threads a page at a time (issue #16, decision record 0061). The spec shows no paging for
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

// ---------------------------------------------------------------------------------------------
// Marketplace screens (second document §2 Services, Products, Service detail, Product detail;
// §4 forms; §5; §8 products and services; §9 price display, turnaround and the sample rating).
// The §8 toasts and the not-found titles are MARKET_TEXTS (the API says them too); where the spec
// only says "same as services" (the products screen) the services' words are mirrored; the rest
// (labels, hints, confirmations) is ours.

export const MARKET_SCREEN_TEXTS = {
  services: {
    title: "Services",
    intro: "What you offer: sessions, mixes, lessons and packages.",
    add: "Add Service",
    createTitle: "Create Service",
    editTitle: "Edit Service",
    formDescription: "Buyers see this on your profile and the service page.",
    save: "Save Service",
    create: "Create Service",
    empty: PROFILE_SCREEN_TEXTS.noOwnServices,
    emptyHint: "List a session, a mix or a package and buyers can book it from your profile.",
    createFirst: PROFILE_SCREEN_TEXTS.createFirstService,
    created: MARKET_TEXTS.serviceCreated,
    updated: MARKET_TEXTS.serviceUpdated,
    deleted: MARKET_TEXTS.serviceDeleted,
    fetchFailed: MARKET_TEXTS.loadServices,
    createFailed: MARKET_TEXTS.createServiceFailed,
    updateFailed: MARKET_TEXTS.updateServiceFailed,
    deleteFailed: MARKET_TEXTS.deleteServiceFailed,
    loading: "Loading services",
    loadingMore: "Loading more services",
    end: "That's every service",
    deleteTitle: "Delete this service?",
    deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    notFound: MARKET_TEXTS.serviceNotFound,
    notFoundHint: "It may have been removed by its seller, or the link is wrong.",
    backToSearch: "Back to Search",
  },
  products: {
    title: "Products",
    intro: "What you sell: beats, samples, presets and merch.",
    add: "Add Product",
    createTitle: "Create Product",
    editTitle: "Edit Product",
    formDescription: "Buyers see this on your profile and the product page.",
    save: "Save Product",
    create: "Create Product",
    empty: PROFILE_SCREEN_TEXTS.noOwnProducts,
    emptyHint: "Sell beats, sample packs, presets or merch straight from your profile.",
    createFirst: "Create Your First Product",
    created: MARKET_TEXTS.productCreated,
    updated: MARKET_TEXTS.productUpdated,
    deleted: MARKET_TEXTS.productDeleted,
    fetchFailed: MARKET_TEXTS.loadProducts,
    createFailed: MARKET_TEXTS.createProductFailed,
    updateFailed: MARKET_TEXTS.updateProductFailed,
    deleteFailed: MARKET_TEXTS.deleteProductFailed,
    loading: "Loading products",
    loadingMore: "Loading more products",
    end: "That's every product",
    deleteTitle: "Delete this product?",
    deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    notFound: MARKET_TEXTS.productNotFound,
    notFoundHint: "It may have been removed by its seller, or the link is wrong.",
    backToProducts: "Back to Products",
    digitalFileNote: MARKET_TEXTS.fileAfterPurchase,
    imagePlaceholder: "No product image",
  },
  fields: {
    name: "Name",
    description: "Description",
    category: "Category",
    chooseCategory: "Choose a category",
    needsScheduling: "Needs scheduling",
    needsSchedulingHint: "Buyers pick a time with you after they pay.",
    pricingModel: "Pricing model",
    price: "Price (USD)",
    turnaround: "Turnaround (days)",
    turnaroundHint: "How many days you need to deliver.",
    type: "Type",
    image: "Product image",
    imageHint: "JPG, PNG, WebP or GIF.",
    chooseImage: "Choose image",
    changeImage: "Change image",
    removeImage: "Remove image",
    removeFile: "Remove file",
    file: "Digital file",
    fileHint: "Audio, a zip of stems, presets or a PDF. Buyers download it after they pay.",
    chooseFile: "Choose file",
    replaceFile: "Replace file",
    noFile: "No file chosen yet",
  },
  pricingModels: { hourly: "Hourly", per_session: "Per session", package: "Package" },
  productTypes: { digital: "Digital", physical: "Physical" },
  packageEditor: {
    legend: "Package options",
    hint: "Each option is what a buyer gets for one price. The lowest price shows as 'Starting at'.",
    sessions: "Sessions",
    price: "Price (USD)",
    description: "What's included",
    add: "Add option",
    remove: (index: number) => `Remove option ${index}`,
    option: (index: number) => `Option ${index}`,
  },
  uploads: {
    uploadingImage: "Uploading image…",
    uploadingFile: "Uploading file…",
    failed: { title: "Upload failed", description: "The file could not be uploaded. Please try again." },
    progressLabel: "Upload progress",
  },
  card: {
    edit: (name: string) => `Edit ${name}`,
    delete: (name: string) => `Delete ${name}`,
    view: "View",
  },
  detail: {
    back: "Back",
    seller: "Seller",
    viewProfile: "View profile",
    schedulingRequired: "Scheduling Required",
    about: "About",
    priceLabel: "Price",
    packages: "Packages",
    manage: "Manage your listing",
    loading: "Loading",
  },
  /** Turnaround in whole days everywhere (DESIGN.md). */
  delivery: (days: number) => (days === 0 ? "Same-day delivery" : `Delivery in ${days} ${days === 1 ? "day" : "days"}`),
  buy: {
    buyNow: "Buy Now",
    contactForPricing: PRICE_TEXTS.contactForPricing,
    dialogTitle: "Buy Now",
    dialogDescription: "Review your purchase.",
    item: "Item",
    price: "Price",
    fee: "Platform fee (5%)",
    total: "Total",
    loginToPurchase: MARKET_TEXTS.loginToPurchase,
    signIn: "Sign In",
    close: "Close",
    checkoutSoon: "Card checkout opens here. The total already includes the 5% platform fee.",
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Search and discovery on the server (first document §8): the errors the search, hashtag and
// recommendation routes answer with. The screen's own texts are SEARCH_SCREEN_TEXTS.

export const SEARCH_TEXTS = {
  /** §8 'Search Error: Failed to perform search. Please try again.' — the envelope carries the description. */
  searchFailed: "Failed to perform search. Please try again.",
  loadTrending: "Failed to load trending hashtags",
  searchHashtags: "Failed to search hashtags",
  loadHashtagPosts: "Failed to load posts for hashtag",
} as const;

// Checkout, orders and delivery (second document §4, §5, §8; issue #13). The payment texts are
// the spec's; the order lifecycle, refusals, test mode and mails are ours.

export const CHECKOUT_TEXTS = {
  /** §8, visitor pressing Buy Now (and the API's 401 on the payment routes). */
  loginToPurchase: "Please log in to make a purchase",
  /** §8: a payment session that fails. */
  sessionFailed: "Failed to create payment session",
  sessionFailedWith: (message: string) => `Failed to create payment session: ${message}`,
  serviceNotFound: "Service not found",
  productNotFound: "Product not found",
  ownItem: "You cannot buy your own item",
  notPriced: "This item has no price yet. Contact the seller for pricing.",
  sellerNotPayable: "This seller has not set up payouts yet, so their items cannot be bought by card.",
  providerUnavailable: "Payments are temporarily unavailable. Please try again later.",
  orderNotFound: "Order not found",
  /** A lifecycle step asked of an order in a state that does not allow it, or by the wrong side. */
  stepNotAllowed: "This order cannot be changed that way now",
  notTestMode: "Test payments are only available in test mode",
  refundFailed: "The refund could not be made. Please try again later.",
  fileNotFound: "File not found",
  downloadNotAllowed: "This download is not available",
  downloadExpired: "This download link has expired. Please request a new one.",
  deliveryFileTooLarge: "Please select a file under 100MB",
  deliveryFileMissing: "Please choose a file to attach",
  noteTooLong: "Notes can be at most 1000 characters",
  /** Stripe's webhook endpoint: a signature that does not verify. */
  webhookSignatureInvalid: "Invalid signature",
  webhookNotConfigured: "Webhooks are not configured",
  payoutsNeedKeys: "Payouts are only available with Stripe keys",
  /** The local stand-in for Stripe Checkout (test mode, no keys). */
  testPage: {
    title: "TEST MODE: Checkout",
    banner: "TEST MODE: no real payment is made and no card details are asked for.",
    total: "Total",
    price: "Price",
    fee: "Platform fee (5%)",
    pay: "Simulate successful payment",
    decline: "Simulate declined payment",
    paid: "Payment successful!",
    declined: "Payment failed",
    cannotContinue: "This order is no longer waiting for payment.",
  },
  /** History lines and the mails (ours). */
  mail: {
    receiptSubject: (item: string) => `Your receipt for ${item}`,
    receiptIntro: (item: string, total: string) => `Thank you for your purchase of ${item}. You paid ${total} (price plus the 5% platform fee).`,
    saleSubject: (item: string) => `You made a sale: ${item}`,
    saleIntro: (item: string, price: string, buyer: string) => `${buyer} bought ${item}. Your price: ${price}.`,
    viewOrder: "View order",
    /** The sale mail's buyer when they have no profile name. */
    someone: "A buyer",
    outro: "Thank you for using Backline.",
  },
} as const;

// ---------------------------------------------------------------------------------------------
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
} as const;

// Messages and activity (second document §2 Messages and Activity, §8 activity load; the texts
// the spec leaves to us are marked). The Worker's refusals and both screens read them from here.

export const MESSAGING_TEXTS = {
  back: "Back",
  /** The button on a message the app wrote, by its kind ("text" never has a link). */
  linkLabels: {
    text: "Open",
    offer: "View offer",
    booking: "View booking",
    review_request: "Leave a review",
    order: "View order",
  },
  title: "Messages",
  searchPlaceholder: "Search conversations...",
  searchLabel: "Search conversations",
  loadingConversations: "Loading conversations...",
  noConversationsFound: "No conversations found",
  noConversations: "No conversations yet",
  /** Spec §8: the conversation list keeps this string when it fails to load. */
  loadConversationsFailed: "Failed to fetch conversations",
  youPrefix: "You: ",
  startConversation: "Start a conversation",
  loadingMessages: "Loading messages...",
  startConversationWith: (name: string) => `Start your conversation with ${name}`,
  selectConversation: "Select a conversation to start messaging",
  messagePlaceholder: "Type a message...",
  messageLabel: "Message",
  send: "Send",
  /** Ours: the quiet hint while the live channel reconnects (first document §4 channel states). */
  reconnecting: "Reconnecting...",
  typing: (name: string) => `${name} is typing...`,
  loadOlder: "Loading earlier messages...",
  unreadBadge: (count: number) => `${count} unread`,
  backToConversations: "Back to conversations",
  backToFeed: "Back to feed",
  /** Ours: a message whose send failed (the spec only logs it) can be sent again, never twice. */
  notSent: "Not sent",
  retry: "Retry",
  sending: "Sending...",
  /** Ours: the API's refusals. */
  messageSelf: "You cannot message yourself",
  conversationNotFound: "Conversation not found",
  messageEmpty: "Message cannot be empty",
  messageTooLong: "Message is too long",
  clientIdReused: "This message id was already used in another conversation",
  /** Activity (second document §2). */
  activityTitle: "Activity",
  markAllRead: "Mark all as read",
  noActivity: { title: "No recent activity", hint: "When people interact with your posts or follow you, you'll see it here." },
  loadActivityFailed: "Failed to load activity feed",
  loadingActivity: "Loading activity...",
  activityNotFound: "Activity not found",
  unreadDot: "Unread",
  liked: (name: string) => `${name} liked your post`,
  commented: (name: string) => `${name} commented on your post`,
  followed: (name: string) => `${name} started following you`,
  messaged: (name: string) => `${name} sent you a message`,
} as const;

// ---------------------------------------------------------------------------------------------
// Checkout screens (second document §2 Payment success, §4 payment flow, §5 purchase requires
// login, §8 every payment text, §9 platform fee) and the order screens the issue adds beyond the
// spec's "paid" (their words are ours). The Worker's own error messages live with its contract.

export const CHECKOUT_SCREEN_TEXTS = {
  // §8, in the spec's words (the session failure and the visitor's refusal are the API's too,
  // in CHECKOUT_TEXTS).
  noClientSecret: "Invalid payment response - no client secret",
  formNotReady: "Payment form not ready. Please try again.",
  paymentFailed: "Payment failed",
  paymentFailedToast: { title: "Payment Failed", description: "There was an issue processing your payment" },
  paymentSucceededToast: { title: "Payment successful!" },
  // The dialog (§4 states); the spec shows the states, these words are ours.
  dialogTitle: "Complete your purchase",
  signIn: "Sign In",
  price: "Price",
  platformFee: "Platform fee (5%)",
  total: "Total",
  payByCard: "Pay by card",
  payOnCheckout: "Pay on Stripe Checkout",
  checkoutOpened: "Stripe Checkout opened in a new tab. Finish paying there; your order updates here once it is paid.",
  requesting: "Preparing a secure payment…",
  pay: (total: string) => `Pay ${total}`,
  processing: "Processing payment…",
  succeededTitle: "Payment successful!",
  succeededHint: "Your order is confirmed. A receipt is on its way to your inbox.",
  viewOrder: "View order",
  tryAgain: "Try Again",
  close: "Close",
  cardFormLabel: "Card details",
  loadingForm: "Loading the card form…",
  securedByStripe: "Secured by Stripe",
  // Test mode (DESIGN.md "Payments": a clearly labelled test mode without keys; no card data).
  testModeBadge: "TEST MODE",
  testModeNotice: "No real payment is taken. Choose how this test payment should end.",
  payTest: "Pay (test)",
  simulateDecline: "Simulate decline",
  // §2 Payment success.
  successTitle: "Payment Successful!",
  sessionId: (id: string) => `Session ID: ${id}`,
  goToDashboard: "Go to Dashboard",
  continueShopping: "Continue Shopping",
  emailNote: "You will receive a confirmation email shortly.",
  waitingForConfirmation: "Waiting for the payment confirmation…",
  stillWaiting: "Your payment is still being confirmed. It can take a minute; this page updates by itself, or check your orders later.",
  notPaidTitle: "Payment not completed",
  notPaidHint: "This payment did not go through, and you have not been charged.",
  // Orders (issue #13: the lifecycle after "paid").
  purchases: "Purchases",
  sales: "Sales",
  noPurchases: { title: "No purchases yet", hint: "Services and products you buy show up here." },
  noSales: { title: "No sales yet", hint: "Orders for your services and products show up here." },
  loadOrdersFailed: "Failed to load orders",
  loadOrderFailed: "Failed to load order",
  orderTitle: (name: string) => `Order: ${name}`,
  history: "History",
  buyer: "Buyer",
  seller: "Seller",
  ship: "Mark as shipped",
  trackingNote: "Tracking note (optional)",
  deliver: "Send delivery",
  deliveryNote: "Delivery note",
  deliveryFiles: "Files (optional)",
  refund: "Refund",
  refundConfirm: "Refund this order? The buyer gets the full amount back and loses access to any files.",
  confirmReceived: "Confirm received",
  acceptDelivery: "Accept delivery",
  requestRevision: "Request revision",
  revisionNote: "What should change?",
  download: "Download",
  downloadFailed: "Failed to start the download",
  actionFailed: "Failed to update order",
  orderUpdated: "Order updated",
  uploadFailed: "Failed to upload file",
  actors: { buyer: "Buyer", seller: "Seller", system: "Automatic" },
  autoCompletes: (date: string) => `Completes automatically on ${date} unless the buyer acts first.`,
  yourOrders: "Your orders",
  backToOrders: "Back to dashboard",
  productFile: "Product file",
  deliveryFilesTitle: "Delivered files",
  attachedFiles: "Attached to the next delivery",
  uploading: (name: string) => `Uploading ${name}…`,
  cancel: "Cancel",
  ordersEnd: "That's every order.",
  loadingOrders: "Loading orders",
  loadingMoreOrders: "Loading more orders",
  feeAddedAtCheckout: "A 5% platform fee is added at checkout.",
  statusLabels: {
    pending: "Awaiting payment",
    paid: "Paid",
    in_progress: "In progress",
    shipped: "Shipped",
    delivered: "Delivered",
    completed: "Completed",
    failed: "Payment failed",
    expired: "Expired",
    refunded: "Refunded",
  },
} as const satisfies { statusLabels: Record<OrderStatus, string> } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
/**
 * Reviews of completed orders (DESIGN.md "Sample pages" and "Request Review"; decision record
 * 0047): the API's refusals, the Request Review message, the /reviews page, the order page's
 * review section and the rating cards show. The spec's page had only sample numbers; these words
 * are ours, in its style.
 */
export const REVIEW_TEXTS = {
  // The API's refusals.
  reviewNotFound: "Review not found",
  notCompleted: "You can only review a completed order",
  alreadyReviewed: "You have already reviewed this order",
  ownItem: "You cannot review your own item",
  onlySellerAnswers: "Only the seller can answer this review",
  alreadyAnswered: "This review already has an answer",
  onlySellerRequests: "Only the seller can request a review",
  requestNotCompleted: "You can only request a review for a completed order",
  requestAlreadyReviewed: "This order has already been reviewed",
  alreadyRequested: "You have already requested a review for this order",
  ratingInvalid: "Please choose a rating from 1 to 5 stars",
  contentRequired: "Please write your review",
  contentTooLong: "Review must be 1000 characters or less",
  answerRequired: "Please write your answer",
  answerTooLong: "Answer must be 1000 characters or less",
  /** The chat message Request Review sends; its button is MESSAGING_TEXTS.linkLabels.review_request. */
  requestMessage: (itemName: string) => `Thanks for your order of "${itemName}"! If you have a moment, I'd love a review.`,

  // Ratings on cards and detail pages.
  ratingLabel: (average: string, count: number) => `${average} (${count} ${count === 1 ? "review" : "reviews"})`,
  ratingAccessible: (average: string, count: number) => `Rated ${average} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`,
  starsAccessible: (stars: number) => `${stars} out of 5 stars`,

  // The /reviews page.
  title: "Reviews",
  subtitle: "What buyers say about your services and products",
  averageTitle: "Average rating",
  outOfFive: "out of 5",
  basedOn: (count: number) => `Based on ${count} ${count === 1 ? "review" : "reviews"}`,
  breakdownTitle: "Rating breakdown",
  breakdownRow: (stars: number, count: number) => `${stars} ${stars === 1 ? "star" : "stars"}: ${count} ${count === 1 ? "review" : "reviews"}`,
  listTitle: "Reviews received",
  emptyTitle: "No reviews yet",
  emptyBody:
    "Reviews come from buyers of your services and products. When an order is completed, use Request Review to ask the buyer for one; their stars and words will show here and on your public cards.",
  loading: "Loading reviews",
  loadingMore: "Loading more reviews",
  listEnd: "That's every review.",
  loadFailed: "Failed to load reviews",
  tryAgain: "Try Again",
  itemLine: (itemName: string) => `for ${itemName}`,
  sellerAnswer: "Your answer",
  answer: "Answer",
  answerLabel: "Your answer to this review",
  sendAnswer: "Post Answer",
  cancel: "Cancel",
  answerPosted: "Answer posted",
  answerFailed: "Failed to post answer",
  requestTitle: "Request Review",
  requestIntro: "Completed orders without a review. The buyer gets a message with a link to leave one.",
  requestButton: "Request Review",
  requestEmpty: "No completed orders are waiting for a review.",
  requested: "Requested",
  requestSent: "Review requested",
  requestFailed: "Failed to request review",
  completedOn: (date: string) => `Completed ${date}`,
  buyerLine: (name: string) => `Bought by ${name}`,

  // The order page's review section.
  leaveTitle: "Leave a review",
  leaveIntro: "How did it go? Your stars and words appear on the seller's reviews and their public rating.",
  ratingLegend: "Rating",
  starOption: (stars: number) => `${stars} ${stars === 1 ? "star" : "stars"}`,
  contentLabel: "Your review",
  contentPlaceholder: "What was it like to work with this seller?",
  submit: "Submit Review",
  submitted: "Review posted",
  submitFailed: "Failed to post review",
  yourReview: "Your review",
  buyerReview: "The buyer's review",
  theSellerAnswered: "The seller's answer",
  notReviewedYet: "The buyer has not reviewed this order yet.",
  requestFromOrder: "Ask the buyer for a review",
} as const;

// The payments overview and custom offers (spec marketplace-messaging-account §2 "Sample-data
// pages" made real; DESIGN.md "Create Invoice"; decision records 0049 and 0050). The page's
// headings are the spec's (three totals, recent payments, invoices, Create Invoice); the rest is ours.

export const PAYMENTS_TEXTS = {
  title: "Payments",
  intro: "Your sales and purchases on Backline, from your own orders.",
  totals: {
    earned: "Total earned",
    earnedHint: "Completed sales, at your price",
    pending: "Pending",
    pendingHint: "Paid sales not yet completed",
    fees: "Platform fees paid",
    feesHint: "5% on your purchases",
  },
  recent: "Recent payments",
  invoices: "Invoices",
  invoicesHint: "Every paid order has a printable receipt. Open one and print it, or save it as PDF.",
  sale: "Sale",
  purchase: "Purchase",
  from: (name: string) => `from ${name}`,
  to: (name: string) => `to ${name}`,
  receipt: "Receipt",
  loadMore: "Load more",
  loadFailed: "Failed to load payments",
  empty: {
    title: "No payments yet",
    body: "Payments appear here when someone buys one of your services or products, or when you buy something. Create an invoice to send a custom offer.",
  },
  someone: "Someone",
  // Create Invoice: the custom offer form.
  createInvoice: "Create Invoice",
  createInvoiceIntro: "Send a custom offer to one person. They pay it through the usual checkout, with the 5% platform fee on top.",
  username: "Username",
  usernamePlaceholder: "@username",
  offerTitle: "Title",
  offerDescription: "Description",
  offerPrice: "Price (USD)",
  deliveryDays: "Delivery (days)",
  send: "Send offer",
  sending: "Sending…",
  cancel: "Cancel",
  offerSent: "Offer sent",
  offerSentTo: (name: string) => `Your offer is in ${name}'s messages.`,
  usernameRequired: "Username is required",
  userNotFound: "User not found",
  ownOffer: "You cannot send an offer to yourself",
  titleRequired: "Title is required",
  titleTooLong: "Title must be 100 characters or less",
  descriptionTooLong: "Description must be 2000 characters or less",
  priceRequired: "Price is required",
  deliveryDaysInvalid: "Delivery must be between 1 and 365 days",
  // Offers on /payments and their own page.
  offers: "Offers",
  offersSent: "Sent",
  offersReceived: "Received",
  offersEmpty: "No offers yet. Offers you send or receive appear here.",
  offerNotFound: "Offer not found",
  offerWithdrawn: "This offer was withdrawn",
  offerPaid: "This offer has already been paid",
  offerExpired: "This offer has expired",
  offerCannotWithdraw: "Only an open offer can be withdrawn",
  /** The history note of a payment refunded because its offer was already paid or withdrawn. */
  offerNoLongerOpen: "This offer was no longer open, so the payment was refunded",
  states: { open: "Open", paid: "Paid", withdrawn: "Withdrawn", expired: "Expired" },
  offerFrom: (name: string) => `Offer from ${name}`,
  offerTo: (name: string) => `Offer to ${name}`,
  price: "Price",
  fee: "Platform fee (5%)",
  total: "Total",
  delivery: (days: number) => (days === 1 ? "Delivery in 1 day" : `Delivery in ${days} days`),
  expires: "Expires",
  pay: "Pay offer",
  withdraw: "Withdraw offer",
  withdrawn: "Offer withdrawn",
  viewOrder: "View order",
  /** The message the buyer receives in their conversation with the seller. */
  offerMessage: (title: string, price: string) => `I sent you a custom offer: ${title}, ${price}.`,
  // The printable receipt (an HTML page the browser prints or saves as PDF).
  receiptPage: {
    title: "Receipt",
    testMode: "TEST MODE: no real payment was made for this order.",
    orderId: "Order ID",
    status: "Payment status",
    seller: "Seller",
    buyer: "Buyer",
    item: "Item",
    price: "Price",
    fee: "Platform fee (5%)",
    total: "Total",
    ordered: "Ordered",
    paid: "Paid",
    notPaid: "Not paid",
    printHint: "Print this page, or save it as PDF from your browser's print dialog.",
    statuses: {
      pending: "Awaiting payment",
      paid: "Paid",
      in_progress: "Paid, in progress",
      shipped: "Paid, shipped",
      delivered: "Paid, delivered",
      completed: "Paid, completed",
      failed: "Payment failed",
      expired: "Payment expired",
      refunded: "Refunded",
    },
  },
} as const;

/**
 * /analytics (issue #15, decision records 0051 and 0052): the spec's four metric cards, chart, top
 * services and recent activity, on the user's own numbers. Days are UTC days.
 */
export const ANALYTICS_TEXTS = {
  title: "Analytics",
  intro: "How people find and buy from you. Days are counted in UTC.",
  periodLabel: "Period",
  periods: { 7: "Last 7 days", 30: "Last 30 days", 90: "Last 90 days" },
  metrics: { profileViews: "Profile views", postViews: "Post views", newFollowers: "New followers", earningsCents: "Earnings" },
  change: {
    new: "new",
    same: "no change",
    against: (days: number) => `against the previous ${days} days`,
  },
  emptyTitle: "No numbers yet",
  empty:
    "Your numbers appear here as people visit your profile, view your posts, follow you and buy your services or products. Today's visits show right away; earlier days are added every night.",
  chartTitle: "Over time",
  chartMetricLabel: "Show on the chart",
  chartTableCaption: (metric: string, period: string) => `${metric} per day, ${period.toLowerCase()}`,
  dayColumn: "Day (UTC)",
  showTable: "Show as a table",
  loadingChart: "Loading the chart",
  topServicesTitle: "Top services",
  byViews: "By views",
  bySales: "By sales",
  views: (n: number) => (n === 1 ? "1 view" : `${n} views`),
  sales: (n: number) => (n === 1 ? "1 sale" : `${n} sales`),
  noServices: "No service was viewed or bought in this period.",
  recentActivityTitle: "Recent activity",
  noActivity: "New followers and sales will be listed here.",
  followed: (name: string) => `${name} followed you`,
  sold: (item: string, amount: string) => `Sold ${item} for ${amount}`,
  loadFailed: "Failed to load analytics",
  retry: "Try Again",
  backToDashboard: "Back to dashboard",
} as const;

// ---------------------------------------------------------------------------------------------
/** /portfolio and the profile's Portfolio tab (issue #15, decision record 0053). */
export const PORTFOLIO_TEXTS = {
  title: "Portfolio",
  intro: "Feature your best posts on your profile, in the order you choose.",
  tab: "Portfolio",
  emptyOwner: "Your portfolio is empty. Pick posts below to feature them on your profile.",
  emptyPublic: "No portfolio items yet.",
  noPosts: "You have no posts yet. Upload one first, then feature it here.",
  uploadLink: "Upload a post",
  pickTitle: "Your posts",
  pickHint: "Choose the posts to feature.",
  add: "Add to portfolio",
  added: "In portfolio",
  remove: "Remove",
  moveUp: "Move up",
  moveDown: "Move down",
  dragHandle: (title: string) => `Reorder ${title}`,
  titleLabel: "Title",
  noteLabel: "Note",
  untitled: "Untitled",
  save: "Save Portfolio",
  saving: "Saving…",
  saved: "Portfolio saved",
  saveFailed: "Failed to save portfolio",
  loadFailed: "Failed to load portfolio",
  loading: "Loading portfolio",
  retry: "Try Again",
  backToDashboard: "Back to dashboard",
  unsaved: "You have unsaved changes.",
  loadMorePosts: "Load more posts",
  titleRequired: "Give each item a title",
  titleTooLong: (max: number) => `A title can be at most ${max} characters`,
  noteTooLong: (max: number) => `A note can be at most ${max} characters`,
  tooMany: (max: number) => `A portfolio holds at most ${max} items`,
  duplicate: "A post can be featured only once",
  notYourPost: "You can only feature your own posts",
  full: (max: number) => `Your portfolio is full (${max} items). Remove one to add another.`,
  position: (index: number, total: number) => `Item ${index} of ${total}`,
  announcements: {
    pickedUp: (title: string, position: number, total: number) => `Picked up ${title}, position ${position} of ${total}.`,
    movedTo: (title: string, position: number, total: number) => `${title} moved to position ${position} of ${total}.`,
    dropped: (title: string, position: number, total: number) => `${title} dropped at position ${position} of ${total}.`,
    cancelled: (title: string) => `Reordering cancelled. ${title} returned to its place.`,
  },
  dragInstructions:
    "To reorder an item, focus its handle and press Space or Enter to pick it up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel. The Move up and Move down buttons do the same.",
} as const;

/**
 * Booking (second document §2 Sample-data pages "Booking: statuses confirmed and pending, Edit,
 * Cancel and New Booking buttons, sample availability slots"; DESIGN.md "Sample pages" on real
 * data; decision records 0054 and 0055). The spec's button words; ours for what it leaves open.
 */
export const BOOKING_TEXTS = {
  title: "Booking",
  backToDashboard: "Back to dashboard",
  bookingsTitle: "Bookings",
  newBooking: "New Booking",
  edit: "Edit",
  cancel: "Cancel",
  confirm: "Confirm",
  keep: "Keep booking",
  close: "Close",
  statusLabels: { pending: "Pending", confirmed: "Confirmed", cancelled: "Cancelled" },
  awaitingYou: "Waiting for you to confirm",
  awaitingOther: (name: string) => `Waiting for ${name} to confirm`,
  youBooked: (name: string) => `With ${name} (seller)`,
  bookedYou: (name: string) => `With ${name} (client)`,
  someone: "a deleted account",
  timesShownIn: (zone: string) => `Times are shown in your time zone: ${zone}`,
  noBookings: "No bookings yet",
  noBookingsHint: "When you book a time after buying a service, or a client books one with you, it shows here.",
  loadingBookings: "Loading bookings",
  bookingsEnd: "That's every booking.",
  loadFailed: "Could not load your bookings.",
  tryAgain: "Try again",
  nothingToBook: "Nothing to book yet",
  nothingToBookHint: "Buy a service marked 'Needs scheduling'; once it is paid, pick a time for it here.",
  availabilityTitle: "Availability",
  availabilityHint: (weeks: number) => `The weekly times buyers of your scheduled services can book, for the next ${weeks} weeks.`,
  noSchedulingServices: "None of your services takes bookings yet",
  enableSchedulingHint: "Open Services, edit a service and tick 'Needs scheduling'. Its buyers then book one of your weekly times after they pay.",
  goToServices: "Go to Services",
  noAvailability: "No weekly times yet. Add the times you can take sessions.",
  addTime: "Add time",
  weekday: "Day",
  startTime: "Start time",
  duration: "Length (minutes)",
  offeredIn: (zone: string) => `Offered in ${zone}`,
  removeTime: (label: string) => `Remove ${label}`,
  weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  minutes: (n: number) => `${n} min`,
  newBookingTitle: "New Booking",
  rescheduleTitle: "Change the time",
  rescheduleHint: "The booking goes back to pending until the other side confirms the new time.",
  order: "Order",
  time: "Time",
  pickTime: "Pick a time",
  noFreeTimes: "No free times in the next weeks. Message the seller to ask for more.",
  loadingTimes: "Loading free times",
  book: "Book",
  saveTime: "Save new time",
  cancelTitle: "Cancel this booking?",
  cancelHint: "The time becomes free again and the other side is told.",
  toasts: {
    booked: "Booking requested",
    confirmed: "Booking confirmed",
    cancelled: "Booking cancelled",
    rescheduled: "New time requested",
    timeAdded: "Time added",
    timeRemoved: "Time removed",
  },
  // Errors the API answers (the envelope's message).
  slotTaken: "That time was just taken. Please pick another.",
  slotUnavailable: "That time is not available. Please pick another.",
  orderAlreadyBooked: "This order already has a booking",
  orderNotBookable: "Only a paid order for a service that needs scheduling can be booked",
  bookingNotFound: "Booking not found",
  availabilityNotFound: "Availability time not found",
  cannotConfirm: "Only the other side can confirm this booking",
  bookingClosed: "This booking can no longer be changed",
  overlapsTime: "That time overlaps one you already offer",
  tooManyTimes: (max: number) => `You can offer at most ${max} weekly times`,
  invalidWeekday: "Choose a day",
  invalidStartTime: "Enter a start time such as 09:30",
  invalidDuration: (min: number, max: number) => `Length must be between ${min} and ${max} minutes`,
  invalidTimeZone: "Choose a valid time zone",
  invalidSlot: "Pick a time",
  // What the other side reads in their messages (sendAppMessage, kind "booking").
  messages: {
    requested: (service: string) => `I booked a time for ${service}. Please confirm it in Booking.`,
    confirmed: (service: string) => `I confirmed our booking for ${service}.`,
    cancelled: (service: string) => `I cancelled our booking for ${service}. The time is free again.`,
    rescheduled: (service: string) => `I moved our booking for ${service} to a new time. Please confirm it in Booking.`,
  },
} as const;
