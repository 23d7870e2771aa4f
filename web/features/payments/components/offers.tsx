// Custom offers as both sides see them (decision record 0050): a state badge, the offer lists of
// /payments (sent and received) and one offer's panel with its price, the 5% fee and the total,
// delivery days and expiry, and the actions its state allows: the named buyer pays it through the
// ordinary purchase dialog (handed in by the route, since features do not import each other), the
// seller withdraws it while it is open, and once paid both sides go on to the order.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CreditCard, FileText, Undo2 } from "lucide-react";
import { PAYMENTS_TEXTS } from "@shared/messages";
import type { Offer, OfferRole, OfferState } from "@shared/payments-api";
import { formatCents, formatCentsExact } from "@shared/rules/price";
import { PagedList } from "@web/components/paged-list";
import { RelativeTime } from "@web/components/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { offerPath, orderPath } from "@web/lib/app-paths";
import { offersQueryOptions, useWithdrawOffer } from "../api";

const T = PAYMENTS_TEXTS;
const EXPIRY_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

// Outlined with dark text, like the order badges: tinted fills fall under the contrast ratio.
const STATE_CLASSES: Record<OfferState, string> = {
  open: "bg-accent text-accent-foreground",
  paid: "bg-transparent border border-emerald-600/60 text-emerald-800 dark:text-emerald-300",
  withdrawn: "bg-secondary text-secondary-foreground",
  expired: "bg-transparent border border-border text-foreground",
};

function OfferStateBadge({ state }: { state: OfferState }) {
  return (
    <Badge className={STATE_CLASSES[state]} data-testid="offer-state">
      {T.states[state]}
    </Badge>
  );
}

function nameOf(offer: Offer): string {
  return offer.counterpart.displayName || offer.counterpart.username || T.someone;
}

export function OfferList({ role }: { role: OfferRole }) {
  const query = useInfiniteQuery(offersQueryOptions(role));
  return (
    <PagedList
      query={query}
      errorMessage={T.loadFailed}
      toastId={`offers-${role}`}
      label={role === "sent" ? T.offersSent : T.offersReceived}
      loadingLabel={T.offers}
      loadingMoreLabel={T.offers}
      skeletons={[0, 1].map((key) => (
        <Skeleton key={key} className="h-16 w-full rounded-[var(--radius-card)]" />
      ))}
      empty={
        <p className="rounded-[var(--radius-card)] border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid={`offers-empty-${role}`}>
          {T.offersEmpty}
        </p>
      }
      endText=""
      listClassName="space-y-2"
      itemKey={(offer) => offer.id}
      renderItem={(offer) => (
        <Link to={offerPath(offer.id)} className="block rounded-[var(--radius-card)] border bg-card p-3 shadow-sm transition hover:bg-muted/60" data-testid="offer-row">
          <span className="flex items-start justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate font-medium">{offer.title}</span>
              <span className="block truncate text-sm text-muted-foreground">{role === "sent" ? T.to(nameOf(offer)) : T.from(nameOf(offer))}</span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{formatCents(offer.priceCents)}</span>
          </span>
          <span className="mt-2 flex items-center justify-between gap-3 text-xs text-muted-foreground">
            <OfferStateBadge state={offer.state} />
            <RelativeTime date={offer.createdAt} />
          </span>
        </Link>
      )}
    />
  );
}

interface OfferPanelProps {
  offer: Offer;
  /** Opens the ordinary purchase dialog for this offer (the buyer's Pay). */
  onPay: (offer: Offer) => void;
}

export function OfferPanel({ offer, onPay }: OfferPanelProps) {
  const withdraw = useWithdrawOffer();
  const open = offer.state === "open";
  const heading = offer.role === "seller" ? T.offerTo(nameOf(offer)) : T.offerFrom(nameOf(offer));
  const row = (label: string, value: string, strong = false) => (
    <div className={strong ? "flex justify-between border-t pt-2 font-semibold" : "flex justify-between text-muted-foreground"}>
      <dt>{label}</dt>
      <dd className={strong ? "tabular-nums" : "tabular-nums text-foreground"}>{value}</dd>
    </div>
  );

  const onWithdraw = () =>
    withdraw.mutate(offer.id, {
      onSuccess: () => notifySuccess(T.withdrawn, { id: "offer-withdraw" }),
      onError: (error) => notifyError(error.message, { id: "offer-withdraw" }),
    });

  return (
    <article className="space-y-4 rounded-[var(--radius-card)] border bg-card p-5 shadow-sm" data-testid="offer-panel">
      <header className="space-y-2">
        <p className="text-sm text-muted-foreground">{heading}</p>
        <h1 className="font-display text-2xl font-bold tracking-tight break-words">{offer.title}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <OfferStateBadge state={offer.state} />
          <span>{T.delivery(offer.deliveryDays)}</span>
        </div>
      </header>
      {offer.description ? <p className="whitespace-pre-wrap break-words">{offer.description}</p> : null}
      <dl className="space-y-1.5 text-sm">
        {row(T.price, formatCentsExact(offer.priceCents))}
        {row(T.fee, formatCentsExact(offer.feeCents))}
        {row(T.total, formatCentsExact(offer.totalCents), true)}
      </dl>
      {open ? (
        <p className="text-sm text-muted-foreground">
          {T.expires} <time dateTime={new Date(offer.expiresAt).toISOString()}>{EXPIRY_DATE.format(offer.expiresAt)}</time>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {open && offer.role === "buyer" ? (
          <Button onClick={() => onPay(offer)} data-testid="offer-pay">
            <CreditCard aria-hidden /> {T.pay}
          </Button>
        ) : null}
        {open && offer.role === "seller" ? (
          <Button variant="outline" onClick={onWithdraw} disabled={withdraw.isPending} data-testid="offer-withdraw">
            {withdraw.isPending ? <Spinner label={T.withdraw} /> : <Undo2 aria-hidden />} {T.withdraw}
          </Button>
        ) : null}
        {offer.orderId ? (
          <Link to={orderPath(offer.orderId)} className={buttonVariants({ variant: "outline" })}>
            <FileText aria-hidden /> {T.viewOrder}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
