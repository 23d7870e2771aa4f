// /reviews (spec marketplace-messaging-account §2 "Sample-data pages": an average, a star
// breakdown, the reviews and Request Review; DESIGN.md: the spec's layout on the user's own data,
// with an honest empty state). Everything here is the signed-in user's: the reviews buyers left
// on their sales, their answers, and their completed sales still waiting for a review.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessageSquareQuote, RefreshCw, Send, Star } from "lucide-react";
import { useState, type FormEvent } from "react";
import { REVIEW_TEXTS } from "@shared/messages";
import { REVIEW_LIMITS, type RequestableOrder, type Review, type ReviewSummary } from "@shared/review-api";
import { TextareaField } from "@web/components/form-field";
import { PagedList } from "@web/components/paged-list";
import { formatAverage, Stars } from "@web/components/rating";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { productPath, servicePath } from "@web/lib/app-paths";
import { receivedReviewsQueryOptions, reviewRequestsQueryOptions, reviewSummaryQueryOptions, useAnswerReview, useRequestReview } from "../api";

const T = REVIEW_TEXTS;
const card = "rounded-[var(--radius-card)] border bg-card p-5 shadow-sm";
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function personName(person: { displayName: string | null; username: string | null }): string {
  return person.displayName || person.username || "";
}

export function ReviewsScreen() {
  const summary = useQuery(reviewSummaryQueryOptions());
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-3 pt-4 pb-6 sm:px-4" data-testid="reviews-screen">
      <header className="px-1">
        <h1 className="font-display text-2xl font-bold tracking-tight">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.subtitle}</p>
      </header>
      {summary.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-busy="true" aria-label={T.loading} data-testid="reviews-loading">
          <Skeleton className="h-56 w-full rounded-[var(--radius-card)]" />
          <Skeleton className="h-56 w-full rounded-[var(--radius-card)]" />
        </div>
      ) : summary.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="reviews-error">
          <h2 className="font-display text-lg font-semibold">{T.loadFailed}</h2>
          <Button variant="outline" onClick={() => void summary.refetch()}>
            <RefreshCw aria-hidden /> {T.tryAgain}
          </Button>
        </div>
      ) : summary.data.rating === null ? (
        <>
          <section className={`${card} text-center`} data-testid="reviews-empty">
            <Star className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
            <h2 className="font-display text-lg font-semibold">{T.emptyTitle}</h2>
            <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{T.emptyBody}</p>
          </section>
          <RequestReview />
        </>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <SummaryCard summary={summary.data} />
            <RequestReview />
          </div>
          <ReceivedReviews />
        </>
      )}
    </div>
  );
}

function SummaryCard({ summary }: { summary: ReviewSummary }) {
  const rating = summary.rating!;
  const most = Math.max(1, ...summary.breakdown.map((b) => b.count));
  return (
    <section className={`${card} space-y-4`} aria-labelledby="reviews-average" data-testid="reviews-summary">
      <div>
        <h2 id="reviews-average" className="text-sm font-medium text-muted-foreground">
          {T.averageTitle}
        </h2>
        <p className="flex items-baseline gap-2">
          <span className="font-display text-4xl font-bold" data-testid="reviews-average-value">
            {formatAverage(rating.average)}
          </span>
          <span className="text-sm text-muted-foreground">{T.outOfFive}</span>
        </p>
        <Stars value={Math.round(rating.average)} />
        <p className="mt-1 text-sm text-muted-foreground">{T.basedOn(rating.count)}</p>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium">{T.breakdownTitle}</h3>
        <ul className="space-y-1.5" data-testid="reviews-breakdown">
          {summary.breakdown.map((row) => (
            <li key={row.stars} className="flex items-center gap-2 text-sm" aria-label={T.breakdownRow(row.stars, row.count)}>
              <span className="inline-flex w-8 items-center gap-0.5 tabular-nums" aria-hidden>
                {row.stars}
                <Star className="size-3.5 fill-amber-400 text-amber-400" />
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(row.count / most) * 100}%` }} />
              </span>
              <span className="w-8 text-right tabular-nums text-muted-foreground" aria-hidden>
                {row.count}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function RequestReview() {
  const requests = useQuery(reviewRequestsQueryOptions());
  const request = useRequestReview();
  return (
    <section className={`${card} space-y-3`} aria-labelledby="reviews-request" data-testid="reviews-request">
      <h2 id="reviews-request" className="font-display text-lg font-semibold">
        {T.requestTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{T.requestIntro}</p>
      {requests.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : requests.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm">
          {T.loadFailed}
          <Button variant="outline" size="sm" onClick={() => void requests.refetch()}>
            <RefreshCw aria-hidden /> {T.tryAgain}
          </Button>
        </div>
      ) : requests.data.items.length === 0 ? (
        <p className="text-sm" data-testid="reviews-request-empty">
          {T.requestEmpty}
        </p>
      ) : (
        <ul className="divide-y" data-testid="reviews-request-list">
          {requests.data.items.map((order) => (
            <RequestRow key={order.orderId} order={order} pending={request.isPending && request.variables === order.orderId} onRequest={() =>
              request.mutate(order.orderId, {
                onSuccess: () => notifySuccess(T.requestSent),
                onError: (e) => notifyError(e.message || T.requestFailed, { title: T.requestFailed }),
              })
            } />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestRow({ order, pending, onRequest }: { order: RequestableOrder; pending: boolean; onRequest: () => void }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5" data-testid="reviews-request-row">
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{order.itemName}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {T.buyerLine(personName(order.buyer))} · {T.completedOn(dateFormat.format(new Date(order.completedAt)))}
        </span>
      </span>
      {order.requestedAt !== null ? (
        <span className="shrink-0 text-xs font-medium text-muted-foreground">{T.requested}</span>
      ) : (
        <Button size="sm" variant="outline" className="shrink-0" disabled={pending} onClick={onRequest} aria-label={`${T.requestButton}: ${order.itemName}`}>
          {pending ? <Spinner /> : <Send aria-hidden />} {T.requestButton}
        </Button>
      )}
    </li>
  );
}

function ReceivedReviews() {
  const reviews = useInfiniteQuery(receivedReviewsQueryOptions());
  return (
    <section aria-labelledby="reviews-list" className="space-y-3">
      <h2 id="reviews-list" className="px-1 font-display text-lg font-semibold">
        {T.listTitle}
      </h2>
      <PagedList
        query={reviews}
        errorMessage={T.loadFailed}
        toastId="reviews-received"
        label={T.listTitle}
        loadingLabel={T.loading}
        loadingMoreLabel={T.loadingMore}
        skeletons={
          <>
            <Skeleton className="h-32 w-full rounded-[var(--radius-card)]" />
            <Skeleton className="h-32 w-full rounded-[var(--radius-card)]" />
          </>
        }
        empty={<p className="text-sm text-muted-foreground">{T.emptyTitle}</p>}
        endText={T.listEnd}
        itemKey={(review) => review.id}
        renderItem={(review) => <ReviewCard review={review} />}
      />
    </section>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const name = personName(review.buyer);
  return (
    <article className={`${card} space-y-2`} data-testid="review-card">
      <div className="flex items-center gap-3">
        <Avatar src={review.buyer.avatarUrl} name={name} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{name}</span>
          <span className="block text-xs text-muted-foreground">
            <RelativeTime date={review.createdAt} />
          </span>
        </span>
        <Stars value={review.rating} />
      </div>
      <p className="text-xs text-muted-foreground">
        <Link to={review.itemType === "service" ? servicePath(review.itemId) : productPath(review.itemId)} className="underline-offset-2 hover:underline">
          {T.itemLine(review.itemName)}
        </Link>
      </p>
      <p className="text-sm whitespace-pre-line break-words">{review.content}</p>
      {review.answer ? (
        <div className="rounded-xl bg-muted/60 p-3 text-sm" data-testid="review-answer">
          <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <MessageSquareQuote className="size-3.5" aria-hidden /> {T.sellerAnswer}
          </p>
          <p className="whitespace-pre-line break-words">{review.answer}</p>
        </div>
      ) : (
        <AnswerAction reviewId={review.id} />
      )}
    </article>
  );
}

function AnswerAction({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerReview();
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageSquareQuote aria-hidden /> {T.answer}
      </Button>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim()) return setError(T.answerRequired);
    setError(null);
    answer.mutate(
      { reviewId, content },
      {
        onSuccess: () => notifySuccess(T.answerPosted),
        onError: (e) => notifyError(e.message || T.answerFailed, { title: T.answerFailed }),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="answer-form">
      <TextareaField
        label={T.answerLabel}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        limit={REVIEW_LIMITS.answer}
        length={content.length}
        rows={3}
        error={error ?? undefined}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? <Spinner /> : <Send aria-hidden />} {T.sendAnswer}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
