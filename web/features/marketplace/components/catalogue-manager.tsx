// /services and /products (second document §2 Services, Products): the signed-in user's grid
// with Add (one dialog for create and edit), edit and delete per card (delete asks first), Buy
// Now on each card; the empty state with 'Create Your First Service'; §8's toasts: 'Failed to
// fetch services' when the grid cannot load, '… deleted successfully' after a delete. What Buy
// Now opens is the route's (`onBuy`). A paid item saved before buyers can pay the seller brings
// the one-time payouts notice (issue #26).
import { useInfiniteQuery } from "@tanstack/react-query";
import { Package, Plus, Wrench } from "lucide-react";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import type { MarketService, OwnerProduct } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { PagedList } from "@web/components/paged-list";
import { Button } from "@web/components/ui/button";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ownProductsQueryOptions, ownServicesQueryOptions, useDeleteProduct, useDeleteService } from "../api";
import type { OnBuy } from "../types";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { OwnerCardSkeleton, OwnerProductCard, OwnerServiceCard } from "./owner-cards";
import { usePayoutsNotice } from "./payouts-notice";
import { ProductFormDialog } from "./product-form-dialog";
import { ServiceFormDialog } from "./service-form-dialog";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

function ManagerHeader({ title, intro, addLabel, onAdd, addRef }: { title: string; intro: string; addLabel: string; onAdd: () => void; addRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h1 className="font-display text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      <Button ref={addRef} onClick={onAdd}>
        <Plus aria-hidden /> {addLabel}
      </Button>
    </header>
  );
}

function EmptyCatalogue({ icon, title, hint, action, onAction }: { icon: ReactNode; title: string; hint: string; action: string; onAction: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="catalogue-empty">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">{icon}</span>
      <div className="space-y-1">
        <h2 className="font-display text-lg font-semibold">{title}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>
      </div>
      <Button onClick={onAction}>
        <Plus aria-hidden /> {action}
      </Button>
    </div>
  );
}

const gridSkeletons = (withMedia: boolean) => (
  <div className={GRID}>
    <OwnerCardSkeleton withMedia={withMedia} />
    <OwnerCardSkeleton withMedia={withMedia} />
    <OwnerCardSkeleton withMedia={withMedia} />
  </div>
);

/**
 * The form dialog's state: open or not, and the item it edits (null: a new one). The item stays
 * while the dialog closes, so its title does not flip during the closing animation.
 */
interface Editing<T> {
  open: boolean;
  item: T | null;
}

/**
 * The edit and delete state both grids share: which item the form dialog edits (null: a new
 * one), which the delete question names, and the delete with its §8 toasts.
 */
function useListingActions<T extends { id: string; name: string }>(
  remove: { mutate: (id: string, callbacks: { onSuccess: () => void; onError: () => void; onSettled: () => void }) => void; isPending: boolean },
  texts: { deleted: string; deleteFailed: string; deleteTitle: string; deleteConfirm: (name: string) => string },
  toastId: string,
) {
  const [editing, setEditing] = useState<Editing<T>>({ open: false, item: null });
  const [deleting, setDeleting] = useState<Editing<T>>({ open: false, item: null });
  const addRef = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  const confirmDelete = () => {
    const item = deleting.item;
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        removed.current = true;
        notifySuccess(texts.deleted, { id: toastId });
      },
      onError: () => notifyError(texts.deleteFailed, { id: toastId }),
      onSettled: () => setDeleting({ open: false, item }),
    });
  };
  return {
    editing,
    addRef,
    create: () => setEditing({ open: true, item: null }),
    edit: (item: T) => setEditing({ open: true, item }),
    askDelete: (item: T) => setDeleting({ open: true, item }),
    setFormOpen: (open: boolean) => setEditing((current) => ({ ...current, open })),
    deleteDialog: (
      <ConfirmDeleteDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        title={texts.deleteTitle}
        description={texts.deleteConfirm(deleting.item?.name ?? "")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // After a delete the card whose button opened the question is gone, and the focus would
          // fall back to the page itself: it goes to the screen's Add button instead.
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          addRef.current?.focus();
        }}
      />
    ),
  };
}

export function ServicesManager({ onBuy }: { onBuy: OnBuy }) {
  const T = MARKET_SCREEN_TEXTS.services;
  const query = useInfiniteQuery(ownServicesQueryOptions());
  const remove = useDeleteService();
  const actions = useListingActions<MarketService>(remove, T, "service-delete");
  const payouts = usePayoutsNotice();

  return (
    <div className="space-y-5 px-4 pt-4">
      <ManagerHeader title={T.title} intro={T.intro} addLabel={T.add} onAdd={actions.create} addRef={actions.addRef} />
      {payouts.notice}
      <PagedList
        query={query}
        errorMessage={T.fetchFailed}
        toastId="own-services"
        label={T.title}
        loadingLabel={T.loading}
        loadingMoreLabel={T.loadingMore}
        skeletons={gridSkeletons(false)}
        empty={<EmptyCatalogue icon={<Wrench className="size-6" aria-hidden />} title={T.empty} hint={T.emptyHint} action={T.createFirst} onAction={actions.create} />}
        endText={T.end}
        itemKey={(service) => service.id}
        listClassName={GRID}
        renderItem={(service) => (
          <OwnerServiceCard service={service} onEdit={() => actions.edit(service)} onDelete={() => actions.askDelete(service)} onBuy={onBuy} />
        )}
      />
      <ServiceFormDialog open={actions.editing.open} onOpenChange={actions.setFormOpen} service={actions.editing.item} onSaved={payouts.onSaved} />
      {actions.deleteDialog}
    </div>
  );
}

export function ProductsManager({ onBuy }: { onBuy: OnBuy }) {
  const T = MARKET_SCREEN_TEXTS.products;
  const query = useInfiniteQuery(ownProductsQueryOptions());
  const remove = useDeleteProduct();
  const actions = useListingActions<OwnerProduct>(remove, T, "product-delete");
  const payouts = usePayoutsNotice();

  return (
    <div className="space-y-5 px-4 pt-4">
      <ManagerHeader title={T.title} intro={T.intro} addLabel={T.add} onAdd={actions.create} addRef={actions.addRef} />
      {payouts.notice}
      <PagedList
        query={query}
        errorMessage={T.fetchFailed}
        toastId="own-products"
        label={T.title}
        loadingLabel={T.loading}
        loadingMoreLabel={T.loadingMore}
        skeletons={gridSkeletons(true)}
        empty={<EmptyCatalogue icon={<Package className="size-6" aria-hidden />} title={T.empty} hint={T.emptyHint} action={T.createFirst} onAction={actions.create} />}
        endText={T.end}
        itemKey={(product) => product.id}
        listClassName={GRID}
        renderItem={(product) => (
          <OwnerProductCard product={product} onEdit={() => actions.edit(product)} onDelete={() => actions.askDelete(product)} onBuy={onBuy} />
        )}
      />
      <ProductFormDialog open={actions.editing.open} onOpenChange={actions.setFormOpen} product={actions.editing.item} onSaved={payouts.onSaved} />
      {actions.deleteDialog}
    </div>
  );
}
