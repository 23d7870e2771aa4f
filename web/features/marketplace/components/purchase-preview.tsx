// What Buy Now opens until the checkout's purchase dialog is connected by the route (second
// document §2: Buy Now opens a purchase dialog; §5 'Please log in to make a purchase'; §9 the 5%
// fee on top, two decimals, from the one shared price function). It shows the item, its price,
// the fee and the total; a visitor is asked to sign in and comes back to the same page.
import { Link } from "@tanstack/react-router";
import { LogIn } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { MARKET_SCREEN_TEXTS } from "../../../../shared/messages";
import { purchaseTotal } from "../../../../shared/rules/price";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import type { OnBuy, PurchaseItem } from "../types";

const T = MARKET_SCREEN_TEXTS.buy;

interface PurchasePreviewDialogProps {
  item: PurchaseItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  /** Where signing in comes back to. */
  redirect: string;
}

function PurchasePreviewDialog({ item, open, onOpenChange, signedIn, redirect }: PurchasePreviewDialogProps) {
  const total = item ? purchaseTotal(item.priceCents) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent hideClose data-testid="purchase-dialog">
        <DialogHeader>
          <DialogTitle>{T.dialogTitle}</DialogTitle>
          <DialogDescription>{signedIn ? T.dialogDescription : T.loginToPurchase}</DialogDescription>
        </DialogHeader>
        {item && total ? (
          <dl className="space-y-2 rounded-2xl border bg-muted/30 p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <dt className="sr-only">{T.item}</dt>
              <dd className="min-w-0 font-semibold break-words">{item.itemName}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{T.price}</dt>
              <dd className="tabular-nums">{total.priceLabel}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{T.fee}</dt>
              <dd className="tabular-nums">{total.feeLabel}</dd>
            </div>
            <div className="flex justify-between gap-3 border-t pt-2 text-base font-semibold">
              <dt>{T.total}</dt>
              <dd className="tabular-nums text-primary" data-testid="purchase-total">
                {total.totalLabel}
              </dd>
            </div>
          </dl>
        ) : null}
        {signedIn ? <p className="text-xs text-muted-foreground">{T.checkoutSoon}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {T.close}
          </Button>
          {signedIn ? null : (
            <Link to="/auth" search={{ redirect }} className={buttonVariants()}>
              <LogIn aria-hidden /> {T.signIn}
            </Link>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The route's Buy Now handler and the dialog it opens: `onBuy` for the cards and pages, `dialog`
 * to render once. The item stays while the dialog closes, so its contents do not vanish mid-animation.
 */
export function usePurchasePreview({ signedIn, redirect }: { signedIn: boolean; redirect: string }): { onBuy: OnBuy; dialog: ReactNode } {
  const [state, setState] = useState<{ open: boolean; item: PurchaseItem | null }>({ open: false, item: null });
  const onBuy = useCallback<OnBuy>((item) => setState({ open: true, item }), []);
  const dialog = (
    <PurchasePreviewDialog
      item={state.item}
      open={state.open}
      onOpenChange={(open) => setState((current) => ({ ...current, open }))}
      signedIn={signedIn}
      redirect={redirect}
    />
  );
  return { onBuy, dialog };
}
