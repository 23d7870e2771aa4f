// Push on this device in a browser (web/lib/push-device.ts, issue #30 item 2): support detection,
// turning push on (permission, subscribe with the server's VAPID key, POST the subscription),
// off (DELETE, then the browser lets go), a refusal, posting again once per session for the same
// account only, and the sign-out that ends the subscription. The browser's push objects are
// fakes (jsdom has none); the API is the fetch stand-in the other web tests use.
import { afterEach, describe, expect, it, vi } from "vitest";
import { disablePush, enablePush, endPushOnSignOut, pushSupport, readPushDevice, syncPushDevice } from "@web/lib/push-device";
import { apiError, json, mockApi } from "../auth/helpers";
import { SUBSCRIPTION_JSON, VAPID_BYTES, VAPID_KEY, installFakePush, pretendIphone, uninstallFakePush } from "./fake-push";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  uninstallFakePush();
  vi.restoreAllMocks();
});

const WEB_BODY = { kind: "web", endpoint: SUBSCRIPTION_JSON.endpoint, keys: SUBSCRIPTION_JSON.keys };

describe("support", () => {
  it("is the browser's Push API when service workers, PushManager and Notification exist", () => {
    installFakePush();
    expect(pushSupport()).toEqual({ supported: true, platform: "web" });
  });

  it("names the reason when push is missing: a browser without it, or iPhone Safari outside the installed app", () => {
    expect(pushSupport()).toEqual({ supported: false, reason: "browser" });
    const restore = pretendIphone();
    try {
      expect(pushSupport()).toEqual({ supported: false, reason: "ios-install" });
    } finally {
      restore();
    }
  });
});

describe("enablePush", () => {
  it("asks for permission, subscribes with the VAPID key's bytes and posts the subscription's toJSON()", async () => {
    const push = installFakePush();
    const api = mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
    expect(push.requestPermission).not.toHaveBeenCalled();

    await expect(enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY })).resolves.toBe("on");

    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = push.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...new Uint8Array(options.applicationServerKey as Uint8Array)]).toEqual([...VAPID_BYTES]);
    // The contract's body: toJSON()'s endpoint and keys, nothing else (expirationTime is not sent).
    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([WEB_BODY]);
    expect(await readPushDevice("u1")).toEqual({ status: "on", platform: "web" });
    // Another account signed in on this browser does not see it as theirs.
    expect(await readPushDevice("u2")).toEqual({ status: "off", platform: "web" });
  });

  it("asks for permission synchronously, inside the click that called it", () => {
    const push = installFakePush();
    mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
    const pending = enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY });
    // Nothing was awaited yet: the prompt is already up.
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    return pending;
  });

  it("posts nothing when permission is denied, and reads as blocked afterwards", async () => {
    const push = installFakePush({ answer: "denied" });
    const api = mockApi({});
    await expect(enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY })).resolves.toBe("denied");
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
    expect(await readPushDevice("u1")).toEqual({ status: "denied", platform: "web" });
  });

  it("reports a prompt closed without an answer as dismissed", async () => {
    const push = installFakePush({ answer: "default" });
    const api = mockApi({});
    await expect(enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY })).resolves.toBe("dismissed");
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
  });

  it("lets the browser's subscription go again when the server refuses it", async () => {
    const push = installFakePush();
    mockApi({ "POST /api/push/subscriptions": apiError(400, "validation_error", "Invalid subscription") });
    await expect(enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY })).rejects.toThrow("Invalid subscription");
    expect(push.state.subscription).toBeNull();
    expect(await readPushDevice("u1")).toEqual({ status: "off", platform: "web" });
  });

  it("replaces a subscription made for another server key", async () => {
    const push = installFakePush({ permission: "granted", subscribed: true, key: new Uint8Array(65).fill(9) });
    const old = push.state.subscription!;
    mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
    await enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY });
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it("refuses without a VAPID key before asking anything", async () => {
    const push = installFakePush();
    await expect(enablePush({ userId: "u1", vapidPublicKey: null })).rejects.toThrow();
    expect(push.requestPermission).not.toHaveBeenCalled();
  });
});

describe("disablePush", () => {
  it("deletes the subscription on the server with its endpoint, then unsubscribes the browser", async () => {
    const push = installFakePush();
    const api = mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201), "DELETE /api/push/subscriptions": new Response(null, { status: 204 }) });
    await enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY });
    const subscription = push.state.subscription!;

    await disablePush();

    expect(api.callsTo("DELETE", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ endpoint: SUBSCRIPTION_JSON.endpoint }]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.state.subscription).toBeNull();
    expect(await readPushDevice("u1")).toEqual({ status: "off", platform: "web" });
  });

  it("keeps the subscription when the server could not forget it, so turning off can be tried again", async () => {
    const push = installFakePush({ permission: "granted", subscribed: true });
    mockApi({ "DELETE /api/push/subscriptions": apiError(500, "internal", "An unexpected error occurred") });
    await expect(disablePush()).rejects.toThrow();
    expect(push.state.subscription?.unsubscribe).not.toHaveBeenCalled();
  });
});

describe("syncPushDevice", () => {
  it("posts the browser's subscription again once per page for the account that turned it on", async () => {
    installFakePush();
    const api = mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
    await enablePush({ userId: "u-sync", vapidPublicKey: VAPID_KEY });
    api.calls.length = 0;

    await syncPushDevice("u-sync");
    await syncPushDevice("u-sync");

    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([WEB_BODY]);
  });

  it("ends a subscription another account left here instead of posting it for this one", async () => {
    const push = installFakePush({ permission: "granted", subscribed: true });
    localStorage.setItem("backline:push-owner", "someone-else");
    const api = mockApi({});
    await syncPushDevice("u-other");
    expect(api.calls).toEqual([]);
    expect(push.state.subscription).toBeNull();
  });

  it("does nothing without permission or subscription", async () => {
    installFakePush();
    const api = mockApi({});
    await syncPushDevice("u-none");
    expect(api.calls).toEqual([]);
  });
});

describe("endPushOnSignOut", () => {
  it("unsubscribes the browser and forgets who turned push on", async () => {
    const push = installFakePush();
    mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201) });
    await enablePush({ userId: "u1", vapidPublicKey: VAPID_KEY });
    const subscription = push.state.subscription!;
    await endPushOnSignOut();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("backline:push-owner")).toBeNull();
  });

  it("never throws: not when push is unsupported, not when unsubscribing fails", async () => {
    await expect(endPushOnSignOut()).resolves.toBeUndefined();
    const push = installFakePush({ permission: "granted", subscribed: true });
    push.state.subscription!.unsubscribe.mockRejectedValue(new Error("push service down"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(endPushOnSignOut()).resolves.toBeUndefined();
  });
});
