// Requests: malformed ids, cursors and bodies, which only a client bug or a probe produces.

export const REQUEST_TEXTS = {
  invalidId: "Invalid id",
  invalidCursor: "Invalid cursor",
  invalidRequest: "Invalid request",
  /** The SPA's answer when a request never reached the server. */
  network: "Network error. Check your connection and try again.",
  // --- The Worker's own answers outside any area (guards, live routes, the error envelope). ---
  authenticationRequired: "Authentication required",
  forbidden: "Forbidden",
  notFound: "Not found",
  crossOriginRefused: "Cross-origin request refused",
  expectedWebSocket: "Expected a WebSocket upgrade",
  unexpectedError: "An unexpected error occurred",
  /** Every answer of a deploy missing its configuration (worker/lib/config.ts); the log line says what is missing. */
  notConfigured: "Backline is not available right now. Please try again later.",
  /** The deep health check's 503 (GET /api/health?deep=1); its details say which part failed. */
  healthCheckFailed: "Health check failed",
} as const;