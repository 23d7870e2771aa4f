// The reviews contract shared by the Worker and the SPA (DESIGN.md "Sample pages" and "Request
// Review"; decision records 0047 and 0048). Texts are REVIEW_TEXTS in shared/messages.ts; the
// review's words pass the same cleaning and content screen as messages and comments.
//
// Routes (JSON; every failure is the error envelope of shared/errors.ts; signed in, else 401
// 'Authentication required'; an order the caller is no party to answers 404 'Order not found',
// like a missing one; a review they are no party to 404 'Review not found'):
//   GET  /api/reviews?cursor=&limit=          → ReviewPage: reviews the caller received as a
//                                              seller, newest first.
//   GET  /api/reviews/summary                 → ReviewSummary: their average and star breakdown.
//   GET  /api/reviews/requests                → ReviewRequestList: their completed sales without a
//                                              review (newest REVIEW_LIMITS.requestable), each
//                                              with when a review was requested, if it was.
//   GET  /api/reviews/orders/:orderId         → OrderReviewState for either party of the order.
//   POST /api/reviews/orders/:orderId         body ReviewBody → 201 Review. The buyer of a
//                                              completed order, once: 409 'You can only review a
//                                              completed order', 409 'You have already reviewed
//                                              this order', 403 'You cannot review your own item'.
//   POST /api/reviews/orders/:orderId/request → 201 OrderReviewState. The seller sends the buyer a
//                                              "review_request" message linking to the order page,
//                                              once per order: 403 'Only the seller can request a
//                                              review', 409 for an order not completed, reviewed,
//                                              or already asked.
//   POST /api/reviews/:reviewId/answer        body AnswerBody → 200 Review. The seller, once: 403
//                                              'Only the seller can answer this review', 409 'This
//                                              review already has an answer'.
//
// Ratings on public pages: services, products, the profile's seller items and the search Services
// tab carry `rating: ItemRating | null` (null when the item has no review).
import { z } from "zod";
import { REQUEST_TEXTS, REVIEW_TEXTS } from "./messages";
import { prepareReviewText } from "./rules/review-text";
import type { Page } from "./paging";
import type { PartyRef } from "./people";

export const REVIEW_LIMITS = {
  /** Not in the spec: a review says what a comment can say (TEXT_LIMITS.comment). */
  content: 1000,
  answer: 1000,
  /** The Request Review picker: the newest completed, unreviewed sales. */
  requestable: 50,
} as const;

export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;

const ratingSchema = z
  .number({ error: REVIEW_TEXTS.ratingInvalid })
  .int(REVIEW_TEXTS.ratingInvalid)
  .min(1, REVIEW_TEXTS.ratingInvalid)
  .max(5, REVIEW_TEXTS.ratingInvalid);

/**
 * The words of a review or an answer: a string (the raw input bounded at four times the limit so
 * a huge body is refused before the screen runs), cleaned, required, within the limit. The
 * content screen itself runs in the route, after the rate limit, so its refusals are logged.
 */
function wordsSchema(max: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .max(max * 4, tooLong)
    .transform((raw, ctx) => {
      const prepared = prepareReviewText(raw, { max, required, tooLong });
      if (!prepared.ok) {
        ctx.addIssue({ code: "custom", message: prepared.message });
        return z.NEVER;
      }
      return prepared.content;
    });
}

export const reviewBodySchema = z.object(
  {
    rating: ratingSchema,
    content: wordsSchema(REVIEW_LIMITS.content, REVIEW_TEXTS.contentRequired, REVIEW_TEXTS.contentTooLong),
  },
  { error: REQUEST_TEXTS.invalidRequest },
);
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const answerBodySchema = z.object(
  { content: wordsSchema(REVIEW_LIMITS.answer, REVIEW_TEXTS.answerRequired, REVIEW_TEXTS.answerTooLong) },
  { error: REQUEST_TEXTS.invalidRequest },
);

/** An item's (or a seller's) rating: the average to one decimal and how many reviews made it. */
export interface ItemRating {
  average: number;
  count: number;
}

/** The buyer who wrote a review (shared/people.ts). */
export type ReviewPerson = PartyRef;

export interface Review {
  id: string;
  orderId: string;
  itemType: "service" | "product";
  itemId: string;
  itemName: string;
  rating: number;
  content: string;
  answer: string | null;
  answeredAt: number | null;
  createdAt: number;
  buyer: ReviewPerson;
}

export type ReviewPage = Page<Review>;

export interface ReviewSummary {
  /** Null when there is no review: nothing is invented. */
  rating: ItemRating | null;
  /** 5 stars first, every star present (count 0 when none). */
  breakdown: { stars: number; count: number }[];
}

/** A completed sale without a review, for Request Review. */
export interface RequestableOrder {
  orderId: string;
  itemType: "service" | "product";
  itemId: string;
  itemName: string;
  completedAt: number;
  buyer: ReviewPerson;
  /** When the seller asked; null while they have not. */
  requestedAt: number | null;
}

export interface ReviewRequestList {
  items: RequestableOrder[];
}

/** What the order page shows of the order's review, and what the caller may do about it. */
export interface OrderReviewState {
  review: Review | null;
  /** The buyer of a completed order without a review. */
  canReview: boolean;
  /** The seller of a completed order without a review that they have not asked for yet. */
  canRequest: boolean;
  requestedAt: number | null;
}
