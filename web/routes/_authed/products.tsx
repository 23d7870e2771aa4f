// Spec marketplace-messaging-account §2 Products (/products): the signed-in user's products with
// Add Product, edit, delete and Buy Now per card (web/features/marketplace). Buy Now opens the
// purchase dialog this route supplies.
import { createFileRoute } from "@tanstack/react-router";
import { ownProductsQueryOptions } from "@web/features/marketplace/api";
import { ProductsManager } from "@web/features/marketplace/components/catalogue-manager";
import { usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";

export const Route = createFileRoute("/_authed/products")({
  // Started here, not awaited (decision record 0016): the skeletons show at once.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(ownProductsQueryOptions());
  },
  // A grid of cards: the signed-in layout widens its content for this screen.
  staticData: { layout: "wide" },
  component: ProductsPage,
});

function ProductsPage() {
  const purchase = usePurchaseDialog({ signedIn: true, afterSuccess: "close" });
  return (
    <>
      <ProductsManager onBuy={purchase.onBuy} />
      {purchase.dialog}
    </>
  );
}
