// Spec marketplace-messaging-account §2 Services (/services): the signed-in user's services with
// Add Service, edit, delete and Buy Now per card (web/features/marketplace). Buy Now opens the
// purchase dialog this route supplies.
import { createFileRoute } from "@tanstack/react-router";
import { ownServicesQueryOptions } from "@web/features/marketplace/api";
import { ServicesManager } from "@web/features/marketplace/components/catalogue-manager";
import { usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";

export const Route = createFileRoute("/_authed/services")({
  // Started here, not awaited (decision record 0016): the skeletons show at once.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(ownServicesQueryOptions());
  },
  // A grid of cards: the signed-in layout widens its content for this screen.
  staticData: { layout: "wide" },
  component: ServicesPage,
});

function ServicesPage() {
  const purchase = usePurchaseDialog({ signedIn: true, afterSuccess: "close" });
  return (
    <>
      <ServicesManager onBuy={purchase.onBuy} />
      {purchase.dialog}
    </>
  );
}
