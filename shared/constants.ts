// Enumerations and limits from both spec documents (§3, §4 and §9). One list, used by the
// database schema, the Worker's validation and the SPA's forms.

export const CONTENT_TYPES = ["image", "audio", "video"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/**
 * What an `uploads` row will become: a post's media (its content type), a product image, or a
 * digital product's file in the private bucket (decision record 0035).
 */
export const UPLOAD_KINDS = [...CONTENT_TYPES, "product_image", "product_file"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The profession list of the search filters (first document §4), also the profile's choice. */
export const PROFESSIONS = [
  "Music Producer",
  "Audio Engineer",
  "Musician",
  "Singer",
  "Songwriter",
  "DJ",
  "Sound Designer",
  "Composer",
  "Mixing Engineer",
  "Mastering Engineer",
] as const;
export type Profession = (typeof PROFESSIONS)[number];

export const SERVICE_CATEGORIES = ["recording", "mixing", "production", "lessons", "consultation", "other"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const PRICING_MODELS = ["hourly", "per_session", "package"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const PRODUCT_CATEGORIES = ["beats", "samples", "loops", "tracks", "merchandise", "presets", "other"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_TYPES = ["digital", "physical"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * The order lifecycle (decision record 0037). pending → paid by the payment provider, or failed /
 * expired; then by kind: a digital product stays paid (downloadable), a physical one goes
 * shipped → completed, a service goes delivered → completed or back to in_progress on a revision
 * request. Any paid state may end refunded.
 */
export const ORDER_STATUSES = ["pending", "paid", "in_progress", "shipped", "delivered", "completed", "failed", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ITEM_TYPES = ["service", "product"] as const;

export const SECURITY_EVENT_TYPES = [
  "sign_in",
  "sign_out",
  "sign_up",
  "suspicious_login_attempt",
  "rate_limit_exceeded",
  "content_violation",
  "unauthorized_access_attempt",
  "session_hijack_attempt",
  "account_locked",
  "refresh_token_reuse",
  "password_reset",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * What the browser monitor may report (the accounts contract): rapid clicks, 4 h idle, rate
 * limits and content violations, never "critical", which is the server's to give.
 */
export const REPORTABLE_SECURITY_EVENT_TYPES = [
  "suspicious_login_attempt",
  "session_hijack_attempt",
  "rate_limit_exceeded",
  "content_violation",
] as const satisfies readonly SecurityEventType[];
export type ReportableSecurityEventType = (typeof REPORTABLE_SECURITY_EVENT_TYPES)[number];
export const BROWSER_SEVERITIES = ["low", "medium", "high"] as const satisfies readonly Severity[];

export const RECOMMENDATION_TYPES = ["user", "post"] as const;
export const RECOMMENDATION_REASONS = ["similar_interests", "mutual_connections", "trending", "location_based"] as const;
export const INTERACTION_TYPES = ["profile_visit", "view", "service_view", "like", "comment", "follow"] as const;

export const MB = 1024 * 1024;
export const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Limits from §9 of both documents. Rules in shared/rules/ and the schemas build on these, so a
// limit changes in one place for the Worker, the forms and the tests.

export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Text lengths, in UTF-16 code units so they agree with the textarea `maxLength` counters. */
export const TEXT_LIMITS = {
  /** Post captions: DESIGN.md settles the spec's 300/500 disagreement on 500, client and server. */
  caption: 500,
  location: 100,
  tags: 200,
  comment: 1000,
  /** Not in the spec: direct messages, a long note but not a document (decision record 0040). */
  message: 2000,
  usernameMin: 3,
  usernameMax: 30,
  displayNameMin: 2,
  displayNameMax: 50,
  bio: 300,
  /** Not in the spec: bounds for the profile fields it shows without a limit. */
  websiteUrl: 200,
  /** The longest profession on the list is 18; a title kept from before the list fits in 60. */
  profession: 60,
  skill: 40,
  phone: 30,
  personName: 50,
} as const;

/** Profiles (second document §5, §9): the avatar limit, skills shown, and our bounds on the rest. */
export const PROFILE_LIMITS = {
  avatarMaxMb: 5,
  skillsShown: 5,
  /** Not in the spec: a bound so a profile cannot carry an unbounded list. */
  skillsMax: 20,
  yearsExperienceMax: 80,
  /** Not in the spec: $100,000 an hour is beyond any real rate and keeps the integer small. */
  hourlyRateMaxCents: 10_000_000,
} as const;

/** Dashboard previews (second document §9): 5 posts, 3 services, 3 products. */
export const DASHBOARD_PREVIEWS = { posts: 5, services: 3, products: 3 } as const;

/**
 * The catalogue (second document §3, §5, §9). The spec shows these fields without limits; these
 * bounds are ours (decision record 0034). Prices: at least $0.50, the smallest amount a card
 * payment can charge, and at most $100,000, so that price plus the 5% fee stays far inside the
 * card provider's largest charge.
 */
export const MARKET_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  priceMinCents: 50,
  priceMaxCents: 10_000_000,
  turnaroundDaysMax: 365,
  packagesMax: 5,
  packageSessionsMax: 100,
  packageDescriptionMax: 300,
  /** Product images, like post images. */
  productImageMaxMb: 10,
  /** Digital product files: a zip of stems is the largest thing sold (decision record 0035). */
  productFileMaxMb: 500,
} as const;

/**
 * The platform fee added on top at purchase (second document §9), in percent of the price. The
 * one definition: the Worker's charge, the seed's orders and every "Platform fee (5%)" line read it.
 */
export const PLATFORM_FEE_PERCENT = 5;

/** Upload size limits in megabytes per content type (§5 Upload). */
export const FILE_SIZE_LIMITS_MB = { image: 10, audio: 50, video: 100 } as const;

export const RATE_LIMITS = {
  comment: { max: 20, windowMs: 60 * MINUTE_MS },
  upload: { max: 10, windowMs: 60 * MINUTE_MS },
  signIn: { max: 5, windowMs: 15 * MINUTE_MS },
  signUp: { max: 3, windowMs: 60 * MINUTE_MS },
} as const;

export const SECURITY_SETTINGS = {
  maxLoginAttempts: 5,
  /** Defined by the spec but unused there; our server lockout uses it. */
  lockoutMs: 15 * MINUTE_MS,
  passwordMinLength: 8,
  requireSpecialChar: true,
  sessionTimeoutMs: 60 * MINUTE_MS,
  sessionCheckIntervalMs: MINUTE_MS,
  mfaEnabled: false,
} as const;

/** Not in the spec: a bound on new passwords so that hashing cost stays predictable. */
export const PASSWORD_MAX_LENGTH = 128;

export const LOGIN_GUARD = {
  windowMs: 5 * MINUTE_MS,
  /** More than this many sign-in calls inside the window raises one suspicion flag. */
  maxCallsPerWindow: 5,
  /** More than this many flags locks the account. */
  maxFlags: 3,
} as const;

export const SECURITY_MONITOR = {
  /** More than this many clicks, each under `rapidClickGapMs` after the last, is suspicious. */
  rapidClickCount: 10,
  rapidClickGapMs: 50,
  rapidClickEvent: { eventType: "suspicious_login_attempt", severity: "medium" },
  idleThresholdMs: 4 * HOUR_MS,
  idleCheckIntervalMs: 5 * MINUTE_MS,
  idleEvent: { eventType: "session_hijack_attempt", severity: "high" },
} as const;

export const LOCAL_LOG_LIMITS = { securityEvents: 100, errors: 50, failedCriticalEvents: 50 } as const;

export const UI_TIMINGS = {
  pageTransitionMs: 300,
  doubleTapWindowMs: 300,
  installPromptDelayMs: 30_000,
  appUpdatedToastMs: 5000,
  contextMenuBlockMaxWidthPx: 768,
} as const;

/** Realtime reconnect delays (DESIGN.md): 1, 2, 5, 10 s, then 10 s for every later try. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/** Messages and activity (second document §9 activity counts; the page sizes are ours). */
export const MESSAGING_LIMITS = {
  /** Spec §9: 20 follows, 20 likes, 20 comments and 10 messages, merged newest first, capped at 50. */
  activity: { follows: 20, likes: 20, comments: 20, messages: 10, total: 50 },
  conversationsPage: 50,
  messagesPage: 30,
  /** Catching up after a reconnect returns at most this many; the client asks again for more. */
  catchUp: 100,
  /** How long a typing indicator lasts without a fresh "typing" frame. */
  typingTtlMs: 5000,
} as const;

// Search parameters and analytics periods live here rather than in their API contracts because the
// app shell's route definitions read them (validateSearch), and the contracts carry zod schemas
// the shell must not load (decision record 0065).

/** Search §4 sort options; relevance is the default. */
export const SEARCH_SORTS = ["relevance", "recent", "popular", "verified"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Not in the spec: a search query longer than this is cut, never refused. */
export const SEARCH_QUERY_MAX = 100;

/** /analytics periods in days (decision record 0051). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;
