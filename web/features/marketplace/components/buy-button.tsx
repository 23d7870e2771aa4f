// Buy Now (second document §2, §5: disabled without a price; the price line beside it then reads
// 'Contact for pricing', and so does the disabled button's title). What a tap opens is the route's choice (`onBuy`), so this feature never
// imports the checkout.
import { ShoppingCart } from "lucide-react";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { Button, type ButtonSize } from "@web/components/ui/button";
import type { OnBuy, PurchaseItem } from "../types";

const T = MARKET_SCREEN_TEXTS.buy;

export interface BuyButtonProps {
  item: Omit<PurchaseItem, "priceCents"> & { priceCents: number | null };
  onBuy: OnBuy;
  size?: ButtonSize;
  className?: string;
}

export function BuyButton({ item, onBuy, size = "md", className }: BuyButtonProps) {
  const { priceCents } = item;
  if (priceCents === null) {
    return (
      <Button size={size} className={className} disabled title={T.contactForPricing} data-testid="buy-now">
        <ShoppingCart aria-hidden /> {T.buyNow}
      </Button>
    );
  }
  return (
    <Button size={size} className={className} onClick={() => onBuy({ ...item, priceCents })} data-testid="buy-now">
      <ShoppingCart aria-hidden /> {T.buyNow}
    </Button>
  );
}
