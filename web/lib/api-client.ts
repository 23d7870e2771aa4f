// The SPA's API client, typed against the Worker's AppType. `unwrap` turns the error envelope
// into an ApiClientError whose message is the server's (spec-exact) text.
import { hc } from "hono/client";
import { isErrorBody, type ErrorCode } from "../../shared/errors";
import type { AppType } from "../../worker/app";

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
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
    throw new ApiClientError("Network error. Check your connection and try again.", 0, "network");
  }
  if (res.ok) return res.json();
  const body: unknown = await res.json().catch(() => null);
  if (isErrorBody(body)) throw new ApiClientError(body.error.message, res.status, body.error.code, body.error.details);
  throw new ApiClientError("An unexpected error occurred", res.status, "internal");
}
