// A custom offer's page (decision record 0050), where the buyer's "offer" message leads: both sides
// see its state; the named buyer pays it through the ordinary purchase dialog (the same checkout,
// fee and order as any service), the seller may withdraw it while open. Anyone else is told it does
// not exist, like a missing offer.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { RefreshCw, SearchX } from "lucide-react";
import { PAYMENTS_TEXTS } from "@shared/messages";
import { BackLink } from "@web/components/back-link";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";
import { isOfferNotFound, offerQueryOptions } from "@web/features/payments/api";
import { OfferPanel } from "@web/features/payments/components/offers";
import { appPaths } from "@web/lib/app-paths";

export const Route = createFileRoute("/_authed/offers/$offerId")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(offerQueryOptions(params.offerId));
  },
  component: OfferPage,
});

function OfferPage() {
  const { offerId } = Route.useParams();
  const offer = useQuery(offerQueryOptions(offerId));
  // Paying ends on /payment-success, which shows the order's real state.
  const { onBuy, dialog } = usePurchaseDialog({ signedIn: true, afterSuccess: "payment-success" });
  return (
    <div className="px-3 pt-4 pb-4 sm:px-4">
      <div className="mb-4 flex items-center gap-2 px-1">
        <BackLink to={appPaths.payments} label={PAYMENTS_TEXTS.title} className="-ml-2" />
        <p className="font-display text-lg font-semibold tracking-tight">{PAYMENTS_TEXTS.offers}</p>
      </div>
      {offer.isPending ? (
        <Skeleton className="h-72 w-full rounded-[var(--radius-card)]" aria-busy="true" />
      ) : isOfferNotFound(offer.error) ? (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="offer-not-found">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="font-display text-xl font-semibold">{PAYMENTS_TEXTS.offerNotFound}</h1>
          <Link to={appPaths.payments} className={buttonVariants({ variant: "outline" })}>
            {PAYMENTS_TEXTS.title}
          </Link>
        </div>
      ) : offer.data ? (
        <OfferPanel offer={offer.data} onPay={(o) => onBuy({ itemType: "offer", itemId: o.id, itemName: o.title, priceCents: o.priceCents })} />
      ) : (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="offer-load-failed">
          <h1 className="font-display text-lg font-semibold">{PAYMENTS_TEXTS.loadFailed}</h1>
          <Button variant="outline" onClick={() => void offer.refetch()}>
            <RefreshCw aria-hidden /> {PAYMENTS_TEXTS.retry}
          </Button>
        </div>
      )}
      {dialog}
    </div>
  );
}
