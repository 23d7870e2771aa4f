// Requests through the Worker's real fetch handler, sent the way the SPA sends them, and readers for
// what comes back: the error envelope, JSON bodies and Set-Cookie lines.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";

/** The origin test requests are made on; mutating requests carry it as Origin by default. */
export const ORIGIN = "http://localhost";

/**
 * A fresh documentation-range IP. Rate limits count per IP, so each request gets its own IP
 * unless a test passes one, and unrelated tests never share a limit.
 */
export function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${b[0]}.${b[1]}`;
}

export interface ApiOptions {
  method?: string;
  /** Sent as JSON (a string is sent as-is with a JSON content type). */
  body?: unknown;
  /** Sent as-is (file bytes, a stream); any content type goes in `headers`. */
  raw?: BodyInit | null;
  /** A Cookie header value, e.g. a signed-in user's `cookie`; none for a visitor. */
  cookie?: string | null;
  headers?: Record<string, string>;
  /** CF-Connecting-IP; a random one unless given here or in `headers`. */
  ip?: string;
  /** The Origin header of a mutating request; ORIGIN by default, null to send none. */
  origin?: string | null;
}

/** Sends one request through the Worker's fetch handler, the way the SPA would. */
export function api(path: string, options: ApiOptions = {}): Promise<Response> {
  return exports.default.fetch(apiRequest(path, options));
}

/** The request `api` sends, for tests that hand it to the app with a changed environment. */
export function apiRequest(path: string, options: ApiOptions = {}): Request {
  const hasBody = options.body !== undefined || options.raw != null;
  const method = options.method ?? (hasBody ? "POST" : "GET");
  const headers = new Headers(options.headers);
  if (options.ip || !headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", options.ip ?? randomIp());
  if (!headers.has("User-Agent")) headers.set("User-Agent", "vitest");
  if (method !== "GET" && method !== "HEAD" && options.origin !== null) {
    if (options.origin !== undefined || !headers.has("Origin")) headers.set("Origin", options.origin ?? ORIGIN);
  }
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | null = options.raw ?? null;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
}

export interface ErrorEnvelope {
  error: { code: string; message: string; requestId: string; details?: unknown };
}

/** The error of an error envelope. */
export async function errorOf(res: Response): Promise<ErrorEnvelope["error"]> {
  return ((await res.json()) as ErrorEnvelope).error;
}

/** Asserts the status and the envelope's message, and returns the envelope. */
export async function expectError(res: Response, status: number, message?: string): Promise<ErrorEnvelope> {
  const body = (await res.json()) as ErrorEnvelope;
  expect({ status: res.status, message: body.error?.message }).toEqual({ status, message: message ?? body.error?.message });
  return body;
}

/** Asserts the status (showing the body when it differs) and returns the parsed JSON body. */
export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect({ status: res.status, body: text.slice(0, 300) }).toMatchObject({ status });
  return JSON.parse(text) as T;
}

/** name → value of every cookie a response sets (a deleted cookie has the value ""). */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    out[pair!.slice(0, at).trim()] = decodeURIComponent(pair!.slice(at + 1).trim());
  }
  return out;
}

/** The raw Set-Cookie line for one cookie, to check its attributes. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

export function cookieHeader(cookies: Record<string, string | undefined>): string {
  return Object.entries(cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}
