// Paths of the checkout screens, built in one place (the dialog, the order lists, the success page).

/** An order's page (issue #13). */
export function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/**
 * Second document §2 "/payment-success; optional query parameter session_id", plus the order it
 * belongs to (the contract: Stripe Checkout returns with both, the Payment Element with the order).
 */
export function paymentSuccessPath(orderId: string, sessionId: string | null): string {
  const search = new URLSearchParams({ order: orderId });
  if (sessionId) search.set("session_id", sessionId);
  return `/payment-success?${search.toString()}`;
}
