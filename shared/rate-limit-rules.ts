// The server's exact rate-limit rules, keyed by the names the accounts contract uses. The spec's
// four limits (§9 of both documents) come from RATE_LIMITS in shared/constants.ts; the ones the
// spec does not name are ours and are marked.
import { MINUTE_MS, RATE_LIMITS } from "./constants";

export interface RateLimitRule {
  /** Attempts allowed inside any window of `windowMs`. */
  readonly limit: number;
  readonly windowMs: number;
}

export const RULES = {
  sign_in: { limit: RATE_LIMITS.signIn.max, windowMs: RATE_LIMITS.signIn.windowMs },
  sign_up: { limit: RATE_LIMITS.signUp.max, windowMs: RATE_LIMITS.signUp.windowMs },
  upload: { limit: RATE_LIMITS.upload.max, windowMs: RATE_LIMITS.upload.windowMs },
  comment: { limit: RATE_LIMITS.comment.max, windowMs: RATE_LIMITS.comment.windowMs },
  /** Not in the spec: bounds what one browser can write into security_events. */
  security_report: { limit: 30, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: the SPA's error reports (/api/client-errors) per IP, so one broken or hostile
   * browser cannot flood the logs; the SPA itself samples and sends at most a few per page.
   */
  client_error: { limit: 20, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: bounds the mail sign-up and resend send to one address (a confirmation link,
   * or the "already registered" notice), whichever IPs ask. One budget for both routes, so
   * alternating between them gets no more; 3 an hour is the spec's own sign-up figure and leaves
   * a newcomer two resends (decision record 0024).
   */
  account_mail: { limit: 3, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: bounds the security events one visitor who is not signed in can cause where
   * no other limit applies (a sign-out without a session, a Google callback with a bad state).
   * Over it the event is skipped; the request answers as usual (decision record 0022).
   */
  visitor_event: { limit: 10, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: app sign-in hand-offs (decision record 0093) one IP can start or redeem. Each
   * start writes a row; a person retrying Google a few times stays far below it.
   */
  app_handoff: { limit: 20, windowMs: 10 * MINUTE_MS },
  /** Not in the spec: bounds reset mails one address or IP can trigger. */
  password_reset: { limit: 5, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: bounds the post_views rows one viewer (account, else IP) can write. Views over
   * the limit are skipped silently, as §8 wants view tracking never to bother the viewer.
   */
  post_view: { limit: 60, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: bounds the profile_visit rows one signed-in viewer can write (repeat visits
   * to one profile are already folded into one per half hour); over it, visits are skipped silently.
   */
  profile_visit: { limit: 60, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: on-demand recommendation refreshes per user (the nightly job refreshes
   * everyone); each one runs a dozen queries, so a button held down must not hammer D1.
   */
  recommendations_refresh: { limit: 5, windowMs: 60 * MINUTE_MS },
  /** Not in the spec: avatar uploads per user, as many as post uploads (each replaces the last). */
  avatar_upload: { limit: RATE_LIMITS.upload.max, windowMs: RATE_LIMITS.upload.windowMs },
  /**
   * Not in the spec: payment sessions one buyer can start (each writes a pending order and, with
   * keys, asks Stripe for a session). Generous for a person retrying a card, tight for a script.
   */
  checkout: { limit: 20, windowMs: 10 * MINUTE_MS },
  /**
   * Not in the spec: payout onboarding links one seller can ask for (each, with keys, is an Account
   * Link or login link from Stripe). A seller coming back to a half-done form a few times stays far
   * below it.
   */
  payout_link: { limit: 10, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: a seller's "check with Stripe" of their payout account (the /payments page
   * does it on return from onboarding). One Stripe call per 10 seconds; a refresh inside that
   * answers the stored state rather than an error (worker/services/payments/payouts.ts).
   */
  payout_refresh: { limit: 1, windowMs: 10_000 },
  /**
   * Not in the spec: custom offers one seller can send (each one is a message in someone's inbox),
   * as many as a busy day of quotes, never a flood of invoices.
   */
  offer: { limit: 30, windowMs: 60 * MINUTE_MS },
  /** Not in the spec: a seller's delivery files per hour (a session's stems, not a flood). */
  delivery_file: { limit: 60, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: direct messages per sender. A quick back-and-forth is a few a minute; this
   * stops one account flooding others while leaving any real conversation untouched.
   */
  message: { limit: 120, windowMs: 10 * MINUTE_MS },
  /** Not in the spec: new conversations per user, so one account cannot open one with everybody. */
  conversation_start: { limit: 60, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: reviews, answers and review requests per user. Each is once per order, so
   * this only bounds a script walking many orders; a busy seller answering a backlog stays under it.
   */
  review: { limit: 60, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: booking changes per user (book, confirm, cancel, move, weekly times). Each
   * booking step messages the other side, so this also bounds those messages.
   */
  booking_write: { limit: 60, windowMs: 10 * MINUTE_MS },
  /** Not in the spec: data exports per user (decision record 0084); each reads all of one's rows. */
  data_export: { limit: 1, windowMs: 24 * 60 * MINUTE_MS },
  /** Not in the spec: account-deletion attempts per user, so the password check is no guessing oracle. */
  account_delete: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Not in the spec: reports per user (decision record 0083); a person flagging a spam wave stays under it, a script does not. */
  report: { limit: 30, windowMs: 60 * MINUTE_MS },
  /**
   * Not in the spec: block, unblock, mute, unmute and muted-word changes per user (decision record
   * 0082). A block also deletes follows, so a script toggling it must not churn counters.
   */
  safety_toggle: { limit: 60, windowMs: 10 * MINUTE_MS },
  // ---- Abuse limits of the security review (issue #27 item 8; decision record 0085), all ours.
  // Each is far above what a person does by hand and stops a script at once; the SPA collapses
  // rapid taps into one request, so tapping does not count many times.
  /** Follow and unfollow: each one makes every open tab of the other person refetch its counts. */
  follow_toggle: { limit: 60, windowMs: 10 * MINUTE_MS },
  /** Like and unlike, for the same reason; a feed liked as it is read stays far below it. */
  like_toggle: { limit: 120, windowMs: 10 * MINUTE_MS },
  /** Creating, editing and deleting services and products together: a big catalogue day. */
  catalogue_write: { limit: 60, windowMs: 60 * MINUTE_MS },
  /** Profile saves (the settings form saves whole). */
  profile_write: { limit: 30, windowMs: 60 * MINUTE_MS },
  /** Changing the username: each frees the old one for anyone to take, so a few a day. */
  username_change: { limit: 5, windowMs: 24 * 60 * MINUTE_MS },
  /** Edits of one's own posts (captions, tags, location). */
  post_edit: { limit: 60, windowMs: 60 * MINUTE_MS },
  /** Saves of the portfolio (each is the whole ordered list). */
  portfolio_write: { limit: 60, windowMs: 60 * MINUTE_MS },
  /** Order steps (ship, deliver, complete, revision, refund): each mails and messages the other side. */
  order_step: { limit: 60, windowMs: 10 * MINUTE_MS },
  /**
   * Audio versions, revision notes, their deletion and the seller's resolution marks (decision
   * record 0091): a buyer noting a mix moment by moment stays far below it, a script does not.
   */
  revision_write: { limit: 120, windowMs: 10 * MINUTE_MS },
  /** Read markers (a conversation, an activity item, all activity): an open chat marks each new message read. */
  read_marker: { limit: 300, windowMs: 10 * MINUTE_MS },
  /**
   * Push devices registered or removed per user (issue #30). Each app start registers its device
   * once (a refresh of the same row), so a person with a phone, a tablet and two browsers stays
   * far below it; a script churning endpoints to evict the account's devices does not.
   */
  push_device: { limit: 30, windowMs: 10 * MINUTE_MS },
  /** Saves of the notification settings per user: the settings screen may save on every switch. */
  notification_settings: { limit: 120, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitRuleName = keyof typeof RULES;

/** Whole minutes to wait, rounded up and never below 1, as the spec's "{n} minutes" texts show. */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
}
