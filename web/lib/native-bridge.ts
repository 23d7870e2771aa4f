// The native bridge (spec social-feed-search §1: "a native bridge for status bar, back button,
// haptics and app state"; decision records 0043 and 0044). Inside the Capacitor shell (detected by
// ./native-shell.ts) each capability calls the native plugin; in a browser it falls back to the
// web platform. The rest of the app calls these functions, never a
// plugin (an ESLint rule forbids importing @capacitor/* anywhere else).
//
// Nothing from Capacitor is in the landing page's bundle: the shell injects `window.Capacitor`
// before any page script runs, so detection reads that object, and the plugins are imported on
// demand, only inside the app.
import { focusManager, type QueryClient } from "@tanstack/react-query";
import type { RouterHistory } from "@tanstack/react-router";
import { appPathOfUrl } from "@shared/native-app";
import type { HapticStrength } from "./haptics";
import { isNativeApp, nativeShell } from "./native-shell";
import { pushTargetPath } from "./push-path";
import type { ResolvedTheme } from "./theme";

// ---- Detection and plugin loading ----

export { isNativeApp } from "./native-shell";

const pluginLoaders = {
  App: () => import("@capacitor/app"),
  Haptics: () => import("@capacitor/haptics"),
  StatusBar: () => import("@capacitor/status-bar"),
  SplashScreen: () => import("@capacitor/splash-screen"),
  PushNotifications: () => import("@capacitor/push-notifications"),
};
type PluginName = keyof typeof pluginLoaders;
type PluginModule<Name extends PluginName> = Awaited<ReturnType<(typeof pluginLoaders)[Name]>>;

/**
 * The plugin's module inside the app, or null in a browser. The web code is deployed
 * independently of the store builds (the app loads the deployed origin, decision record 0043),
 * so a plugin that an older installed build lacks is treated like the browser: the fallback runs.
 */
async function nativePlugin<Name extends PluginName>(name: Name): Promise<PluginModule<Name> | null> {
  const shell = nativeShell();
  if (!shell?.isPluginAvailable(name)) return null;
  try {
    return (await pluginLoaders[name]()) as PluginModule<Name>;
  } catch (error) {
    console.warn(`The native ${name} plugin could not be loaded:`, error);
    return null;
  }
}

/** Status bar and haptics are feedback: a failed native call is logged, never shown. */
function settle(call: Promise<unknown>, what: string): void {
  call.catch((error: unknown) => console.warn(`Native ${what} failed:`, error));
}

// ---- Status bar ----

/**
 * Makes the system bars match the theme (spec §1: dark #0a0a0a, light #ffffff). In a browser the
 * `theme-color` meta tags colour the browser chrome; index.html ships two media-scoped ones for the
 * first paint, and once a preference is known both must carry the same colour, or the chrome would
 * follow the system instead of the user's choice. Inside the app the status bar plugin sets the
 * icon style and, on Android versions that still allow it, the bar's background.
 */
export function syncSystemBars(theme: ResolvedTheme, color: string, doc: Document = document): void {
  const metas = doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]');
  if (metas.length === 0) {
    const meta = doc.createElement("meta");
    meta.name = "theme-color";
    meta.content = color;
    doc.head.append(meta);
  }
  for (const meta of metas) meta.content = color;

  if (!isNativeApp()) return;
  void nativePlugin("StatusBar").then((module) => {
    if (!module) return;
    const { StatusBar, Style } = module;
    // Style.Dark means light icons for a dark background.
    settle(StatusBar.setStyle({ style: theme === "dark" ? Style.Dark : Style.Light }), "status bar style");
    // iOS has no bar background of its own (the page shows through); Android 15+ draws edge to
    // edge and ignores the call, where again the page's own background is what shows.
    if (nativeShell()?.getPlatform() === "android") {
      settle(StatusBar.setBackgroundColor({ color }), "status bar colour");
    }
  });
}

// ---- Haptics ----

/** Vibration patterns in milliseconds for the browser; short enough to feel like a tap, not a buzz. */
export const HAPTIC_PATTERNS: Record<HapticStrength, number | number[]> = {
  light: 10,
  medium: 20,
  heavy: [30, 40, 30],
};

/**
 * One haptic pulse (spec §1: light on buttons and links, medium on a primary action, heavy on a
 * danger action). Inside the app: the Taptic Engine or Android's haptic feedback through the
 * native impact styles. In a browser: `navigator.vibrate`, which iOS Safari and desktop browsers
 * lack, so there it does nothing.
 */
export function impact(strength: HapticStrength): void {
  if (isNativeApp()) {
    void nativePlugin("Haptics").then((module) => {
      if (!module) return vibrate(strength);
      const { Haptics, ImpactStyle } = module;
      const style = { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy }[strength];
      settle(Haptics.impact({ style }), "haptics");
    });
    return;
  }
  vibrate(strength);
}

function vibrate(strength: HapticStrength): void {
  if (typeof navigator === "undefined" || typeof navigator.vibrate !== "function") return;
  try {
    navigator.vibrate(HAPTIC_PATTERNS[strength]);
  } catch {
    // Some browsers throw without a user gesture; feedback is optional, so ignore it.
  }
}

// ---- Back button ----

/**
 * Open layers a back press closes first: Radix dialogs, alert dialogs, sheets and menus all carry
 * their role and data-state="open" on the content element (web/components/ui/dialog.tsx and the
 * Radix primitives behind it), so the DOM itself is the registry of what is open.
 */
const OPEN_LAYER = ':is([role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"])[data-state="open"]';

/**
 * Closes the topmost open layer the way a keyboard user would: Radix's dismissable layers listen
 * for Escape on the document and only the highest one answers, so nested layers close one at a
 * time, and a dialog that refuses Escape (mid-upload, say) stays open. True when a layer was open.
 */
export function closeTopmostLayer(doc: Document = document): boolean {
  if (!doc.querySelector(OPEN_LAYER)) return false;
  const target = doc.activeElement ?? doc.body;
  target.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", code: "Escape", bubbles: true, cancelable: true }));
  return true;
}

type BridgeHistory = Pick<RouterHistory, "canGoBack" | "back" | "block" | "push">;
type BackOutcome = "dialog" | "history" | "exit";

/**
 * Android's hardware back button, in the order users expect: close an open dialog, else go back
 * in the router's history, else (on the first screen of the session) leave the app.
 */
function handleBackButton(history: BridgeHistory, exitApp: () => void, doc: Document = document): BackOutcome {
  if (closeTopmostLayer(doc)) return "dialog";
  if (history.canGoBack()) {
    history.back();
    return "history";
  }
  exitApp();
  return "exit";
}

/**
 * The browser's back (and Android's back gesture in the installed PWA) closes an open dialog
 * instead of leaving the screen under it: the router's blocker undoes that one history step.
 * Forward navigations (a link inside a dialog) pass; the blocker never asks before unload.
 */
function installBackGuard(history: BridgeHistory, doc: Document): () => void {
  // A router blocker makes every push and replace wait a tick for it, so it is registered only
  // while a layer is open: with none open, navigation stays exactly as the router does it.
  let unblock: (() => void) | null = null;
  const sync = () => {
    const open = doc.querySelector(OPEN_LAYER) !== null;
    if (open && !unblock) {
      unblock = history.block({
        blockerFn: ({ action }) => action === "BACK" && closeTopmostLayer(doc),
        enableBeforeUnload: false,
      });
    } else if (!open && unblock) {
      unblock();
      unblock = null;
    }
  };
  const observer = new MutationObserver(sync);
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  sync();
  return () => {
    observer.disconnect();
    unblock?.();
    unblock = null;
  };
}

// ---- Deep links ----

/**
 * Routes a link the operating system handed to the app to its screen: Android App Links and iOS
 * universal links for `/post/{id}`, `/profile/{id}` and the hand-offs under `/app/` (Google
 * sign-in's return, Stripe Checkout's return; decision record 0093), and the app's own scheme
 * carrying a hand-off. The routes do the rest: /app/auth-return redeems the sign-in's code,
 * /app/open/… opens the page it names. Anything else is ignored: the intent filters, associated
 * domains and scheme only claim those, so another URL is not ours to open. True when routed.
 */
export function openDeepLink(url: string, history: Pick<RouterHistory, "push">): boolean {
  const path = appPathOfUrl(url);
  if (path === null) return false;
  history.push(path);
  return true;
}

// ---- Pages of other sites ----

/**
 * Opens a page of another site that must run in a real browser with its own cookies (Google's
 * sign-in refuses embedded WebViews). Inside the app that is the system browser: Capacitor hands
 * every top-level navigation to a host other than the app's origin to it, on both platforms, and
 * the page comes back through a hand-off link (decision record 0093). A browser has no other
 * browser, so there the page opens in this tab.
 */
export function openInSystemBrowser(url: string): void {
  window.location.assign(url);
}

/**
 * Opens a payment page (Stripe Checkout) whose URL the server is still making. In a browser, a
 * new tab is opened at once, while the tap still counts as the user's gesture (a tab opened after
 * the server answered would be blocked as a pop-up), and sent on when the answer comes; if it does
 * not, the tab is closed. Inside the app, the system browser gets the page once it is known (a
 * window opened there would have no URL to hand over). Returns the server's answer.
 */
export async function openPaymentPage<T>(start: () => Promise<T>, urlOf: (answer: T) => string): Promise<T> {
  if (isNativeApp()) {
    const answer = await start();
    openInSystemBrowser(urlOf(answer));
    return answer;
  }
  const tab = window.open("", "_blank");
  try {
    const answer = await start();
    const url = urlOf(answer);
    if (tab) tab.location.href = url;
    else window.open(url, "_blank", "noopener");
    return answer;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

// ---- Push notifications ----

type NativePushPermission = "granted" | "denied" | "prompt";

/**
 * "ios" or "android" inside an app build that has the push plugin; null in a browser (the
 * installed PWA included, which uses web push) and in an older build without the plugin.
 */
export function nativePushPlatform(): "ios" | "android" | null {
  const shell = nativeShell();
  if (!shell?.isPluginAvailable("PushNotifications")) return null;
  const platform = shell.getPlatform();
  return platform === "ios" || platform === "android" ? platform : null;
}

function permissionOf(status: { receive: string }): NativePushPermission {
  if (status.receive === "granted") return "granted";
  return status.receive === "denied" ? "denied" : "prompt";
}

/**
 * The app's notification permission; with `ask`, the system asks first when it has not yet
 * (Android 13+ and iOS ask once; after a refusal only the phone's settings can change it).
 * Null outside the app.
 */
export async function nativePushPermission({ ask }: { ask: boolean }): Promise<NativePushPermission | null> {
  const module = await nativePlugin("PushNotifications");
  if (!module) return null;
  const { PushNotifications } = module;
  const current = permissionOf(await PushNotifications.checkPermissions());
  if (current !== "prompt" || !ask) return current;
  return permissionOf(await PushNotifications.requestPermissions());
}

/** How long APNs or FCM may take to hand out a token before registering counts as failed. */
const NATIVE_REGISTRATION_TIMEOUT_MS = 20_000;

/**
 * Registers this installation with APNs (iOS) or FCM (Android) and resolves with its device
 * token, from the plugin's 'registration' event; 'registrationError' rejects. Registering again
 * on a later start answers the same token (or a rotated one), so the caller posts it each time.
 */
export async function registerNativePush(): Promise<string> {
  const module = await nativePlugin("PushNotifications");
  if (!module) throw new Error("This build of the app has no push notifications.");
  const { PushNotifications } = module;
  const handles: Array<{ remove(): Promise<void> }> = [];
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Registering for push notifications timed out.")), NATIVE_REGISTRATION_TIMEOUT_MS);
      const settleWith = (outcome: () => void) => {
        clearTimeout(timer);
        outcome();
      };
      Promise.all([
        PushNotifications.addListener("registration", (token) => settleWith(() => resolve(token.value))),
        PushNotifications.addListener("registrationError", (failure) => settleWith(() => reject(new Error(failure.error)))),
      ])
        .then((added) => {
          handles.push(...added);
          return PushNotifications.register();
        })
        .catch((error: unknown) => settleWith(() => reject(error)));
    });
  } finally {
    for (const handle of handles) void handle.remove();
  }
}

/** Forgets this installation's token at Apple or Google (Android deletes the FCM token). */
export async function unregisterNativePush(): Promise<void> {
  const module = await nativePlugin("PushNotifications");
  await module?.PushNotifications.unregister();
}

/**
 * Opens the screen a tapped native notification names (its data carries the PushPayload's
 * `path`). A path that would leave the app's origin is ignored. True when it navigated.
 */
function openPushTarget(data: unknown, history: Pick<RouterHistory, "push">): boolean {
  const path = pushTargetPath((data as { path?: unknown } | null | undefined)?.path);
  if (path === null) return false;
  history.push(path);
  return true;
}

// ---- App state ----

export type AppState = "foreground" | "background";

/**
 * How long a browser tab may stay hidden before live sockets are let go. Switching tabs for a
 * moment should not drop the connection; a phone that locks the screen will freeze the page soon
 * after anyway. Inside the app the sockets close at once, before the system suspends the process.
 */
export const WEB_BACKGROUND_GRACE_MS = 30_000;

const appStateListeners = new Set<(state: AppState) => void>();

/**
 * Tells a listener when the app goes to the background and comes back. Live sockets
 * (web/lib/live-socket.ts) pause and resume on it. Returns an unsubscribe function.
 */
export function onAppStateChange(listener: (state: AppState) => void): () => void {
  appStateListeners.add(listener);
  return () => appStateListeners.delete(listener);
}

function emitAppState(state: AppState): void {
  for (const listener of [...appStateListeners]) listener(state);
}

/**
 * What coming back means: resume the sockets (each catches up over HTTP when it reopens) and
 * refetch the queries on screen whose data has gone stale. The query client turns
 * refetch-on-focus off for ordinary tab switches, so a return from the background is the moment.
 */
function cameBack(queryClient: QueryClient): void {
  emitAppState("foreground");
  void queryClient.refetchQueries({ type: "active", stale: true });
}

function installWebAppState(queryClient: QueryClient, doc: Document): () => void {
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  const onVisibilityChange = () => {
    if (doc.visibilityState === "hidden") {
      pauseTimer ??= setTimeout(() => {
        pauseTimer = null;
        emitAppState("background");
      }, WEB_BACKGROUND_GRACE_MS);
      return;
    }
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    pauseTimer = null;
    cameBack(queryClient);
  };
  doc.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    doc.removeEventListener("visibilitychange", onVisibilityChange);
    if (pauseTimer !== null) clearTimeout(pauseTimer);
  };
}

// ---- Installation ----

export interface NativeBridgeOptions {
  /** The router's history (`router.history`): back navigation, the back guard and deep links. */
  history: BridgeHistory;
  queryClient: QueryClient;
  doc?: Document;
}

/**
 * Wires the back button, app state and deep links; the root route calls this once on mount.
 * Returns a cleanup function.
 */
export function installNativeBridge({ history, queryClient, doc = document }: NativeBridgeOptions): () => void {
  const cleanups = [installBackGuard(history, doc)];
  if (!isNativeApp()) {
    cleanups.push(installWebAppState(queryClient, doc));
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }

  let removed = false;
  const handles: Array<{ remove(): Promise<void> }> = [];
  void nativePlugin("App").then(async (module) => {
    if (!module || removed) return;
    const { App } = module;
    const added = await Promise.all([
      // Registering a backButton listener turns off Capacitor's own handling (WebView history only).
      App.addListener("backButton", () => {
        handleBackButton(history, () => settle(App.exitApp(), "exit"), doc);
      }),
      App.addListener("appStateChange", ({ isActive }) => {
        // The WebView's visibility events are unreliable while the app is suspended; the
        // system's own state drives react-query's focus and the sockets instead.
        focusManager.setFocused(isActive);
        if (isActive) cameBack(queryClient);
        else emitAppState("background");
      }),
      // A link tapped while the app was closed is kept by the plugin until this listener exists.
      App.addListener("appUrlOpen", ({ url }) => {
        openDeepLink(url, history);
      }),
    ]);
    if (removed) for (const handle of added) void handle.remove();
    else handles.push(...added);
  });
  // A tap on a notification, also the one that launched the app: the plugin keeps that event
  // until this listener exists.
  void nativePlugin("PushNotifications").then(async (module) => {
    if (!module || removed) return;
    const handle = await module.PushNotifications.addListener("pushNotificationActionPerformed", (action) => {
      openPushTarget(action.notification.data, history);
    });
    if (removed) void handle.remove();
    else handles.push(handle);
  });
  // The splash hides itself after launchShowDuration at the latest (capacitor.config.ts); the
  // first render is the earlier moment to reveal the app.
  void nativePlugin("SplashScreen").then((module) => module && settle(module.SplashScreen.hide(), "splash hide"));
  // The first tap's haptic pulse should not wait for the plugin to load.
  void nativePlugin("Haptics");

  return () => {
    removed = true;
    for (const handle of handles) void handle.remove();
    focusManager.setFocused(undefined);
    for (const cleanup of cleanups) cleanup();
  };
}
