// The service and product detail pages (second document §2 Service detail, Product detail; §6:
// open to visitors; §9: the public price line, 'Starting at' for a package; turnaround in days;
// the sample rating). A fetch that fails for any reason leaves the 'not found' screen (§8). The
// seller sees a link to manage the item instead of Buy Now; a buyer sees Buy Now disabled, with
// the reason, while the seller cannot be paid (issue #26).
import { Link, useCanGoBack, useRouter } from "@tanstack/react-router";
import { ArrowLeft, CalendarClock, Clock, FileDown, Package, PackageSearch, Pencil, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import type { ProductDetail, SellerSummary, ServiceDetail } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { ReportButton } from "@web/components/report-dialog";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { professionalToolPaths, profilePath } from "@web/lib/app-paths";
import { categoryLabel } from "../labels";
import { packageTitle, productPurchaseItem, servicePurchaseItem } from "../purchase-item";
import type { OnBuy } from "../types";
import { BuyButton } from "./buy-button";
import type { ItemRating } from "@shared/review-api";
import { Rating } from "@web/components/rating";

const D = MARKET_SCREEN_TEXTS.detail;

/** §2 'Back button': where the visitor came from, or `fallback` when the page was opened directly. */
export function DetailBackButton({ fallback }: { fallback: string }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2"
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: fallback }))}
      data-testid="detail-back"
    >
      <ArrowLeft aria-hidden /> {D.back}
    </Button>
  );
}

function SellerLine({ seller }: { seller: SellerSummary }) {
  return (
    <Link
      to={profilePath(seller.userId)}
      className="group flex items-center gap-3 rounded-2xl border bg-card p-3 transition hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="seller-card"
    >
      <Avatar src={seller.avatarUrl} name={seller.displayName} size="md" />
      <span className="min-w-0 flex-1">
        <span className="block text-xs text-muted-foreground">{D.seller}</span>
        <span className="block truncate font-semibold group-hover:text-primary">{seller.displayName}</span>
        <span className="block truncate text-sm text-muted-foreground">@{seller.username}</span>
      </span>
      <span className="text-sm font-medium text-primary">{D.viewProfile}</span>
    </Link>
  );
}

/** The price, rating and Buy Now, in a card that stays in view beside the text on a desktop. */
function PurchasePanel({ price, rating, note, children }: { price: ReactNode; rating: ItemRating | null; note?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={MARKET_SCREEN_TEXTS.buy.buyNow} className="space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm lg:sticky lg:top-20">
      <div className="space-y-1">
        <p className="text-xs text-muted-foreground">{D.priceLabel}</p>
        <p className="font-display text-2xl font-bold tracking-tight text-primary" data-testid="detail-price">
          {price}
        </p>
        <Rating rating={rating} />
      </div>
      {note}
      {children}
    </section>
  );
}

function ManageLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", className: "w-full" })} data-testid="manage-item">
      <Pencil aria-hidden /> {D.manage}
    </Link>
  );
}

export function ServiceDetailView({ service, onBuy }: { service: ServiceDetail; onBuy: OnBuy }) {
  return (
    <article className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" data-testid="service-detail">
      <div className="space-y-5">
        <header className="flex items-start gap-4">
          <Avatar src={service.seller.avatarUrl} name={service.seller.displayName} size="lg" />
          <div className="min-w-0 space-y-1.5">
            <h1 className="font-display text-2xl font-bold leading-tight tracking-tight break-words">{service.name}</h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant="secondary">
                <Wrench aria-hidden /> {categoryLabel(service.category)}
              </Badge>
              <Link to={profilePath(service.seller.userId)} className="font-medium text-foreground hover:text-primary hover:underline" data-testid="seller-username">
                @{service.seller.username}
              </Link>
            </div>
          </div>
        </header>
        <div className="flex flex-wrap gap-2">
          {service.turnaroundDays !== null ? (
            <Badge variant="outline" className="py-1">
              <Clock aria-hidden /> {MARKET_SCREEN_TEXTS.delivery(service.turnaroundDays)}
            </Badge>
          ) : null}
          {service.needsScheduling ? (
            <Badge className="py-1" data-testid="scheduling-required">
              <CalendarClock aria-hidden /> {D.schedulingRequired}
            </Badge>
          ) : null}
        </div>
        {service.description ? (
          <section className="space-y-2">
            <h2 className="font-display text-lg font-semibold">{D.about}</h2>
            <p className="text-[15px] leading-relaxed whitespace-pre-line">{service.description}</p>
          </section>
        ) : null}
        {service.pricingModel === "package" && service.packages.length > 0 ? (
          <section className="space-y-2" data-testid="package-list">
            <h2 className="font-display text-lg font-semibold">{D.packages}</h2>
            <ul className="space-y-2">
              {service.packages.map((pack, index) => (
                <li key={index} className="flex items-start justify-between gap-3 rounded-2xl border bg-card p-3">
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-medium">{packageTitle(pack, index)}</p>
                    {pack.description ? <p className="text-sm text-muted-foreground">{pack.description}</p> : null}
                  </div>
                  {pack.priceCents !== null ? <p className="shrink-0 font-semibold text-primary">{formatCents(pack.priceCents)}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <SellerLine seller={service.seller} />
        {service.viewer && !service.viewer.isOwner ? <ReportButton targetType="service" targetId={service.id} /> : null}
      </div>
      <PurchasePanel price={service.price.label} rating={service.rating}>
        {service.viewer?.isOwner ? (
          <ManageLink to={professionalToolPaths.services} />
        ) : (
          <BuyButton
            size="lg"
            className="w-full"
            item={servicePurchaseItem(service)}
            unavailableReason={service.sellerPayable ? null : PAYOUTS_SCREEN_TEXTS.buyNow.notPayable}
            onBuy={onBuy}
          />
        )}
      </PurchasePanel>
    </article>
  );
}

export function ProductDetailView({ product, onBuy }: { product: ProductDetail; onBuy: OnBuy }) {
  const P = MARKET_SCREEN_TEXTS.products;
  return (
    <article className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" data-testid="product-detail">
      <div className="space-y-5">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt={product.name} className="aspect-square w-full rounded-[var(--radius-card)] border bg-muted object-cover sm:aspect-[4/3]" data-testid="product-image" />
        ) : (
          <div
            role="img"
            aria-label={P.imagePlaceholder}
            className="flex aspect-[4/3] w-full items-center justify-center rounded-[var(--radius-card)] border bg-gradient-to-br from-muted to-accent/40 text-muted-foreground"
            data-testid="product-image-placeholder"
          >
            <Package className="size-16" aria-hidden />
          </div>
        )}
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{categoryLabel(product.category)}</Badge>
            <Badge variant={product.type === "digital" ? "default" : "outline"} data-testid="product-type">
              {MARKET_SCREEN_TEXTS.productTypes[product.type]}
            </Badge>
          </div>
          <h1 className="font-display text-2xl font-bold leading-tight tracking-tight break-words">{product.name}</h1>
        </header>
        {product.description ? (
          <section className="space-y-2">
            <h2 className="font-display text-lg font-semibold">{D.about}</h2>
            <p className="text-[15px] leading-relaxed whitespace-pre-line">{product.description}</p>
          </section>
        ) : null}
        <SellerLine seller={product.seller} />
        {product.viewer && !product.viewer.isOwner ? <ReportButton targetType="product" targetId={product.id} /> : null}
      </div>
      <PurchasePanel
        price={product.price.label}
        rating={product.rating}
        note={
          product.type === "digital" && product.hasFile ? (
            <p className="flex items-center gap-2 rounded-xl bg-accent/50 px-3 py-2 text-sm" data-testid="digital-file-note">
              <FileDown className="size-4 shrink-0 text-primary" aria-hidden /> {P.digitalFileNote}
            </p>
          ) : null
        }
      >
        {product.viewer?.isOwner ? (
          <ManageLink to={professionalToolPaths.products} />
        ) : (
          <BuyButton
            size="lg"
            className="w-full"
            item={productPurchaseItem(product)}
            unavailableReason={product.sellerPayable ? null : PAYOUTS_SCREEN_TEXTS.buyNow.notPayable}
            onBuy={onBuy}
          />
        )}
      </PurchasePanel>
    </article>
  );
}

export function DetailSkeleton({ withImage = false }: { withImage?: boolean }) {
  return (
    <div className="space-y-5" data-testid="detail-skeleton" role="status" aria-busy="true" aria-label={MARKET_SCREEN_TEXTS.detail.loading}>
      {withImage ? <Skeleton className="aspect-[4/3] w-full rounded-[var(--radius-card)]" /> : null}
      <div className="flex items-center gap-4">
        {withImage ? null : <Skeleton className="size-16 rounded-full" />}
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-32 w-full rounded-[var(--radius-card)]" />
    </div>
  );
}

/** §2: 'Service not found' with Back to Search, 'Product not found' with Back to Products. */
export function ItemNotFound({ title, hint, action, to }: { title: string; hint: string; action: string; to: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="item-not-found">
      <PackageSearch className="size-10 text-muted-foreground" aria-hidden />
      <div className="space-y-1">
        <h1 className="font-display text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Link to={to} className={buttonVariants({ variant: "outline" })}>
        {action}
      </Link>
    </div>
  );
}
