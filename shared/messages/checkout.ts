// Checkout, orders and delivery (second document §4, §5, §8). The payment texts are
// the spec's; the order lifecycle, refusals, test mode and mails are ours.

import { PLATFORM_FEE_TEXTS } from "./fee";
import { PAYOUT_TEXTS } from "./payouts";

export const CHECKOUT_TEXTS = {
  /** §8, visitor pressing Buy Now (and the API's 401 on the payment routes). */
  loginToPurchase: "Please log in to make a purchase",
  /** §8: a payment session that fails. */
  sessionFailed: "Failed to create payment session",
  sessionFailedWith: (message: string) => `Failed to create payment session: ${message}`,
  serviceNotFound: "Service not found",
  productNotFound: "Product not found",
  ownItem: "You cannot buy your own item",
  notPriced: "This item has no price yet. Contact the seller for pricing.",
  sellerNotPayable: PAYOUT_TEXTS.sellerNotPayable,
  providerUnavailable: "Payments are temporarily unavailable. Please try again later.",
  orderNotFound: "Order not found",
  /** A lifecycle step asked of an order in a state that does not allow it, or by the wrong side. */
  stepNotAllowed: "This order cannot be changed that way now",
  notTestMode: "Test payments are only available in test mode",
  refundFailed: "The refund could not be made. Please try again later.",
  fileNotFound: "File not found",
  downloadNotAllowed: "This download is not available",
  downloadExpired: "This download link has expired. Please request a new one.",
  deliveryFileTooLarge: "Please select a file under 100MB",
  deliveryFileMissing: "Please choose a file to attach",
  noteTooLong: "Notes can be at most 1000 characters",
  /** Stripe's webhook endpoint: a signature that does not verify. */
  webhookSignatureInvalid: "Invalid signature",
  webhookNotConfigured: "Webhooks are not configured",
  /** The local stand-in for Stripe Checkout (test mode, no keys). */
  testPage: {
    title: "TEST MODE: Checkout",
    banner: "TEST MODE: no real payment is made and no card details are asked for.",
    total: "Total",
    price: "Price",
    fee: PLATFORM_FEE_TEXTS.label,
    pay: "Simulate successful payment",
    decline: "Simulate declined payment",
    paid: "Payment successful!",
    declined: "Payment failed",
    cannotContinue: "This order is no longer waiting for payment.",
  },
  /** History lines and the mails (ours). */
  mail: {
    receiptSubject: (item: string) => `Your receipt for ${item}`,
    receiptIntro: (item: string, total: string) => `Thank you for your purchase of ${item}. You paid ${total} (price plus the ${PLATFORM_FEE_TEXTS.rate} platform fee).`,
    saleSubject: (item: string) => `You made a sale: ${item}`,
    saleIntro: (item: string, price: string, buyer: string) => `${buyer} bought ${item}. Your price: ${price}.`,
    viewOrder: "View order",
    /** The sale mail's buyer when they have no profile name. */
    someone: "A buyer",
    outro: "Thank you for using Backline.",
  },
} as const;