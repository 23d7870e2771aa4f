// Spec marketplace-messaging-account §2 Product detail (/product/{productId}), open to visitors
// (§1, §6): image or placeholder, category, Digital or Physical, price, seller card, description,
// 'Digital file will be available after purchase' for a digital item with a file, Buy Now;
// 'Product not found' with Back to Products.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { BottomNav } from "@web/components/app-shell";
import { PublicHeader, SignInCallout } from "@web/components/app-shell/public-page";
import { sessionQueryOptions } from "@web/features/auth/api";
import { productQueryOptions } from "@web/features/marketplace/api";
import { DetailBackButton, DetailSkeleton, ItemNotFound, ProductDetailView } from "@web/features/marketplace/components/item-detail";
import { usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";
import { appPaths, productPath, professionalToolPaths } from "@web/lib/app-paths";
import { takePrerenderedData } from "@web/lib/prerendered-data";
import type { ProductDetail } from "@shared/marketplace-api";

export const Route = createFileRoute("/product/$productId")({
  // Started here, not awaited (decision record 0016): the frame and skeleton show at once.
  // On the page the Worker painted (decision record 0097) the product is already here.
  loader: async ({ context, params }) => {
    const painted = takePrerenderedData("product", params.productId);
    if (painted?.product) context.queryClient.setQueryData(productQueryOptions(params.productId).queryKey, painted.product as ProductDetail);
    if (!painted) void context.queryClient.prefetchQuery(productQueryOptions(params.productId));
    else await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  },
  component: ProductPage,
});

function ProductPage() {
  const { productId } = Route.useParams();
  const session = useQuery(sessionQueryOptions());
  const product = useQuery(productQueryOptions(productId));
  const signedIn = Boolean(session.data?.user);
  const here = productPath(productId);
  const purchase = usePurchaseDialog({ signedIn, afterSuccess: "payment-success" });
  const T = MARKET_SCREEN_TEXTS.products;

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader signedIn={signedIn} sessionPending={session.isPending} redirect={here} hideBack wide />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-3 pt-3 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:px-4 lg:max-w-5xl">
        <DetailBackButton fallback={signedIn ? professionalToolPaths.products : appPaths.home} />
        {product.isPending ? <DetailSkeleton withImage /> : null}
        {product.data ? <ProductDetailView product={product.data} onBuy={purchase.onBuy} /> : null}
        {/* §8: a failed fetch, whatever the cause, leaves the 'not found' screen. */}
        {product.error && !product.data ? <ItemNotFound title={T.notFound} hint={T.notFoundHint} action={T.backToProducts} to={professionalToolPaths.products} /> : null}
        {!signedIn && !session.isPending && product.data ? <SignInCallout redirect={here} /> : null}
      </main>
      {signedIn ? <BottomNav /> : null}
      {purchase.dialog}
    </div>
  );
}
