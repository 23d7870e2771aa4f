// The /reviews page's API (decision records 0047 and 0048; the contract in shared/review-api.ts):
// the caller's summary, the reviews they received (a keyset-paged list), their completed sales
// waiting for a review, and the two writes the page makes: an answer and a Request Review.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderReviewState, Review, ReviewPage, ReviewRequestList, ReviewSummary } from "@shared/review-api";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, mapLoadedItems, pageQuery, type LoadedPages } from "@web/lib/paging";

const reviewKeys = {
  all: ["reviews"] as const,
  summary: () => [...reviewKeys.all, "summary"] as const,
  received: () => [...reviewKeys.all, "received"] as const,
  requests: () => [...reviewKeys.all, "requests"] as const,
};

const reviewCalls = {
  summary: (signal?: AbortSignal): Promise<ReviewSummary> => unwrap(api.api.reviews.summary.$get({}, { init: { signal } })),
  received: (cursor: string | null, signal?: AbortSignal): Promise<ReviewPage> =>
    unwrap(api.api.reviews.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  requests: (signal?: AbortSignal): Promise<ReviewRequestList> => unwrap(api.api.reviews.requests.$get({}, { init: { signal } })),
  answer: (reviewId: string, content: string): Promise<Review> => unwrap(api.api.reviews[":reviewId"].answer.$post({ param: { reviewId }, json: { content } })),
  request: (orderId: string): Promise<OrderReviewState> => unwrap(api.api.reviews.orders[":orderId"].request.$post({ param: { orderId } })),
};

export function reviewSummaryQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.summary(), queryFn: ({ signal }) => reviewCalls.summary(signal) });
}

export function receivedReviewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: reviewKeys.received(),
    queryFn: ({ pageParam, signal }) => reviewCalls.received(pageParam, signal),
    ...cursorPages,
  });
}

export function reviewRequestsQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.requests(), queryFn: ({ signal }) => reviewCalls.requests(signal) });
}

/** The seller's answer: the review is replaced in place in the loaded pages. */
export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, content }: { reviewId: string; content: string }) => reviewCalls.answer(reviewId, content),
    onSuccess: (review) => {
      queryClient.setQueryData<LoadedPages<Review>>(reviewKeys.received(), (data) =>
        mapLoadedItems(data, (items) => items.map((r) => (r.id === review.id ? review : r))),
      );
    },
  });
}

/** Request Review for one completed sale: the picker shows it as requested. */
export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => reviewCalls.request(orderId),
    onSuccess: (state, orderId) => {
      queryClient.setQueryData<ReviewRequestList>(reviewKeys.requests(), (data) =>
        data ? { items: data.items.map((o) => (o.orderId === orderId ? { ...o, requestedAt: state.requestedAt } : o)) } : data,
      );
    },
  });
}
