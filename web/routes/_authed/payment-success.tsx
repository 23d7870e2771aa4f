// Spec marketplace-messaging-account §2 Payment success (/payment-success, optional query
// parameter session_id), plus our `order`, with which the page shows the order's real
// state. Signed in only: the order is the buyer's, and a visitor signs in and lands back here.
import { createFileRoute } from "@tanstack/react-router";
import { orderQueryOptions } from "@web/features/checkout/api";
import { PaymentSuccess } from "@web/features/checkout/components/payment-success";
import { optionalString } from "@web/lib/search-params";

const param = { min: 1, max: 500 };

export const Route = createFileRoute("/_authed/payment-success")({
  // Stripe also appends payment_intent, payment_intent_client_secret and redirect_status after a
  // redirect it needed; the order's own state says more than those, so they are not read.
  validateSearch: (search): { session_id?: string; order?: string } => ({
    session_id: optionalString(search.session_id, param),
    order: optionalString(search.order, param),
  }),
  loaderDeps: ({ search }) => ({ order: search.order }),
  // Started here, not awaited (decision record 0016).
  loader: ({ context, deps }) => {
    if (deps.order) void context.queryClient.prefetchQuery(orderQueryOptions(deps.order));
  },
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  const { session_id: sessionId, order } = Route.useSearch();
  return (
    <div className="px-4 pt-8 pb-4">
      <PaymentSuccess sessionId={sessionId} orderId={order} />
    </div>
  );
}
