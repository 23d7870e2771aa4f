// The SPA's API client, typed against the Worker's AppType. `unwrap` turns the error envelope
// into an ApiClientError whose message is the server's (spec-exact) text.
//
// Access tokens live for 15 minutes in an HttpOnly cookie, so the SPA cannot see when one has
// expired. Instead every call that answers 401 triggers one POST /api/auth/refresh (which rotates
// the refresh cookie) and is then retried once. If that does not help, listeners registered with
// `onSessionLost` are told, so the auth feature can mark the visitor as signed out.
import { hc } from "hono/client";
import { isErrorBody, type ErrorCode } from "@shared/errors";
import { REQUEST_TEXTS } from "@shared/messages";
import type { AppType } from "../../worker/app";

const REFRESH_PATH = "/api/auth/refresh";

type SessionLostListener = () => void;
const sessionLostListeners = new Set<SessionLostListener>();

/** Registers a callback for "the server no longer accepts our session"; returns an unsubscribe. */
export function onSessionLost(listener: SessionLostListener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

function pathOf(input: RequestInfo | URL): string {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(raw, "http://local").pathname;
  } catch {
    return raw;
  }
}

/**
 * Credential exchanges under /api/auth answer 401 for reasons a refresh cannot fix (and the
 * refresh call itself must never recurse), so only sign-out, which needs a live session, is
 * retried there.
 */
function mayRefreshFor(path: string): boolean {
  return !path.startsWith("/api/auth/") || path === "/api/auth/sign-out";
}

let refreshInFlight: Promise<boolean> | null = null;

async function postRefresh(): Promise<boolean> {
  try {
    const res = await globalThis.fetch(REFRESH_PATH, { method: "POST", credentials: "same-origin" });
    // Read the body so the connection is released; its content is not needed here.
    await res.text().catch(() => "");
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Rotates the refresh token once, however many calls are waiting for it. Refresh tokens are
 * single-use with reuse detection, so two concurrent refreshes with the same cookie would make
 * the server revoke the whole session: calls in this tab share one promise, and tabs take turns
 * through a Web Lock (by the time a second tab gets the lock, the cookie jar already holds the
 * rotated token).
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshInFlight) {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    const run = locks ? locks.request("backline-auth-refresh", postRefresh) : postRefresh();
    refreshInFlight = run.finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** fetch with the 401 → one refresh → one retry rule; used by the hc client below. */
export async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // Looked up on every call (not captured at import) so tests can replace globalThis.fetch.
  const res = await globalThis.fetch(input, init);
  if (res.status !== 401 || !mayRefreshFor(pathOf(input))) return res;
  // The retry happens even when the refresh failed: a refresh loses a race when another tab (or
  // GET /api/auth/session) rotated the same token a moment earlier, and the cookie jar then
  // already holds the new pair.
  await refreshSession();
  const retried = await globalThis.fetch(input, init);
  if (retried.status === 401) for (const listener of sessionLostListeners) listener();
  return retried;
}

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  fetch: fetchWithRefresh,
});

export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | "network",
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

/** Awaits an hc call and returns its JSON, or throws ApiClientError with the server's message. */
export async function unwrap<T>(call: Promise<{ ok: boolean; status: number; json(): Promise<T> }>): Promise<T> {
  let res;
  try {
    res = await call;
  } catch {
    throw new ApiClientError(REQUEST_TEXTS.network, 0, "network");
  }
  if (res.ok) return res.json();
  const body: unknown = await res.json().catch(() => null);
  if (isErrorBody(body)) throw new ApiClientError(body.error.message, res.status, body.error.code, body.error.details);
  throw new ApiClientError(REQUEST_TEXTS.unexpectedError, res.status, "internal");
}
