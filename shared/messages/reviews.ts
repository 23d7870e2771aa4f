/**
 * Reviews of completed orders (DESIGN.md "Sample pages" and "Request Review"; decision record
 * 0047): the API's refusals, the Request Review message, the /reviews page, the order page's
 * review section and the rating cards show. The spec's page had only sample numbers; these words
 * are ours, in its style.
 */
export const REVIEW_TEXTS = {
  // The API's refusals.
  reviewNotFound: "Review not found",
  notCompleted: "You can only review a completed order",
  alreadyReviewed: "You have already reviewed this order",
  ownItem: "You cannot review your own item",
  onlySellerAnswers: "Only the seller can answer this review",
  alreadyAnswered: "This review already has an answer",
  onlySellerRequests: "Only the seller can request a review",
  requestNotCompleted: "You can only request a review for a completed order",
  requestAlreadyReviewed: "This order has already been reviewed",
  alreadyRequested: "You have already requested a review for this order",
  ratingInvalid: "Please choose a rating from 1 to 5 stars",
  contentRequired: "Please write your review",
  contentTooLong: "Review must be 1000 characters or less",
  answerRequired: "Please write your answer",
  answerTooLong: "Answer must be 1000 characters or less",
  /** The chat message Request Review sends; its button is MESSAGING_TEXTS.linkLabels.review_request. */
  requestMessage: (itemName: string) => `Thanks for your order of "${itemName}"! If you have a moment, I'd love a review.`,

  // Ratings on cards and detail pages.
  ratingLabel: (average: string, count: number) => `${average} (${count} ${count === 1 ? "review" : "reviews"})`,
  ratingAccessible: (average: string, count: number) => `Rated ${average} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`,
  starsAccessible: (stars: number) => `${stars} out of 5 stars`,

  // The /reviews page.
  title: "Reviews",
  subtitle: "What buyers say about your services and products",
  averageTitle: "Average rating",
  outOfFive: "out of 5",
  basedOn: (count: number) => `Based on ${count} ${count === 1 ? "review" : "reviews"}`,
  breakdownTitle: "Rating breakdown",
  breakdownRow: (stars: number, count: number) => `${stars} ${stars === 1 ? "star" : "stars"}: ${count} ${count === 1 ? "review" : "reviews"}`,
  listTitle: "Reviews received",
  emptyTitle: "No reviews yet",
  emptyBody:
    "Reviews come from buyers of your services and products. When an order is completed, use Request Review to ask the buyer for one; their stars and words will show here and on your public cards.",
  loading: "Loading reviews",
  loadingMore: "Loading more reviews",
  listEnd: "That's every review.",
  loadFailed: "Failed to load reviews",
  tryAgain: "Try Again",
  itemLine: (itemName: string) => `for ${itemName}`,
  sellerAnswer: "Your answer",
  answer: "Answer",
  answerLabel: "Your answer to this review",
  sendAnswer: "Post Answer",
  cancel: "Cancel",
  answerPosted: "Answer posted",
  answerFailed: "Failed to post answer",
  requestTitle: "Request Review",
  requestIntro: "Completed orders without a review. The buyer gets a message with a link to leave one.",
  requestButton: "Request Review",
  requestEmpty: "No completed orders are waiting for a review.",
  requested: "Requested",
  requestSent: "Review requested",
  requestFailed: "Failed to request review",
  completedOn: (date: string) => `Completed ${date}`,
  buyerLine: (name: string) => `Bought by ${name}`,

  // The order page's review section.
  leaveTitle: "Leave a review",
  leaveIntro: "How did it go? Your stars and words appear on the seller's reviews and their public rating.",
  ratingLegend: "Rating",
  starOption: (stars: number) => `${stars} ${stars === 1 ? "star" : "stars"}`,
  contentLabel: "Your review",
  contentPlaceholder: "What was it like to work with this seller?",
  submit: "Submit Review",
  submitted: "Review posted",
  submitFailed: "Failed to post review",
  yourReview: "Your review",
  buyerReview: "The buyer's review",
  theSellerAnswered: "The seller's answer",
  notReviewedYet: "The buyer has not reviewed this order yet.",
  requestFromOrder: "Ask the buyer for a review",
} as const;