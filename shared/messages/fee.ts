import { PLATFORM_FEE_PERCENT } from "../constants";

// The platform fee's words (second document §9: 5% on top of the price), derived from the one
// rate in shared/constants.ts, so that the price breakdowns, the hints and the mails can never
// name another rate than the one the Worker charges.

export const PLATFORM_FEE_TEXTS = {
  /** "5%", for sentences that mention the rate. */
  rate: `${PLATFORM_FEE_PERCENT}%`,
  /** "Platform fee (5%)": the fee line of every price breakdown (dialog, order, offer, receipt). */
  label: `Platform fee (${PLATFORM_FEE_PERCENT}%)`,
} as const;
