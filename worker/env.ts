// The Worker's environment: bindings from wrangler.toml and per-request variables.
import type { Db } from "./db/client";
import type { Logger } from "./lib/logger";
import type { ChatRoom } from "./realtime/chat-room";
import type { CommentRoom } from "./realtime/comment-room";
import type { RateLimiter } from "./realtime/rate-limiter";
import type { UserChannel } from "./realtime/user-channel";
import type { NotificationJob } from "./services/notifications/jobs";

export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  PRIVATE_FILES: R2Bucket;
  KV: KVNamespace;
  ASSETS: Fetcher;
  /** The nightly D1 backups (worker/cron/database-backup.ts); without it the job writes nothing and says so. */
  BACKUPS?: R2Bucket;
  APP_NAME: string;
  /**
   * "development" (npm start), "test" (vitest) or "e2e" (the local production build of the journeys)
   * relax what worker/lib/modes.ts allows; any other value ("production", "preview"), or none,
   * behaves as production.
   */
  ENVIRONMENT: string;
  // --- Accounts (worker/services/auth, worker/routes/auth.ts) ---
  /** Secret: HS256 key for access tokens (`wrangler secret put JWT_SECRET`), at least 32 characters. */
  JWT_SECRET: string;
  /** Secret: HMAC key applied to every password before hashing (`wrangler secret put PASSWORD_PEPPER`). */
  PASSWORD_PEPPER: string;
  /** Secret pair: Google sign-in is offered only when both are set. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /**
   * Public origin of the app (e.g. https://backline.example). Required outside development and test
   * (worker/lib/config.ts refuses to serve without it); there, empty means the request's own origin.
   */
  APP_ORIGIN?: string;
  /** Cloudflare Email Routing send_email binding; without it mail goes to the dev outbox. */
  EMAIL?: SendEmail;
  /** Sender address for mail sent through EMAIL. */
  MAIL_FROM?: string;
  // --- Native app deep links (worker/routes/app-links.ts, decision record 0043) ---
  /** Comma-separated SHA-256 fingerprints of the Android signing certificates (Play App Signing, upload key). */
  ANDROID_CERT_SHA256?: string;
  /** The Apple Developer team id that signs the iOS app. */
  APPLE_TEAM_ID?: string;
  /**
   * Secret: the bearer token of the deep health check (GET /api/health?deep=1) for uptime monitors;
   * without it the deep check answers 401 to everyone.
   */
  HEALTH_CHECK_TOKEN?: string;
  /** Test-only: "test" selects a cheap password-hash cost, honoured only when ENVIRONMENT is "test". */
  PASSWORD_HASH_COST?: string;
  // --- Payments (worker/services/payments, decision records 0037–0039) ---
  /** Secret: Stripe's secret key. Without it development and test run the labelled test mode; elsewhere payments are unavailable. */
  STRIPE_SECRET_KEY?: string;
  /** Secret: the signing secret of the /api/webhooks/stripe endpoint (the platform's own events). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Secret: the signing secret of /api/webhooks/stripe-connect (connected accounts' events, e.g. account.updated). */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /**
   * "true" lets a Stripe test key (sk_test_…) run outside development and test, e.g. a staging
   * deploy; without it such a key makes payments unavailable (worker/lib/modes.ts, decision record 0081).
   */
  STRIPE_ALLOW_TEST_KEY?: string;
  /** Stripe.js's publishable key, handed to the SPA with each PaymentIntent. */
  STRIPE_PUBLISHABLE_KEY?: string;
  // --- Exact rate limits (worker/services/rate-limit.ts) ---
  /** One RateLimiter Durable Object per rule and subject. */
  LIMITER: DurableObjectNamespace<RateLimiter>;
  // --- Live comments (worker/realtime/comment-room.ts) ---
  /** One CommentRoom Durable Object per post, named by the post id. */
  COMMENT_ROOM: DurableObjectNamespace<CommentRoom>;
  // --- Messages and activity (worker/realtime/chat-room.ts, user-channel.ts) ---
  /** One ChatRoom Durable Object per conversation, named by the conversation id. */
  CHAT_ROOM: DurableObjectNamespace<ChatRoom>;
  /** One UserChannel Durable Object per user, named by the user id. */
  USER_CHANNEL: DurableObjectNamespace<UserChannel>;
  // --- Notifications (worker/services/notifications, decision record 0096) ---
  /** The queue requests put notification jobs on; the Worker's queue() handler consumes it. Without it nothing notifies (logged). */
  NOTIFICATIONS?: Queue<NotificationJob>;
  /** Web push's VAPID key pair (base64url: the uncompressed P-256 public point, the 32-byte private scalar). Without both, web push is off. */
  VAPID_PUBLIC_KEY?: string;
  /** Secret: the VAPID private key. */
  VAPID_PRIVATE_KEY?: string;
  /** The VAPID `sub` claim (mailto: or https:); defaults to APP_ORIGIN. */
  VAPID_SUBJECT?: string;
  /** Secret: the Firebase service account's JSON key (FCM HTTP v1). Without it Android pushes are skipped with a log line. */
  FCM_SERVICE_ACCOUNT?: string;
  /** Secret: the APNs auth key (.p8, PEM). Without it, APNS_KEY_ID and APNS_TEAM_ID, iOS pushes are skipped with a log line. */
  APNS_KEY?: string;
  APNS_KEY_ID?: string;
  /** The Apple Developer team id of the APNs key (often APPLE_TEAM_ID). */
  APNS_TEAM_ID?: string;
  /** The app's bundle id (apns-topic); defaults to the native app id. */
  APNS_TOPIC?: string;
  /** "sandbox" sends to api.sandbox.push.apple.com (development builds); anything else to api.push.apple.com. */
  APNS_ENVIRONMENT?: string;
}

/**
 * One request context (decision record 0076): what every service is handed, built once by the init
 * middleware for a request and by the cron dispatcher for a run. `now` is read once when it is
 * built; `origin` is the app's public origin (links in mails, return addresses); `ip` and
 * `userAgent` are who asked, as the edge saw it (null in a cron run). A service that needs less
 * takes a `Pick<Ctx, …>`.
 */
export interface Ctx {
  env: Bindings;
  db: Db;
  log: Logger;
  now: number;
  origin: string;
  ip: string | null;
  userAgent: string | null;
}

interface Variables {
  requestId: string;
  /** The request's context for services, built once by the init middleware. */
  ctx: Ctx;
  /** The request's database handle, created once by the init middleware and passed to every query. */
  db: Db;
  /** The request's structured logger; every line carries the requestId. */
  log: Logger;
  /** Set by the session middleware: the signed-in user and their auth_sessions row, or null. */
  session?: { userId: string; sessionId: string; activeUntil: number } | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
