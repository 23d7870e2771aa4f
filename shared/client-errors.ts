// What the SPA's error reports to /api/client-errors may carry (issue #28 item 5): kinds, bounds and
// sampling, without zod, so the reporter in the app's entry (web/lib/report-error.ts) does not pull
// the schema library into the shell. The route's schema is shared/schemas/client-error.ts.
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "boundary"] as const;

export const CLIENT_ERROR_LIMITS = { message: 300, stack: 2000, route: 200 } as const;

/** The share of page loads whose errors are reported at all, and how many one page load sends at most. */
export const CLIENT_ERROR_SAMPLING = { rate: 0.5, perPage: 5 } as const;

/** A screen's router pattern (`/users/$userId`): no query, no fragment, nothing else. */
export const CLIENT_ERROR_ROUTE = /^\/[\w$/.-]*$/;

export interface ClientErrorReport {
  kind: (typeof CLIENT_ERROR_KINDS)[number];
  message: string;
  stack?: string;
  route?: string;
}
