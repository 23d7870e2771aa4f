// A browser's side of web push, for tests (issue #30): the subscription's keys, the decryption of
// an RFC 8291 "aes128gcm" message and the check of a VAPID Authorization header (RFC 8292). It
// is written from the RFCs on globalThis.crypto.subtle alone, shares no code with the sender
// (worker/services/notifications/senders/web-push.ts), and runs both inside workerd (the worker
// tests) and on Node 20 (the end-to-end journeys' stand-in push service). Not a test file.

export interface ReceiverKeys {
  /** What a browser's PushSubscription.toJSON().keys holds: the public point and the auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** The subscription's ECDH private key, which only the browser holds. */
  privateKey: CryptoKey;
}

const encoder = new TextEncoder();

function toBase64Url(data: Uint8Array): string {
  let binary = "";
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error(`not base64url: ${text.slice(0, 20)}`);
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A new subscription's keys, as PushManager.subscribe() makes them: a P-256 key pair and a 16-byte auth secret. */
export async function createReceiverKeys(): Promise<ReceiverKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicPoint = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { p256dh: toBase64Url(publicPoint), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))), privateKey: pair.privateKey };
}

/**
 * Keys from known values (RFC 8291 Appendix A's receiver): the public point, its 32-byte private
 * scalar and the auth secret, all base64url.
 */
export async function importReceiverKeys(p256dh: string, privateScalar: string, auth: string): Promise<ReceiverKeys> {
  const point = fromBase64Url(p256dh);
  const jwk: JsonWebKey = { kty: "EC", crv: "P-256", x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33, 65)), d: privateScalar };
  const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  return { p256dh, auth, privateKey };
}

/** HKDF-SHA-256 (RFC 5869). The inputs are copied: WebCrypto's typings want plain ArrayBuffer views. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) }, key, length * 8));
}

export interface DecryptedMessage {
  plaintext: Uint8Array;
  /** The header's fields, so a test can assert the layout (RFC 8188 §2.1). */
  salt: Uint8Array;
  recordSize: number;
  senderPublicKey: Uint8Array;
}

/**
 * Decrypts an aes128gcm web push body (RFC 8291 §3.4 and RFC 8188) with the subscription's keys.
 * Throws on anything a browser would drop: a short or malformed header, a key id that is not a
 * P-256 point, an authentication failure, or padding without the final record's 0x02 delimiter.
 */
export async function decryptPushMessage(message: Uint8Array, keys: ReceiverKeys): Promise<DecryptedMessage> {
  const body = new Uint8Array(message);
  if (body.length < 21) throw new Error("shorter than an aes128gcm header");
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const recordSize = view.getUint32(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes; web push sends the 65-byte sender public key`);
  const senderPublicKey = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record; web push sends one");

  const uaPublic = fromBase64Url(keys.p256dh);
  const senderKey = await crypto.subtle.importKey("raw", senderPublicKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // Not written inline: workers-types spells the ECDH parameter `$public` (a reserved word in its
  // generator), the DOM types `public`, and the runtime reads `public`.
  const ecdhParams = { name: "ECDH", public: senderKey };
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdhParams, keys.privateKey, 256));
  const ikm = await hkdf(fromBase64Url(keys.auth), ecdhSecret, concat(encoder.encode("WebPush: info\0"), uaPublic, senderPublicKey), 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));

  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x02) throw new Error("the only record does not end with the last-record delimiter 0x02");
  return { plaintext: padded.slice(0, end), salt, recordSize, senderPublicKey };
}

/** The decrypted body as text (a web push payload is JSON). */
export async function decryptPushText(body: Uint8Array, keys: ReceiverKeys): Promise<string> {
  return new TextDecoder().decode((await decryptPushMessage(body, keys)).plaintext);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
  [claim: string]: unknown;
}

/**
 * Checks a VAPID Authorization header as a push service does (RFC 8292 §3 and §2): the `vapid`
 * scheme with `t` and `k`, an ES256 JWT whose signature `k` verifies, aud equal to the push
 * service's origin, and exp in the future but at most 24 hours away. Returns the claims and the
 * public key; throws saying what is wrong.
 */
export async function verifyVapidAuthorization(header: string | null, expected: { audience: string; now?: number }): Promise<{ claims: VapidClaims; publicKey: string }> {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [headerPart, claimsPart, signaturePart] = token.split(".") as [string, string, string];
  const jose = JSON.parse(new TextDecoder().decode(fromBase64Url(headerPart))) as { alg?: string };
  if (jose.alg !== "ES256") throw new Error(`alg ${jose.alg}; VAPID signs with ES256`);

  const point = fromBase64Url(publicKey);
  if (point.length !== 65 || point[0] !== 0x04) throw new Error("k is not an uncompressed P-256 point");
  const key = await crypto.subtle.importKey("raw", point, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  // A JWS ES256 signature is r || s, the form WebCrypto verifies.
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64Url(signaturePart), encoder.encode(`${headerPart}.${claimsPart}`));
  if (!valid) throw new Error("the JWT's signature does not verify with k");

  const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(claimsPart))) as VapidClaims;
  if (claims.aud !== expected.audience) throw new Error(`aud ${claims.aud}, expected ${expected.audience}`);
  const nowS = Math.floor((expected.now ?? Date.now()) / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= nowS) throw new Error("the JWT has expired or has no exp");
  if (claims.exp > nowS + 24 * 60 * 60) throw new Error("exp is more than 24 hours away");
  return { claims, publicKey };
}
