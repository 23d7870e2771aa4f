// The dashboard's Purchases and Sales tabs: the caller's orders on one side, newest
// first, keyset-paged, each leading to its order page. A buyer sees what they paid (price plus
// the fee), a seller what they earn (the price). The package bought and a card dispute show too.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ReceiptText, ShoppingBag } from "lucide-react";
import type { OrderRole, OrderSummary } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { PagedList } from "@web/components/paged-list";
import { RelativeTime } from "@web/components/relative-time";
import { Skeleton } from "@web/components/ui/skeleton";
import { ordersInfiniteQueryOptions } from "../api";
import { orderPath } from "@web/lib/app-paths";
import { OrderDisputeBadge, OrderStatusBadge } from "@web/components/order-status-badge";

export function OrderList({ role }: { role: OrderRole }) {
  const query = useInfiniteQuery(ordersInfiniteQueryOptions(role));
  const empty = role === "buyer" ? CHECKOUT_SCREEN_TEXTS.noPurchases : CHECKOUT_SCREEN_TEXTS.noSales;
  return (
    <PagedList
      query={query}
      errorMessage={CHECKOUT_SCREEN_TEXTS.loadOrdersFailed}
      toastId={`orders-${role}`}
      label={role === "buyer" ? CHECKOUT_SCREEN_TEXTS.purchases : CHECKOUT_SCREEN_TEXTS.sales}
      loadingLabel={CHECKOUT_SCREEN_TEXTS.loadingOrders}
      loadingMoreLabel={CHECKOUT_SCREEN_TEXTS.loadingMoreOrders}
      skeletons={[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-20 w-full rounded-[var(--radius-card)]" />
      ))}
      empty={
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center" data-testid={`orders-empty-${role}`}>
          {role === "buyer" ? <ShoppingBag className="size-6 text-muted-foreground" aria-hidden /> : <ReceiptText className="size-6 text-muted-foreground" aria-hidden />}
          <p className="font-medium">{empty.title}</p>
          <p className="text-sm text-muted-foreground">{empty.hint}</p>
        </div>
      }
      endText={CHECKOUT_SCREEN_TEXTS.ordersEnd}
      itemKey={(order) => order.id}
      renderItem={(order) => <OrderRow order={order} />}
    />
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  const who = order.counterpart.displayName ?? order.counterpart.username ?? "";
  return (
    <Link to={orderPath(order.id)} className="block rounded-[var(--radius-card)] border bg-card p-4 shadow-sm transition hover:bg-muted/60" data-testid="order-row">
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0">
          <span className="block truncate font-medium">{order.itemName}</span>
          {order.packageLabel ? (
            <span className="block truncate text-sm" data-testid="order-package">
              {order.packageLabel}
            </span>
          ) : null}
          <span className="block truncate text-sm text-muted-foreground">
            {order.role === "buyer" ? CHECKOUT_SCREEN_TEXTS.seller : CHECKOUT_SCREEN_TEXTS.buyer}: {who}
          </span>
        </span>
        <span className="shrink-0 font-semibold tabular-nums">{formatCents(order.role === "buyer" ? order.totalCents : order.priceCents)}</span>
      </span>
      <span className="mt-2 flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="flex flex-wrap items-center gap-1.5">
          <OrderStatusBadge status={order.status} />
          <OrderDisputeBadge dispute={order.dispute} />
        </span>
        <RelativeTime date={order.createdAt} />
      </span>
    </Link>
  );
}
