// The payments overview and custom offers contract, shared by the Worker and the SPA (spec
// marketplace-messaging-account §2 "Sample-data pages" made real: /payments with three totals,
// recent payments and invoices, and Create Invoice as a custom offer; DESIGN.md "Create Invoice,
// Request Review"; decision records 0049 and 0050). Texts are PAYMENTS_TEXTS in shared/messages.ts;
// amounts are integer cents.
//
// Routes (signed in; JSON unless said otherwise; failures are the error envelope):
//   GET  /api/payments/summary                 → PaymentTotals: the caller's own orders only.
//   GET  /api/payments/recent?cursor=&limit=   → PaymentPage: sales and purchases together, newest
//                                              first (OrderSummary rows with the caller's role);
//                                              attempts never paid are left out, as on /api/orders.
//   GET  /api/payments/receipts/:orderId       text/html: the printable receipt of one order, for
//                                              its buyer and seller only (404 'Order not found'
//                                              for anyone else, like a missing order).
//   POST /api/offers                           body CreateOfferBody → Offer (201). The buyer is named
//                                              by username; 404 'User not found', 400 'You cannot
//                                              send an offer to yourself'. The buyer receives an
//                                              "offer" message linking to /offers/{id}.
//   GET  /api/offers?role=sent|received&cursor=&limit= → OfferPage, newest first.
//   GET  /api/offers/:offerId                  → Offer; its seller and named buyer only (404 'Offer
//                                              not found' for anyone else).
//   POST /api/offers/:offerId/withdraw         the seller, while open → Offer (409 otherwise).
// Paying an offer is the ordinary checkout: POST /api/checkout/create-embedded-payment (or
// create-payment) with { itemType: "offer", itemId: offerId }. Only the named buyer may pay it, only
// while open and unexpired; title and price come from the offer row, never from the body.
import { z } from "zod";
import { MARKET_LIMITS } from "./constants";
import type { OrderParty, OrderSummary } from "./checkout-api";
import { priceSchema } from "./marketplace-api";
import { PAYMENTS_TEXTS } from "./messages";
import { pageQuerySchema } from "./schemas/paging";
import { optionalCleanedText, singleLineText } from "./schemas/common";
import type { Page } from "./paging";

/** States an offer row stores; "expired" is an open offer past its expiry, computed on read. */
export const OFFER_STATUSES = ["open", "paid", "withdrawn"] as const;
export type OfferState = (typeof OFFER_STATUSES)[number] | "expired";

/** How long a buyer has to pay an offer (ours; decision record 0050). */
const OFFER_TTL_DAYS = 14;
export const OFFER_TTL_MS = OFFER_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The service form's limits: an offer is a custom service (MARKET_LIMITS, never retyped). */
export const OFFER_LIMITS = {
  titleMax: MARKET_LIMITS.nameMax,
  descriptionMax: MARKET_LIMITS.descriptionMax,
  usernameMax: 64,
  deliveryDaysMax: MARKET_LIMITS.turnaroundDaysMax,
} as const;

// ---------------------------------------------------------------------------------------------
// Requests

/** Whole days, typed in a field or sent as a number: 1 to 365 (an offer is delivered, so not 0). */
const deliveryDaysSchema = z
  .union([z.number({ error: PAYMENTS_TEXTS.deliveryDaysInvalid }), z.string({ error: PAYMENTS_TEXTS.deliveryDaysInvalid }).max(12, PAYMENTS_TEXTS.deliveryDaysInvalid)], {
    error: PAYMENTS_TEXTS.deliveryDaysInvalid,
  })
  .transform((value, ctx): number => {
    const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > OFFER_LIMITS.deliveryDaysMax) {
      ctx.addIssue({ code: "custom", message: PAYMENTS_TEXTS.deliveryDaysInvalid });
      return z.NEVER;
    }
    return n;
  });

export const createOfferBodySchema = z
  .object({
    /** The buyer's username, with or without the leading @. */
    username: z
      .string({ error: PAYMENTS_TEXTS.usernameRequired })
      .max(OFFER_LIMITS.usernameMax, PAYMENTS_TEXTS.userNotFound)
      .transform((v) => v.trim().replace(/^@/, ""))
      .pipe(z.string().min(1, PAYMENTS_TEXTS.usernameRequired)),
    title: singleLineText(OFFER_LIMITS.titleMax, PAYMENTS_TEXTS.titleTooLong, PAYMENTS_TEXTS.titleRequired),
    description: optionalCleanedText(OFFER_LIMITS.descriptionMax, PAYMENTS_TEXTS.descriptionTooLong).optional(),
    /** Typed dollars, within the catalogue's price range (priceSchema); required here. */
    price: priceSchema.refine((cents) => cents !== null, PAYMENTS_TEXTS.priceRequired),
    deliveryDays: deliveryDaysSchema,
  })
  .transform((v) => ({ username: v.username, title: v.title, description: v.description ?? null, priceCents: v.price!, deliveryDays: v.deliveryDays }));
export type CreateOfferBody = z.input<typeof createOfferBodySchema>;
export type CreateOfferInput = z.output<typeof createOfferBodySchema>;

const OFFER_ROLES = ["sent", "received"] as const;
export type OfferRole = (typeof OFFER_ROLES)[number];
export const offerListQuerySchema = pageQuerySchema.extend({ role: z.enum(OFFER_ROLES).default("sent") });

// ---------------------------------------------------------------------------------------------
// Responses

/**
 * The three totals of /payments, in cents. Earned: the seller's completed sales at their price
 * (the 5% fee is the buyer's, on top; a refunded sale counts nowhere). Pending: the seller's
 * paid sales not yet completed. Fees paid: the platform fees of the caller's own purchases that
 * stayed paid (a refund returns the fee too).
 */
/**
 * The caller's money (shared/rules/earnings.ts): earned = completed sales, pending = paid sales not
 * yet completed, held = paid sales with an open card dispute (in neither of the other two), all at
 * the seller's price; feesPaid = the platform fees of their purchases that stayed paid.
 */
export interface PaymentTotals {
  earnedCents: number;
  pendingCents: number;
  /** Always sent by the Worker (issue #26); optional only so clients written before it still type. */
  heldCents?: number;
  feesPaidCents: number;
}

export type PaymentPage = Page<OrderSummary>;

export interface Offer {
  id: string;
  title: string;
  description: string | null;
  priceCents: number;
  /** The 5% platform fee and the total the buyer pays (shared/rules/price.ts). */
  feeCents: number;
  totalCents: number;
  deliveryDays: number;
  state: OfferState;
  expiresAt: number;
  createdAt: number;
  /** The order that paid it, once paid. */
  orderId: string | null;
  /** The caller's side: "seller" sent it, "buyer" received it. */
  role: "seller" | "buyer";
  counterpart: OrderParty;
}

export type OfferPage = Page<Offer>;
