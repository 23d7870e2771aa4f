import type { DisputeState, PayoutState } from "../checkout-api";

// Money that really moves (issue #26) on the SPA's side: the payout panel of /payments, the
// one-time notice to a seller who lists a paid item before payouts work, Buy Now's reason when a
// seller cannot be paid, the package choice of a package-priced service, and how an order reads
// when a card dispute touches it or a download completes it. The words are ours; the server's own
// refusals (a 429, a 409) are shown as the server words them.

export const PAYOUTS_SCREEN_TEXTS = {
  panel: {
    title: "Payouts",
    /** The badge of each state, short. */
    stateLabels: {
      not_set_up: "Not set up",
      details_needed: "Details needed",
      pending_verification: "Verification pending",
      enabled: "Enabled",
      restricted: "Restricted",
    },
    /** One sentence per state: what it means for the people who want to buy from this seller. */
    stateHints: {
      not_set_up: "Buyers can't pay you yet: Buy Now stays disabled on your paid services and products until you set up payouts.",
      details_needed: "You started setting up payouts but a few details are missing. Buyers can't pay you until you finish.",
      pending_verification: "Stripe is checking your details. Buyers can pay you as soon as the check is done.",
      enabled: "Buyers can pay for your services and products, and your earnings are paid out to your bank.",
      restricted: "Stripe has paused payments to you until a few things are sorted out. Buyers can't pay you until then.",
    },
    requirementsTitle: "What Stripe still needs:",
    noRequirements: "Update your details to see what Stripe needs.",
    setUp: "Set up payouts",
    update: "Update details",
    opening: "Opening payout setup…",
    checking: "Checking your payout status…",
    testMode: "Test mode",
    testModeNote: "Payments run in test mode here: setting up payouts opens a local stand-in for Stripe's onboarding, and no real money moves.",
    unavailable: "Card payments are not available on this server right now, so payouts can't be set up.",
    lastChecked: "Last checked with Stripe",
    loadFailed: "Failed to load your payout status",
    retry: "Try again",
    linkFailed: "We couldn't open the payout setup. Please try again.",
    refreshFailed: "We couldn't check your payout status with Stripe just now. It updates by itself shortly.",
    /** Announced after coming back from onboarding. */
    announce: (label: string) => `Payout status: ${label}.`,
  },
  /** After a seller saves a paid item while buyers cannot pay them yet (shown once per account). */
  listingNotice: {
    title: "Buyers can't buy this yet",
    body: "Until you set up payouts, buyers see Buy Now disabled on your paid services and products, with a note that you can't be paid yet. Setting up takes a few minutes with Stripe.",
    setUp: "Set up payouts",
    dismiss: "Dismiss",
  },
  /** Buy Now, when the seller cannot be paid (MarketService.sellerPayable false). */
  buyNow: {
    notPayable: "This seller has not set up payouts yet, so this can't be bought right now.",
    notPayableOwner: "Buyers can't buy this until you set up payouts.",
  },
  /** The package choice of a package-priced service, in the purchase dialog. */
  packages: {
    legend: "Choose a package",
  },
  orders: {
    package: "Package",
    disputeLabels: { open: "Disputed", won: "Dispute won", lost: "Charged back" },
    disputeHints: {
      open: "Disputed — access paused while the card dispute is reviewed.",
      won: "Dispute won — the card dispute was decided for the seller, and the sale stands.",
      lost: "Charged back — the bank returned the payment to the card after a dispute.",
    },
    /** A paid digital order: downloading completes it, or the cron does (AUTO_COMPLETE_AFTER_DELIVERY_MS after payment). */
    digitalBuyer: (date: string | null) =>
      date ? `Downloading the file completes this order; otherwise it completes automatically on ${date}.` : "Downloading the file completes this order.",
    digitalSeller: (date: string | null) =>
      date ? `Counts as earned once the buyer downloads it, or 3 days after payment (${date}).` : "Counts as earned once the buyer downloads it, or 3 days after payment.",
  },
} as const satisfies {
  panel: { stateLabels: Record<PayoutState, string>; stateHints: Record<PayoutState, string> } & Record<string, unknown>;
  orders: { disputeLabels: Record<DisputeState, string>; disputeHints: Record<DisputeState, string> } & Record<string, unknown>;
} & Record<string, unknown>;
