// /payments (spec marketplace-messaging-account §2, route table "payments overview"):
// the signed-in user's totals, recent payments with their receipts, and their custom offers with
// Create Invoice (decision records 0049 and 0050).
import { createFileRoute } from "@tanstack/react-router";
import { offersQueryOptions, paymentTotalsQueryOptions, recentPaymentsQueryOptions } from "@web/features/payments/api";
import { PaymentsScreen } from "@web/features/payments/components/payments-screen";

export const Route = createFileRoute("/_authed/payments")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(paymentTotalsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(recentPaymentsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(offersQueryOptions("sent"));
  },
  component: PaymentsScreen,
});
