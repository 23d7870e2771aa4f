// Enumerations and limits from both spec documents (§3, §4 and §9). One list, used by the
// database schema, the Worker's validation and the SPA's forms.

export const CONTENT_TYPES = ["image", "audio", "video"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

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

export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ITEM_TYPES = ["service", "product"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

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

export const RECOMMENDATION_TYPES = ["user", "post"] as const;
export const RECOMMENDATION_REASONS = ["similar_interests", "mutual_connections", "trending", "location_based"] as const;
export const INTERACTION_TYPES = ["profile_visit", "view", "service_view", "like", "comment", "follow"] as const;

export const SORT_OPTIONS = ["relevance", "recent", "popular", "verified"] as const;

export const MB = 1024 * 1024;
export const MINUTE_MS = 60_000;
