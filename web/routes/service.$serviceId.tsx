// Spec marketplace-messaging-account §2 Service detail (/service/{serviceId}), open to visitors
// (§1, §6): back button, seller, name, category, description, price, delivery in days,
// 'Scheduling Required', Buy Now; 'Service not found' with Back to Search. Opening someone
// else's service records a service_view (§7; the Worker decides who counts, failures are only
// logged).
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { BottomNav } from "@web/components/app-shell";
import { PublicHeader, SignInCallout } from "@web/components/app-shell/public-page";
import { sessionQueryOptions } from "@web/features/auth/api";
import { recordServiceView, serviceQueryOptions } from "@web/features/marketplace/api";
import { DetailBackButton, DetailSkeleton, ItemNotFound, ServiceDetailView } from "@web/features/marketplace/components/item-detail";
import { usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";
import { appPaths, servicePath } from "@web/lib/app-paths";
import { takePrerenderedData } from "@web/lib/prerendered-data";
import type { ServiceDetail } from "@shared/marketplace-api";

export const Route = createFileRoute("/service/$serviceId")({
  // Started here, not awaited (decision record 0016): the frame and skeleton show at once.
  // On the page the Worker painted (decision record 0097) the service is already here.
  loader: async ({ context, params }) => {
    const painted = takePrerenderedData("service", params.serviceId);
    if (painted?.service) context.queryClient.setQueryData(serviceQueryOptions(params.serviceId).queryKey, painted.service as ServiceDetail);
    if (!painted) void context.queryClient.prefetchQuery(serviceQueryOptions(params.serviceId));
    else await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  },
  component: ServicePage,
});

function ServicePage() {
  const { serviceId } = Route.useParams();
  const session = useQuery(sessionQueryOptions());
  const service = useQuery(serviceQueryOptions(serviceId));
  const signedIn = Boolean(session.data?.user);
  const here = servicePath(serviceId);
  const purchase = usePurchaseDialog({ signedIn, afterSuccess: "payment-success" });
  const T = MARKET_SCREEN_TEXTS.services;

  // One view per opening of the page, and none for the seller's own service.
  const viewed = useRef<string | null>(null);
  const loaded = service.data;
  useEffect(() => {
    if (!loaded || loaded.viewer?.isOwner || viewed.current === loaded.id) return;
    viewed.current = loaded.id;
    void recordServiceView(loaded.id);
  }, [loaded]);

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader signedIn={signedIn} sessionPending={session.isPending} redirect={here} hideBack wide />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-3 pt-3 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:px-4 lg:max-w-5xl">
        <DetailBackButton fallback={appPaths.search} />
        {service.isPending ? <DetailSkeleton /> : null}
        {service.data ? <ServiceDetailView service={service.data} onBuy={purchase.onBuy} /> : null}
        {/* §8: a failed fetch, whatever the cause, leaves the 'not found' screen. */}
        {service.error && !service.data ? <ItemNotFound title={T.notFound} hint={T.notFoundHint} action={T.backToSearch} to={appPaths.search} /> : null}
        {!signedIn && !session.isPending && service.data ? <SignInCallout redirect={here} /> : null}
      </main>
      {signedIn ? <BottomNav /> : null}
      {purchase.dialog}
    </div>
  );
}
