// Requests: malformed ids, cursors and bodies, which only a client bug or a probe produces.

export const REQUEST_TEXTS = {
  invalidId: "Invalid id",
  invalidCursor: "Invalid cursor",
  invalidRequest: "Invalid request",
  /** The SPA's answer when a request never reached the server. */
  network: "Network error. Check your connection and try again.",
} as const;