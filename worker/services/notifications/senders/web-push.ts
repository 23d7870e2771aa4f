// Web push from the Worker (issue #30 item 2; decision record 0096): the Web Push protocol (RFC
// 8030) with VAPID (RFC 8292) and the payload encrypted per RFC 8291 in the "aes128gcm" content
// coding (RFC 8188), written on WebCrypto and jose. The `web-push` package needs Node's crypto
// and https and does not run in workerd; this file reproduces RFC 8291's Appendix A byte for
// byte (tests/worker/notifications/senders/web-push.test.ts), which needs the ephemeral key
// pair and the salt to be injectable.
import { importJWK, SignJWT } from "jose";
import type { PushPayload } from "@shared/notifications-api";
import { allows } from "../../../lib/modes";
import { fromBase64Url, toBase64Url } from "../../auth/encoding";
import { describeRefusal, fetchWithTimeout, isRetryStatus, networkFailure, responseText, retryOutcome, sha256Base64Url } from "./http";
import type { PushEnv, PushOptions, PushTarget, SendOutcome } from "./types";

/** RFC 8188 record size we declare; the whole message is one record. */
const RECORD_SIZE = 4096;
/** salt(16) || rs(4) || idlen(1) || keyid(65): the aes128gcm header of a web push message. */
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/**
 * The largest plaintext one message carries. Push services accept at most 4096 bytes of body
 * (RFC 8030 §7.2 asks them to accept at least that much), header included; one record adds the
 * padding delimiter and the GCM tag.
 */
export const MAX_PLAINTEXT_BYTES = 4096 - HEADER_BYTES - TAG_BYTES - 1;

/** VAPID tokens say they are good for this long (RFC 8292 §2 allows at most 24 hours). */
const VAPID_LIFETIME_S = 12 * 60 * 60;
/**
 * A token is reused for each push service until it has less than this left: one signature per
 * push service per isolate about every 11 hours instead of one per push, while a push service
 * never sees a token close to its expiry (or one its clock could think expired).
 */
const VAPID_REUSE_MARGIN_S = 60 * 60;
/** At most this many push services' tokens are kept; the oldest is dropped first. */
const VAPID_CACHE_ENTRIES = 64;

const encoder = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A copy backed by a plain ArrayBuffer, which WebCrypto's typings ask for. */
function bytes(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view);
}

/** An uncompressed P-256 point (0x04 || x || y), as browsers hand out p256dh and as VAPID keys are written. */
function isUncompressedPoint(point: Uint8Array): boolean {
  return point.length === 65 && point[0] === 0x04;
}

/**
 * The JWK of a P-256 key from its uncompressed public point and, for a private key, its 32-byte
 * scalar: WebCrypto imports raw public keys but private keys only as JWK or PKCS#8.
 */
export function p256Jwk(publicPoint: Uint8Array, privateScalar?: Uint8Array): JsonWebKey {
  if (!isUncompressedPoint(publicPoint)) throw new Error("a P-256 public key is a 65-byte uncompressed point");
  const jwk: JsonWebKey = { kty: "EC", crv: "P-256", x: toBase64Url(publicPoint.subarray(1, 33)), y: toBase64Url(publicPoint.subarray(33, 65)) };
  if (privateScalar !== undefined) {
    if (privateScalar.length !== 32) throw new Error("a P-256 private key is a 32-byte scalar");
    jwk.d = toBase64Url(privateScalar);
  }
  return jwk;
}

/** HKDF-SHA-256 (RFC 5869): extract with `salt`, expand with `info` to `length` bytes. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", bytes(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: bytes(salt), info: bytes(info) }, key, length * 8));
}

export interface SubscriptionKeys {
  /** The browser's ECDH public key (base64url, uncompressed P-256 point). */
  p256dh: string;
  /** The browser's 16-byte authentication secret (base64url). */
  auth: string;
}

export interface EncryptionInputs {
  /** The 16-byte salt; random unless given (the RFC's test vector gives one). */
  salt?: Uint8Array;
  /** The application server's ephemeral ECDH key pair; a fresh one per message unless given. */
  senderKeys?: CryptoKeyPair;
}

/**
 * Encrypts one push message (RFC 8291 §3.4, one RFC 8188 record): the ECDH secret between a
 * fresh key pair and the browser's key, keyed by the browser's auth secret, yields the input
 * key; the salt turns that into the content key and nonce. Throws on malformed subscription keys
 * or a plaintext too long for one message.
 */
export async function encryptPayload(plaintext: Uint8Array, subscription: SubscriptionKeys, inputs: EncryptionInputs = {}): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64Url(subscription.p256dh);
  const authSecret = fromBase64Url(subscription.auth);
  if (!isUncompressedPoint(uaPublic)) throw new Error("p256dh is not an uncompressed P-256 point");
  if (authSecret.length !== 16) throw new Error("auth is not a 16-byte secret");
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`the payload is ${plaintext.length} bytes; one push carries at most ${MAX_PLAINTEXT_BYTES}`);
  const salt = inputs.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) throw new Error("the salt is 16 bytes");

  const ecdh = { name: "ECDH", namedCurve: "P-256" } as const;
  const senderKeys = inputs.senderKeys ?? ((await crypto.subtle.generateKey(ecdh, true, ["deriveBits"])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", senderKeys.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey("raw", bytes(uaPublic), ecdh, false, []);
  // Not written inline: workers-types spells the ECDH parameter `$public` (a reserved word in its
  // generator) while the runtime reads `public`, as the Web Crypto specification says.
  const ecdhParams = { name: "ECDH", public: uaKey };
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdhParams, senderKeys.privateKey, 256));

  // RFC 8291 §3.3: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32).
  const ikm = await hkdf(authSecret, ecdhSecret, concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic), 32);
  // RFC 8188 §2.2 and §2.3: the content-encryption key and the nonce (the only record's sequence number is 0).
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);

  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // The last (and only) record ends with the delimiter 0x02 and no further padding.
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, concat(plaintext, Uint8Array.of(0x02))));

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, record);
}

/** Hosts no push service lives on: this machine, a home or office network, or names reserved for tests (RFC 6761, RFC 8375). */
const PRIVATE_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|home\.arpa|corp|private|test|example|invalid|onion)$/;

/** An IP address written as the host (the URL parser has already turned 0x7f.1 and 2130706433 into dotted form). */
function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The loopback hosts a local stand-in push service answers on (tests and journeys). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether a web push endpoint may be stored and sent to: https on the default port of a named,
 * public host, with no credentials in it. A subscription is the one URL a user hands the Worker
 * to fetch, so IP literals, loopback and private names are refused (they would reach our own
 * network, not a push service). Plain http to loopback is allowed only where the
 * loopbackPushService switch is on (worker/lib/modes.ts): the tests' and journeys' stand-in.
 */
export function isAllowedPushEndpoint(env: Pick<PushEnv, "ENVIRONMENT">, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "") return false;
  const hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  if (url.protocol === "http:") return LOOPBACK_HOSTS.has(hostname) && allows(env, "loopbackPushService");
  if (url.protocol !== "https:" || url.port !== "") return false;
  return hostname.includes(".") && !isIpLiteral(hostname) && !PRIVATE_NAME.test(hostname);
}

/** The VAPID key pair from the environment as a JWK, or why there is none ("missing": web push is not configured). */
function vapidKeys(env: PushEnv): { publicKey: string; jwk: JsonWebKey } | "missing" | "invalid" {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return "missing";
  try {
    return { publicKey, jwk: p256Jwk(fromBase64Url(publicKey), fromBase64Url(privateKey)) };
  } catch {
    return "invalid";
  }
}

/** The VAPID `sub`: VAPID_SUBJECT when it is a mailto: or https: URI, else the app's https origin, else none. */
export function vapidSubject(env: Pick<PushEnv, "VAPID_SUBJECT" | "APP_ORIGIN">): string | null {
  const subject = env.VAPID_SUBJECT?.trim();
  if (subject && /^(mailto:.+|https:\/\/.+)$/i.test(subject)) return subject;
  try {
    const origin = new URL(env.APP_ORIGIN ?? "");
    return origin.protocol === "https:" ? origin.origin : null;
  } catch {
    return null;
  }
}

/** Signed tokens by public key, subject and push service origin, in the order they were made. */
const vapidTokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * The VAPID Authorization header for a push service (RFC 8292 §3): `vapid t=<JWT>, k=<public
 * key>`, the JWT ES256-signed with the VAPID private key, aud the push service's origin. A token
 * is reused per push service (module memory, VAPID_REUSE_MARGIN_S) so a burst of pushes to one
 * service signs once.
 */
export async function vapidAuthorization(env: PushEnv, endpoint: string, now = Date.now()): Promise<string> {
  const keys = vapidKeys(env);
  if (typeof keys === "string") throw new Error(`VAPID keys are ${keys}`);
  const audience = new URL(endpoint).origin;
  const subject = vapidSubject(env);
  const cacheKey = `${keys.publicKey} ${subject ?? ""} ${audience}`;
  const nowS = Math.floor(now / 1000);
  const cached = vapidTokens.get(cacheKey);
  if (cached && cached.expiresAt - nowS > VAPID_REUSE_MARGIN_S) return `vapid t=${cached.token}, k=${keys.publicKey}`;

  const expiresAt = nowS + VAPID_LIFETIME_S;
  const jwt = new SignJWT({}).setProtectedHeader({ typ: "JWT", alg: "ES256" }).setAudience(audience).setExpirationTime(expiresAt);
  if (subject !== null) jwt.setSubject(subject);
  const token = await jwt.sign(await importJWK({ ...keys.jwk, alg: "ES256" }, "ES256"));
  vapidTokens.delete(cacheKey);
  vapidTokens.set(cacheKey, { token, expiresAt });
  while (vapidTokens.size > VAPID_CACHE_ENTRIES) vapidTokens.delete(vapidTokens.keys().next().value!);
  return `vapid t=${token}, k=${keys.publicKey}`;
}

/**
 * The Topic header (RFC 8030 §5.4): at most 32 characters of the base64url alphabet. A topic
 * that already is one is sent as it is; any other (our tags hold ":" and ids) is replaced by the
 * start of its SHA-256, so one tag always names one topic.
 */
export async function pushTopic(topic: string): Promise<string> {
  return /^[A-Za-z0-9_-]{1,32}$/.test(topic) ? topic : (await sha256Base64Url(topic)).slice(0, 32);
}

/** The request a web push is: headers and the encrypted body. Exported for the header tests. */
async function webPushRequest(env: PushEnv, target: PushTarget & SubscriptionKeys, payload: PushPayload, options: PushOptions): Promise<{ headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }> {
  const body = await encryptPayload(encoder.encode(JSON.stringify(payload)), target);
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(env, target.endpoint),
    TTL: String(Math.max(0, Math.floor(options.ttlSeconds))),
    Urgency: options.urgency,
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
  };
  if (options.topic) headers.Topic = await pushTopic(options.topic);
  return { headers, body };
}

/**
 * Sends one web push. Outcomes: 200/201/202 sent; 404/410 gone (the subscription expired or was
 * revoked); 429 and 5xx retry (with Retry-After); a network error or no answer in 10 s retry;
 * every other refusal (400, 401/403 credentials, 413 too large) failed. A subscription that can
 * never be sent to from here (keys missing or malformed, an endpoint the guard refuses) is gone
 * with status 0, so the consumer removes it instead of failing on it forever.
 */
export async function sendWebPush(env: PushEnv, target: PushTarget, payload: PushPayload, options: PushOptions, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  const keys = vapidKeys(env);
  if (keys === "missing") return { result: "skipped", reason: "web push is off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not both set" };
  if (keys === "invalid") return { result: "skipped", reason: "web push is off: VAPID_PUBLIC_KEY is not a 65-byte P-256 point or VAPID_PRIVATE_KEY not a 32-byte scalar (base64url)" };
  if (!target.p256dh || !target.auth || !isAllowedPushEndpoint(env, target.endpoint)) return { result: "gone", status: 0 };

  let request: Awaited<ReturnType<typeof webPushRequest>>;
  try {
    request = await webPushRequest(env, { ...target, p256dh: target.p256dh, auth: target.auth }, payload, options);
  } catch (error) {
    // The subscription's keys are not a P-256 point and a 16-byte secret: nothing can ever be
    // encrypted for it. (The payload fits: its schema caps every field far below the limit.)
    if (error instanceof Error && /p256dh|auth/.test(error.message)) return { result: "gone", status: 0 };
    throw error;
  }

  let response: Response;
  try {
    response = await fetchWithTimeout(fetcher, target.endpoint, { method: "POST", headers: request.headers, body: request.body });
  } catch (error) {
    return networkFailure(error);
  }
  const { status } = response;
  if (status === 200 || status === 201 || status === 202) {
    await response.body?.cancel();
    return { result: "sent", status };
  }
  if (status === 404 || status === 410) {
    await response.body?.cancel();
    return { result: "gone", status };
  }
  const detail = describeRefusal(status, await responseText(response));
  if (isRetryStatus(status)) return retryOutcome(response, detail);
  return { result: "failed", status, error: detail };
}
