// Handlers throw ApiError; one onError turns it into the { error: { code, message, requestId } }
// envelope. Nothing else builds error JSON.
import { ERROR_STATUS, type ErrorCode } from "../../shared/errors";

export class ApiError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After on a rate limit. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message = "Not found") => new ApiError("not_found", message);
export const forbidden = (message = "Forbidden") => new ApiError("forbidden", message);
export const unauthorized = (message = "Authentication required") => new ApiError("unauthorized", message);
export const badRequest = (message: string, details?: unknown) => new ApiError("bad_request", message, details);
