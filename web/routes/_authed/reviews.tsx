// /reviews (spec marketplace-messaging-account §2 "Sample-data pages"; decision record 0047): the
// signed-in user's average, star breakdown, the reviews they received and Request Review.
import { createFileRoute } from "@tanstack/react-router";
import { receivedReviewsQueryOptions, reviewRequestsQueryOptions, reviewSummaryQueryOptions } from "@web/features/reviews/api";
import { ReviewsScreen } from "@web/features/reviews/components/reviews-screen";

export const Route = createFileRoute("/_authed/reviews")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(reviewSummaryQueryOptions());
    void context.queryClient.prefetchQuery(reviewRequestsQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(receivedReviewsQueryOptions());
  },
  component: ReviewsScreen,
});
