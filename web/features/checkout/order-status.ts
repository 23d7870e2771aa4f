// What an order's status means to the screens around a payment: still waiting for the provider,
// paid (whatever happened after), or not paid at all. One place, so the dialog's Checkout tab
// watcher and /payment-success agree.
import type { OrderStatus } from "@shared/constants";

export type PaymentOutcome = "pending" | "paid" | "not-paid";

export function paymentOutcome(status: OrderStatus): PaymentOutcome {
  switch (status) {
    case "pending":
      return "pending";
    case "failed":
    case "expired":
      return "not-paid";
    case "paid":
    case "in_progress":
    case "shipped":
    case "delivered":
    case "completed":
    case "refunded":
      return "paid";
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** How often a screen waiting for the webhook asks again, and for how long before it says so. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_PATIENCE_MS = 60_000;
