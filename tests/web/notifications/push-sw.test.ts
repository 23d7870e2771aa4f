// The service worker's push handling (public/push-sw.js, issue #30 item 2), run as the browser
// runs it: the script's own text evaluated against a fake ServiceWorkerGlobalScope that records
// what it shows, focuses, posts and opens. Pushes arrive as the DevTools protocol delivers them
// in the end-to-end journey: plain JSON text.
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import type { PushPayload } from "@shared/notifications-api";
import source from "../../../public/push-sw.js?raw";

const ORIGIN = "https://backline.test";

interface FakeWindow {
  url: string;
  focused: boolean;
  visibilityState: "visible" | "hidden";
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

/** A window client; `answers` says whether the page confirms a navigate message (the app does). */
function fakeWindow(path: string, { focused = false, visible = true, answers = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url: `${ORIGIN}${path}`,
    focused,
    visibilityState: visible ? "visible" : "hidden",
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => client),
    postMessage: vi.fn((_message: unknown, ports: MessagePort[]) => {
      if (answers) ports[0]!.postMessage({ type: "navigated" });
    }),
  };
  return client;
}

type Listener = (event: Record<string, unknown>) => void;
/** What showNotification takes; TypeScript's DOM types lack the last two. */
type ShownOptions = NotificationOptions & { timestamp?: number; renotify?: boolean };

function loadWorker({ windows = [] as FakeWindow[] } = {}) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async (_title: string, _options: ShownOptions) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => ({
    toJSON: () => ({ endpoint: "https://push.example/new", expirationTime: null, keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) } }),
  }));
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 201 }));
  const scope = {
    location: { origin: ORIGIN },
    navigator: {},
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification, pushManager: { subscribe } },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    fetch,
    MessageChannel,
  };
  new Function("self", source)(scope);

  /** Fires an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { listeners, showNotification, openWindow, subscribe, fetch, scope, dispatch };
}

/** PushMessageData for a text, as Chromium hands a DevTools-delivered push to the worker. */
function pushData(text: string) {
  return { text: () => text, json: () => JSON.parse(text) as unknown };
}

const PAYLOAD: PushPayload = {
  v: 1,
  id: "n_1",
  title: "Jonah Brooks",
  body: "Are you free on Friday?",
  icon: "https://cdn.backline.test/media/avatar-jonah.webp",
  path: "/messages/c_42",
  tag: "conversation:c_42",
  count: 1,
};

const push = (worker: ReturnType<typeof loadWorker>, payload: unknown) =>
  worker.dispatch("push", { data: pushData(typeof payload === "string" ? payload : JSON.stringify(payload)) });

afterEach(() => {
  vi.useRealTimers();
});

describe("push", () => {
  it("registers its three listeners beside the generated worker's", () => {
    expect([...loadWorker().listeners.keys()].sort()).toEqual(["notificationclick", "push", "pushsubscriptionchange"]);
  });

  it("shows the payload's title and body with the sender's avatar, tag, renotify and the path to open", async () => {
    const worker = loadWorker();
    const before = Date.now();
    await push(worker, PAYLOAD);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0]!;
    expect(title).toBe("Jonah Brooks");
    expect(options).toEqual({
      body: "Are you free on Friday?",
      icon: PAYLOAD.icon,
      badge: "/icons/icon-192.png",
      tag: "conversation:c_42",
      renotify: true,
      data: { path: "/messages/c_42", id: "n_1" },
      timestamp: expect.any(Number),
    });
    expect(options.timestamp).toBeGreaterThanOrEqual(before);
  });

  it("uses the app icon when the payload has no avatar", async () => {
    const worker = loadWorker();
    await push(worker, { ...PAYLOAD, icon: null });
    expect(worker.showNotification.mock.calls[0]![1].icon).toBe("/icons/icon-192.png");
  });

  it.each([
    ["not JSON", "hello"],
    ["another version", { ...PAYLOAD, v: 2 }],
    ["a protocol-relative path", { ...PAYLOAD, path: "//evil.example/x" }],
    ["a backslash path", { ...PAYLOAD, path: "/\\evil.example" }],
    ["an absolute URL as path", { ...PAYLOAD, path: "https://evil.example/" }],
    ["a missing title", { ...PAYLOAD, title: undefined }],
    ["a number as body", { ...PAYLOAD, body: 3 }],
    ["a javascript: icon", { ...PAYLOAD, icon: "javascript:alert(1)" }],
    ["no count", { ...PAYLOAD, count: undefined }],
  ])("shows the generic Backline notification for %s", async (_case, payload) => {
    const worker = loadWorker();
    await push(worker, payload);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0]!;
    expect(title).toBe(NOTIFICATION_SCREEN_TEXTS.fallback.title);
    expect(options.body).toBe(NOTIFICATION_SCREEN_TEXTS.fallback.body);
    expect(options.icon).toBe("/icons/icon-192.png");
    // Nothing of the refused payload reaches the notification.
    expect(JSON.stringify(options)).not.toContain("evil");
    expect(options.data).toEqual({ path: "/activity", id: null });
  });

  it("shows the generic notification for a push without data", async () => {
    const worker = loadWorker();
    await worker.dispatch("push", { data: null });
    expect(worker.showNotification.mock.calls[0]![0]).toBe("Backline");
  });

  it("stays silent only for a focused, visible window already on that exact path", async () => {
    const reading = loadWorker({ windows: [fakeWindow("/messages/c_42", { focused: true, visible: true })] });
    await push(reading, PAYLOAD);
    expect(reading.showNotification).not.toHaveBeenCalled();

    const hidden = loadWorker({ windows: [fakeWindow("/messages/c_42", { focused: true, visible: false })] });
    await push(hidden, PAYLOAD);
    expect(hidden.showNotification).toHaveBeenCalledTimes(1);

    const elsewhere = loadWorker({ windows: [fakeWindow("/messages/c_7", { focused: true, visible: true })] });
    await push(elsewhere, PAYLOAD);
    expect(elsewhere.showNotification).toHaveBeenCalledTimes(1);

    // The conversation screen's own address is the same screen as the push's /messages/{id}.
    const conversation = loadWorker({ windows: [fakeWindow("/messages?conversation=c_42", { focused: true, visible: true })] });
    await push(conversation, PAYLOAD);
    expect(conversation.showNotification).not.toHaveBeenCalled();

    const background = loadWorker({ windows: [fakeWindow("/messages/c_42", { focused: false, visible: true })] });
    await push(background, PAYLOAD);
    expect(background.showNotification).toHaveBeenCalledTimes(1);
  });
});

describe("notificationclick", () => {
  const click = (worker: ReturnType<typeof loadWorker>, data: unknown) => {
    const close = vi.fn();
    return { close, done: worker.dispatch("notificationclick", { notification: { data, close } }) };
  };

  it("focuses the open window and asks the app to navigate there, without a reload", async () => {
    const feed = fakeWindow("/feed", { focused: false });
    const worker = loadWorker({ windows: [feed] });
    const { close, done } = click(worker, { path: "/messages/c_42", id: "n_1" });
    await done;
    expect(close).toHaveBeenCalledTimes(1);
    expect(feed.focus).toHaveBeenCalledTimes(1);
    expect(feed.postMessage).toHaveBeenCalledWith({ type: "navigate", path: "/messages/c_42" }, [expect.any(MessagePort)]);
    expect(feed.navigate).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it("prefers the focused window, then a visible one", async () => {
    const hidden = fakeWindow("/feed", { visible: false });
    const visible = fakeWindow("/search", { visible: true });
    const worker = loadWorker({ windows: [hidden, visible] });
    await click(worker, { path: "/orders/o_1" }).done;
    expect(visible.postMessage).toHaveBeenCalledTimes(1);
    expect(hidden.postMessage).not.toHaveBeenCalled();
  });

  it("reloads the window at the path when the page does not answer", async () => {
    vi.useFakeTimers();
    const silent = fakeWindow("/feed", { answers: false });
    const worker = loadWorker({ windows: [silent] });
    const { done } = click(worker, { path: "/post/p_9" });
    await vi.advanceTimersByTimeAsync(1500);
    await done;
    expect(silent.navigate).toHaveBeenCalledWith("/post/p_9");
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when a window it does not control refuses to navigate", async () => {
    vi.useFakeTimers();
    const uncontrolled = fakeWindow("/feed", { answers: false });
    uncontrolled.navigate.mockRejectedValue(new TypeError("not controlled"));
    const worker = loadWorker({ windows: [uncontrolled] });
    const { done } = click(worker, { path: "/post/p_9" });
    await vi.advanceTimersByTimeAsync(1500);
    await done;
    expect(worker.openWindow).toHaveBeenCalledWith("/post/p_9");
  });

  it("opens a window at the path when the app is not open", async () => {
    const worker = loadWorker();
    await click(worker, { path: "/messages/c_42", id: "n_1" }).done;
    expect(worker.openWindow).toHaveBeenCalledWith("/messages/c_42");
  });

  it.each(["//evil.example", "//evil.example/messages", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", 42, undefined])(
    "never leaves the origin for the path %s: it opens the feed",
    async (path) => {
      const worker = loadWorker();
      await click(worker, { path }).done;
      expect(worker.openWindow).toHaveBeenCalledWith("/feed");
      const open = loadWorker({ windows: [fakeWindow("/search")] });
      await click(open, { path }).done;
      expect(open.scope.clients.matchAll).toHaveBeenCalled();
      const [client] = (await open.scope.clients.matchAll()) as FakeWindow[];
      expect(client!.postMessage).toHaveBeenCalledWith({ type: "navigate", path: "/feed" }, expect.anything());
    },
  );
});

describe("pushsubscriptionchange", () => {
  it("subscribes again with the same server key and posts the new subscription, then drops the old one", async () => {
    const worker = loadWorker();
    const key = new Uint8Array([4, 1, 2, 3]).buffer;
    await worker.dispatch("pushsubscriptionchange", { oldSubscription: { endpoint: "https://push.example/old", options: { applicationServerKey: key } }, newSubscription: null });
    expect(worker.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    const calls = worker.fetch.mock.calls.map(([url, init]) => ({ url, method: init.method, body: JSON.parse(String(init.body)) as unknown }));
    expect(calls).toEqual([
      { url: "/api/push/subscriptions", method: "POST", body: { kind: "web", endpoint: "https://push.example/new", keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) } } },
      { url: "/api/push/subscriptions", method: "DELETE", body: { endpoint: "https://push.example/old" } },
    ]);
  });

  it("refreshes an expired session once and tries again", async () => {
    const worker = loadWorker();
    worker.fetch.mockResolvedValueOnce(new Response(null, { status: 401 }));
    await worker.dispatch("pushsubscriptionchange", { oldSubscription: { endpoint: "https://push.example/old", options: { applicationServerKey: new ArrayBuffer(65) } } });
    expect(worker.fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      "POST /api/push/subscriptions",
      "POST /api/auth/refresh",
      "POST /api/push/subscriptions",
      "DELETE /api/push/subscriptions",
    ]);
  });

  it("gives up quietly when there is no key to subscribe with", async () => {
    const worker = loadWorker();
    await worker.dispatch("pushsubscriptionchange", { oldSubscription: null });
    expect(worker.subscribe).not.toHaveBeenCalled();
    expect(worker.fetch).not.toHaveBeenCalled();
  });
});
