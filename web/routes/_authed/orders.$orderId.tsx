// One order's page, for its buyer and its seller only (the API
// answers someone else's order exactly like a missing one: 'Order not found'). Back leads to the
// dashboard tab the order is listed on. A seller looking at a sale may be offered push for the
// next one (issue #30).
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { RefreshCw, SearchX } from "lucide-react";
import { CHECKOUT_SCREEN_TEXTS, CHECKOUT_TEXTS } from "@shared/messages";
import { BackLink } from "@web/components/back-link";
import { PushMomentCard } from "@web/components/push-moment-card";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { NewBookingLink } from "@web/features/booking/components/new-booking-link";
import { isOrderNotFound, orderQueryOptions } from "@web/features/checkout/api";
import { OrderDetailView } from "@web/features/checkout/components/order-detail";
import { appPaths } from "@web/lib/app-paths";

export const Route = createFileRoute("/_authed/orders/$orderId")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderQueryOptions(params.orderId));
  },
  component: OrderPage,
});

function OrderPage() {
  const { orderId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const order = useQuery(orderQueryOptions(orderId));
  return (
    <div className="px-3 pt-4 pb-4 sm:px-4">
      <div className="mb-4 flex items-center gap-2 px-1">
        <BackLink to={appPaths.dashboard} label={CHECKOUT_SCREEN_TEXTS.backToOrders} className="-ml-2" />
        <p className="font-display text-lg font-semibold tracking-tight">{CHECKOUT_SCREEN_TEXTS.yourOrders}</p>
      </div>
      {order.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-64 w-full rounded-[var(--radius-card)]" />
          <Skeleton className="h-32 w-full rounded-[var(--radius-card)]" />
        </div>
      ) : isOrderNotFound(order.error) ? (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="order-not-found">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="font-display text-xl font-semibold">{CHECKOUT_TEXTS.orderNotFound}</h1>
          <Link to={appPaths.dashboard} className={buttonVariants({ variant: "outline" })}>
            {CHECKOUT_SCREEN_TEXTS.goToDashboard}
          </Link>
        </div>
      ) : order.data ? (
        <>
          {/* A paid order of a service that needs scheduling is booked from here. */}
          {order.data.role === "buyer" && order.data.kind === "service" ? (
            <div className="mb-4 flex justify-end">
              <NewBookingLink orderId={order.data.id} />
            </div>
          ) : null}
          {order.data.role === "seller" ? <PushMomentCard moment="sale" userId={user.id} className="mb-4" /> : null}
          <OrderDetailView order={order.data} />
        </>
      ) : (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="order-load-failed">
          <h1 className="font-display text-lg font-semibold">{CHECKOUT_SCREEN_TEXTS.loadOrderFailed}</h1>
          <Button variant="outline" onClick={() => void order.refetch()}>
            <RefreshCw aria-hidden /> {CHECKOUT_SCREEN_TEXTS.tryAgain}
          </Button>
        </div>
      )}
    </div>
  );
}
