// Push devices (issue #30; shared/notifications-api.ts): a browser's subscription or a native
// token is stored with the caller and the session that registered it; only a public https push
// service is accepted (loopback over http in test and development only), with keys a push can be
// encrypted to; one device is one row whoever registered it before; an account keeps 20 devices;
// removing one touches only the caller's own and says nothing about anyone else's.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_API_TEXTS } from "@shared/messages";
import { RULES } from "@shared/rate-limit-rules";
import { pushSubscriptions } from "../../../worker/db/schema";
import { PUSH_DEVICES_MAX } from "../../../worker/routes/notifications";
import { isAllowedPushEndpoint } from "../../../worker/services/notifications/senders";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import {
  api,
  AUTH_REQUIRED,
  base64url,
  browserPushKeys,
  createUser,
  db,
  expectError,
  fcmToken,
  json,
  pushEndpoint,
  pushRowByEndpoint,
  pushRowsOf,
  registerPush,
  signIn,
  signedInUser,
  unregisterPush,
  webPushBody,
} from "../helpers";

const T = NOTIFICATION_API_TEXTS;

/** The session id a signed-in device's access token names (its `sid` claim). */
function sessionIdOf(who: { access: string }): string {
  return (JSON.parse(atob(who.access.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string }).sid;
}

describe("POST /api/push/subscriptions", () => {
  it("stores a browser's subscription with the caller and this session", async () => {
    const ana = await signedInUser();
    const body = await webPushBody();
    const { id } = await json<{ id: string }>(await registerPush(ana, body), 201);
    const rows = await pushRowsOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      userId: ana.id,
      sessionId: sessionIdOf(ana),
      kind: "web",
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      failures: 0,
      lastSuccessAt: null,
    });
    expect(rows[0]!.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(["fcm", "apns"] as const)("stores a native %s token as given, without keys", async (kind) => {
    const ana = await signedInUser();
    const token = kind === "fcm" ? fcmToken() : "a1b2c3d4".repeat(8);
    await json(await registerPush(ana, { kind, token }), 201);
    expect(await pushRowsOf(ana.id)).toMatchObject([{ kind, endpoint: token, p256dh: null, auth: null, sessionId: sessionIdOf(ana) }]);
  });

  it("registering the same device again is the same row, seen again and its failures forgotten", async () => {
    const ana = await signedInUser();
    const body = await webPushBody();
    const first = await json<{ id: string }>(await registerPush(ana, body), 201);
    const before = (await pushRowsOf(ana.id))[0]!;
    await db().update(pushSubscriptions).set({ failures: 3, lastSeenAt: before.lastSeenAt - 86_400_000 });
    const keys = await browserPushKeys();
    const again = await json<{ id: string }>(await registerPush(ana, { ...body, keys }), 201);
    expect(again.id).toBe(first.id);
    const rows = await pushRowsOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ failures: 0, p256dh: keys.p256dh, auth: keys.auth, createdAt: before.createdAt });
    expect(rows[0]!.lastSeenAt).toBeGreaterThanOrEqual(before.lastSeenAt);
  });

  it("a device another account registered is taken over: one device, one row", async () => {
    const ana = await createUser();
    const anaPhone = await signIn(ana.email, ana.password);
    const bob = await signedInUser();
    const body = await webPushBody();
    await json(await registerPush(anaPhone, body), 201);
    expect(await pushRowsOf(ana.id)).toHaveLength(1);

    // Bob signs in on the same browser: the device is his now, and Ana's pushes stop there.
    await json(await registerPush(bob, body), 201);
    expect(await pushRowsOf(ana.id)).toHaveLength(0);
    expect(await pushRowsOf(bob.id)).toMatchObject([{ endpoint: body.endpoint, sessionId: sessionIdOf(bob), userId: bob.id }]);
    const count = async (cookie: string) => (await json<{ devices: number }>(await api("/api/notifications/preferences", { cookie }), 200)).devices;
    expect(await count(anaPhone.cookie)).toBe(0);
    expect(await count(bob.cookie)).toBe(1);
  });

  it(`keeps ${PUSH_DEVICES_MAX} devices per account: the next one removes the least recently seen`, async () => {
    const ana = await signedInUser();
    const now = Date.now();
    const oldest = pushEndpoint();
    // Twenty devices already stored, the oldest seen longest ago (written directly: twenty
    // registrations would spend most of the account's push_device budget).
    const [first, ...rest] = Array.from({ length: PUSH_DEVICES_MAX }, (_, i) =>
      db()
        .insert(pushSubscriptions)
        .values({
          userId: ana.id,
          sessionId: sessionIdOf(ana),
          kind: "fcm" as const,
          endpoint: i === 3 ? oldest : fcmToken(),
          lastSeenAt: i === 3 ? now - 40 * 86_400_000 : now - i * 60_000,
        }),
    );
    await db().batch([first!, ...rest]);
    // A device of another account is not counted or touched.
    const bob = await signedInUser();
    const bobs = await webPushBody();
    await json(await registerPush(bob, bobs), 201);

    const newest = await webPushBody();
    await json(await registerPush(ana, newest), 201);
    const rows = await pushRowsOf(ana.id);
    expect(rows).toHaveLength(PUSH_DEVICES_MAX);
    expect(rows.map((r) => r.endpoint)).toContain(newest.endpoint);
    expect(rows.map((r) => r.endpoint)).not.toContain(oldest);
    expect(await pushRowByEndpoint(bobs.endpoint)).not.toBeNull();
  });

  it.each([
    ["plain http", "http://push.example.com/send/1", T.endpointNotAllowed],
    ["ftp", "ftp://push.example.com/send/1", T.endpointNotAllowed],
    ["an IPv4 literal", "https://203.0.113.7/send/1", T.endpointNotAllowed],
    ["an IPv4 literal in another notation", "https://0x7f.1/send/1", T.endpointNotAllowed],
    ["an IPv6 literal", "https://[2001:db8::1]/send/1", T.endpointNotAllowed],
    ["localhost over https", "https://localhost/send/1", T.endpointNotAllowed],
    ["a .localhost name", "https://push.localhost/send/1", T.endpointNotAllowed],
    ["a .local name", "https://printer.local/send/1", T.endpointNotAllowed],
    ["an .internal name", "https://metadata.google.internal/computeMetadata", T.endpointNotAllowed],
    ["credentials in the URL", "https://user:secret@push.example.com/send/1", T.endpointNotAllowed],
    ["loopback over http on another host", "http://10.0.0.1:8080/send", T.endpointNotAllowed],
    ["not a URL", "push service", T.endpointNotUrl],
  ])("refuses %s as an endpoint and stores nothing", async (_name, endpoint, message) => {
    const ana = await signedInUser();
    await expectError(await registerPush(ana, { ...(await webPushBody()), endpoint }), 400, message);
    expect(await pushRowsOf(ana.id)).toEqual([]);
  });

  it("accepts a loopback stand-in over http in test mode, and refuses it in production", async () => {
    expect(isAllowedPushEndpoint({ ENVIRONMENT: "test" }, "http://127.0.0.1:8787/push/1")).toBe(true);
    expect(isAllowedPushEndpoint({ ENVIRONMENT: "test" }, "http://localhost:9000/push")).toBe(true);
    expect(isAllowedPushEndpoint({ ENVIRONMENT: "e2e" }, "http://[::1]:4000/push")).toBe(true);
    for (const environment of ["production", "preview", ""]) {
      expect(isAllowedPushEndpoint({ ENVIRONMENT: environment }, "http://127.0.0.1:8787/push/1")).toBe(false);
      expect(isAllowedPushEndpoint({ ENVIRONMENT: environment }, "https://fcm.googleapis.com/fcm/send/abc")).toBe(true);
    }
    const ana = await signedInUser();
    await json(await registerPush(ana, await webPushBody("http://127.0.0.1:8787/push/stand-in")), 201);
    expect(await pushRowsOf(ana.id)).toMatchObject([{ endpoint: "http://127.0.0.1:8787/push/stand-in" }]);
  });

  it("refuses keys no push can be encrypted to", async () => {
    const ana = await signedInUser();
    const good = await browserPushKeys();
    const point = Uint8Array.from(atob(good.p256dh.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const compressed = new Uint8Array(point.slice(0, 33));
    compressed[0] = 0x02;
    const offCurve = new Uint8Array(point);
    offCurve[64] = offCurve[64]! ^ 0x01;
    const wrongPrefix = new Uint8Array(point);
    wrongPrefix[0] = 0x05;
    const cases = [
      // A 65-byte point that is not on the curve.
      { p256dh: base64url(offCurve), auth: good.auth },
      { p256dh: base64url(wrongPrefix), auth: good.auth },
      // Long enough for the schema, but not 65 bytes.
      { p256dh: base64url(new Uint8Array(66).fill(4)), auth: good.auth },
      // Auth of 17 bytes (23 characters) and of 12 bytes (16 characters).
      { p256dh: good.p256dh, auth: base64url(new Uint8Array(17)) },
      { p256dh: good.p256dh, auth: base64url(new Uint8Array(12)) },
    ];
    for (const keys of cases) {
      await expectError(await registerPush(ana, { kind: "web", endpoint: pushEndpoint(), keys }), 400, T.invalidPushKeys);
    }
    // A compressed point and characters outside base64url are refused by the schema, with the same text.
    await expectError(await registerPush(ana, { kind: "web", endpoint: pushEndpoint(), keys: { p256dh: base64url(compressed), auth: good.auth } }), 400, T.invalidPushKeys);
    await expectError(await registerPush(ana, { kind: "web", endpoint: pushEndpoint(), keys: { p256dh: `${good.p256dh.slice(0, -1)}+`, auth: good.auth } }), 400, T.invalidPushKeys);
    expect(await pushRowsOf(ana.id)).toEqual([]);
  });

  it("accepts the longest token the contract allows, and removes it again (the body limit fits it)", async () => {
    const ana = await signedInUser();
    const token = "A".repeat(4096);
    await json(await registerPush(ana, { kind: "fcm", token }), 201);
    expect((await pushRowsOf(ana.id)).map((r) => r.endpoint)).toEqual([token]);
    expect((await unregisterPush(ana, { token })).status).toBe(204);
    expect(await pushRowsOf(ana.id)).toEqual([]);
    // One character more is the contract's refusal, not the body limit's.
    await expectError(await registerPush(ana, { kind: "fcm", token: `${token}A` }), 400, T.invalidDeviceToken);
    // In 3-byte characters it passes the body limit and meets the route's own words.
    await expectError(await registerPush(ana, { kind: "fcm", token: "€".repeat(4096) }), 400, T.invalidDeviceToken);
  });

  it("refuses a native token with spaces or control characters, and an unknown kind", async () => {
    const ana = await signedInUser();
    await expectError(await registerPush(ana, { kind: "fcm", token: "token with spaces" }), 400, T.invalidDeviceToken);
    await expectError(await registerPush(ana, { kind: "apns", token: "abcdef0123\n456789" }), 400, T.invalidDeviceToken);
    await expectError(await registerPush(ana, { kind: "apns", token: "short" }), 400, T.invalidDeviceToken);
    await expectError(await registerPush(ana, { kind: "sms", token: "+4477009004610" }), 400, T.unknownDeviceKind);
    expect(await pushRowsOf(ana.id)).toEqual([]);
  });

  it("takes the user and session from the session only", async () => {
    const [ana, bob] = await Promise.all([signedInUser(), signedInUser()]);
    await expectError(await registerPush(ana, { ...(await webPushBody()), userId: bob.id }), 400);
    expect(await pushRowsOf(ana.id)).toEqual([]);
    expect(await pushRowsOf(bob.id)).toEqual([]);
  });

  it("refuses a visitor", async () => {
    await expectError(await api("/api/push/subscriptions", { body: await webPushBody() }), 401, AUTH_REQUIRED.message);
  });

  it("is limited per user, and a refused registration stores nothing", async () => {
    const ana = await signedInUser();
    for (let i = 0; i < RULES.push_device.limit; i += 1) await consume(env, "push_device", rateSubject("user", ana.id));
    await expectError(await registerPush(ana, await webPushBody()), 429);
    expect(await pushRowsOf(ana.id)).toEqual([]);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the caller's own browser subscription or native token", async () => {
    const ana = await signedInUser();
    const web = await webPushBody();
    const token = fcmToken();
    await json(await registerPush(ana, web), 201);
    await json(await registerPush(ana, { kind: "fcm", token }), 201);
    expect((await unregisterPush(ana, { endpoint: web.endpoint })).status).toBe(204);
    expect((await pushRowsOf(ana.id)).map((r) => r.endpoint)).toEqual([token]);
    expect((await unregisterPush(ana, { token })).status).toBe(204);
    expect(await pushRowsOf(ana.id)).toEqual([]);
  });

  it("answers 204 for another account's device and leaves it in place", async () => {
    const [ana, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const web = await webPushBody();
    const token = fcmToken();
    await json(await registerPush(bob, web), 201);
    await json(await registerPush(bob, { kind: "apns", token }), 201);
    const delEndpoint = await unregisterPush(ana, { endpoint: web.endpoint });
    const delToken = await unregisterPush(ana, { token });
    const delUnknown = await unregisterPush(ana, { endpoint: pushEndpoint() });
    // The same answer whether the device is someone else's or nobody's.
    for (const res of [delEndpoint, delToken, delUnknown]) {
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
    }
    expect(await pushRowsOf(bob.id)).toHaveLength(2);
  });

  it("a token is not an endpoint: a web row is not removed by naming its URL as a token", async () => {
    const ana = await signedInUser();
    const web = await webPushBody();
    await json(await registerPush(ana, web), 201);
    expect((await unregisterPush(ana, { token: web.endpoint })).status).toBe(204);
    expect(await pushRowsOf(ana.id)).toHaveLength(1);
  });

  it("refuses a visitor and a body naming neither", async () => {
    await expectError(await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: pushEndpoint() } }), 401, AUTH_REQUIRED.message);
    const ana = await signedInUser();
    await expectError(await unregisterPush(ana, {}), 400);
  });
});
