// Web push from the Worker (issue #30 item 2): RFC 8291 encryption reproduced from the RFC's own
// example, a round trip through a browser's side of it (tests/shared/web-push-receiver.ts), the
// VAPID header a push service verifies, the headers, every answer of a push service mapped to
// what the consumer does, and the endpoint guard the subscription route reuses.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBase64Url } from "../../../../worker/services/auth/encoding";
import type { PushEnv, PushOptions, PushTarget } from "../../../../worker/services/notifications/senders/types";
import {
  encryptPayload,
  isAllowedPushEndpoint,
  MAX_PLAINTEXT_BYTES,
  p256Jwk,
  pushTopic,
  sendWebPush,
  vapidAuthorization,
  vapidSubject,
} from "../../../../worker/services/notifications/senders/web-push";
import { createReceiverKeys, decryptPushMessage, decryptPushText, fromBase64Url, importReceiverKeys, verifyVapidAuthorization, type ReceiverKeys } from "../../../shared/web-push-receiver";
import { failingFetcher, pushPayload, standIn, type Answer } from "../../helpers/push-services";

/** RFC 8291 Appendix A, verbatim. */
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const CHROME_ENDPOINT = "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH";
const FIREFOX_ENDPOINT = "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk_example";
const OPTIONS: PushOptions = { ttlSeconds: 86_400, urgency: "normal" };

async function subscription(endpoint = CHROME_ENDPOINT): Promise<{ target: PushTarget; keys: ReceiverKeys }> {
  const keys = await createReceiverKeys();
  return { target: { id: "sub_web", kind: "web", endpoint, p256dh: keys.p256dh, auth: keys.auth }, keys };
}

/** The test environment's push settings (vitest.config.ts's fixed test VAPID pair), with overrides. */
function pushEnv(overrides: Partial<PushEnv> = {}): PushEnv {
  return { ...env, ...overrides };
}

const answer =
  (status: number, headers: Record<string, string> = {}, body = ""): Answer =>
  () =>
    new Response(body || null, { status, headers });

describe("RFC 8291 message encryption", () => {
  it("reproduces Appendix A's encrypted message byte for byte from its keys, auth secret and salt", async () => {
    const ecdh = { name: "ECDH", namedCurve: "P-256" } as const;
    const asPublic = fromBase64Url(RFC8291.asPublic);
    const senderKeys: CryptoKeyPair = {
      publicKey: await crypto.subtle.importKey("raw", asPublic, ecdh, true, []),
      privateKey: await crypto.subtle.importKey("jwk", p256Jwk(asPublic, fromBase64Url(RFC8291.asPrivate)), ecdh, false, ["deriveBits"]),
    };
    const message = await encryptPayload(new TextEncoder().encode(RFC8291.plaintext), { p256dh: RFC8291.uaPublic, auth: RFC8291.auth }, { salt: fromBase64Url(RFC8291.salt), senderKeys });
    expect(toBase64Url(message)).toBe(RFC8291.message);
  });

  it("the tests' receiver decrypts Appendix A's message with the receiver's keys (so it is checked against the RFC, not only against the sender)", async () => {
    const keys = await importReceiverKeys(RFC8291.uaPublic, RFC8291.uaPrivate, RFC8291.auth);
    const decrypted = await decryptPushMessage(fromBase64Url(RFC8291.message), keys);
    expect(new TextDecoder().decode(decrypted.plaintext)).toBe(RFC8291.plaintext);
    expect(decrypted.recordSize).toBe(4096);
    expect(toBase64Url(decrypted.salt)).toBe(RFC8291.salt);
    expect(toBase64Url(decrypted.senderPublicKey)).toBe(RFC8291.asPublic);
  });

  it("uses a fresh key pair and salt for every message, and only the subscription's keys decrypt it", async () => {
    const keys = await createReceiverKeys();
    const plaintext = new TextEncoder().encode("same words twice");
    const [first, second] = await Promise.all([encryptPayload(plaintext, keys), encryptPayload(plaintext, keys)]);
    const [a, b] = await Promise.all([decryptPushMessage(first, keys), decryptPushMessage(second, keys)]);
    expect(new TextDecoder().decode(a.plaintext)).toBe("same words twice");
    expect(toBase64Url(a.salt)).not.toBe(toBase64Url(b.salt));
    expect(toBase64Url(a.senderPublicKey)).not.toBe(toBase64Url(b.senderPublicKey));
    // Another browser (another key pair, another auth secret) cannot read it.
    const stranger = await createReceiverKeys();
    await expect(decryptPushMessage(first, stranger)).rejects.toThrow();
    // Nor can someone who has the public key and guesses a different auth secret.
    await expect(decryptPushMessage(first, { ...keys, auth: toBase64Url(new Uint8Array(16)) })).rejects.toThrow();
  });

  it("refuses malformed subscription keys and a payload longer than one message", async () => {
    const keys = await createReceiverKeys();
    await expect(encryptPayload(new Uint8Array(1), { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth })).rejects.toThrow(/p256dh/);
    await expect(encryptPayload(new Uint8Array(1), { p256dh: keys.p256dh, auth: "c2hvcnQ" })).rejects.toThrow(/auth/);
    const longest = await encryptPayload(new Uint8Array(MAX_PLAINTEXT_BYTES), keys);
    expect(longest.length).toBe(4096);
    await expect(encryptPayload(new Uint8Array(MAX_PLAINTEXT_BYTES + 1), keys)).rejects.toThrow(/at most/);
  });
});

describe("sendWebPush: what the push service receives", () => {
  it("posts the payload encrypted for the subscription, which the browser's keys turn back into the same JSON", async () => {
    const { target, keys } = await subscription();
    const { fetcher, requests } = standIn(answer(201));
    const payload = pushPayload({ title: "Ünïcode — “quotes” 🎸", icon: "https://backline.example/media/a.jpg" });
    await expect(sendWebPush(env, target, payload, OPTIONS, fetcher)).resolves.toEqual({ result: "sent", status: 201 });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url.href).toBe(CHROME_ENDPOINT);
    expect(JSON.parse(await decryptPushText(request!.body, keys))).toEqual(payload);
  });

  it("signs a VAPID header that the push service verifies, naming its origin as aud, our subject and a 12-hour expiry", async () => {
    const { target } = await subscription(FIREFOX_ENDPOINT);
    const { fetcher, requests } = standIn(answer(201));
    const before = Date.now();
    await sendWebPush(env, target, pushPayload(), OPTIONS, fetcher);
    const { claims, publicKey } = await verifyVapidAuthorization(requests[0]!.headers.get("Authorization"), { audience: "https://updates.push.services.mozilla.com" });
    expect(publicKey).toBe(env.VAPID_PUBLIC_KEY);
    expect(claims.sub).toBe("mailto:push@backline.test");
    expect(claims.exp).toBeGreaterThan(Math.floor(before / 1000) + 11 * 3600);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 12 * 3600);
    // A push service at another origin would refuse it.
    await expect(verifyVapidAuthorization(requests[0]!.headers.get("Authorization"), { audience: "https://fcm.googleapis.com" })).rejects.toThrow(/aud/);
  });

  it("reuses one token per push service and signs another for another service", async () => {
    const now = Date.UTC(2031, 0, 1);
    const chrome1 = await vapidAuthorization(env, `${CHROME_ENDPOINT}/one`, now);
    const chrome2 = await vapidAuthorization(env, `${CHROME_ENDPOINT}/two`, now + 60_000);
    const firefox = await vapidAuthorization(env, FIREFOX_ENDPOINT, now);
    expect(chrome2).toBe(chrome1);
    expect(firefox).not.toBe(chrome1);
    await verifyVapidAuthorization(firefox, { audience: "https://updates.push.services.mozilla.com", now });
    // Eleven hours later the token has an hour left: a new one is signed, valid for 12 hours from then.
    const later = now + 11 * 3600_000 + 1000;
    const renewed = await vapidAuthorization(env, CHROME_ENDPOINT, later);
    expect(renewed).not.toBe(chrome1);
    const { claims } = await verifyVapidAuthorization(renewed, { audience: "https://fcm.googleapis.com", now: later });
    expect(claims.exp).toBe(Math.floor(later / 1000) + 12 * 3600);
  });

  it("names VAPID_SUBJECT when it is mailto: or https:, else the app's https origin, else no subject", async () => {
    expect(vapidSubject({ VAPID_SUBJECT: "mailto:ops@backline.example", APP_ORIGIN: "https://backline.example" })).toBe("mailto:ops@backline.example");
    expect(vapidSubject({ VAPID_SUBJECT: "https://backline.example/contact", APP_ORIGIN: "https://backline.example" })).toBe("https://backline.example/contact");
    expect(vapidSubject({ VAPID_SUBJECT: "ops@backline.example", APP_ORIGIN: "https://backline.example/" })).toBe("https://backline.example");
    expect(vapidSubject({ VAPID_SUBJECT: "http://backline.example", APP_ORIGIN: "https://backline.example" })).toBe("https://backline.example");
    expect(vapidSubject({ VAPID_SUBJECT: undefined, APP_ORIGIN: "http://localhost:5173" })).toBeNull();
    expect(vapidSubject({ VAPID_SUBJECT: "", APP_ORIGIN: "" })).toBeNull();

    // And the signed token carries the fallback (a key of its own, so no token is reused from above).
    const now = Date.UTC(2031, 5, 1);
    const header = await vapidAuthorization(pushEnv({ VAPID_SUBJECT: "push@backline.test", APP_ORIGIN: "https://backline.example" }), "https://web.push.apple.com/QGuQyavXutnMH", now);
    const { claims } = await verifyVapidAuthorization(header, { audience: "https://web.push.apple.com", now });
    expect(claims.sub).toBe("https://backline.example");
  });

  it("sends TTL, Urgency, the aes128gcm coding and the octet-stream type, and Topic only when given", async () => {
    const { target } = await subscription();
    const { fetcher, requests } = standIn(answer(201));
    await sendWebPush(env, target, pushPayload(), { ttlSeconds: 3600, urgency: "high" }, fetcher);
    await sendWebPush(env, target, pushPayload(), { ttlSeconds: 0, urgency: "very-low", topic: "likes_pst-42" }, fetcher);
    await sendWebPush(env, target, pushPayload(), { ttlSeconds: 60, urgency: "low", topic: "like:pst_42" }, fetcher);
    const [plain, shortTopic, tagTopic] = requests.map((request) => request.headers);
    expect(plain!.get("TTL")).toBe("3600");
    expect(plain!.get("Urgency")).toBe("high");
    expect(plain!.get("Content-Encoding")).toBe("aes128gcm");
    expect(plain!.get("Content-Type")).toBe("application/octet-stream");
    expect(plain!.has("Topic")).toBe(false);
    expect(shortTopic!.get("TTL")).toBe("0");
    expect(shortTopic!.get("Urgency")).toBe("very-low");
    expect(shortTopic!.get("Topic")).toBe("likes_pst-42");
    expect(tagTopic!.get("Topic")).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("keeps a topic that is already ≤ 32 base64url characters and hashes any other to 32, the same tag always to the same topic", async () => {
    expect(await pushTopic("abcDEF_123-x")).toBe("abcDEF_123-x");
    const long = "a".repeat(33);
    const hashed = await pushTopic(long);
    expect(hashed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hashed).not.toBe(long.slice(0, 32));
    expect(await pushTopic("message:cnv_1")).toBe(await pushTopic("message:cnv_1"));
    expect(await pushTopic("message:cnv_1")).not.toBe(await pushTopic("message:cnv_2"));
    expect(await pushTopic("")).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe("sendWebPush: the push service's answer is what the consumer does", () => {
  const cases: { name: string; answer: Answer; outcome: unknown }[] = [
    { name: "201 Created → sent", answer: answer(201), outcome: { result: "sent", status: 201 } },
    { name: "202 Accepted → sent", answer: answer(202), outcome: { result: "sent", status: 202 } },
    { name: "200 OK → sent", answer: answer(200), outcome: { result: "sent", status: 200 } },
    { name: "404 Not Found (expired) → gone", answer: answer(404), outcome: { result: "gone", status: 404 } },
    { name: "410 Gone (unsubscribed) → gone", answer: answer(410), outcome: { result: "gone", status: 410 } },
    {
      name: "429 with Retry-After seconds → retry after them",
      answer: answer(429, { "Retry-After": "120" }, "slow down"),
      outcome: { result: "retry", status: 429, retryAfterMs: 120_000, error: "HTTP 429: slow down" },
    },
    { name: "500 → retry, no hint", answer: answer(500), outcome: { result: "retry", status: 500, retryAfterMs: null, error: "HTTP 500" } },
    { name: "413 Payload Too Large → failed", answer: answer(413, {}, "too big"), outcome: { result: "failed", status: 413, error: "HTTP 413: too big" } },
    { name: "400 Bad Request → failed", answer: answer(400), outcome: { result: "failed", status: 400, error: "HTTP 400" } },
    { name: "401 (VAPID refused) → failed", answer: answer(401), outcome: { result: "failed", status: 401, error: "HTTP 401" } },
    {
      name: "403 (key does not match the subscription's) → failed",
      answer: answer(403, {}, '{"reason":"VapidPkHashMismatch"}'),
      outcome: { result: "failed", status: 403, error: 'HTTP 403: {"reason":"VapidPkHashMismatch"}' },
    },
  ];
  for (const { name, answer: reply, outcome } of cases) {
    it(name, async () => {
      const { target } = await subscription();
      const { fetcher, requests } = standIn(reply);
      expect(await sendWebPush(env, target, pushPayload(), OPTIONS, fetcher)).toEqual(outcome);
      expect(requests).toHaveLength(1);
      // Every request can be given up on: the sender passes its timeout's signal.
      expect(requests[0]!.signal).toBeInstanceOf(AbortSignal);
    });
  }

  it("503 with Retry-After as an HTTP date → retry after the time until then", async () => {
    const { target } = await subscription();
    const at = new Date(Date.now() + 90_000).toUTCString();
    const { fetcher } = standIn(answer(503, { "Retry-After": at }));
    const outcome = await sendWebPush(env, target, pushPayload(), OPTIONS, fetcher);
    expect(outcome).toMatchObject({ result: "retry", status: 503 });
    const wait = outcome.result === "retry" ? outcome.retryAfterMs : null;
    // The date has second precision: between 89 and 90 seconds from now.
    expect(wait).toBeGreaterThan(88_000);
    expect(wait).toBeLessThanOrEqual(90_000);
  });

  it("a network error or a timeout → retry with no status", async () => {
    const { target } = await subscription();
    const reset = failingFetcher(new TypeError("Network connection lost."));
    expect(await sendWebPush(env, target, pushPayload(), OPTIONS, reset.fetcher)).toEqual({
      result: "retry",
      status: null,
      retryAfterMs: null,
      error: "network error: TypeError: Network connection lost.",
    });
    const timeout = failingFetcher(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    expect(await sendWebPush(env, target, pushPayload(), OPTIONS, timeout.fetcher)).toEqual({ result: "retry", status: null, retryAfterMs: null, error: "no answer within 10000 ms" });
  });

  it("without both VAPID keys (or with malformed ones) web push is skipped and nothing is sent", async () => {
    const { target } = await subscription();
    const { fetcher, requests } = standIn(answer(201));
    for (const overrides of [{ VAPID_PUBLIC_KEY: undefined }, { VAPID_PRIVATE_KEY: "" }, { VAPID_PRIVATE_KEY: "c2hvcnQ" }, { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY!.slice(2) }]) {
      const outcome = await sendWebPush(pushEnv(overrides), target, pushPayload(), OPTIONS, fetcher);
      expect(outcome).toMatchObject({ result: "skipped", reason: expect.stringMatching(/VAPID/) });
    }
    expect(requests).toHaveLength(0);
  });

  it("a subscription that can never be sent to (no keys, broken keys, a refused endpoint) is gone without a request", async () => {
    const { target } = await subscription();
    const { fetcher, requests } = standIn(answer(201));
    const broken: PushTarget[] = [
      { ...target, p256dh: null },
      { ...target, auth: null },
      { ...target, p256dh: target.p256dh!.slice(0, 60) },
      { ...target, endpoint: "https://169.254.169.254/latest/meta-data" },
      { ...target, endpoint: "http://push.example.com/send" },
    ];
    for (const row of broken) expect(await sendWebPush(env, row, pushPayload(), OPTIONS, fetcher)).toEqual({ result: "gone", status: 0 });
    expect(requests).toHaveLength(0);
  });
});

describe("isAllowedPushEndpoint", () => {
  const production = { ENVIRONMENT: "production" };

  it("allows https on a public host, in production as in tests", () => {
    for (const endpoint of [CHROME_ENDPOINT, FIREFOX_ENDPOINT, "https://web.push.apple.com/QGuQyavXutnMH", "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD"]) {
      expect(isAllowedPushEndpoint(production, endpoint), endpoint).toBe(true);
      expect(isAllowedPushEndpoint(env, endpoint), endpoint).toBe(true);
    }
  });

  it("refuses plain http, IP literals, loopback, private and reserved names, other ports, credentials and non-URLs", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://127.0.0.1/push",
      "https://10.0.0.8/push",
      "https://2130706433/push",
      "https://0x7f.1/push",
      "https://[::1]/push",
      "https://[fd00::1]/push",
      "https://localhost/push",
      "https://push.localhost/push",
      "https://printer.local/push",
      "https://metadata.google.internal/computeMetadata",
      "https://router.home.arpa/x",
      "https://intranet/push",
      "https://push.example/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://user:pass@fcm.googleapis.com/fcm/send/x",
      "ftp://fcm.googleapis.com/x",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(isAllowedPushEndpoint(production, endpoint), endpoint).toBe(false);
      expect(isAllowedPushEndpoint(env, endpoint), endpoint).toBe(false);
    }
  });

  it("allows http to loopback only where the loopbackPushService switch is on (tests, not production)", () => {
    for (const endpoint of ["http://127.0.0.1:8787/push/abc", "http://localhost:9999/push", "http://[::1]:4000/push"]) {
      expect(isAllowedPushEndpoint(env, endpoint), endpoint).toBe(true);
      expect(isAllowedPushEndpoint(production, endpoint), endpoint).toBe(false);
      expect(isAllowedPushEndpoint({ ENVIRONMENT: "preview" }, endpoint), endpoint).toBe(false);
    }
    // The switch opens loopback only, not the private network.
    expect(isAllowedPushEndpoint(env, "http://10.0.0.8:8787/push")).toBe(false);
    expect(isAllowedPushEndpoint(env, "http://push.example.com/push")).toBe(false);
  });

  it("a loopback stand-in receives and decrypts a real push in test mode, and production refuses to send there", async () => {
    const { target, keys } = await subscription("http://127.0.0.1:8787/push/sub1");
    const { fetcher, requests } = standIn(answer(201));
    expect(await sendWebPush(env, target, pushPayload(), OPTIONS, fetcher)).toEqual({ result: "sent", status: 201 });
    expect(JSON.parse(await decryptPushText(requests[0]!.body, keys))).toEqual(pushPayload());
    expect(await sendWebPush(pushEnv({ ENVIRONMENT: "production" }), target, pushPayload(), OPTIONS, fetcher)).toEqual({ result: "gone", status: 0 });
    expect(requests).toHaveLength(1);
  });
});
