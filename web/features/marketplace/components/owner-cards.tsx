// The owner's cards on /services and /products (second document §2: edit and delete per card,
// Buy Now on each; §9: the owner's price line, 'Package pricing' for a package; turnaround in
// days, DESIGN.md): the catalogue's one card (web/components/catalogue-card.tsx) with the owner's
// actions in its footer. While buyers cannot pay the owner (issue #26) Buy Now says so. The name opens the public detail page, so the owner sees what buyers see.
import { Pencil, Trash2 } from "lucide-react";
import type { MarketService, OwnerProduct } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { CatalogueCard } from "@web/components/catalogue-card";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { productPurchaseItem, servicePurchaseItem } from "../purchase-item";
import type { OnBuy } from "../types";
import { BuyButton } from "./buy-button";

const C = MARKET_SCREEN_TEXTS.card;

interface OwnerCardActions {
  onEdit: () => void;
  onDelete: () => void;
  onBuy: OnBuy;
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
    <CatalogueCard
      layout="owner"
      service={service}
      footer={
        <>
          <OwnerActions name={service.name} onEdit={onEdit} onDelete={onDelete} />
          <BuyButton
            size="sm"
            className="ml-auto min-w-0 items-end text-right"
            item={servicePurchaseItem(service)}
            unavailableReason={service.sellerPayable ? null : PAYOUTS_SCREEN_TEXTS.buyNow.notPayableOwner}
            onBuy={onBuy}
          />
        </>
      }
    />
  );
}

export function OwnerProductCard({ product, onEdit, onDelete, onBuy }: { product: OwnerProduct } & OwnerCardActions) {
  return (
    <CatalogueCard
      layout="owner"
      product={product}
      footer={
        <>
          <OwnerActions name={product.name} onEdit={onEdit} onDelete={onDelete} />
          <BuyButton
            size="sm"
            className="ml-auto min-w-0 items-end text-right"
            item={productPurchaseItem(product)}
            unavailableReason={product.sellerPayable ? null : PAYOUTS_SCREEN_TEXTS.buyNow.notPayableOwner}
            onBuy={onBuy}
          />
        </>
      }
    />
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
