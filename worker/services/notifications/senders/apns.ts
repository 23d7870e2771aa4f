// iOS pushes through Apple's Push Notification service (issue #30 item 5; decision record 0096),
// authenticated with a provider token: an ES256 JWT signed with the APNs auth key (.p8; header
// kid = APNS_KEY_ID, iss = APNS_TEAM_ID, iat). Apple refuses a token refreshed more than once per
// 20 minutes (429 TooManyProviderTokenUpdates) and one older than an hour (403
// ExpiredProviderToken), so one token is kept in KV, shared by every isolate, and used for 50
// minutes (token-cache.ts).
import { importPKCS8, SignJWT } from "jose";
import { NATIVE_APP_ID } from "@shared/native-app";
import type { PushPayload } from "@shared/notifications-api";
import { describeRefusal, fetchWithTimeout, isRetryStatus, networkFailure, parseJson, responseText, retryOutcome, sha256Base64Url } from "./http";
import { dropToken, readToken, writeToken } from "./token-cache";
import type { PushEnv, PushOptions, PushTarget, SendOutcome } from "./types";

/** A provider token is used this long, inside Apple's 20-to-60-minute window. */
const PROVIDER_TOKEN_REUSE_MS = 50 * 60_000;
/** apns-collapse-id may not be longer than 64 bytes. */
const MAX_COLLAPSE_ID_BYTES = 64;
/** Device tokens are hex (32 bytes today; Apple says not to rely on the length). */
const DEVICE_TOKEN = /^[0-9a-f]{32,400}$/i;
/** Refusals that mean the token will never reach this app on a device again. */
const GONE_REASONS = new Set(["BadDeviceToken", "Unregistered", "DeviceTokenNotForTopic"]);

const APNS_HOSTS = { production: "https://api.push.apple.com", sandbox: "https://api.sandbox.push.apple.com" } as const;

interface ApnsConfig {
  key: string;
  keyId: string;
  teamId: string;
  topic: string;
  host: string;
}

function readConfig(env: PushEnv): ApnsConfig | { missing: string } {
  // A key pasted with its line breaks escaped still reads as PEM.
  const key = env.APNS_KEY?.trim().replace(/\\n/g, "\n");
  const keyId = env.APNS_KEY_ID?.trim();
  const teamId = env.APNS_TEAM_ID?.trim();
  if (!key || !keyId || !teamId) return { missing: "APNs is off: APNS_KEY, APNS_KEY_ID and APNS_TEAM_ID are not all set" };
  const host = env.APNS_ENVIRONMENT?.trim() === "sandbox" ? APNS_HOSTS.sandbox : APNS_HOSTS.production;
  return { key, keyId, teamId, topic: env.APNS_TOPIC?.trim() || NATIVE_APP_ID, host };
}

const tokenKey = (config: ApnsConfig) => `push:apns-token:${config.teamId}:${config.keyId}`;

/** The provider token (from KV, or signed now); a "skipped" outcome when the key cannot sign. */
async function providerToken(env: PushEnv, config: ApnsConfig): Promise<string | SendOutcome> {
  const cached = await readToken(env, tokenKey(config));
  if (cached !== null) return cached;
  const now = Date.now();
  let key: CryptoKey;
  try {
    key = await importPKCS8(config.key, "ES256");
  } catch (error) {
    return { result: "skipped", reason: `APNs is off: APNS_KEY is not the .p8 auth key (PKCS#8 P-256 PEM): ${String(error)}` };
  }
  const token = await new SignJWT({}).setProtectedHeader({ alg: "ES256", kid: config.keyId }).setIssuer(config.teamId).setIssuedAt(Math.floor(now / 1000)).sign(key);
  await writeToken(env, tokenKey(config), token, now + PROVIDER_TOKEN_REUSE_MS, now);
  return token;
}

/** apns-collapse-id: the topic when it fits in 64 bytes, else its SHA-256 (43 characters), so one tag always names one id. */
async function collapseId(topic: string): Promise<string> {
  return new TextEncoder().encode(topic).length <= MAX_COLLAPSE_ID_BYTES ? topic : sha256Base64Url(topic);
}

/** The notification as APNs wants it: the alert in `aps`, and what a tap opens beside it. */
function apnsBody(payload: PushPayload) {
  return { aps: { alert: { title: payload.title, body: payload.body }, sound: "default", "thread-id": payload.tag }, path: payload.path, id: payload.id };
}

/**
 * Sends one iOS push. 200 sent; 410, or 400 BadDeviceToken / Unregistered /
 * DeviceTokenNotForTopic, gone; 403 ExpiredProviderToken signs a new token and tries once more;
 * 429/5xx, a network error or a timeout retry; anything else failed. Without the key and its ids:
 * skipped. A device token that is not hex can never be sent to (and must not be put in the path):
 * gone with status 0.
 */
export async function sendApns(env: PushEnv, target: PushTarget, payload: PushPayload, options: PushOptions, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  const config = readConfig(env);
  if ("missing" in config) return { result: "skipped", reason: config.missing };
  if (!DEVICE_TOKEN.test(target.endpoint)) return { result: "gone", status: 0 };

  const ttl = Math.max(0, Math.floor(options.ttlSeconds));
  const headers: Record<string, string> = {
    "apns-topic": config.topic,
    "apns-push-type": "alert",
    "apns-priority": options.urgency === "high" ? "10" : "5",
    // 0 asks Apple to try once and keep nothing; otherwise the time (UNIX seconds) it gives up.
    "apns-expiration": String(ttl === 0 ? 0 : Math.floor(Date.now() / 1000) + ttl),
    "Content-Type": "application/json",
  };
  if (options.topic) headers["apns-collapse-id"] = await collapseId(options.topic);
  const url = `${config.host}/3/device/${target.endpoint}`;
  const body = JSON.stringify(apnsBody(payload));

  for (let attempt = 1; ; attempt++) {
    const token = await providerToken(env, config);
    if (typeof token !== "string") return token;
    let response: Response;
    try {
      response = await fetchWithTimeout(fetcher, url, { method: "POST", headers: { ...headers, Authorization: `bearer ${token}` }, body });
    } catch (error) {
      return networkFailure(error);
    }
    const { status } = response;
    if (status === 200) {
      await response.body?.cancel();
      return { result: "sent", status };
    }
    const text = await responseText(response);
    const reason = (parseJson(text) as { reason?: unknown } | null)?.reason;
    if (status === 410 || (status === 400 && typeof reason === "string" && GONE_REASONS.has(reason))) return { result: "gone", status };
    // Apple thinks the token too old (a clock apart, or a token kept past its hour): sign a new one, once.
    if (status === 403 && reason === "ExpiredProviderToken" && attempt === 1) {
      await dropToken(env, tokenKey(config));
      continue;
    }
    const detail = describeRefusal(status, text);
    return isRetryStatus(status) ? retryOutcome(response, detail) : { result: "failed", status, error: detail };
  }
}
