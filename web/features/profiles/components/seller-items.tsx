// A seller's services and products as the profile's tabs and the dashboard show them (spec §2
// Public profile tabs, Dashboard; §9 price display: '$price' with '/hour' or '/session', a
// package 'Starting at' on public pages and 'Package pricing' on the owner's own lists, 'Contact
// for pricing' without a price; turnaround in days, DESIGN.md; the sample rating on public service
// cards). Each links to its detail page.
import { useInfiniteQuery } from "@tanstack/react-query";
import { ShoppingBag, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { PROFILE_SCREEN_TEXTS } from "@shared/messages";
import type { ProductCard, ServiceCard } from "@shared/catalogue";
import { CatalogueCard } from "@web/components/catalogue-card";
import { PagedList } from "@web/components/paged-list";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { userProductsInfiniteQueryOptions, userServicesInfiniteQueryOptions } from "../api";

/** One service; `where` picks the §9 price line (public pages or the owner's own list). */
export function ServiceItem({ service, where = "public" }: { service: ServiceCard; where?: "public" | "owner" }) {
  return <CatalogueCard layout="row" service={service} priceLine={where} />;
}

export function ProductItem({ product }: { product: ProductCard }) {
  return <CatalogueCard layout="row" product={product} />;
}

/** Shaped like an item, for lists still loading. */
function SellerItemSkeleton() {
  return (
    <div className="flex gap-3 rounded-2xl border bg-card p-3.5" data-testid="item-skeleton">
      <Skeleton className="size-14 shrink-0 rounded-xl" />
      <div className="flex-1 space-y-2 py-1">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-3 w-full" />
      </div>
    </div>
  );
}

export function EmptyItems({ icon, title, hint, children, className }: { icon: ReactNode; title: string; hint?: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center", className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <div className="space-y-1">
        <h3 className="font-display text-base font-semibold">{title}</h3>
        {hint ? <p className="max-w-xs text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </div>
  );
}

const skeletons = (
  <>
    <SellerItemSkeleton />
    <SellerItemSkeleton />
  </>
);

/** The public profile's Services tab: the seller's services, newest first, paged. */
export function UserServicesList({ userId }: { userId: string }) {
  const query = useInfiniteQuery(userServicesInfiniteQueryOptions(userId));
  return (
    <PagedList
      query={query}
      errorMessage={PROFILE_SCREEN_TEXTS.loadServices}
      toastId={`user-services-${userId}`}
      label={PROFILE_SCREEN_TEXTS.sellerLists.services.label}
      loadingLabel={PROFILE_SCREEN_TEXTS.sellerLists.services.loading}
      loadingMoreLabel={PROFILE_SCREEN_TEXTS.sellerLists.services.loadingMore}
      skeletons={skeletons}
      empty={<EmptyItems icon={<Wrench className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noServices.title} hint={PROFILE_SCREEN_TEXTS.noServices.hint} />}
      endText={PROFILE_SCREEN_TEXTS.sellerLists.services.end}
      itemKey={(service) => service.id}
      renderItem={(service) => <ServiceItem service={service} />}
    />
  );
}

/** The public profile's Products tab: the seller's products, newest first, paged. */
export function UserProductsList({ userId }: { userId: string }) {
  const query = useInfiniteQuery(userProductsInfiniteQueryOptions(userId));
  return (
    <PagedList
      query={query}
      errorMessage={PROFILE_SCREEN_TEXTS.loadProducts}
      toastId={`user-products-${userId}`}
      label={PROFILE_SCREEN_TEXTS.sellerLists.products.label}
      loadingLabel={PROFILE_SCREEN_TEXTS.sellerLists.products.loading}
      loadingMoreLabel={PROFILE_SCREEN_TEXTS.sellerLists.products.loadingMore}
      skeletons={skeletons}
      empty={<EmptyItems icon={<ShoppingBag className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noProducts.title} hint={PROFILE_SCREEN_TEXTS.noProducts.hint} />}
      endText={PROFILE_SCREEN_TEXTS.sellerLists.products.end}
      itemKey={(product) => product.id}
      renderItem={(product) => <ProductItem product={product} />}
    />
  );
}
