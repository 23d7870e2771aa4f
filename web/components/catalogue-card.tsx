// The one card of a service or a product (shared/catalogue.ts; decision record 0078), in the three
// places the catalogue is listed: the owner's grid on /services and /products ("owner", with the
// owner's actions and Buy Now in its footer; spec §2, §9 'Package pricing'), a profile's tabs and
// the dashboard's previews ("row"; §2, §9 'Starting at' on public pages) and the search's Services
// tab ("result", with its author; first document §2 Services). Each links to the detail page; the
// pieces every layout shows (the category, the turnaround, the scheduling badge, the rating) are
// drawn once here.
import { Link } from "@tanstack/react-router";
import { BadgeCheck, CalendarClock, Clock, FileCheck2, Package, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import type { ProductCard, ServiceCard } from "@shared/catalogue";
import type { MarketService, OwnerProduct } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS, SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { formatServicePrice } from "@shared/rules/price";
import type { ServiceSearchResult } from "@shared/search-api";
import { productPath, servicePath } from "@web/lib/app-paths";
import { Rating } from "./rating";
import { Avatar } from "./ui/avatar";
import { Badge } from "./ui/badge";

export type CatalogueCardProps =
  | { layout: "owner"; service: MarketService; footer: ReactNode }
  | { layout: "owner"; product: OwnerProduct; footer: ReactNode }
  /** `priceLine` picks §9's line: public pages, or the owner's own list on the dashboard. */
  | { layout: "row"; service: ServiceCard; priceLine?: "public" | "owner" }
  | { layout: "row"; product: ProductCard }
  | { layout: "result"; service: ServiceSearchResult };

export function CatalogueCard(props: CatalogueCardProps) {
  switch (props.layout) {
    case "owner":
      return "service" in props ? (
        <OwnerService service={props.service} footer={props.footer} />
      ) : (
        <OwnerProductCard product={props.product} footer={props.footer} />
      );
    case "row":
      return "service" in props ? <ServiceRow service={props.service} priceLine={props.priceLine ?? "public"} /> : <ProductRow product={props.product} />;
    case "result":
      return <ServiceResult service={props.service} />;
    default: {
      const unhandled: never = props;
      return unhandled;
    }
  }
}

/** How a stored category reads on screen: "mixing" → "Mixing", "per_session" → "Per session". */
export function catalogueLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");
}

function Turnaround({ days, text, testId }: { days: number | null; text: (days: number) => string; testId?: string }) {
  if (days === null) return null;
  return (
    <span className="inline-flex items-center gap-1" data-testid={testId}>
      <Clock className="size-3.5" aria-hidden /> {text(days)}
    </span>
  );
}

function SchedulingBadge({ needed, text }: { needed: boolean; text: string }) {
  if (!needed) return null;
  return (
    <Badge variant="outline">
      <CalendarClock aria-hidden /> {text}
    </Badge>
  );
}

function ProductTypeBadge({ type }: { type: ProductCard["type"] }) {
  return <Badge variant={type === "digital" ? "default" : "secondary"}>{MARKET_SCREEN_TEXTS.productTypes[type]}</Badge>;
}

// ---------------------------------------------------------------------------------------------
// The owner's grid

function OwnerFrame({ media, children, footer, testId }: { media: ReactNode; children: ReactNode; footer: ReactNode; testId: string }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm" data-testid={testId}>
      {media}
      <div className="flex flex-1 flex-col gap-2 p-4">{children}</div>
      <div className="flex items-center gap-1 border-t px-3 py-2.5">{footer}</div>
    </article>
  );
}

function OwnerService({ service, footer }: { service: MarketService; footer: ReactNode }) {
  return (
    <OwnerFrame testId="owner-service-card" media={null} footer={footer}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground" aria-hidden>
          <Wrench className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold leading-snug break-words">
            <Link to={servicePath(service.id)} className="rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring">
              {service.name}
            </Link>
          </h2>
          <p className="text-xs text-muted-foreground">{catalogueLabel(service.category)}</p>
        </div>
      </div>
      {service.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1 text-xs text-muted-foreground">
        <span className="text-base font-semibold text-primary" data-testid="service-price">
          {service.price.label}
        </span>
        <Turnaround days={service.turnaroundDays} text={MARKET_SCREEN_TEXTS.delivery} />
        <SchedulingBadge needed={service.needsScheduling} text={MARKET_SCREEN_TEXTS.detail.schedulingRequired} />
      </div>
    </OwnerFrame>
  );
}

function OwnerProductCard({ product, footer }: { product: OwnerProduct; footer: ReactNode }) {
  return (
    <OwnerFrame
      testId="owner-product-card"
      media={
        product.imageUrl ? (
          <img src={product.imageUrl} alt="" loading="lazy" className="aspect-[4/3] w-full bg-muted object-cover" />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center bg-muted text-muted-foreground" aria-hidden>
            <Package className="size-10" />
          </div>
        )
      }
      footer={footer}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold leading-snug break-words">
          <Link to={productPath(product.id)} className="rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring">
            {product.name}
          </Link>
        </h2>
        <span className="shrink-0 text-base font-semibold text-primary" data-testid="product-price">
          {product.price.label}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {catalogueLabel(product.category)}
        <ProductTypeBadge type={product.type} />
        {product.file ? (
          <span className="inline-flex min-w-0 items-center gap-1" title={product.file.name}>
            <FileCheck2 className="size-3.5 shrink-0" aria-hidden /> <span className="truncate">{product.file.name}</span>
          </span>
        ) : null}
      </div>
      {product.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p> : null}
    </OwnerFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// A profile's tabs and the dashboard's previews

const rowFrame =
  "group flex gap-3 rounded-2xl border bg-card p-3.5 shadow-sm transition hover:border-primary/40 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-ring";

function ServiceRow({ service, priceLine }: { service: ServiceCard; priceLine: "public" | "owner" }) {
  const price = priceLine === "owner" ? formatServicePrice(service, "owner") : service.priceLabel;
  return (
    <Link to={servicePath(service.id)} className={rowFrame} data-testid="service-item">
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
        <span className="block text-xs text-muted-foreground">{catalogueLabel(service.category)}</span>
        {service.description ? <span className="line-clamp-2 block text-sm text-muted-foreground">{service.description}</span> : null}
        <span className="flex flex-wrap items-center gap-2 pt-0.5 text-xs text-muted-foreground">
          <Turnaround days={service.turnaroundDays} text={MARKET_SCREEN_TEXTS.delivery} />
          <SchedulingBadge needed={service.needsScheduling} text={MARKET_SCREEN_TEXTS.detail.schedulingRequired} />
          {/* Public cards show the service's real rating (none without reviews), never the spec's sample figure. */}
          {priceLine === "public" ? <Rating rating={service.rating} className="text-xs" /> : null}
        </span>
      </span>
    </Link>
  );
}

function ProductRow({ product }: { product: ProductCard }) {
  return (
    <Link to={productPath(product.id)} className={rowFrame} data-testid="product-item">
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
          {catalogueLabel(product.category)}
          <ProductTypeBadge type={product.type} />
          <Rating rating={product.rating} className="text-xs" />
        </span>
        {product.description ? <span className="line-clamp-2 block text-sm text-muted-foreground">{product.description}</span> : null}
      </span>
    </Link>
  );
}

// ---------------------------------------------------------------------------------------------
// The search's Services tab

function ServiceResult({ service }: { service: ServiceSearchResult }) {
  const T = SEARCH_SCREEN_TEXTS;
  const author = service.author;
  return (
    <Link
      to={servicePath(service.id)}
      className="group block space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm transition hover:border-primary/40 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="service-result"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold leading-snug break-words group-hover:text-primary">{service.name}</h3>
          <Badge variant="secondary">{catalogueLabel(service.category)}</Badge>
        </div>
        <span className="shrink-0 text-right font-display text-base font-bold text-primary" data-testid="service-price">
          {service.priceLabel}
        </span>
      </div>
      {service.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
        <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="service-author">
          <Avatar src={author.avatarUrl} name={author.displayName || author.username} size="xs" />
          <span className="truncate font-medium text-foreground">{author.displayName || author.username}</span>
          {author.verified ? <BadgeCheck className="size-3.5 shrink-0 text-primary" aria-label={T.userRow.verified} role="img" /> : null}
          <span className="truncate">{T.byAuthor(author.username)}</span>
        </span>
        <Turnaround days={service.turnaroundDays} text={T.turnaround} testId="service-turnaround" />
        <SchedulingBadge needed={service.needsScheduling} text={T.schedulingRequired} />
        <Rating rating={service.rating} className="text-xs" />
      </div>
    </Link>
  );
}
