// A tap on a notification while the app is open (issue #30): the service worker focuses this
// window and asks it to show the notification's screen (public/push-sw.js, notificationclick).
// The router moves without a reload, so what the page holds (a draft, a playing track) stays; the
// reply tells the worker not to reload the window there itself.
import { pushTargetPath } from "@web/lib/push-path";

interface NavigateMessage {
  type: "navigate";
  path: string;
}

function isNavigateMessage(data: unknown): data is NavigateMessage {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === "navigate";
}

/**
 * Listens for the worker's { type: "navigate", path } and calls `navigate` with a path of this
 * origin (anything else is ignored and left unanswered). Returns the cleanup.
 */
export function listenForPushNavigation(navigate: (path: string) => void, container: ServiceWorkerContainer | undefined = navigator.serviceWorker): () => void {
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (!isNavigateMessage(event.data)) return;
    const path = pushTargetPath(event.data.path);
    if (path === null) return;
    navigate(path);
    event.ports[0]?.postMessage({ type: "navigated" });
  };
  container.addEventListener("message", onMessage);
  return () => container.removeEventListener("message", onMessage);
}
