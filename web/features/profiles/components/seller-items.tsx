// A seller's services and products as the profile's tabs and the dashboard show them (spec §2
// Public profile tabs, Dashboard; §9 price display: '$price' with '/hour' or '/session', a
// package 'Starting at' on public pages and 'Package pricing' on the owner's own lists, 'Contact
// for pricing' without a price; turnaround in days, DESIGN.md; the sample rating on public service
// cards). Each links to its detail page.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarClock, Clock, Package, ShoppingBag, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { MARKET_SCREEN_TEXTS, PROFILE_SCREEN_TEXTS } from "../../../../shared/messages";
import type { ProductCard, ServiceCard } from "../../../../shared/catalogue";
import { formatServicePrice } from "../../../../shared/rules/price";
import { PagedList } from "../../../components/paged-list";
import { Rating } from "../../../components/rating";
import { Badge } from "../../../components/ui/badge";
import { Skeleton } from "../../../components/ui/skeleton";
import { productPath, servicePath } from "../../../lib/app-paths";
import { cn } from "../../../lib/cn";
import { userProductsInfiniteQueryOptions, userServicesInfiniteQueryOptions } from "../api";

const itemFrame =
  "group flex gap-3 rounded-2xl border bg-card p-3.5 shadow-sm transition hover:border-primary/40 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-ring";

function label(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replaceAll("_", " ");
}

/** One service; `where` picks the §9 price line (public pages or the owner's own list). */
export function ServiceItem({ service, where = "public" }: { service: ServiceCard; where?: "public" | "owner" }) {
  const price = where === "owner" ? formatServicePrice(service, "owner") : service.priceLabel;
  return (
    <Link to={servicePath(service.id)} className={itemFrame} data-testid="service-item">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
        <Wrench className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold leading-snug break-words group-hover:text-primary">{service.name}</span>
          <span className="shrink-0 text-sm font-semibold text-primary" data-testid="service-price">
            {price}
          </span>
        </span>
        <span className="block text-xs text-muted-foreground">{label(service.category)}</span>
        {service.description ? <span className="line-clamp-2 block text-sm text-muted-foreground">{service.description}</span> : null}
        <span className="flex flex-wrap items-center gap-2 pt-0.5 text-xs text-muted-foreground">
          {service.turnaroundDays !== null ? (
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />{" "}
              {MARKET_SCREEN_TEXTS.delivery(service.turnaroundDays)}
            </span>
          ) : null}
          {service.needsScheduling ? (
            <Badge variant="outline">
              <CalendarClock aria-hidden /> {MARKET_SCREEN_TEXTS.detail.schedulingRequired}
            </Badge>
          ) : null}
          {/* Public cards show the service's real rating (none without reviews), where §9 had a sample. */}
          {where === "public" ? <Rating rating={service.rating} className="text-xs" /> : null}
        </span>
      </span>
    </Link>
  );
}

export function ProductItem({ product }: { product: ProductCard }) {
  return (
    <Link to={productPath(product.id)} className={itemFrame} data-testid="product-item">
      {product.imageUrl ? (
        <img src={product.imageUrl} alt="" loading="lazy" className="size-16 shrink-0 rounded-xl bg-muted object-cover" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground" aria-hidden>
          <Package className="size-6" />
        </span>
      )}
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold leading-snug break-words group-hover:text-primary">{product.name}</span>
          <span className="shrink-0 text-sm font-semibold text-primary" data-testid="product-price">
            {product.priceLabel}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {label(product.category)}
          <Badge variant={product.type === "digital" ? "default" : "secondary"}>{product.type === "digital" ? "Digital" : "Physical"}</Badge>
          <Rating rating={product.rating} className="text-xs" />
        </span>
        {product.description ? <span className="line-clamp-2 block text-sm text-muted-foreground">{product.description}</span> : null}
      </span>
    </Link>
  );
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
      label="Services"
      loadingLabel="Loading services"
      loadingMoreLabel="Loading more services"
      skeletons={skeletons}
      empty={<EmptyItems icon={<Wrench className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noServices.title} hint={PROFILE_SCREEN_TEXTS.noServices.hint} />}
      endText="That's every service"
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
      label="Products"
      loadingLabel="Loading products"
      loadingMoreLabel="Loading more products"
      skeletons={skeletons}
      empty={<EmptyItems icon={<ShoppingBag className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noProducts.title} hint={PROFILE_SCREEN_TEXTS.noProducts.hint} />}
      endText="That's every product"
      itemKey={(product) => product.id}
      renderItem={(product) => <ProductItem product={product} />}
    />
  );
}
