// Handlers throw ApiError; one onError turns it into the { error: { code, message, requestId } }
// envelope. Nothing else builds error JSON.
import { ERROR_STATUS, type ErrorCode } from "@shared/errors";

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
