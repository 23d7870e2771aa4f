// Push in the Android and iOS app (issue #30 item 5), with @capacitor/push-notifications mocked:
// permission, registration, the device token posted with the platform's kind, a registration
// error shown, registering again on each start for the account that turned push on, turning it
// off, and a tapped notification opening its screen (a path that leaves the app is ignored).
import { createMemoryHistory } from "@tanstack/react-router";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES } from "@shared/notifications-api";
import { NotificationSettings } from "@web/features/notifications/components/notification-settings";
import { installNativeBridge } from "@web/lib/native-bridge";
import { PushRegistrationError, disablePush, enablePush, pushSupport, readPushDevice, syncPushDevice } from "@web/lib/push-device";
import { json, mockApi } from "../auth/helpers";
import { findToast, renderSocial } from "../social/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const native = vi.hoisted(() => {
  type Listener = (event: never) => void;
  const listeners = new Map<string, Listener>();
  const state = { receive: "prompt" as string, answer: "granted" as string, token: "device-token-0123456789", failWith: null as string | null };
  const emit = (name: string, event: unknown) => listeners.get(name)?.(event as never);
  return {
    listeners,
    state,
    emit,
    addListener: vi.fn(async (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return { remove: vi.fn(async () => void listeners.delete(name)) };
    }),
    checkPermissions: vi.fn(async () => ({ receive: state.receive })),
    requestPermissions: vi.fn(async () => {
      state.receive = state.answer;
      return { receive: state.receive };
    }),
    // As the plugin does: the answer comes later, through the listeners.
    register: vi.fn(async () => {
      setTimeout(() => (state.failWith ? emit("registrationError", { error: state.failWith }) : emit("registration", { value: state.token })), 0);
    }),
    unregister: vi.fn(async () => {}),
  };
});

vi.mock("@capacitor/push-notifications", () => ({
  PushNotifications: {
    addListener: native.addListener,
    checkPermissions: native.checkPermissions,
    requestPermissions: native.requestPermissions,
    register: native.register,
    unregister: native.unregister,
  },
}));

type Shell = { isNativePlatform(): boolean; getPlatform(): string; isPluginAvailable(name: string): boolean };
const globals = globalThis as { Capacitor?: Shell };

function insideApp(platform: "ios" | "android", plugins = ["PushNotifications"]) {
  globals.Capacitor = { isNativePlatform: () => true, getPlatform: () => platform, isPluginAvailable: (name) => plugins.includes(name) };
}

const cleanups: Array<() => void> = [];

beforeEach(() => {
  native.listeners.clear();
  Object.assign(native.state, { receive: "prompt", answer: "granted", token: "device-token-0123456789", failWith: null });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  delete globals.Capacitor;
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subscriptionsApi = () =>
  mockApi({ "POST /api/push/subscriptions": json({ id: "s1" }, 201), "DELETE /api/push/subscriptions": () => new Response(null, { status: 204 }) });

describe("registration", () => {
  it.each([
    ["ios", "apns"],
    ["android", "fcm"],
  ] as const)("on %s: asks, registers and posts the token as %s", async (platform, kind) => {
    insideApp(platform);
    const api = subscriptionsApi();
    expect(pushSupport()).toEqual({ supported: true, platform });
    await expect(enablePush({ userId: "u1", vapidPublicKey: null })).resolves.toBe("on");
    expect(native.requestPermissions).toHaveBeenCalledTimes(1);
    expect(native.register).toHaveBeenCalledTimes(1);
    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ kind, token: "device-token-0123456789" }]);
    expect(await readPushDevice("u1")).toEqual({ status: "on", platform });
    // The one-shot registration listeners are gone again.
    expect(native.listeners.has("registration")).toBe(false);
  });

  it("registers nothing when the person refuses, and reads as blocked", async () => {
    insideApp("android");
    native.state.answer = "denied";
    const api = subscriptionsApi();
    await expect(enablePush({ userId: "u1", vapidPublicKey: null })).resolves.toBe("denied");
    expect(native.register).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
    expect(await readPushDevice("u1")).toEqual({ status: "denied", platform: "android" });
  });

  it("rejects with a registration error when Apple or Google refuse, posting nothing", async () => {
    insideApp("ios");
    native.state.failWith = "no valid aps-environment entitlement";
    const api = subscriptionsApi();
    await expect(enablePush({ userId: "u1", vapidPublicKey: null })).rejects.toBeInstanceOf(PushRegistrationError);
    expect(api.calls).toEqual([]);
    expect(await readPushDevice("u1")).toEqual({ status: "off", platform: "ios" });
  });

  it("says so on the settings switch when registration fails", async () => {
    const user = userEvent.setup();
    insideApp("android");
    native.state.failWith = "FIS_AUTH_ERROR";
    mockApi({
      "GET /api/notifications/preferences": {
        categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { push: true, email: EMAIL_ON_BY_DEFAULT.includes(c) }])),
        quietHours: null,
        timeZone: "UTC",
        // The app needs no VAPID key: native push works without one.
        vapidPublicKey: null,
        devices: 0,
      },
    });
    renderSocial(<NotificationSettings userId="u-native" />);
    const section = await screen.findByTestId("notification-settings");
    const toggle = within(section).getByRole("switch", { name: NOTIFICATION_SCREEN_TEXTS.device.label });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await findToast(NOTIFICATION_SCREEN_TEXTS.device.registrationFailed)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it("registers again on each start for the account that turned push on, and not for another", async () => {
    insideApp("android");
    const api = subscriptionsApi();
    await enablePush({ userId: "u-start", vapidPublicKey: null });
    api.calls.length = 0;
    native.register.mockClear();

    await syncPushDevice("u-someone-else");
    expect(native.register).not.toHaveBeenCalled();

    await syncPushDevice("u-start");
    expect(native.register).toHaveBeenCalledTimes(1);
    expect(api.callsTo("POST", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ kind: "fcm", token: "device-token-0123456789" }]);
  });

  it("turns off: the server forgets the token, the app unregisters", async () => {
    insideApp("ios");
    const api = subscriptionsApi();
    await enablePush({ userId: "u1", vapidPublicKey: null });
    await disablePush();
    expect(api.callsTo("DELETE", "/api/push/subscriptions").map((c) => c.body)).toEqual([{ token: "device-token-0123456789" }]);
    expect(native.unregister).toHaveBeenCalledTimes(1);
    expect(await readPushDevice("u1")).toEqual({ status: "off", platform: "ios" });
  });

  it("asks for an update in an app build without the plugin", () => {
    insideApp("ios", []);
    expect(pushSupport()).toEqual({ supported: false, reason: "app-update" });
  });
});

describe("a tapped notification", () => {
  async function installed() {
    insideApp("android");
    const history = createMemoryHistory({ initialEntries: ["/feed"] });
    cleanups.push(installNativeBridge({ history, queryClient: new QueryClient() }));
    await waitFor(() => expect(native.listeners.has("pushNotificationActionPerformed")).toBe(true));
    return history;
  }

  it("opens the screen its data names", async () => {
    const history = await installed();
    native.emit("pushNotificationActionPerformed", { actionId: "tap", notification: { id: "n1", data: { path: "/messages/c_42", id: "n_1" } } });
    expect(history.location.pathname).toBe("/messages/c_42");
  });

  it.each(["//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", null])("ignores the path %s", async (path) => {
    const history = await installed();
    native.emit("pushNotificationActionPerformed", { actionId: "tap", notification: { id: "n1", data: { path } } });
    expect(history.location.pathname).toBe("/feed");
  });

  it("ignores a notification without data", async () => {
    const history = await installed();
    native.emit("pushNotificationActionPerformed", { actionId: "tap", notification: { id: "n1" } });
    expect(history.location.pathname).toBe("/feed");
  });
});
