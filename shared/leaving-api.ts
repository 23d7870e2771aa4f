// Leaving (issue #27 items 5 and 6, decision record 0084): the contract of /api/account between
// the Worker and the SPA.
/** Days between asking for deletion and the deletion itself; signing in before then cancels it. */
export const DELETION_GRACE_DAYS = 7;
/** Days an export's download link works. */
export const EXPORT_LINK_DAYS = 7;

/** The newest export's state as /settings shows it. */
export type DataExportState =
  | { status: "none" }
  | { status: "requested"; id: string; requestedAt: number }
  | { status: "ready"; id: string; readyAt: number; expiresAt: number }
  | { status: "expired"; id: string; expiresAt: number }
  | { status: "failed"; id: string };
