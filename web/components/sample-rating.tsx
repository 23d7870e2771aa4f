// The fixed sample rating public service and product cards show (second document §9: 4.8 from 24
// reviews) until real reviews exist; the tools issue replaces it with the item's own numbers.
import { Star } from "lucide-react";
import { MARKET_SCREEN_TEXTS } from "../../shared/messages";
import { cn } from "../lib/cn";

export function SampleRating({ className }: { className?: string }) {
  const rating = MARKET_SCREEN_TEXTS.sampleRating;
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)} data-testid="sample-rating">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      <span aria-hidden className="font-medium">
        {rating.label}
      </span>
      <span className="sr-only">{rating.accessible}</span>
    </span>
  );
}
