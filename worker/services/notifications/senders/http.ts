// What the three push senders share about talking to a push service over HTTP: one timeout, one
// reading of Retry-After, one way to turn a failed fetch into a "retry" outcome, and one
// short excerpt of an error body for the log. Each sender maps statuses itself, because each
// service says "this device is gone" differently.
import { toBase64Url } from "../../auth/encoding";
import type { SendOutcome } from "./types";

/** A push service that has not answered after this long is treated as a network error (retried). */
const PUSH_TIMEOUT_MS = 10_000;

/** How much of a refusal's body goes into the outcome's error (push services explain in a sentence or a JSON object). */
const ERROR_EXCERPT_CHARS = 300;

/**
 * Milliseconds to wait from a Retry-After header: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3); null when absent or unreadable. A date in the past means "now" (0).
 */
function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The request, aborted after PUSH_TIMEOUT_MS. A fetch that throws (DNS, TLS, reset, timeout) is the caller's "retry". */
export function fetchWithTimeout(fetcher: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  return fetcher(url, { ...init, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
}

/** The outcome of a fetch that threw: a timeout or a network error, both worth another try. */
export function networkFailure(error: unknown): SendOutcome {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  return { result: "retry", status: null, retryAfterMs: null, error: timedOut ? `no answer within ${PUSH_TIMEOUT_MS} ms` : `network error: ${String(error)}` };
}

/** Statuses worth another try later: too many requests, and every server error. */
export function isRetryStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A "retry" outcome for a 429/5xx answer, with its Retry-After when given. */
export function retryOutcome(response: Response, detail: string): SendOutcome {
  return { result: "retry", status: response.status, retryAfterMs: retryAfterMs(response.headers.get("Retry-After")), error: detail };
}

/** A response's whole body as text; "" when it cannot be read. Never throws. */
export async function responseText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return "";
  }
}

/** The start of a body, for the log line of a refusal. */
function excerpt(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > ERROR_EXCERPT_CHARS ? `${trimmed.slice(0, ERROR_EXCERPT_CHARS)}…` : trimmed;
}

/** `{status} {excerpt}`: what a failed or retried outcome says. */
export function describeRefusal(status: number, body: string): string {
  const start = excerpt(body);
  return start === "" ? `HTTP ${status}` : `HTTP ${status}: ${start}`;
}

/** The JSON of a response body, or null when it is not JSON (an HTML error page from a proxy). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** SHA-256 of a text, base64url without padding (43 characters). */
export async function sha256Base64Url(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}
