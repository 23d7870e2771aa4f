// The reviews feature's public face: what the /reviews route needs.
export { receivedReviewsQueryOptions, reviewRequestsQueryOptions, reviewSummaryQueryOptions } from "./api";
export { ReviewsScreen } from "./components/reviews-screen";
