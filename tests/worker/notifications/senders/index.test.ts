// The consumer's one door to the push services (issue #30): sendPush sends each kind of device
// to its own service, says once per kind that a service is not configured, and never throws.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendPush } from "../../../../worker/services/notifications/senders";
import type { PushTarget } from "../../../../worker/services/notifications/senders/types";
import { createReceiverKeys, decryptPushText } from "../../../shared/web-push-receiver";
import { deviceTarget, pushPayload, standIn } from "../../helpers/push-services";

const OPTIONS = { ttlSeconds: 600, urgency: "normal" } as const;
const APNS_DEVICE = "0f".repeat(32);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendPush", () => {
  it("sends a web subscription to its push service, encrypted for it", async () => {
    const keys = await createReceiverKeys();
    const target: PushTarget = { id: "sub_1", kind: "web", endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc", p256dh: keys.p256dh, auth: keys.auth };
    const { fetcher, requests } = standIn(() => new Response(null, { status: 201 }));
    expect(await sendPush(env, target, pushPayload(), OPTIONS, fetcher)).toEqual({ result: "sent", status: 201 });
    expect(requests.map((request) => request.url.origin)).toEqual(["https://updates.push.services.mozilla.com"]);
    expect(JSON.parse(await decryptPushText(requests[0]!.body, keys))).toEqual(pushPayload());
  });

  it("writes one warning per kind when a service is not configured, however many pushes it skips, and sends nothing", async () => {
    const lines: { level: string; message: string; kind: string; reason: string }[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line)) as (typeof lines)[number]));
    const { fetcher, requests } = standIn(() => new Response(null, { status: 200 }));
    const keys = await createReceiverKeys();
    const web: PushTarget = { id: "sub_w", kind: "web", endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh: keys.p256dh, auth: keys.auth };
    // The test bindings configure web push only: no FCM service account, no APNs key.
    const unconfigured = { ...env, VAPID_PRIVATE_KEY: undefined, FCM_SERVICE_ACCOUNT: undefined, APNS_KEY: undefined };
    for (let i = 0; i < 3; i++) {
      expect(await sendPush(unconfigured, web, pushPayload(), OPTIONS, fetcher)).toMatchObject({ result: "skipped" });
      expect(await sendPush(unconfigured, deviceTarget("fcm", "fcm-token-123456"), pushPayload(), OPTIONS, fetcher)).toMatchObject({ result: "skipped" });
      expect(await sendPush(unconfigured, deviceTarget("apns", APNS_DEVICE), pushPayload(), OPTIONS, fetcher)).toMatchObject({ result: "skipped" });
    }
    expect(requests).toHaveLength(0);
    expect(lines.map((line) => [line.level, line.message, line.kind])).toEqual([
      ["warn", "push skipped: service not configured", "web"],
      ["warn", "push skipped: service not configured", "fcm"],
      ["warn", "push skipped: service not configured", "apns"],
    ]);
    expect(lines[0]!.reason).toMatch(/VAPID/);
    expect(lines[1]!.reason).toMatch(/FCM_SERVICE_ACCOUNT/);
    expect(lines[2]!.reason).toMatch(/APNS_KEY/);
  });

  it("turns anything a sender throws into a failed outcome with an error line, never a rejection", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    const keys = await createReceiverKeys();
    const target: PushTarget = { id: "sub_x", kind: "web", endpoint: "https://fcm.googleapis.com/fcm/send/x", p256dh: keys.p256dh, auth: keys.auth };
    // A fetch that resolves to something that is not a Response: the sender trips over it.
    const broken = (async () => undefined) as unknown as typeof fetch;
    expect(await sendPush(env, target, pushPayload(), OPTIONS, broken)).toMatchObject({ result: "failed", status: 0 });
    expect(errors).toHaveLength(1);
    expect(JSON.parse(errors[0]!)).toMatchObject({ level: "error", message: "push send threw", kind: "web", subscriptionId: "sub_x" });
  });
});
