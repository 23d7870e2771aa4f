// Reports the SPA's uncaught errors, unhandled rejections and React error boundaries to
// /api/client-errors (issue #28 item 5), where each becomes one log line beside the requests.
// Sampled per page load (CLIENT_ERROR_SAMPLING.rate), at most CLIENT_ERROR_SAMPLING.perPage reports
// per page load and each message once, so a loop of errors costs one request; the server limits
// each IP as well. Off until web/main.tsx installs it, so components rendered in tests send nothing.
// It sends the router's pattern of the screen (`/users/$userId`), never the address.
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, CLIENT_ERROR_ROUTE, CLIENT_ERROR_SAMPLING, type ClientErrorReport } from "@shared/client-errors";

type Kind = (typeof CLIENT_ERROR_KINDS)[number];

let installed = false;
let sampledIn = false;
let sent = 0;
const seen = new Set<string>();
let currentRoute: () => string | undefined = () => undefined;

/** What one report says: the error's message and stack, cut to the route's bounds. */
export function clientErrorReport(kind: Kind, error: unknown, route?: string): ClientErrorReport {
  // A thrown non-Error (a string, a rejected fetch's reason) has no stack of its own; a made-up one
  // would point at this module.
  const message = error instanceof Error ? error.message || error.name : String(error);
  const report: ClientErrorReport = { kind, message: (message || "Error").slice(0, CLIENT_ERROR_LIMITS.message) };
  if (error instanceof Error && error.stack) report.stack = error.stack.slice(0, CLIENT_ERROR_LIMITS.stack);
  if (route && CLIENT_ERROR_ROUTE.test(route) && route.length <= CLIENT_ERROR_LIMITS.route) report.route = route;
  return report;
}

/** Sends one report if the page is sampled in, under its cap, and the message is new. */
export function reportClientError(kind: Kind, error: unknown): void {
  if (!installed || !sampledIn || sent >= CLIENT_ERROR_SAMPLING.perPage) return;
  const report = clientErrorReport(kind, error, currentRoute());
  const key = `${kind}:${report.message}`;
  if (seen.has(key)) return;
  seen.add(key);
  sent++;
  // keepalive: an error just before the page goes away still arrives. A failed report is dropped;
  // reporting it would be the loop this module exists to avoid.
  void fetch("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(report),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Turns reporting on for this page load: decides once whether the page is sampled in, and listens
 * for uncaught errors and unhandled rejections. `route` names the screen at the time of an error.
 */
export function installErrorReporter(route: () => string | undefined, random: () => number = Math.random): () => void {
  const onError = (event: ErrorEvent) => reportClientError("error", event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportClientError("unhandledrejection", event.reason);
  if (!installed) {
    installed = true;
    sampledIn = random() < CLIENT_ERROR_SAMPLING.rate;
    currentRoute = route;
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
  }
  // Stops listening (tests; a page never needs to).
  return () => {
    installed = false;
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
