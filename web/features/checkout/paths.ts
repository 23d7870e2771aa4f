// Paths of the checkout screens, built in one place (the dialog, the order lists, the success page).
// An order's own page is web/lib/app-paths.ts `orderPath`, since /payments links to it too.

/**
 * Second document §2 "/payment-success; optional query parameter session_id", plus the order it
 * belongs to (the contract: Stripe Checkout returns with both, the Payment Element with the order).
 */
export function paymentSuccessPath(orderId: string, sessionId: string | null): string {
  const search = new URLSearchParams({ order: orderId });
  if (sessionId) search.set("session_id", sessionId);
  return `/payment-success?${search.toString()}`;
}
