// The native bridge (spec §1: status bar, back button, haptics, app state; decision record 0044;
// the hand-offs back from the system browser, decision record 0093):
// every capability inside the app with the Capacitor plugins mocked, and its web fallback in the
// browser. "Inside the app" is what the shell injects: a window.Capacitor that says so.
import { QueryClient, focusManager } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@web/components/ui/dialog";
import { installHaptics } from "@web/lib/haptics";
import { createLiveSocket } from "@web/lib/live-socket";
import {
  HAPTIC_PATTERNS,
  WEB_BACKGROUND_GRACE_MS,
  closeTopmostLayer,
  impact,
  installNativeBridge,
  isNativeApp,
  openDeepLink,
  openInSystemBrowser,
  openPaymentPage,
} from "@web/lib/native-bridge";
import { setThemePreference } from "@web/lib/theme";
import { FakeSocket } from "./social/fake-socket";

const native = vi.hoisted(() => {
  type Listener = (event: never) => void;
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    emit(name: string, event: unknown) {
      const listener = listeners.get(name);
      if (!listener) throw new Error(`no ${name} listener`);
      listener(event as never);
    },
    addListener: vi.fn(async (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return { remove: vi.fn(async () => void listeners.delete(name)) };
    }),
    exitApp: vi.fn(async () => {}),
    impact: vi.fn(async (_options: { style: string }) => {}),
    setStyle: vi.fn(async (_options: { style: string }) => {}),
    setBackgroundColor: vi.fn(async (_options: { color: string }) => {}),
    hide: vi.fn(async () => {}),
  };
});

vi.mock("@capacitor/app", () => ({ App: { addListener: native.addListener, exitApp: native.exitApp } }));
vi.mock("@capacitor/haptics", () => ({
  Haptics: { impact: native.impact },
  ImpactStyle: { Heavy: "HEAVY", Medium: "MEDIUM", Light: "LIGHT" },
}));
vi.mock("@capacitor/status-bar", () => ({
  StatusBar: { setStyle: native.setStyle, setBackgroundColor: native.setBackgroundColor },
  Style: { Dark: "DARK", Light: "LIGHT", Default: "DEFAULT" },
}));
vi.mock("@capacitor/splash-screen", () => ({ SplashScreen: { hide: native.hide } }));

type Shell = { isNativePlatform(): boolean; getPlatform(): string; isPluginAvailable(name: string): boolean };
const globals = globalThis as { Capacitor?: Shell };

/** Pretends to be inside the app, as the shell's injected runtime would. */
function insideApp({ platform = "android", plugins = ["App", "Haptics", "StatusBar", "SplashScreen"] } = {}) {
  globals.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
    isPluginAvailable: (name) => plugins.includes(name),
  };
}

const cleanups: Array<() => void> = [];
let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
  native.listeners.clear();
  FakeSocket.reset();
});
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  delete globals.Capacitor;
  Reflect.deleteProperty(navigator, "vibrate");
  vi.clearAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = "";
});

function install(history = createMemoryHistory({ initialEntries: ["/feed"] }), queryClient = new QueryClient()) {
  cleanups.push(installNativeBridge({ history, queryClient }));
  return { history, queryClient };
}

/** Waits until the App plugin's listeners are registered (the plugin is imported on demand). */
async function appListenersReady() {
  await waitFor(() => expect(native.listeners.has("appUrlOpen")).toBe(true));
}

describe("detection", () => {
  it("is the browser unless the shell's injected runtime says it is native", () => {
    expect(isNativeApp()).toBe(false);
    globals.Capacitor = { isNativePlatform: () => false, getPlatform: () => "web", isPluginAvailable: () => false };
    expect(isNativeApp()).toBe(false);
    insideApp();
    expect(isNativeApp()).toBe(true);
  });
});

describe("status bar follows the theme", () => {
  const metaContents = () => [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute("content"));

  it("in the browser: both theme-color metas carry the theme's colour, and no plugin is touched", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#0a0a0a" media="(prefers-color-scheme: dark)">' +
      '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">';
    setThemePreference("light");
    expect(metaContents()).toEqual(["#ffffff", "#ffffff"]);
    setThemePreference("dark");
    expect(metaContents()).toEqual(["#0a0a0a", "#0a0a0a"]);
    expect(native.setStyle).not.toHaveBeenCalled();
  });

  it("in the browser without a theme-color meta, adds one", () => {
    setThemePreference("light");
    expect(metaContents()).toEqual(["#ffffff"]);
  });

  it("on Android: light icons on #0a0a0a for dark, dark icons on #ffffff for light", async () => {
    insideApp({ platform: "android" });
    setThemePreference("dark");
    await waitFor(() => expect(native.setBackgroundColor).toHaveBeenCalledWith({ color: "#0a0a0a" }));
    expect(native.setStyle).toHaveBeenLastCalledWith({ style: "DARK" });
    setThemePreference("light");
    await waitFor(() => expect(native.setBackgroundColor).toHaveBeenLastCalledWith({ color: "#ffffff" }));
    expect(native.setStyle).toHaveBeenLastCalledWith({ style: "LIGHT" });
  });

  it("on iOS: only the style (the page shows through the bar)", async () => {
    insideApp({ platform: "ios" });
    setThemePreference("light");
    await waitFor(() => expect(native.setStyle).toHaveBeenCalledWith({ style: "LIGHT" }));
    expect(native.setBackgroundColor).not.toHaveBeenCalled();
  });

  it("inside an app build without the plugin: the metas still follow, nothing throws", async () => {
    insideApp({ plugins: [] });
    setThemePreference("light");
    await Promise.resolve();
    expect(metaContents()).toEqual(["#ffffff"]);
    expect(native.setStyle).not.toHaveBeenCalled();
  });
});

describe("haptics", () => {
  function clickThree() {
    cleanups.push(installHaptics(document));
    render(
      <>
        <Button>Share Post</Button>
        <Button variant="ghost">Cancel</Button>
        <Button variant="destructive">Delete Post</Button>
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Share Post" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Post" }));
  }

  it("in the app: medium, light and heavy map onto the native impact styles, no vibrate", async () => {
    insideApp();
    clickThree();
    await waitFor(() => expect(native.impact).toHaveBeenCalledTimes(3));
    expect(native.impact.mock.calls).toEqual([[{ style: "MEDIUM" }], [{ style: "LIGHT" }], [{ style: "HEAVY" }]]);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it("in the browser: navigator.vibrate with the strength's pattern", () => {
    clickThree();
    expect(vibrate.mock.calls).toEqual([[HAPTIC_PATTERNS.medium], [HAPTIC_PATTERNS.light], [HAPTIC_PATTERNS.heavy]]);
    expect(native.impact).not.toHaveBeenCalled();
  });

  it("in an app build without the plugin: falls back to vibrate", async () => {
    insideApp({ plugins: ["App"] });
    impact("heavy");
    await waitFor(() => expect(vibrate).toHaveBeenCalledWith(HAPTIC_PATTERNS.heavy));
    expect(native.impact).not.toHaveBeenCalled();
  });

  it("in a browser without the Vibration API: nothing happens, nothing throws", () => {
    Reflect.deleteProperty(navigator, "vibrate");
    expect(() => impact("light")).not.toThrow();
  });
});

/** A screen with a Radix dialog the test opens by hand. */
function DialogScreen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open comments
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Comments</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("Android back button", () => {
  it("closes an open dialog first, then goes back in history, then leaves the app on the first screen", async () => {
    insideApp();
    const history = createMemoryHistory({ initialEntries: ["/feed"] });
    install(history);
    await appListenersReady();
    history.push("/post/p1");
    await waitFor(() => expect(history.location.pathname).toBe("/post/p1"));
    render(<DialogScreen />);
    fireEvent.click(screen.getByRole("button", { name: "Open comments" }));
    expect(screen.getByRole("dialog", { name: "Comments" })).toBeInTheDocument();

    act(() => native.emit("backButton", { canGoBack: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(history.location.pathname).toBe("/post/p1");
    expect(native.exitApp).not.toHaveBeenCalled();

    act(() => native.emit("backButton", { canGoBack: true }));
    await waitFor(() => expect(history.location.pathname).toBe("/feed"));
    expect(native.exitApp).not.toHaveBeenCalled();

    act(() => native.emit("backButton", { canGoBack: false }));
    expect(native.exitApp).toHaveBeenCalledOnce();
    expect(history.location.pathname).toBe("/feed");
  });

  it("closes nested layers one at a time, topmost first", async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <Dialog open={outer} onOpenChange={setOuter}>
          <DialogContent>
            <DialogTitle>Edit post</DialogTitle>
            <Dialog open={inner} onOpenChange={setInner}>
              <DialogContent>
                <DialogTitle>Discard changes?</DialogTitle>
              </DialogContent>
            </Dialog>
          </DialogContent>
        </Dialog>
      );
    }
    render(<Nested />);
    expect(closeTopmostLayer(document)).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Discard changes?" })).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "Edit post" })).toBeInTheDocument();
    expect(closeTopmostLayer(document)).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(closeTopmostLayer(document)).toBe(false);
  });

  it("in the browser registers no native listener; its back guard exists only while a dialog is open and stops a back then", async () => {
    const blockers: Array<(args: { action: string }) => unknown> = [];
    const history = createMemoryHistory({ initialEntries: ["/feed"] });
    vi.spyOn(history, "block").mockImplementation((blocker) => {
      blockers.push(blocker.blockerFn as (args: { action: string }) => unknown);
      expect(blocker.enableBeforeUnload).toBe(false);
      return () => {};
    });
    install(history);
    expect(native.addListener).not.toHaveBeenCalled();
    // No blocker with nothing open: pushes and replaces stay synchronous, as the router makes them.
    expect(blockers).toHaveLength(0);
    render(<DialogScreen />);
    fireEvent.click(screen.getByRole("button", { name: "Open comments" }));
    await waitFor(() => expect(blockers).toHaveLength(1));
    const [guard] = blockers;
    expect(guard?.({ action: "PUSH" })).toBe(false);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(guard?.({ action: "BACK" })).toBe(true);
  });
});

describe("deep links", () => {
  it("routes /post/{id} and /profile/{id} links the system hands the app", async () => {
    insideApp();
    const { history } = install();
    await appListenersReady();
    // A push waits for the router's blockers (the back guard), so it lands a tick later.
    act(() => native.emit("appUrlOpen", { url: "https://backline.example/post/p42?comment=c1" }));
    await waitFor(() => expect(history.location.pathname).toBe("/post/p42"));
    expect(history.location.search).toBe("?comment=c1");
    act(() => native.emit("appUrlOpen", { url: "https://backline.example/profile/u7" }));
    await waitFor(() => expect(history.location.pathname).toBe("/profile/u7"));
  });

  it("routes the hand-offs back from the system browser: Google sign-in's return and Stripe Checkout's (decision record 0093)", async () => {
    insideApp();
    const { history } = install();
    await appListenersReady();
    // An App Link / universal link to the sign-in's return: the route there redeems the code.
    act(() => native.emit("appUrlOpen", { url: "https://backline.example/app/auth-return?code=c0de" }));
    await waitFor(() => expect(history.location.pathname).toBe("/app/auth-return"));
    expect(history.location.search).toBe("?code=c0de");
    // The app's own scheme carries the same hand-off when the browser kept the link.
    act(() => native.emit("appUrlOpen", { url: "app.backline.mobile://app/auth-return?code=s1gn" }));
    await waitFor(() => expect(history.location.search).toBe("?code=s1gn"));
    expect(history.location.pathname).toBe("/app/auth-return");
    // Stripe Checkout's return names the page to open in the app.
    act(() => native.emit("appUrlOpen", { url: "https://backline.example/app/open/payment-success?session_id=cs_1&order=o1" }));
    await waitFor(() => expect(history.location.pathname).toBe("/app/open/payment-success"));
    expect(history.location.search).toBe("?session_id=cs_1&order=o1");
  });

  it("ignores links to anything else", () => {
    const history = createMemoryHistory({ initialEntries: ["/feed"] });
    for (const url of [
      "https://backline.example/settings",
      "https://backline.example/post/",
      "https://backline.example/app/",
      "javascript:alert(1)//post/x",
      "not a url",
      // The app's scheme carries hand-offs only, and another app's scheme is not ours.
      "app.backline.mobile://post/p1",
      "app.backline.mobile://settings",
      "other.app://app/auth-return?code=c0de",
    ]) {
      expect(openDeepLink(url, history)).toBe(false);
    }
    expect(history.location.pathname).toBe("/feed");
  });
});

describe("pages of other sites (Google's sign-in, Stripe Checkout)", () => {
  function stubLocation() {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    return assign;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("in the app: the payment page goes to the system browser once the server named it, and no window is opened", async () => {
    insideApp();
    const assign = stubLocation();
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const answer = await openPaymentPage(async () => ({ url: "https://checkout.stripe.com/c/pay/cs_1", orderId: "o1" }), (created) => created.url);
    expect(answer.orderId).toBe("o1");
    // Capacitor hands a top-level navigation to another host to the system browser.
    expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1");
    expect(open).not.toHaveBeenCalled();
    openInSystemBrowser("https://accounts.google.com/o/oauth2/v2/auth?state=app.x");
    expect(assign).toHaveBeenLastCalledWith("https://accounts.google.com/o/oauth2/v2/auth?state=app.x");
  });

  it("in the browser: a tab opened during the tap, sent on, or closed when the server refuses", async () => {
    const assign = stubLocation();
    const tab = { location: { href: "" }, close: vi.fn() };
    vi.stubGlobal("open", vi.fn(() => tab));
    await openPaymentPage(async () => ({ url: "https://checkout.stripe.com/c/pay/cs_2" }), (created) => created.url);
    expect(tab.location.href).toBe("https://checkout.stripe.com/c/pay/cs_2");
    await expect(openPaymentPage(() => Promise.reject(new Error("refused")), () => "never")).rejects.toThrow("refused");
    expect(tab.close).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("app state", () => {
  function liveSocket() {
    const onOpen = vi.fn();
    const socket = createLiveSocket<unknown, unknown>({
      url: "ws://localhost/api/posts/p1/comments/live",
      parse: () => null,
      onMessage: () => {},
      onOpen,
      createSocket: FakeSocket.create,
    });
    cleanups.push(() => socket.close());
    FakeSocket.last().serverOpen();
    return { socket, onOpen };
  }

  it("in the app: background pauses live sockets and unfocuses queries; foreground resumes and refetches stale ones", async () => {
    insideApp();
    const queryClient = new QueryClient();
    const refetch = vi.spyOn(queryClient, "refetchQueries").mockResolvedValue();
    install(undefined, queryClient);
    await appListenersReady();
    const { socket, onOpen } = liveSocket();
    const first = FakeSocket.last();

    act(() => native.emit("appStateChange", { isActive: false }));
    expect(first.closedByClient).toBe(true);
    expect(socket.state).toBe("closed");
    expect(focusManager.isFocused()).toBe(false);
    expect(refetch).not.toHaveBeenCalled();

    act(() => native.emit("appStateChange", { isActive: true }));
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last().serverOpen();
    // The reopened socket's open handler is where the screen fetches what it missed.
    expect(onOpen).toHaveBeenLastCalledWith({ previousOpens: 1, failedAttempts: 0 });
    expect(focusManager.isFocused()).toBe(true);
    expect(refetch).toHaveBeenCalledWith({ type: "active", stale: true });
  });

  it("in the browser: a tab hidden past the grace period pauses sockets; visible again resumes and refetches", () => {
    vi.useFakeTimers();
    let visibility: DocumentVisibilityState = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
    cleanups.push(() => Reflect.deleteProperty(document, "visibilityState"));
    const queryClient = new QueryClient();
    const refetch = vi.spyOn(queryClient, "refetchQueries").mockResolvedValue();
    install(undefined, queryClient);
    liveSocket();
    const first = FakeSocket.last();
    const setVisibility = (next: DocumentVisibilityState) => {
      visibility = next;
      document.dispatchEvent(new Event("visibilitychange"));
    };

    // A quick look at another tab keeps the connection.
    setVisibility("hidden");
    vi.advanceTimersByTime(WEB_BACKGROUND_GRACE_MS - 1);
    setVisibility("visible");
    vi.advanceTimersByTime(WEB_BACKGROUND_GRACE_MS);
    expect(first.closedByClient).toBe(false);
    expect(refetch).toHaveBeenCalledTimes(1);

    setVisibility("hidden");
    vi.advanceTimersByTime(WEB_BACKGROUND_GRACE_MS);
    expect(first.closedByClient).toBe(true);
    setVisibility("visible");
    expect(FakeSocket.instances).toHaveLength(2);
    expect(refetch).toHaveBeenLastCalledWith({ type: "active", stale: true });
    expect(native.addListener).not.toHaveBeenCalled();
  });
});

describe("installation inside the app", () => {
  it("hides the splash screen, and its cleanup removes every native listener", async () => {
    insideApp();
    const cleanup = installNativeBridge({ history: createMemoryHistory({ initialEntries: ["/feed"] }), queryClient: new QueryClient() });
    await appListenersReady();
    await waitFor(() => expect(native.hide).toHaveBeenCalledOnce());
    expect([...native.listeners.keys()].sort()).toEqual(["appStateChange", "appUrlOpen", "backButton"]);
    cleanup();
    await waitFor(() => expect(native.listeners.size).toBe(0));
  });
});
