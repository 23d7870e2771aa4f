// Android pushes through FCM HTTP v1 (issue #30 item 5): a local stand-in of Google's token
// endpoint verifies the service account's signed assertion as Google does (RS256 against the
// account's public key, issuer, audience, scope, lifetime) and issues access tokens; the stand-in
// of FCM's send endpoint accepts only a token it issued. The tests assert what each side
// received, what KV holds, and the outcome the consumer acts on.
import { env } from "cloudflare:test";
import { jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { sendFcm } from "../../../../worker/services/notifications/senders/fcm";
import type { PushEnv, PushOptions } from "../../../../worker/services/notifications/senders/types";
import { bodyJson, deviceTarget, failingFetcher, jsonAnswer, pushPayload, standIn, type RecordedRequest } from "../../helpers/push-services";

const TOKEN_URI = "https://oauth2.googleapis.com/token";
const PROJECT = "backline-test";
const SEND_URL = `https://fcm.googleapis.com/v1/projects/${PROJECT}/messages:send`;
const DEVICE = "fcm-device-token:APA91bH_example_registration_token_0123456789";
const OPTIONS: PushOptions = { ttlSeconds: 3600, urgency: "normal" };

let keyPair: CryptoKeyPair;
let privateKeyPem: string;
let accounts = 0;

beforeAll(async () => {
  keyPair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const der = new Uint8Array((await crypto.subtle.exportKey("pkcs8", keyPair.privateKey)) as ArrayBuffer);
  const base64 = btoa(String.fromCharCode(...der));
  privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
});

/** A service account of its own per test (its own client_email, so its own cached token in KV). */
function account(): { env: PushEnv; clientEmail: string; tokenKey: string } {
  const clientEmail = `push-${++accounts}@${PROJECT}.iam.gserviceaccount.com`;
  const json = { type: "service_account", project_id: PROJECT, private_key_id: "key-1", private_key: privateKeyPem, client_email: clientEmail, token_uri: TOKEN_URI };
  return { env: { ...env, FCM_SERVICE_ACCOUNT: JSON.stringify(json) }, clientEmail, tokenKey: `push:fcm-token:${clientEmail}` };
}

type SendAnswer = (request: RecordedRequest, token: string, sendIndex: number) => Response;

/**
 * Google, locally: the token endpoint verifies the assertion and issues `token-1`, `token-2`, …;
 * the send endpoint refuses (401) any bearer it did not issue, then answers with `send`.
 */
function google(clientEmail: string, send: SendAnswer = () => jsonAnswer(200, { name: `projects/${PROJECT}/messages/0:1` })) {
  const issued: string[] = [];
  const assertions: Record<string, unknown>[] = [];
  let sends = 0;
  const service = standIn(async (request) => {
    if (request.url.href === TOKEN_URI) {
      expect(request.method).toBe("POST");
      expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(new TextDecoder().decode(request.body));
      expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
      // What Google checks: the signature with the account's public key, who signed, for whom, what for, how long.
      const { payload, protectedHeader } = await jwtVerify(form.get("assertion")!, keyPair.publicKey, { issuer: clientEmail, audience: TOKEN_URI, algorithms: ["RS256"] });
      expect(protectedHeader.kid).toBe("key-1");
      expect(payload.scope).toBe("https://www.googleapis.com/auth/firebase.messaging");
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
      assertions.push(payload);
      const token = `token-${issued.length + 1}`;
      issued.push(token);
      return jsonAnswer(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    expect(request.url.href).toBe(SEND_URL);
    const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
    if (!issued.includes(bearer)) return jsonAnswer(401, { error: { code: 401, status: "UNAUTHENTICATED", message: "Request had invalid authentication credentials." } });
    return send(request, bearer, sends++);
  });
  const tokenRequests = () => service.requests.filter((request) => request.url.href === TOKEN_URI);
  const sendRequests = () => service.requests.filter((request) => request.url.href === SEND_URL);
  return { ...service, issued, assertions, tokenRequests, sendRequests };
}

const fcmError = (status: number, body: object) => jsonAnswer(status, { error: body });

describe("sendFcm", () => {
  it("trades a signed assertion for an access token and sends the message with it, in FCM v1's shape", async () => {
    const { env: pushEnv, clientEmail } = account();
    const stand = google(clientEmail);
    const payload = pushPayload({ icon: "https://backline.example/media/avatar.jpg" });
    const outcome = await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), payload, { ttlSeconds: 86_400, urgency: "high", topic: "like:pst_42" }, stand.fetcher);
    expect(outcome).toEqual({ result: "sent", status: 200 });
    expect(stand.tokenRequests()).toHaveLength(1);
    const [send] = stand.sendRequests();
    expect(send!.headers.get("authorization")).toBe("Bearer token-1");
    expect(bodyJson(send!)).toEqual({
      message: {
        token: DEVICE,
        notification: { title: payload.title, body: payload.body },
        data: { v: "1", id: payload.id, title: payload.title, body: payload.body, icon: payload.icon, path: payload.path, tag: payload.tag, count: "3" },
        android: { collapse_key: "like:pst_42", ttl: "86400s", priority: "HIGH", notification: { tag: payload.tag } },
      },
    });
  });

  it("leaves out collapse_key without a topic and a null icon, and sends NORMAL priority below high urgency", async () => {
    const { env: pushEnv, clientEmail } = account();
    const stand = google(clientEmail);
    await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload({ icon: null }), { ttlSeconds: 0, urgency: "low" }, stand.fetcher);
    const { message } = bodyJson<{ message: { data: Record<string, string>; android: Record<string, unknown> } }>(stand.sendRequests()[0]!);
    expect(message.android).toEqual({ ttl: "0s", priority: "NORMAL", notification: { tag: "like:pst_42" } });
    expect(message.data).not.toHaveProperty("icon");
  });

  it("keeps the access token in KV: the next send asks Google for none", async () => {
    const { env: pushEnv, clientEmail, tokenKey } = account();
    const stand = google(clientEmail);
    await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, stand.fetcher);
    await sendFcm(pushEnv, deviceTarget("fcm", `${DEVICE}-2`), pushPayload(), OPTIONS, stand.fetcher);
    expect(stand.tokenRequests()).toHaveLength(1);
    expect(stand.sendRequests().map((request) => request.headers.get("authorization"))).toEqual(["Bearer token-1", "Bearer token-1"]);
    const stored = await env.KV.get<{ token: string; usableUntil: number }>(tokenKey, "json");
    expect(stored?.token).toBe("token-1");
    // Used until a minute before Google's 3599 s.
    expect(stored!.usableUntil - Date.now()).toBeGreaterThan(3530_000);
    expect(stored!.usableUntil - Date.now()).toBeLessThanOrEqual(3539_000);
  });

  it("asks for a new token once the cached one has run out", async () => {
    const { env: pushEnv, clientEmail, tokenKey } = account();
    await env.KV.put(tokenKey, JSON.stringify({ token: "token-old", usableUntil: Date.now() - 1000 }));
    const stand = google(clientEmail);
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toEqual({ result: "sent", status: 200 });
    expect(stand.tokenRequests()).toHaveLength(1);
    expect(stand.sendRequests()[0]!.headers.get("authorization")).toBe("Bearer token-1");
  });

  it("a 401 drops the cached token and sends once more with a new one", async () => {
    const { env: pushEnv, clientEmail, tokenKey } = account();
    // A token Google has revoked sits in the cache.
    await env.KV.put(tokenKey, JSON.stringify({ token: "token-revoked", usableUntil: Date.now() + 600_000 }));
    const stand = google(clientEmail);
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toEqual({ result: "sent", status: 200 });
    expect(stand.sendRequests().map((request) => request.headers.get("authorization"))).toEqual(["Bearer token-revoked", "Bearer token-1"]);
    expect((await env.KV.get<{ token: string }>(tokenKey, "json"))?.token).toBe("token-1");
  });

  it("a second 401 fails instead of looping", async () => {
    const { env: pushEnv, clientEmail } = account();
    const stand = google(clientEmail, () => fcmError(401, { code: 401, status: "UNAUTHENTICATED", message: "no" }));
    const outcome = await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, stand.fetcher);
    expect(outcome).toMatchObject({ result: "failed", status: 401 });
    expect(stand.sendRequests()).toHaveLength(2);
    expect(stand.tokenRequests()).toHaveLength(2);
  });

  it("UNREGISTERED (uninstalled app, expired token) → gone", async () => {
    const { env: pushEnv, clientEmail } = account();
    const stand = google(clientEmail, () =>
      fcmError(404, { code: 404, status: "NOT_FOUND", message: "Requested entity was not found.", details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" }] }),
    );
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toEqual({ result: "gone", status: 404 });
  });

  it("400 INVALID_ARGUMENT naming the token → gone; about anything else → failed, the device kept", async () => {
    const { env: pushEnv, clientEmail } = account();
    const badToken = google(clientEmail, () =>
      fcmError(400, {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: "The registration token is not a valid FCM registration token",
        details: [
          { "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "INVALID_ARGUMENT" },
          { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "message.token", description: "Invalid registration token" }] },
        ],
      }),
    );
    expect(await sendFcm(pushEnv, deviceTarget("fcm", "not-a-real-token"), pushPayload(), OPTIONS, badToken.fetcher)).toEqual({ result: "gone", status: 400 });

    const badTtl = google(clientEmail, () =>
      fcmError(400, {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: "Invalid value at 'message.android.ttl'",
        details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "message.android.ttl", description: "Invalid value" }] }],
      }),
    );
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, badTtl.fetcher)).toMatchObject({ result: "failed", status: 400, error: expect.stringContaining("message.android.ttl") });
  });

  it("503 and 429 → retry, with Retry-After when FCM sends it", async () => {
    const { env: pushEnv, clientEmail } = account();
    const unavailable = google(clientEmail, () => fcmError(503, { code: 503, status: "UNAVAILABLE", message: "The service is currently unavailable." }));
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, unavailable.fetcher)).toMatchObject({ result: "retry", status: 503, retryAfterMs: null });
    const quota = google(clientEmail, () => jsonAnswer(429, { error: { code: 429, status: "RESOURCE_EXHAUSTED" } }, { "Retry-After": "30" }));
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, quota.fetcher)).toMatchObject({ result: "retry", status: 429, retryAfterMs: 30_000 });
  });

  it("a token endpoint that refuses the assertion fails the send; one that is down, or a network error, retries", async () => {
    const { env: pushEnv } = account();
    const refused = standIn(() => jsonAnswer(400, { error: "invalid_grant", error_description: "Invalid JWT Signature." }));
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, refused.fetcher)).toMatchObject({
      result: "failed",
      status: 400,
      error: expect.stringContaining("invalid_grant"),
    });
    expect(refused.requests.map((request) => request.url.href)).toEqual([TOKEN_URI]);
    const down = standIn(() => new Response("busy", { status: 502 }));
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, down.fetcher)).toMatchObject({ result: "retry", status: 502 });
    const offline = failingFetcher(new TypeError("fetch failed"));
    expect(await sendFcm(pushEnv, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, offline.fetcher)).toMatchObject({ result: "retry", status: null });
  });

  it("without a usable FCM_SERVICE_ACCOUNT every Android push is skipped, saying why, and nothing is requested", async () => {
    const { fetcher, requests } = standIn(() => jsonAnswer(200, {}));
    const valid = JSON.parse(account().env.FCM_SERVICE_ACCOUNT!) as Record<string, string>;
    const cases: [string | undefined, RegExp][] = [
      [undefined, /not set/],
      ["", /not set/],
      ["{not json", /not JSON/],
      [JSON.stringify({ ...valid, private_key: undefined }), /lacks/],
      [JSON.stringify({ ...valid, token_uri: "http://oauth2.googleapis.com/token" }), /https/],
      [JSON.stringify({ ...valid, private_key: "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----" }), /PKCS#8/],
    ];
    for (const [value, reason] of cases) {
      const outcome = await sendFcm({ ...env, FCM_SERVICE_ACCOUNT: value }, deviceTarget("fcm", DEVICE), pushPayload(), OPTIONS, fetcher);
      expect(outcome, String(value).slice(0, 40)).toMatchObject({ result: "skipped", reason: expect.stringMatching(reason) });
    }
    expect(requests).toHaveLength(0);
  });
});
