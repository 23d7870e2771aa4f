// /payments (spec marketplace-messaging-account §2 "Sample-data pages" made real; decision records
// 0049 and 0050): the payout panel (issue #26: whether buyers can pay this seller, and the way to
// set that up), the three totals, recent payments (sales and purchases together, each leading to
// its order and its printable receipt) and invoices — the custom offers sent and received, with
// Create Invoice. All of it is the signed-in user's own data; with none, the page says how
// payments appear instead of showing a number nobody earned.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FilePlus2, Printer, ReceiptText, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { OrderSummary } from "@shared/checkout-api";
import { PAYMENTS_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";
import { formatCentsExact } from "@shared/rules/price";
import { OrderDisputeBadge, OrderStatusBadge } from "@web/components/order-status-badge";
import { PagedList } from "@web/components/paged-list";
import { RelativeTime } from "@web/components/relative-time";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { orderPath, receiptPath } from "@web/lib/app-paths";
import { paymentTotalsQueryOptions, recentPaymentsQueryOptions } from "../api";
import { CreateInvoiceDialog } from "./create-invoice-dialog";
import { OfferList } from "./offers";
import { PayoutPanel, type PayoutsArrival } from "./payout-panel";

const T = PAYMENTS_TEXTS;

export interface PaymentsScreenProps {
  /** `?payouts=` on arrival from Stripe's onboarding, which the payout panel handles once. */
  payoutsArrival?: PayoutsArrival;
  /** Removes that parameter from the address once it has been handled. */
  onPayoutsArrivalHandled: () => void;
}

export function PaymentsScreen({ payoutsArrival, onPayoutsArrivalHandled }: PaymentsScreenProps) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-6 px-3 pt-4 pb-6 sm:px-4">
      <header className="flex flex-wrap items-start justify-between gap-3 px-1">
        <div className="space-y-1">
          <h1 className="font-display text-2xl font-bold tracking-tight">{T.title}</h1>
          <p className="text-sm text-muted-foreground">{T.intro}</p>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="create-invoice">
          <FilePlus2 aria-hidden /> {T.createInvoice}
        </Button>
      </header>
      <PayoutPanel arrival={payoutsArrival} onArrivalHandled={onPayoutsArrivalHandled} />
      <Totals />
      <section aria-labelledby="recent-payments" className="space-y-3">
        <div className="space-y-1 px-1">
          <h2 id="recent-payments" className="font-display text-lg font-semibold">
            {T.recent}
          </h2>
          <p className="text-sm text-muted-foreground">{T.invoicesHint}</p>
        </div>
        <RecentPayments />
      </section>
      <section aria-labelledby="invoices" className="space-y-3">
        <h2 id="invoices" className="px-1 font-display text-lg font-semibold">
          {T.invoices}
        </h2>
        <Tabs defaultValue="sent">
          <TabsList aria-label={T.offers}>
            <TabsTrigger value="sent">{T.offersSent}</TabsTrigger>
            <TabsTrigger value="received">{T.offersReceived}</TabsTrigger>
          </TabsList>
          <TabsContent value="sent" className="pt-3">
            <OfferList role="sent" />
          </TabsContent>
          <TabsContent value="received" className="pt-3">
            <OfferList role="received" />
          </TabsContent>
        </Tabs>
      </section>
      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function Totals() {
  const totals = useQuery(paymentTotalsQueryOptions());
  if (totals.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-24 w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  if (!totals.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-8 text-center" data-testid="totals-failed">
        <p className="font-medium">{T.loadFailed}</p>
        <Button variant="outline" onClick={() => void totals.refetch()}>
          <RefreshCw aria-hidden /> {T.retry}
        </Button>
      </div>
    );
  }
  const cards: { label: string; hint: string; cents: number; id: string }[] = [
    { label: T.totals.earned, hint: T.totals.earnedHint, cents: totals.data.earnedCents, id: "earned" },
    { label: T.totals.pending, hint: T.totals.pendingHint, cents: totals.data.pendingCents, id: "pending" },
    { label: T.totals.fees, hint: T.totals.feesHint, cents: totals.data.feesPaidCents, id: "fees" },
  ];
  // The spec's three totals; money a card dispute holds shows as a fourth only while there is some.
  const heldCents = totals.data.heldCents ?? 0;
  if (heldCents > 0) cards.splice(2, 0, { label: T.totals.held, hint: T.totals.heldHint, cents: heldCents, id: "held" });
  return (
    <dl className={cn("grid gap-3", cards.length > 3 ? "sm:grid-cols-2" : "sm:grid-cols-3")} data-testid="payment-totals">
      {cards.map((card) => (
        <div key={card.id} className="rounded-[var(--radius-card)] border bg-card p-4 shadow-sm" data-testid={`total-${card.id}`}>
          <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
          <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{formatCentsExact(card.cents)}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecentPayments() {
  const query = useInfiniteQuery(recentPaymentsQueryOptions());
  return (
    <PagedList
      query={query}
      errorMessage={T.loadFailed}
      toastId="payments-recent"
      label={T.recent}
      loadingLabel={T.recent}
      loadingMoreLabel={T.recent}
      skeletons={[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-20 w-full rounded-[var(--radius-card)]" />
      ))}
      empty={
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center" data-testid="payments-empty">
          <ReceiptText className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">{T.empty.title}</p>
          <p className="max-w-md text-sm text-muted-foreground">{T.empty.body}</p>
        </div>
      }
      endText=""
      listClassName="space-y-2"
      itemKey={(order) => order.id}
      renderItem={(order) => <PaymentRow order={order} />}
    />
  );
}

function PaymentRow({ order }: { order: OrderSummary }) {
  const who = order.counterpart.displayName || order.counterpart.username || T.someone;
  const sale = order.role === "seller";
  return (
    <div className="rounded-[var(--radius-card)] border bg-card shadow-sm" data-testid="payment-row">
      <Link to={orderPath(order.id)} className="block rounded-t-[var(--radius-card)] p-4 transition hover:bg-muted/60">
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block truncate font-medium">{order.itemName}</span>
            <span className="block truncate text-sm text-muted-foreground">
              {sale ? T.sale : T.purchase} · {sale ? T.from(who) : T.to(who)}
            </span>
          </span>
          {/* A seller receives the price; a buyer paid the price plus the fee. */}
          <span className="shrink-0 font-semibold tabular-nums">{formatCentsExact(sale ? order.priceCents : order.totalCents)}</span>
        </span>
        <span className="mt-2 flex items-center justify-between gap-3 text-xs text-muted-foreground">
          <span className="flex flex-wrap items-center gap-1.5">
            <OrderStatusBadge status={order.status} />
            <OrderDisputeBadge dispute={order.dispute} />
          </span>
          <RelativeTime date={order.createdAt} />
        </span>
      </Link>
      <a href={receiptPath(order.id)} target="_blank" rel="noopener" className="flex items-center gap-1.5 border-t px-4 py-2 text-sm font-medium text-primary hover:underline" data-testid="receipt-link">
        <Printer className="size-4" aria-hidden /> {T.receipt}
      </a>
    </div>
  );
}
