// Path ids (decision record 0013): one param schema per resource, read through the validator like
// every other input. An id of the wrong shape names a row that cannot exist, so it answers
// exactly like a missing row: 404 with that resource's own message (spec §8 'Post not found').
import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import { z } from "zod";
import {
  BOOKING_TEXTS,
  CHECKOUT_TEXTS,
  LEAVING_TEXTS,
  MARKET_TEXTS,
  MESSAGING_TEXTS,
  PAYMENTS_TEXTS,
  POST_ERRORS,
  PROFILE_TEXTS,
  REVIEW_TEXTS,
  REVISION_TEXTS,
  SAFETY_TEXTS,
  SOCIAL_TEXTS,
  UPLOAD_TEXTS,
} from "@shared/messages";
import { activityIdSchema } from "@shared/messaging-api";
import { idSchema } from "@shared/schemas/common";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

function idParamSchema<const Name extends string>(name: Name) {
  return z.object({ [name]: idSchema } as { [K in Name]: typeof idSchema });
}

export const postParamSchema = idParamSchema("postId");
const commentParamSchema = idParamSchema("commentId");
export const userParamSchema = idParamSchema("userId");
const uploadParamSchema = idParamSchema("uploadId");
export const serviceParamSchema = idParamSchema("serviceId");
const productParamSchema = idParamSchema("productId");
const orderParamSchema = idParamSchema("orderId");
const conversationParamSchema = idParamSchema("conversationId");
const reviewParamSchema = idParamSchema("reviewId");
const offerParamSchema = idParamSchema("offerId");
const activityParamSchema = z.object({ activityId: activityIdSchema });
const bookingParamSchema = idParamSchema("bookingId");
const availabilityParamSchema = idParamSchema("ruleId");
const exportParamSchema = idParamSchema("exportId");
const mutedWordParamSchema = idParamSchema("wordId");

type ParamSchema =
  | typeof postParamSchema
  | typeof commentParamSchema
  | typeof userParamSchema
  | typeof uploadParamSchema
  | typeof serviceParamSchema
  | typeof productParamSchema
  | typeof orderParamSchema
  | typeof conversationParamSchema
  | typeof reviewParamSchema
  | typeof offerParamSchema
  | typeof activityParamSchema
  | typeof bookingParamSchema
  | typeof availabilityParamSchema
  | typeof exportParamSchema
  | typeof mutedWordParamSchema;

function notFoundWhenInvalid<Schema extends ParamSchema>(schema: Schema, message: string) {
  return zValidator("param", schema, (result) => {
    if (!result.success) throw new ApiError("not_found", message);
  });
}

/** `:postId` — 404 'Post not found'. */
export const postParam = notFoundWhenInvalid(postParamSchema, POST_ERRORS.postNotFound);
/** `:commentId` — 404 'Comment not found'. */
export const commentParam = notFoundWhenInvalid(commentParamSchema, SOCIAL_TEXTS.commentNotFound);
/** `:userId` — 404 'Profile not found'. */
export const userParam = notFoundWhenInvalid(userParamSchema, PROFILE_TEXTS.notFound);
/** `:uploadId` — 404 'Upload not found'. */
export const uploadParam = notFoundWhenInvalid(uploadParamSchema, UPLOAD_TEXTS.notFound);
/** `:orderId` — 404 'Order not found'. */
export const orderParam = notFoundWhenInvalid(orderParamSchema, CHECKOUT_TEXTS.orderNotFound);

/**
 * `:orderId` with a second id of the order's own (a version, a revision note): 404 'Order not
 * found' when the order's id cannot be one, else the second resource's own 404.
 */
function orderPartParam<const Name extends string>(name: Name, message: string) {
  const schema = z.object({ orderId: idSchema, [name]: idSchema } as { orderId: typeof idSchema } & { [K in Name]: typeof idSchema });
  return zValidator("param", schema, (result) => {
    if (result.success) return;
    const orderIdBad = result.error.issues.some((issue) => issue.path[0] === "orderId");
    throw new ApiError("not_found", orderIdBad ? CHECKOUT_TEXTS.orderNotFound : message);
  });
}

/** `:orderId/versions/:versionId` — 404 'Order not found', then 'Version not found' (decision record 0091). */
export const versionParam = orderPartParam("versionId", REVISION_TEXTS.versionNotFound);
/** `:orderId/notes/:noteId` — 404 'Order not found', then 'Note not found'. */
export const noteParam = orderPartParam("noteId", REVISION_TEXTS.noteNotFound);

/** `:offerId` — 404 'Offer not found' (also for an offer the caller neither sent nor received). */
export const offerParam = notFoundWhenInvalid(offerParamSchema, PAYMENTS_TEXTS.offerNotFound);

/** `:serviceId` — 404 'Service not found'. */
export const serviceParam = notFoundWhenInvalid(serviceParamSchema, MARKET_TEXTS.serviceNotFound);
/** `:productId` — 404 'Product not found'. */
export const productParam = notFoundWhenInvalid(productParamSchema, MARKET_TEXTS.productNotFound);

/** `:reviewId` — 404 'Review not found' (also for a review the caller is no party to). */
export const reviewParam = notFoundWhenInvalid(reviewParamSchema, REVIEW_TEXTS.reviewNotFound);

/** `:conversationId` — 404 'Conversation not found' (also for a conversation the caller is not in). */
export const conversationParam = notFoundWhenInvalid(conversationParamSchema, MESSAGING_TEXTS.conversationNotFound);
/** `:activityId` — a kind-prefixed id ('like-…'); 404 'Activity not found'. */
export const activityParam = notFoundWhenInvalid(activityParamSchema, MESSAGING_TEXTS.activityNotFound);

/** `:bookingId` — 404 'Booking not found' (also for a booking the caller is no party to). */
export const bookingParam = notFoundWhenInvalid(bookingParamSchema, BOOKING_TEXTS.bookingNotFound);
/** `:ruleId` — 404 'Availability time not found' (also for someone else's). */
export const availabilityParam = notFoundWhenInvalid(availabilityParamSchema, BOOKING_TEXTS.availabilityNotFound);
/** `:exportId` — 404 'Export not found' (decision record 0084). */
export const exportParam = notFoundWhenInvalid(exportParamSchema, LEAVING_TEXTS.export.notFound);
/** `:wordId` — 404 'Muted word not found' (also for someone else's). */
export const mutedWordParam = notFoundWhenInvalid(mutedWordParamSchema, SAFETY_TEXTS.mutedWordNotFound);

/**
 * The same schemas for the two reads where a missing row is not an error (a view of a post that
 * does not exist is skipped; a user who does not exist has no posts): an invalid id gets the
 * answer a missing row gets, instead of a 404. `answer` runs before the handler, so it starts
 * with the handler's own guard when the route has one.
 */
export function paramOr<Schema extends ParamSchema, Answer extends Response>(schema: Schema, answer: (c: Context<AppEnv>) => Answer) {
  return zValidator("param", schema, (result, c): Answer | undefined => {
    if (!result.success) return answer(c as Context<AppEnv>);
    return undefined;
  });
}
