// What a sale is worth to its seller (issue #26, decision record 0081): the ONE definition the
// payments totals, the analytics earnings and sales, the sales list and the receipt share.
//
// - earned:  the order completed (a digital sale completes at its buyer's first download, or by
//            itself DIGITAL_AUTO_COMPLETE_AFTER_MS after payment) and no dispute is open on it;
// - pending: paid and not yet completed (paid, in_progress, shipped, delivered), no open dispute;
// - held:    a paid order (any of the above) with an open card dispute: the bank holds the money
//            until the dispute closes, won (back to earned or pending) or lost (refunded);
// - none:    never paid, or the money went back (pending, failed, expired, refunded).
//
// Analytics counts a sale, and its price as earnings, exactly when it is earned or pending, by the
// order's creation day. The SQL forms of these rules are in worker/db/queries/earnings.ts.
import type { OrderStatus } from "../constants";

/** Paid and not yet completed: the seller waits for this money. */
export const PENDING_SALE_STATUSES = ["paid", "in_progress", "shipped", "delivered"] as const satisfies readonly OrderStatus[];
/** Paid and the money has not gone back. */
export const PAID_SALE_STATUSES = [...PENDING_SALE_STATUSES, "completed"] as const satisfies readonly OrderStatus[];

export type SaleStanding = "earned" | "pending" | "held" | "none";

export function saleStanding(order: { status: OrderStatus; disputeStatus: "open" | "won" | "lost" | null }): SaleStanding {
  if (!(PAID_SALE_STATUSES as readonly OrderStatus[]).includes(order.status)) return "none";
  if (order.disputeStatus === "open") return "held";
  return order.status === "completed" ? "earned" : "pending";
}

/**
 * The statuses in which a digital order's buyer may download its file (canDownload; an open
 * dispute pauses it but may be won), which is also while a product's kept file is still needed.
 */
export const DIGITAL_DOWNLOAD_STATUSES = ["paid", "completed"] as const satisfies readonly OrderStatus[];
