// Told once (issue #26 item 1): a seller who saves a paid service or product while buyers cannot pay
// them yet (the saved item's `sellerPayable` false) learns what buyers will see — Buy Now disabled
// until payouts are set up — with the way to /payments. Dismissing it is remembered per account on
// this device, so it does not come back after every save; once payouts work it never shows, since
// the server then answers `sellerPayable` true.
import { Link } from "@tanstack/react-router";
import { Landmark } from "lucide-react";
import { useCallback, useId, useState, type ReactNode } from "react";
import type { PriceDisplay } from "@shared/rules/price";
import { PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { Button, buttonVariants } from "@web/components/ui/button";
import { appPaths } from "@web/lib/app-paths";

const T = PAYOUTS_SCREEN_TEXTS.listingNotice;

/** The localStorage key of one account's dismissal. */
export function payoutsNoticeKey(userId: string): string {
  return `backline:payouts-notice-dismissed:${userId}`;
}

function dismissed(userId: string): boolean {
  try {
    return localStorage.getItem(payoutsNoticeKey(userId)) !== null;
  } catch {
    // Storage can be unavailable (private modes); the notice then shows after each such save.
    return false;
  }
}

function rememberDismissal(userId: string): void {
  try {
    localStorage.setItem(payoutsNoticeKey(userId), "1");
  } catch {
    // As above: nothing to remember it in.
  }
}

/** What a saved listing tells the notice: its owner, whether it has a price, whether its seller can be paid. */
export interface SavedListing {
  userId: string;
  price: PriceDisplay;
  sellerPayable: boolean;
}

/**
 * For a manager screen: `onSaved` goes to the form dialog, `notice` is rendered where the seller
 * looks next (above the grid). The live region is always there, so the notice is announced.
 */
export function usePayoutsNotice(): { onSaved: (item: SavedListing) => void; notice: ReactNode } {
  const [owner, setOwner] = useState<string | null>(null);
  const onSaved = useCallback((item: SavedListing) => {
    if (item.price.buyable && !item.sellerPayable && !dismissed(item.userId)) setOwner(item.userId);
  }, []);
  const dismiss = useCallback(() => {
    if (owner) rememberDismissal(owner);
    setOwner(null);
  }, [owner]);
  return { onSaved, notice: <div aria-live="polite" className="empty:mb-0">{owner ? <PayoutsNotice onDismiss={dismiss} /> : null}</div> };
}

function PayoutsNotice({ onDismiss }: { onDismiss: () => void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex gap-3 rounded-[var(--radius-card)] border border-amber-500/60 bg-amber-500/10 p-4" data-testid="payouts-notice">
      <Landmark className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id={titleId} className="font-semibold">
          {T.title}
        </h2>
        <p className="text-sm">{T.body}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Link to={appPaths.payments} className={buttonVariants({ size: "sm" })} onClick={onDismiss}>
            {T.setUp}
          </Link>
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {T.dismiss}
          </Button>
        </div>
      </div>
    </section>
  );
}
