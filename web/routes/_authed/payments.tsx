// /payments (spec marketplace-messaging-account §2, route table "payments overview"):
// the signed-in user's payout status (issue #26), totals, recent payments with their receipts, and
// their custom offers with Create Invoice (decision records 0039, 0049 and 0050). Stripe's
// onboarding comes back here with ?payouts=return, or ?payouts=refresh when its link expired.
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { offersQueryOptions, paymentTotalsQueryOptions, payoutAccountQueryOptions, recentPaymentsQueryOptions } from "@web/features/payments/api";
import { PaymentsScreen } from "@web/features/payments/components/payments-screen";
import { optionalOneOf } from "@web/lib/search-params";

const PAYOUT_ARRIVALS = ["return", "refresh"] as const;

export const Route = createFileRoute("/_authed/payments")({
  validateSearch: (search): { payouts?: (typeof PAYOUT_ARRIVALS)[number] } => ({ payouts: optionalOneOf(search.payouts, PAYOUT_ARRIVALS) }),
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(payoutAccountQueryOptions());
    void context.queryClient.prefetchQuery(paymentTotalsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(recentPaymentsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(offersQueryOptions("sent"));
  },
  component: PaymentsPage,
});

function PaymentsPage() {
  const { payouts } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Replaced, not pushed: Back must not land on the parameter and run the arrival again.
  const arrivalHandled = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <PaymentsScreen payoutsArrival={payouts} onPayoutsArrivalHandled={arrivalHandled} />;
}
