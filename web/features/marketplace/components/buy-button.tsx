// Buy Now (second document §2, §5: disabled without a price; the price line beside it then reads
// 'Contact for pricing', and so does the disabled button's title). A seller who cannot be paid yet
// (issue #26: `sellerPayable` false) gets Buy Now disabled too, with the reason written under it,
// so no buyer meets a purchase that fails after the click. What a tap opens is the route's choice
// (`onBuy`), so this feature never imports the checkout.
import { ShoppingCart } from "lucide-react";
import { useId } from "react";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { Button, type ButtonSize } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import type { BuyableItem } from "../purchase-item";
import type { OnBuy } from "../types";

const T = MARKET_SCREEN_TEXTS.buy;

export interface BuyButtonProps {
  item: BuyableItem;
  onBuy: OnBuy;
  /** Why this cannot be bought now although it has a price (the seller's payouts), shown under the button. */
  unavailableReason?: string | null;
  size?: ButtonSize;
  className?: string;
}

export function BuyButton({ item, onBuy, unavailableReason, size = "md", className }: BuyButtonProps) {
  const reasonId = useId();
  const { priceCents } = item;
  if (priceCents === null) {
    return (
      <Button size={size} className={className} disabled title={T.contactForPricing} data-testid="buy-now">
        <ShoppingCart aria-hidden /> {T.buyNow}
      </Button>
    );
  }
  if (unavailableReason) {
    // aria-disabled rather than disabled: the button stays focusable and reads out its reason.
    return (
      <div className={cn("flex flex-col gap-1.5", className)} data-testid="buy-now-unavailable">
        <Button size={size} className="w-full" aria-disabled="true" aria-describedby={reasonId} onClick={(event) => event.preventDefault()} data-testid="buy-now">
          <ShoppingCart aria-hidden /> {T.buyNow}
        </Button>
        <p id={reasonId} className="text-xs text-muted-foreground" data-testid="buy-now-reason">
          {unavailableReason}
        </p>
      </div>
    );
  }
  return (
    <Button size={size} className={className} onClick={() => onBuy({ ...item, priceCents })} data-testid="buy-now">
      <ShoppingCart aria-hidden /> {T.buyNow}
    </Button>
  );
}
