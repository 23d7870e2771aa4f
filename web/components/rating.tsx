// An item's real rating (decision record 0047): the average of its reviews to one decimal and
// how many there are, as the API sends it. Without reviews it shows nothing: no invented number
// stands in for one (never the spec's fixed sample 4.8 from 24 reviews).
import { Star } from "lucide-react";
import type { ItemRating } from "@shared/review-api";
import { REVIEW_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";

export function formatAverage(average: number): string {
  return average.toFixed(1);
}

export function Rating({ rating, className }: { rating: ItemRating | null; className?: string }) {
  if (!rating || rating.count === 0) return null;
  const average = formatAverage(rating.average);
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)} data-testid="rating">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      <span aria-hidden className="font-medium">
        {REVIEW_TEXTS.ratingLabel(average, rating.count)}
      </span>
      <span className="sr-only">{REVIEW_TEXTS.ratingAccessible(average, rating.count)}</span>
    </span>
  );
}

/** A review's stars, filled up to its rating; read out as "4 out of 5 stars". */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)} role="img" aria-label={REVIEW_TEXTS.starsAccessible(value)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn("size-4", n <= value ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40")} aria-hidden />
      ))}
    </span>
  );
}
