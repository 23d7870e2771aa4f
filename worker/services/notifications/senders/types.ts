// One interface for the three push services (issue #30 items 2 and 5; decision record 0096): web
// push (VAPID, RFC 8291 aes128gcm, on WebCrypto), FCM HTTP v1 and APNs. The consumer hands a
// device and a payload to `sendPush` (senders/index.ts) and acts on the outcome; it never
// learns which service it spoke to.
import type { PushPayload } from "@shared/notifications-api";
import type { Bindings } from "../../../env";

/** A push_subscriptions row, as much as a sender needs. */
export interface PushTarget {
  id: string;
  kind: "web" | "fcm" | "apns";
  /** web: the push service URL; fcm/apns: the device token. */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

export interface PushOptions {
  /** How long the push service may hold the message for an offline device. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Replaces an undelivered message with the same topic on the push service (web: Topic header, ≤ 32 base64url chars; APNs: apns-collapse-id; FCM: collapse_key). */
  topic?: string;
}

export type SendOutcome =
  /** The push service accepted it. */
  | { result: "sent"; status: number }
  /** 404 or 410 (web), UNREGISTERED / INVALID_ARGUMENT on the token (FCM), 410 / BadDeviceToken / Unregistered (APNs): remove the subscription. */
  | { result: "gone"; status: number }
  /** 429, 5xx, a network error or a timeout: try again later (`retryAfterMs` from Retry-After when given). */
  | { result: "retry"; status: number | null; retryAfterMs: number | null; error: string }
  /** Any other refusal (400 payload too large, 401/403 credentials): logged, not retried, the subscription kept. */
  | { result: "failed"; status: number; error: string }
  /** The service's credentials are not configured (no VAPID keys, no FCM service account, no APNs key): skipped with a log line. */
  | { result: "skipped"; reason: string };

/** The configuration the senders read. */
export type PushEnv = Pick<
  Bindings,
  "ENVIRONMENT" | "APP_ORIGIN" | "KV" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "FCM_SERVICE_ACCOUNT" | "APNS_KEY" | "APNS_KEY_ID" | "APNS_TEAM_ID" | "APNS_TOPIC" | "APNS_ENVIRONMENT"
>;

/**
 * Sends one payload to one device. `fetcher` replaces the global fetch (the tests' local
 * stand-ins of the push services); it defaults to fetch.
 */
export type SendPush = (env: PushEnv, target: PushTarget, payload: PushPayload, options: PushOptions, fetcher?: typeof fetch) => Promise<SendOutcome>;
