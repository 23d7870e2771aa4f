// The order page's review section (decision record 0047). It lives in the checkout feature
// because it is part of the order page and features may not import each other: the buyer of a
// completed order leaves their stars and words here (the Request Review message links here), the
// review and the seller's answer show once written, and the seller may ask for one.
import { useQuery } from "@tanstack/react-query";
import { MessageSquareQuote, Send, Star } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { OrderDetail } from "@shared/checkout-api";
import { REVIEW_TEXTS } from "@shared/messages";
import { REVIEW_LIMITS, type Review } from "@shared/review-api";
import { TextareaField } from "@web/components/form-field";
import { Stars } from "@web/components/rating";
import { RelativeTime } from "@web/components/relative-time";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { cn } from "@web/lib/cn";
import { orderReviewQueryOptions, useLeaveReview, useRequestOrderReview } from "../api";

const T = REVIEW_TEXTS;

export function OrderReview({ order }: { order: OrderDetail }) {
  // Only a completed order can have a review; others need no request at all.
  const state = useQuery({ ...orderReviewQueryOptions(order.id), enabled: order.status === "completed" });
  if (order.status !== "completed" || !state.data) return null;
  const { review, canReview, canRequest, requestedAt } = state.data;
  if (review) return <WrittenReview review={review} mine={order.role === "buyer"} />;
  if (canReview) return <ReviewForm orderId={order.id} />;
  if (order.role === "seller") return <AskForReview orderId={order.id} canRequest={canRequest} requestedAt={requestedAt} />;
  return null;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="order-review-title" className="space-y-3 rounded-[var(--radius-card)] border bg-card p-5 shadow-sm" data-testid="order-review">
      <h2 id="order-review-title" className="font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function WrittenReview({ review, mine }: { review: Review; mine: boolean }) {
  return (
    <Section title={mine ? T.yourReview : T.buyerReview}>
      <div className="flex items-center gap-2">
        <Stars value={review.rating} />
        <span className="text-xs text-muted-foreground">
          <RelativeTime date={review.createdAt} />
        </span>
      </div>
      <p className="text-sm whitespace-pre-line break-words" data-testid="order-review-content">
        {review.content}
      </p>
      {review.answer ? (
        <div className="rounded-xl bg-muted/60 p-3 text-sm">
          <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <MessageSquareQuote className="size-3.5" aria-hidden /> {T.theSellerAnswered}
          </p>
          <p className="whitespace-pre-line break-words">{review.answer}</p>
        </div>
      ) : null}
    </Section>
  );
}

function ReviewForm({ orderId }: { orderId: string }) {
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const leave = useLeaveReview(orderId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) return setError(T.ratingInvalid);
    if (!content.trim()) return setError(T.contentRequired);
    setError(null);
    leave.mutate(
      { rating, content },
      {
        onSuccess: () => notifySuccess(T.submitted),
        onError: (e) => notifyError(e.message || T.submitFailed, { title: T.submitFailed }),
      },
    );
  }

  return (
    <Section title={T.leaveTitle}>
      <p className="text-sm text-muted-foreground">{T.leaveIntro}</p>
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="review-form">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{T.ratingLegend}</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="sr-only" />
                <Star className={cn("size-8 transition", n <= rating ? "fill-amber-400 text-amber-500" : "text-muted-foreground")} aria-hidden />
                <span className="sr-only">{T.starOption(n)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField
          label={T.contentLabel}
          placeholder={T.contentPlaceholder}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          limit={REVIEW_LIMITS.content}
          length={content.length}
          rows={4}
          error={error ?? undefined}
        />
        <Button type="submit" disabled={leave.isPending}>
          {leave.isPending ? <Spinner /> : <Send aria-hidden />} {T.submit}
        </Button>
      </form>
    </Section>
  );
}

function AskForReview({ orderId, canRequest, requestedAt }: { orderId: string; canRequest: boolean; requestedAt: number | null }) {
  const request = useRequestOrderReview(orderId);
  return (
    <Section title={T.requestTitle}>
      <p className="text-sm text-muted-foreground">{T.notReviewedYet}</p>
      {requestedAt !== null ? (
        <p className="text-sm font-medium" data-testid="order-review-requested">
          {T.requested} · <RelativeTime date={requestedAt} />
        </p>
      ) : canRequest ? (
        <Button
          variant="outline"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: () => notifySuccess(T.requestSent),
              onError: (e) => notifyError(e.message || T.requestFailed, { title: T.requestFailed }),
            })
          }
        >
          {request.isPending ? <Spinner /> : <Send aria-hidden />} {T.requestFromOrder}
        </Button>
      ) : null}
    </Section>
  );
}
