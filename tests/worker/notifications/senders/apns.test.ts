// iOS pushes through APNs (issue #30 item 5): a local stand-in of Apple's provider API verifies
// the provider token as Apple does (ES256 with the auth key's public half, kid and iss), and the
// tests assert the host, the headers and the body it received, the token's reuse in KV, and the
// outcome the consumer acts on for each of Apple's answers.
import { env } from "cloudflare:test";
import { jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { sendApns } from "../../../../worker/services/notifications/senders/apns";
import type { PushEnv, PushOptions } from "../../../../worker/services/notifications/senders/types";
import { bodyJson, deviceTarget, failingFetcher, jsonAnswer, pushPayload, standIn, type RecordedRequest } from "../../helpers/push-services";

const TEAM_ID = "TEAM123456";
const DEVICE = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const OPTIONS: PushOptions = { ttlSeconds: 3600, urgency: "high" };

let keyPair: CryptoKeyPair;
let keyPem: string;
let keys = 0;

beforeAll(async () => {
  keyPair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const der = new Uint8Array((await crypto.subtle.exportKey("pkcs8", keyPair.privateKey)) as ArrayBuffer);
  keyPem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der)).match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----`;
});

/** APNs settings with a key id of their own per test (its own cached provider token in KV). */
function apnsEnv(overrides: Partial<PushEnv> = {}): { env: PushEnv; keyId: string; tokenKey: string } {
  const keyId = `KEY${String(++keys).padStart(7, "0")}`;
  return {
    env: { ...env, APNS_KEY: keyPem, APNS_KEY_ID: keyId, APNS_TEAM_ID: TEAM_ID, APNS_TOPIC: undefined, APNS_ENVIRONMENT: undefined, ...overrides },
    keyId,
    tokenKey: `push:apns-token:${TEAM_ID}:${keyId}`,
  };
}

type Reply = (request: RecordedRequest, token: string, index: number) => Response | Promise<Response>;

/** Apple, locally: a request whose provider token does not verify is refused as Apple refuses it. */
function apple(keyId: string, reply: Reply = () => new Response(null, { status: 200, headers: { "apns-id": "EC1BF194-B3B2-424A-B1AB-B3B2F9B2B2B2" } })) {
  const tokens: string[] = [];
  const service = standIn(async (request, index) => {
    expect(request.method).toBe("POST");
    const token = /^bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!token) return jsonAnswer(403, { reason: "MissingProviderToken" });
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keyPair.publicKey, { issuer: TEAM_ID, algorithms: ["ES256"] });
      if (protectedHeader.kid !== keyId || typeof payload.iat !== "number") return jsonAnswer(403, { reason: "InvalidProviderToken" });
    } catch {
      return jsonAnswer(403, { reason: "InvalidProviderToken" });
    }
    tokens.push(token);
    return reply(request, token, index);
  });
  return { ...service, tokens };
}

describe("sendApns", () => {
  it("posts the alert to the production host with a verified provider token, Apple's headers and the body the app reads", async () => {
    const { env: pushEnv, keyId } = apnsEnv();
    const stand = apple(keyId);
    const payload = pushPayload();
    const before = Math.floor(Date.now() / 1000);
    const outcome = await sendApns(pushEnv, deviceTarget("apns", DEVICE), payload, { ttlSeconds: 86_400, urgency: "high", topic: "like:pst_42" }, stand.fetcher);
    expect(outcome).toEqual({ result: "sent", status: 200 });
    expect(stand.tokens).toHaveLength(1);
    const [request] = stand.requests;
    expect(request!.url.href).toBe(`https://api.push.apple.com/3/device/${DEVICE}`);
    expect(request!.headers.get("apns-topic")).toBe("app.backline.mobile");
    expect(request!.headers.get("apns-push-type")).toBe("alert");
    expect(request!.headers.get("apns-priority")).toBe("10");
    expect(request!.headers.get("apns-collapse-id")).toBe("like:pst_42");
    const expiration = Number(request!.headers.get("apns-expiration"));
    expect(expiration).toBeGreaterThanOrEqual(before + 86_400);
    expect(expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
    expect(bodyJson(request!)).toEqual({ aps: { alert: { title: payload.title, body: payload.body }, sound: "default", "thread-id": payload.tag }, path: payload.path, id: payload.id });
  });

  it("uses the sandbox host and APNS_TOPIC when configured; normal urgency is priority 5; no topic, no collapse id; TTL 0 is expiration 0", async () => {
    const { env: pushEnv, keyId } = apnsEnv({ APNS_ENVIRONMENT: "sandbox", APNS_TOPIC: "app.backline.mobile.dev" });
    const stand = apple(keyId);
    expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), { ttlSeconds: 0, urgency: "normal" }, stand.fetcher)).toEqual({ result: "sent", status: 200 });
    const [request] = stand.requests;
    expect(request!.url.href).toBe(`https://api.sandbox.push.apple.com/3/device/${DEVICE}`);
    expect(request!.headers.get("apns-topic")).toBe("app.backline.mobile.dev");
    expect(request!.headers.get("apns-priority")).toBe("5");
    expect(request!.headers.get("apns-expiration")).toBe("0");
    expect(request!.headers.has("apns-collapse-id")).toBe(false);
  });

  it("keeps a collapse id within Apple's 64 bytes, the same topic always giving the same id", async () => {
    const { env: pushEnv, keyId } = apnsEnv();
    const stand = apple(keyId);
    const topic = `message:${"ü".repeat(40)}`;
    await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), { ...OPTIONS, topic }, stand.fetcher);
    await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), { ...OPTIONS, topic }, stand.fetcher);
    const [first, second] = stand.requests.map((request) => request.headers.get("apns-collapse-id")!);
    expect(new TextEncoder().encode(first).length).toBeLessThanOrEqual(64);
    expect(first).toBe(second);
  });

  it("reuses one provider token, kept in KV for 50 minutes", async () => {
    const { env: pushEnv, keyId, tokenKey } = apnsEnv();
    const stand = apple(keyId);
    await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, stand.fetcher);
    await sendApns(pushEnv, deviceTarget("apns", DEVICE.replace("a1", "b2")), pushPayload(), OPTIONS, stand.fetcher);
    expect(stand.tokens).toHaveLength(2);
    expect(stand.tokens[1]).toBe(stand.tokens[0]);
    const stored = await env.KV.get<{ token: string; usableUntil: number }>(tokenKey, "json");
    expect(stored?.token).toBe(stand.tokens[0]);
    expect(stored!.usableUntil - Date.now()).toBeGreaterThan(49 * 60_000);
    expect(stored!.usableUntil - Date.now()).toBeLessThanOrEqual(50 * 60_000);
  });

  it("403 ExpiredProviderToken signs a new token and sends once more; a second one fails", async () => {
    const { env: pushEnv, keyId, tokenKey } = apnsEnv();
    // Apple considers the first token it sees expired (a clock apart).
    const stand = apple(keyId, (_request, _token, index) => (index === 0 ? jsonAnswer(403, { reason: "ExpiredProviderToken" }) : new Response(null, { status: 200 })));
    expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toEqual({ result: "sent", status: 200 });
    expect(stand.tokens).toHaveLength(2);
    expect(stand.tokens[1]).not.toBe(stand.tokens[0]);
    expect((await env.KV.get<{ token: string }>(tokenKey, "json"))?.token).toBe(stand.tokens[1]);

    const expired = apple(keyId, () => jsonAnswer(403, { reason: "ExpiredProviderToken" }));
    expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, expired.fetcher)).toMatchObject({
      result: "failed",
      status: 403,
      error: expect.stringContaining("ExpiredProviderToken"),
    });
    expect(expired.requests).toHaveLength(2);
  });

  const answers: { name: string; reply: Reply; outcome: unknown }[] = [
    { name: "410 Unregistered → gone", reply: () => jsonAnswer(410, { reason: "Unregistered", timestamp: 1_700_000_000_000 }), outcome: { result: "gone", status: 410 } },
    { name: "400 BadDeviceToken → gone", reply: () => jsonAnswer(400, { reason: "BadDeviceToken" }), outcome: { result: "gone", status: 400 } },
    { name: "400 DeviceTokenNotForTopic → gone", reply: () => jsonAnswer(400, { reason: "DeviceTokenNotForTopic" }), outcome: { result: "gone", status: 400 } },
    { name: "400 BadCollapseId → failed, the device kept", reply: () => jsonAnswer(400, { reason: "BadCollapseId" }), outcome: { result: "failed", status: 400, error: 'HTTP 400: {"reason":"BadCollapseId"}' } },
    { name: "413 PayloadTooLarge → failed", reply: () => jsonAnswer(413, { reason: "PayloadTooLarge" }), outcome: { result: "failed", status: 413, error: 'HTTP 413: {"reason":"PayloadTooLarge"}' } },
    {
      name: "429 TooManyRequests → retry",
      reply: () => jsonAnswer(429, { reason: "TooManyRequests" }),
      outcome: { result: "retry", status: 429, retryAfterMs: null, error: 'HTTP 429: {"reason":"TooManyRequests"}' },
    },
    {
      name: "503 ServiceUnavailable with Retry-After → retry after it",
      reply: () => jsonAnswer(503, { reason: "ServiceUnavailable" }, { "Retry-After": "5" }),
      outcome: { result: "retry", status: 503, retryAfterMs: 5000, error: 'HTTP 503: {"reason":"ServiceUnavailable"}' },
    },
  ];
  for (const { name, reply, outcome } of answers) {
    it(name, async () => {
      const { env: pushEnv, keyId } = apnsEnv();
      const stand = apple(keyId, reply);
      expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toEqual(outcome);
      expect(stand.requests).toHaveLength(1);
    });
  }

  it("a key Apple does not accept (403 InvalidProviderToken) fails without a second try", async () => {
    const { env: pushEnv } = apnsEnv();
    // The stand-in knows another key id: the token does not verify as this key's.
    const stand = apple("OTHERKEY00");
    expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, stand.fetcher)).toMatchObject({ result: "failed", status: 403, error: expect.stringContaining("InvalidProviderToken") });
    expect(stand.requests).toHaveLength(1);
  });

  it("a network error or a timeout → retry", async () => {
    const { env: pushEnv } = apnsEnv();
    const offline = failingFetcher(new TypeError("Network connection lost."));
    expect(await sendApns(pushEnv, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, offline.fetcher)).toMatchObject({ result: "retry", status: null, retryAfterMs: null });
    expect(offline.calls()).toBe(1);
  });

  it("a device token that is not hex is gone without a request (it would be written into the URL's path)", async () => {
    const { env: pushEnv, keyId } = apnsEnv();
    const stand = apple(keyId);
    for (const token of ["../../../2/push", `${DEVICE}?x=1`, "zz".repeat(32), "abc"]) {
      expect(await sendApns(pushEnv, deviceTarget("apns", token), pushPayload(), OPTIONS, stand.fetcher), token).toEqual({ result: "gone", status: 0 });
    }
    expect(stand.requests).toHaveLength(0);
  });

  it("without the key, its id and the team id, or with a key that is not a .p8, iOS pushes are skipped and nothing is requested", async () => {
    const { fetcher, requests } = standIn(() => new Response(null, { status: 200 }));
    const cases: [Partial<PushEnv>, RegExp][] = [
      [{ APNS_KEY: undefined }, /not all set/],
      [{ APNS_KEY_ID: "" }, /not all set/],
      [{ APNS_TEAM_ID: undefined }, /not all set/],
      [{ APNS_KEY: "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----" }, /\.p8/],
    ];
    for (const [overrides, reason] of cases) {
      expect(await sendApns(apnsEnv(overrides).env, deviceTarget("apns", DEVICE), pushPayload(), OPTIONS, fetcher)).toMatchObject({ result: "skipped", reason: expect.stringMatching(reason) });
    }
    expect(requests).toHaveLength(0);
  });
});
