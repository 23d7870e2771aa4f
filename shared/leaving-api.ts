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

/**
 * Minutes a fresh Google sign-in counts as "it is you" for deleting the account (decision record
 * 0084): long enough to tick the box and press the button, short enough that a device left open
 * cannot be used later.
 */
export const REAUTH_PROOF_MINUTES = 10;

/** How /settings learns the outcome of the Google round trip: `/settings?reauth=…`. */
export const REAUTH_OUTCOMES = ["confirmed", "other_account", "stale", "not_linked", "failed"] as const;
export type ReauthOutcome = (typeof REAUTH_OUTCOMES)[number];

/** `GET /api/account/reauth`: how this account can confirm it is them before deleting. */
export interface DeletionConfirmation {
  /** The account has a password to re-enter. */
  password: boolean;
  /** The account is linked to Google and Google sign-in is configured. */
  google: boolean;
  /** When this device's Google confirmation stops working (ms), or null when there is none. */
  googleConfirmedUntil: number | null;
}
