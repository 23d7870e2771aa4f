// A browser with Web Push, for jsdom (which has none): Notification with its permission and
// prompt, PushManager, and a service worker registration whose pushManager hands out
// subscriptions that record being ended. Everything is removed again by `uninstallFakePush`.
import { type Mock, vi } from "vitest";

/** A VAPID public key as the server sends it: base64url of an uncompressed P-256 point (65 bytes). */
export const VAPID_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
export const VAPID_KEY = btoa(String.fromCharCode(...VAPID_BYTES)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const SUBSCRIPTION_JSON = {
  endpoint: "https://push.example/send/device-1",
  expirationTime: null,
  keys: { p256dh: `B${"x".repeat(86)}`, auth: "a1b2c3d4e5f6g7h8i9j0kA" },
};

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  toJSON: () => typeof SUBSCRIPTION_JSON;
  unsubscribe: Mock<() => Promise<boolean>>;
}

export interface FakePush {
  state: { permission: NotificationPermission; subscription: FakeSubscription | null };
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  pushManager: {
    getSubscription: Mock<() => Promise<FakeSubscription | null>>;
    subscribe: Mock<(options: PushSubscriptionOptionsInit) => Promise<FakeSubscription>>;
  };
}

export function installFakePush({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  subscribed = false,
  key = VAPID_BYTES,
} = {}): FakePush {
  const state = { permission, subscription: null as FakeSubscription | null };
  const makeSubscription = (serverKey: BufferSource | null): FakeSubscription => {
    const subscription: FakeSubscription = {
      endpoint: SUBSCRIPTION_JSON.endpoint,
      options: { applicationServerKey: serverKey ? new Uint8Array(serverKey as ArrayBuffer).slice().buffer : null, userVisibleOnly: true },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: vi.fn(async (): Promise<boolean> => {
        if (state.subscription === subscription) state.subscription = null;
        return true;
      }),
    };
    return subscription;
  };
  if (subscribed) state.subscription = makeSubscription(key);
  const requestPermission = vi.fn(async (): Promise<NotificationPermission> => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal(
    "Notification",
    class {
      static get permission() {
        return state.permission;
      }
      static requestPermission = requestPermission;
    },
  );
  vi.stubGlobal("PushManager", class {});
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      state.subscription = makeSubscription(options.applicationServerKey as BufferSource);
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const container = {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: container });
  return { state, requestPermission, pushManager };
}

export function uninstallFakePush() {
  Reflect.deleteProperty(navigator, "serviceWorker");
  vi.unstubAllGlobals();
}

/** Pretends to be an iPhone's Safari (no PushManager outside an installed web app). */
export function pretendIphone() {
  const original = navigator.userAgent;
  Object.defineProperty(navigator, "userAgent", {
    configurable: true,
    value: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  });
  return () => Object.defineProperty(navigator, "userAgent", { configurable: true, value: original });
}
