// Money that really moves (issue #26, decision record 0081): package choice at checkout, refunds,
// card disputes and chargebacks, the automatic steps of the daily cron, and the mails that tell
// both sides. Ours: the spec leaves these words open.

export const MONEY_TEXTS = {
  // Choosing a package of a package-priced service.
  choosePackage: "Choose a package first.",
  packageNotFound: "That package does not exist. Please choose one of the packages shown.",
  packageNotPriced: "This package has no price yet. Contact the seller for a quote.",
  packageSessions: (count: number) => (count === 1 ? "1 session" : `${count} sessions`),
  /** A package with neither sessions nor a description, by its place in the list (1-based). */
  packageNumber: (position: number) => `Package ${position}`,
  /** "3 sessions · Full mix and master". */
  packageLabel: (parts: readonly string[]) => parts.join(" · "),
  /** The item's line on Stripe's page and receipt when a package was chosen. */
  lineItemName: (item: string, pack: string) => `${item} (${pack})`,

  // Refunds and disputes.
  refundWhileDisputed: "This payment is disputed with the buyer's bank, so it cannot be refunded until the dispute closes.",
  notes: {
    firstDownload: "The buyer downloaded the file: the sale is complete.",
    digitalAutoComplete: "Completed automatically after the download period.",
    paymentAbandoned: "The payment was never finished and has expired.",
    paidLate: "Stripe confirmed the payment when the order was checked.",
    disputeOpened: "The buyer's bank opened a dispute on this payment. Downloads are paused and the money is held until it closes.",
    disputeWon: "The dispute was closed in the seller's favour: the sale stands.",
    chargeback: "Chargeback: the dispute was lost and the bank returned the payment to the buyer.",
  },
  dispute: {
    open: "Disputed: money held",
    won: "Dispute won",
    lost: "Dispute lost (chargeback)",
  },
  receiptDispute: "Dispute",

  // Mails (each with CHECKOUT_TEXTS.mail.viewOrder's button and outro).
  mail: {
    /** Added to the sale mail: when the sale's money moves from pending to earned (shared/rules/earnings.ts). */
    saleStanding: (kind: "digital" | "physical" | "service") =>
      kind === "digital"
        ? "It shows as pending on your Payments page until the buyer first downloads the file (or 3 days after payment), then as earned."
        : kind === "physical"
          ? "It shows as pending on your Payments page until the buyer confirms receipt (or 14 days after you ship), then as earned."
          : "It shows as pending on your Payments page until the buyer accepts your delivery (or 3 days after you deliver), then as earned.",
    refundBuyerSubject: (item: string) => `Refund for ${item}`,
    refundBuyerIntro: (item: string, total: string) => `Your payment of ${total} for ${item} has been refunded. It can take 5–10 business days to reach your account. Downloads for this order have ended.`,
    refundSellerSubject: (item: string) => `You refunded a sale: ${item}`,
    refundSellerIntro: (item: string, price: string) => `The sale of ${item} was refunded. ${price} will not be paid out to you, and the buyer's downloads have ended.`,
    disputeOpenedSubject: (item: string) => `A payment was disputed: ${item}`,
    disputeOpenedIntro: (item: string, price: string) =>
      `The buyer's bank opened a dispute on the payment for ${item}. ${price} is held until the bank decides, and the buyer's downloads are paused. Stripe will contact you about evidence.`,
    disputeWonSubject: (item: string) => `Dispute closed in your favour: ${item}`,
    disputeWonIntro: (item: string, price: string) => `The dispute on ${item} was closed in your favour. The sale stands and ${price} counts towards your earnings again.`,
    disputeLostSubject: (item: string) => `Dispute lost: ${item}`,
    disputeLostIntro: (item: string, price: string) => `The dispute on ${item} was lost: the bank returned the payment to the buyer, and ${price} will not be paid out to you. The order now reads refunded.`,
  },
} as const;
