// The owner's cards on /services and /products (second document §2: edit and delete per card,
// Buy Now on each; §9: the owner's price line, 'Package pricing' for a package; turnaround in
// days, DESIGN.md). The name opens the public detail page, so the owner sees what buyers see.
import { Link } from "@tanstack/react-router";
import { CalendarClock, Clock, FileCheck2, Package, Pencil, Trash2, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import type { MarketService, OwnerProduct } from "../../../../shared/marketplace-api";
import { MARKET_SCREEN_TEXTS } from "../../../../shared/messages";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { productPath, servicePath } from "../../../lib/app-paths";
import { categoryLabel } from "../labels";
import type { OnBuy } from "../types";
import { BuyButton } from "./buy-button";

const C = MARKET_SCREEN_TEXTS.card;

interface OwnerCardActions {
  onEdit: () => void;
  onDelete: () => void;
  onBuy: OnBuy;
}

function CardFrame({ media, children, footer, testId }: { media: ReactNode; children: ReactNode; footer: ReactNode; testId: string }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm" data-testid={testId}>
      {media}
      <div className="flex flex-1 flex-col gap-2 p-4">{children}</div>
      <div className="flex items-center gap-1 border-t px-3 py-2.5">{footer}</div>
    </article>
  );
}

function OwnerActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={C.edit(name)} title={C.edit(name)}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={C.delete(name)} title={C.delete(name)} className="text-destructive hover:bg-destructive/10">
        <Trash2 aria-hidden />
      </Button>
    </>
  );
}

export function OwnerServiceCard({ service, onEdit, onDelete, onBuy }: { service: MarketService } & OwnerCardActions) {
  return (
    <CardFrame
      testId="owner-service-card"
      media={null}
      footer={
        <>
          <OwnerActions name={service.name} onEdit={onEdit} onDelete={onDelete} />
          <BuyButton
            size="sm"
            className="ml-auto"
            item={{ itemType: "service", itemId: service.id, itemName: service.name, priceCents: service.price.buyable ? service.price.chargeCents : null }}
            onBuy={onBuy}
          />
        </>
      }
    >
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
          <p className="text-xs text-muted-foreground">{categoryLabel(service.category)}</p>
        </div>
      </div>
      {service.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1 text-xs text-muted-foreground">
        <span className="text-base font-semibold text-primary" data-testid="service-price">
          {service.price.label}
        </span>
        {service.turnaroundDays !== null ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden /> {MARKET_SCREEN_TEXTS.delivery(service.turnaroundDays)}
          </span>
        ) : null}
        {service.needsScheduling ? (
          <Badge variant="outline">
            <CalendarClock aria-hidden /> {MARKET_SCREEN_TEXTS.detail.schedulingRequired}
          </Badge>
        ) : null}
      </div>
    </CardFrame>
  );
}

export function OwnerProductCard({ product, onEdit, onDelete, onBuy }: { product: OwnerProduct } & OwnerCardActions) {
  return (
    <CardFrame
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
      footer={
        <>
          <OwnerActions name={product.name} onEdit={onEdit} onDelete={onDelete} />
          <BuyButton
            size="sm"
            className="ml-auto"
            item={{ itemType: "product", itemId: product.id, itemName: product.name, priceCents: product.price.buyable ? product.price.chargeCents : null }}
            onBuy={onBuy}
          />
        </>
      }
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
        {categoryLabel(product.category)}
        <Badge variant={product.type === "digital" ? "default" : "secondary"}>{MARKET_SCREEN_TEXTS.productTypes[product.type]}</Badge>
        {product.file ? (
          <span className="inline-flex min-w-0 items-center gap-1" title={product.file.name}>
            <FileCheck2 className="size-3.5 shrink-0" aria-hidden /> <span className="truncate">{product.file.name}</span>
          </span>
        ) : null}
      </div>
      {product.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p> : null}
    </CardFrame>
  );
}

/** Shaped like a card, for the grid while it loads. */
export function OwnerCardSkeleton({ withMedia = false }: { withMedia?: boolean }) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border bg-card" data-testid="card-skeleton">
      {withMedia ? <Skeleton className="aspect-[4/3] w-full rounded-none" /> : null}
      <div className="space-y-2 p-4">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-3 w-full" />
      </div>
    </div>
  );
}
