// Test helpers for the accounts UI: the real route tree in a memory history, and a fetch stand-in
// that answers API calls by method and path and records what the SPA sent.
import { vi } from "vitest";
import { queryClient } from "@web/lib/query-client";

interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function apiError(status: number, code: string, message: string, details?: unknown): Response {
  return json({ error: { code, message, requestId: "test", ...(details === undefined ? {} : { details }) } }, status);
}

const USER = { id: "u1", email: "maya@example.com" };
const PROFILE = {
  userId: "u1",
  username: "maya",
  displayName: "Maya Lopez",
  avatarUrl: null,
  bio: null,
  profession: null,
  location: null,
  verified: false,
  websiteUrl: null,
  skills: [],
  postCount: 0,
  followerCount: 0,
  followingCount: 0,
  createdAt: 0,
  updatedAt: 0,
};
export const SIGNED_IN = { user: USER, profile: PROFILE };
export const SIGNED_OUT = { user: null, profile: null };

/**
 * Replaces fetch. `routes` maps "METHOD /path" to a handler; unknown calls answer 404 in the
 * error envelope so a test sees them fail instead of hanging.
 */
export function mockApi(routes: Record<string, Handler | Response | unknown>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    let body: unknown = undefined;
    if (typeof init?.body === "string") {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call = { method, path: url.pathname, search: url.search, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return apiError(404, "not_found", "Not found");
    if (typeof route === "function") return (route as Handler)(call);
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The real app at `path`, sharing the app's query client (cleared per test by resetApp). */
export { renderRoute as renderApp } from "../render-route";

export function resetApp() {
  queryClient.clear();
  vi.unstubAllGlobals();
}

/** A promise with its resolve function, for holding an API answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
