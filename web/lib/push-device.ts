// Push on this device (issue #30 items 2 and 5): whether it can get pushes, turning them on and
// off, posting the device's subscription again when a session starts, and ending it on sign-out.
// In a browser that is Web Push (service worker + PushManager, VAPID); inside the Android or iOS
// app it is the native plugin through the bridge (web/lib/native-bridge.ts), which registers with
// FCM or APNs for a device token. The /settings switch and the permission cards both call this.
//
// The browser's permission belongs to the origin, not to an account, so this device also
// remembers which account turned push on (OWNER_KEY). A subscription is posted again only for that
// account: after a session ended without a sign-out (expired, revoked) the same person gets their
// pushes back on the next start, while someone else signing in here does not inherit them.
// Sign-out clears local storage (web/features/auth/clear-stored-data.ts), so after a sign-out
// push is off until the next person turns it on.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { PushSubscriptionBody } from "@shared/notifications-api";
import { isNativeApp, nativePushPermission, nativePushPlatform, registerNativePush, unregisterNativePush } from "./native-bridge";
import { notificationCalls, notificationKeys } from "./notifications";

type PushPlatform = "web" | "ios" | "android";

/**
 * Why this device cannot get pushes: a browser without the Push API; iPhone and iPad Safari
 * outside an installed PWA (Apple offers push only to Home Screen web apps); an installed app
 * whose build predates the push plugin.
 */
type PushUnsupportedReason = "browser" | "ios-install" | "app-update";

type PushSupport = { supported: true; platform: PushPlatform } | { supported: false; reason: PushUnsupportedReason };

export type PushDeviceState =
  | { status: "unsupported"; reason: PushUnsupportedReason }
  | { status: "denied" | "on" | "off"; platform: PushPlatform };

/** What asking for permission ended in: on; refused for good ("denied"); or the prompt closed without an answer. */
type EnableOutcome = "on" | "denied" | "dismissed";

/** The account that turned push on here. */
const OWNER_KEY = "backline:push-owner";
/** The app's device token, for DELETE when push is turned off here. */
const NATIVE_TOKEN_KEY = "backline:push-token";
/** `navigator.serviceWorker.ready` never settles without a worker (a development server): give up after this. */
const SERVICE_WORKER_READY_TIMEOUT_MS = 10_000;
/** Sign-out waits at most this long for the push service before it goes on. */
const SIGN_OUT_UNSUBSCRIBE_TIMEOUT_MS = 3_000;

/** Registering with Apple or Google failed ('registrationError'), as opposed to our own server. */
export class PushRegistrationError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PushRegistrationError";
  }
}

// ---- Small stores ----

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the device forgets who turned push on; the next start then leaves it off.
  }
}

const ownedBy = (userId: string) => readLocal(OWNER_KEY) === userId;

// ---- Support ----

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS Safari presents itself as a Mac; only the touch screen tells them apart.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(): PushSupport {
  if (isNativeApp()) {
    const platform = nativePushPlatform();
    return platform ? { supported: true, platform } : { supported: false, reason: "app-update" };
  }
  if (typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
    return { supported: true, platform: "web" };
  }
  return { supported: false, reason: typeof navigator !== "undefined" && isAppleMobile() ? "ios-install" : "browser" };
}

// ---- Web Push ----

/** The VAPID key as the bytes PushManager.subscribe wants (it arrives base64url, unpadded). */
function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The worker's registration once it is active; rejects when none comes (no worker in development). */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The service worker is not running.")), SERVICE_WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's subscription, without waiting for a worker that may never come. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The subscription as the contract's body: `toJSON()`'s endpoint and keys. */
function webSubscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser's push subscription has no keys.");
  return { kind: "web", endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

async function enableWebPush(userId: string, vapidPublicKey: string | null): Promise<EnableOutcome> {
  if (!vapidPublicKey) throw new Error("Web push is not configured on the server.");
  // Asked before anything is awaited: browsers show the prompt only while the click that asked
  // is still the page's current user activation.
  const asked = Notification.permission === "granted" ? Promise.resolve<NotificationPermission>("granted") : Notification.requestPermission();
  const answer = await asked;
  if (answer === "denied") return "denied";
  if (answer !== "granted") return "dismissed";
  const registration = await readyRegistration();
  const applicationServerKey = applicationServerKeyOf(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key cannot be used (the key was rotated).
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    await notificationCalls.subscribe(webSubscriptionBody(subscription));
  } catch (error) {
    // A subscription the server does not know would read as "on" here and never deliver.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  writeLocal(OWNER_KEY, userId);
  return "on";
}

// ---- Native ----

async function registerAndPost(platform: "ios" | "android"): Promise<void> {
  let token: string;
  try {
    token = await registerNativePush();
  } catch (error) {
    throw new PushRegistrationError(error);
  }
  await notificationCalls.subscribe({ kind: platform === "ios" ? "apns" : "fcm", token });
  writeLocal(NATIVE_TOKEN_KEY, token);
}

async function enableNativePush(userId: string, platform: "ios" | "android"): Promise<EnableOutcome> {
  const permission = await nativePushPermission({ ask: true });
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  await registerAndPost(platform);
  writeLocal(OWNER_KEY, userId);
  return "on";
}

// ---- What the screens call ----

export async function readPushDevice(userId: string): Promise<PushDeviceState> {
  const support = pushSupport();
  if (!support.supported) return { status: "unsupported", reason: support.reason };
  const { platform } = support;
  if (platform !== "web") {
    const permission = await nativePushPermission({ ask: false });
    if (permission === "denied") return { status: "denied", platform };
    return { status: permission === "granted" && ownedBy(userId) ? "on" : "off", platform };
  }
  if (Notification.permission === "denied") return { status: "denied", platform };
  if (Notification.permission !== "granted" || !ownedBy(userId)) return { status: "off", platform };
  return { status: (await currentSubscription()) ? "on" : "off", platform };
}

/**
 * Turns push on here for `userId`: asks for permission (call it straight from a click: the
 * browser's prompt needs the user's gesture), subscribes and posts the subscription or device
 * token. The VAPID key is the preferences' `vapidPublicKey` (web only; the app needs none).
 */
export function enablePush({ userId, vapidPublicKey }: { userId: string; vapidPublicKey: string | null }): Promise<EnableOutcome> {
  const support = pushSupport();
  if (!support.supported) return Promise.reject(new Error("This device cannot get push notifications."));
  return support.platform === "web" ? enableWebPush(userId, vapidPublicKey) : enableNativePush(userId, support.platform);
}

/** Turns push off here: the server forgets the subscription first, then the browser or the app. */
export async function disablePush(): Promise<void> {
  const support = pushSupport();
  if (!support.supported) return;
  if (support.platform === "web") {
    const subscription = await currentSubscription();
    if (subscription) {
      await notificationCalls.unsubscribe({ endpoint: subscription.endpoint });
      // Should this fail, the push service's next delivery answers 410 and the server drops it.
      await subscription.unsubscribe().catch(() => false);
    }
  } else {
    const token = readLocal(NATIVE_TOKEN_KEY);
    if (token) await notificationCalls.unsubscribe({ token });
    await unregisterNativePush().catch((error: unknown) => console.warn("Unregistering for native push failed:", error));
    writeLocal(NATIVE_TOKEN_KEY, null);
  }
  writeLocal(OWNER_KEY, null);
}

/**
 * Before a sign-out: this device stops getting the account's pushes. The server removes the
 * session's subscriptions as it ends it; here the browser's subscription (or the app's token) is
 * let go too, so nothing arrives for an account no longer signed in. Never throws and never waits
 * long: the sign-out goes on whatever happens here.
 */
export async function endPushOnSignOut(): Promise<void> {
  writeLocal(OWNER_KEY, null);
  synced.clear();
  const support = pushSupport();
  if (!support.supported) return;
  const end = async () => {
    if (support.platform === "web") await (await currentSubscription())?.unsubscribe();
    else {
      writeLocal(NATIVE_TOKEN_KEY, null);
      await unregisterNativePush();
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([end(), new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_UNSUBSCRIBE_TIMEOUT_MS)))]);
  } catch (error) {
    console.warn("Ending push on this device failed:", error);
  } finally {
    clearTimeout(timer);
  }
}

/** Accounts whose device subscription was already posted by this page. */
const synced = new Set<string>();

/**
 * Once per page load and account: posts this device's subscription again, since the server's row
 * may be gone (its session ended). The app registers again on each start, which also refreshes
 * the token's last-seen time. A subscription another account left behind is ended instead.
 */
export async function syncPushDevice(userId: string): Promise<void> {
  if (synced.has(userId)) return;
  synced.add(userId);
  try {
    const support = pushSupport();
    if (!support.supported) return;
    if (support.platform === "web") {
      if (Notification.permission !== "granted") return;
      const subscription = await currentSubscription();
      if (!subscription) return;
      if (!ownedBy(userId)) {
        await subscription.unsubscribe();
        return;
      }
      await notificationCalls.subscribe(webSubscriptionBody(subscription));
      return;
    }
    if (!ownedBy(userId) || (await nativePushPermission({ ask: false })) !== "granted") return;
    await registerAndPost(support.platform);
  } catch (error) {
    // Tried again on the next screen that asks.
    synced.delete(userId);
    console.warn("Posting this device's push subscription again failed:", error);
  }
}

// ---- React ----

const pushDeviceQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.device(userId),
    queryFn: () => readPushDevice(userId),
  });

export function usePushDevice(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pushDeviceQuery(userId), enabled });
}

/** Posts the device's subscription again when a signed-in screen first mounts (see syncPushDevice). */
export function usePushSync(userId: string | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    void syncPushDevice(userId).then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.device(userId) }));
  }, [userId, queryClient]);
}

/**
 * Turning push on and off from a control. `enable` must be called from the click handler itself
 * (not after an await) so the permission prompt counts as the user's own request. Errors are
 * the caller's to show; the device state is refreshed either way.
 */
export function usePushToggle(userId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(work: Promise<T>): Promise<T> => {
      setBusy(true);
      try {
        return await work;
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries({ queryKey: notificationKeys.device(userId) });
        // The account's device count changed.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.preferences() });
      }
    },
    [queryClient, userId],
  );
  const enable = useCallback((vapidPublicKey: string | null) => run(enablePush({ userId, vapidPublicKey })), [run, userId]);
  const disable = useCallback(() => run(disablePush()), [run]);
  return { busy, enable, disable };
}
