// The checkout and orders contract shared by the Worker and the SPA (second document §2 Payment
// success, §3 purchase item, §4 payment flow, §5 purchase requires login, §7 create-payment and
// create-embedded-payment, §8 payment texts, §9 platform fee). Texts come from
// shared/messages.ts (CHECKOUT_TEXTS); amounts are integer cents everywhere.
//
// Routes (JSON unless said otherwise; every failure is the error envelope of shared/errors.ts):
//
// Paying (signed in; a visitor gets 401 'Please log in to make a purchase'):
//   POST /api/checkout/create-payment           body PurchaseBody → CreatePaymentResponse (201).
//                                                `url` is Stripe Checkout's page, or in test mode the
//                                                Worker's own TEST MODE page; the SPA opens it in a
//                                                new tab (the native app: in the system browser,
//                                                with returnTo "app" so Stripe sends the buyer back
//                                                through /app/open/…, decision record 0093).
//   POST /api/checkout/create-embedded-payment  body PurchaseBody → CreateEmbeddedPaymentResponse
//                                                (201). With keys the SPA mounts Stripe's Payment
//                                                Element with `clientSecret` and `publishableKey`;
//                                                in test mode (`testMode: true`) it shows its own
//                                                labelled test form and calls the confirm route.
//     Both: 404 'Service not found' / 'Product not found'; 400 'You cannot buy your own item';
//     400 'This item has no price yet…'; 409 the payouts refusal when the seller cannot be paid
//     (in test mode too: sellerPayable false); 503 'Payments are temporarily unavailable…' where
//     payments are unavailable (production without keys, or a test key there); 503 'Failed to
//     create payment session: {a sentence of ours}' when Stripe refuses (Stripe's own text is
//     only logged).
//     The server reads name and price from its own row: itemName and itemPrice are ignored.
//   POST /api/checkout/test/:orderId/confirm    body TestConfirmBody → OrderDetail. Test mode only
//                                                (404 with keys); the buyer's own pending test order.
//                                                'success' runs the very fulfilment a verified
//                                                webhook runs; 'decline' marks it failed.
//   GET  /api/checkout/test/:orderId            text/html: the TEST MODE stand-in for Stripe
//                                                Checkout that create-payment's `url` points at.
//
// Orders (signed in; someone else's order answers 404 'Order not found', exactly like a missing one):
//   GET  /api/orders?role=buyer|seller&cursor=&limit=   → OrderPage, newest first (Purchases / Sales);
//                                             payment attempts that never went through (pending,
//                                             failed, expired) are left out.
//   GET  /api/orders/:orderId                 → OrderDetail (history oldest first, the caller's actions).
//                                             For its buyer a pending Stripe order is first checked
//                                             with Stripe, so /payment-success can poll it and see
//                                             'paid' even before the webhook arrives.
//   POST /api/orders/:orderId/ship            seller, physical, paid → shipped. body OrderNoteBody
//                                             (the optional tracking note).
//   POST /api/orders/:orderId/files           seller, service, paid or in_progress: raw file bytes
//                                             (Content-Type the file's, ?name=file name, at most
//                                             DELIVERY_FILE_MAX_BYTES) → OrderFile (201). Attached to
//                                             the next delivery.
//   POST /api/orders/:orderId/deliver         seller, service, paid or in_progress → delivered.
//                                             body OrderNoteBody (the delivery note); attaches the
//                                             files uploaded since the last delivery.
//   POST /api/orders/:orderId/complete        buyer, shipped or delivered → completed.
//   POST /api/orders/:orderId/request-revision buyer, delivered → in_progress. body OrderNoteBody.
//   POST /api/orders/:orderId/refund          seller, any paid state → refunded (Stripe refund with
//                                             keys; local in test mode). Downloads end; both sides
//                                             are mailed. 409 while a card dispute is open.
//   Each step answers OrderDetail, or 409 'This order cannot be changed that way now'; a step of
//   the other side answers 403 with the same text.
//   POST /api/orders/:orderId/download-link   buyer; body DownloadLinkBody (no fileId: the digital
//                                             product's file) → DownloadLink, valid for minutes.
//   GET  /api/downloads/:token                the file, `Content-Disposition: attachment`, for the
//                                             signed-in buyer the link was made for; 410 when expired,
//                                             404 for anyone else or a refunded order.
//
// Stripe (no session): POST /api/webhooks/stripe (payments; STRIPE_WEBHOOK_SECRET) and
//   POST /api/webhooks/stripe-connect (connected accounts' events such as account.updated;
//   STRIPE_CONNECT_WEBHOOK_SECRET), each verified on the raw body with its own secret.
// Payouts (signed in): GET /api/payouts/account → PayoutAccount (the stored state);
//   POST /api/payouts/onboarding-link → OnboardingLink: Stripe Express onboarding (an Account
//   Link returning to /payments?payouts=return, or /payments?payouts=refresh when it expired;
//   once the details are in, a login link to the seller's Express dashboard), or in test mode the
//   Worker's TEST MODE onboarding page; rate-limited per seller (429); 503 where payments are
//   unavailable.
//   POST /api/payouts/refresh → PayoutAccount: with keys asks Stripe for the account and stores
//   it (at most once per seller every 10 s; inside that, the stored state); in test mode the stored
//   state. The SPA calls it on return to /payments?payouts=return|refresh.
//   GET /api/payouts/test-onboarding (text/html) and POST /api/payouts/test-onboarding (form
//   outcome=complete|unfinished → 303 /payments?payouts=return): the TEST MODE stand-in, test
//   mode only (404 otherwise).
//
// After paying, Stripe Checkout returns to /payment-success?session_id={id}&order={orderId} and
// the Payment Element to /payment-success?order={orderId}; the page reads GET /api/orders/:orderId
// and shows its real state (pending until the webhook arrives).
import { z } from "zod";
import { ITEM_TYPES, MB, type OrderStatus, type ProductType } from "./constants";
import { CHECKOUT_TEXTS, REQUEST_TEXTS } from "./messages";
import { idSchema } from "./schemas/common";
import type { Page } from "./paging";
import type { PartyRef } from "./people";
import type { SaleStanding } from "./rules/earnings";
import type { OrderVersion, RevisionNote, RevisionNoteRef } from "./revisions-api";

/** A delivery file of a service order (ours). */
export const DELIVERY_FILE_MAX_BYTES = 100 * MB;
/** Notes on shipping, delivery and revision requests (ours). */
export const ORDER_NOTE_MAX = 1000;
/** A physical order completes by itself this long after shipping, a service this long after delivery. */
export const AUTO_COMPLETE_AFTER_SHIPPING_MS = 14 * 24 * 60 * 60 * 1000;
export const AUTO_COMPLETE_AFTER_DELIVERY_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * A digital sale completes at its buyer's first download of the file, or by itself this long after
 * payment if the file was never downloaded (decision record 0081).
 */
export const DIGITAL_AUTO_COMPLETE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** How long a download link works. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * What a purchase pays for: a catalogue item, or a custom offer (decision record 0050), which is
 * paid through the same checkout and becomes a service order.
 */
const PURCHASE_ITEM_TYPES = [...ITEM_TYPES, "offer"] as const;
export type PurchaseItemType = (typeof PURCHASE_ITEM_TYPES)[number];

/** The in-app page of what an order or a purchase is for (Stripe's cancel address, the test page's). */
/** Who receives the buyer back from Stripe Checkout: the browser tab, or the native app. */
export const PAYMENT_RETURNS = ["web", "app"] as const;
export type PaymentReturn = (typeof PAYMENT_RETURNS)[number];

export function purchaseItemPath(itemType: PurchaseItemType, itemId: string): string {
  return itemType === "offer" ? `/offers/${itemId}` : `/${itemType}/${itemId}`;
}

/**
 * §7's body. `itemName` and `itemPrice` are accepted so the spec's client works unchanged, and
 * ignored: the name and price come from the server's own row.
 */
export const purchaseBodySchema = z.object({
  itemType: z.enum(PURCHASE_ITEM_TYPES),
  itemId: idSchema,
  /**
   * The package of a package-priced service (its index in the service's packages): the server
   * prices that package and the order records it. Required when the service has more than one.
   */
  packageIndex: z.number().int().min(0).max(99).optional(),
  itemName: z.string().max(1000).optional(),
  itemPrice: z.union([z.number(), z.string().max(64)]).optional(),
  /**
   * Where Stripe Checkout sends the buyer back (decision record 0093): "web" (the default) to this
   * origin's pages in the browser that opened it; "app" to the `/app/open/…` hand-off links the
   * operating system gives back to the native app, since the app opens Checkout in the system
   * browser. The pages are the same either way: /payment-success, or the item on cancel.
   */
  returnTo: z.enum(PAYMENT_RETURNS, REQUEST_TEXTS.invalidRequest).optional(),
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

export const TEST_OUTCOMES = ["success", "decline"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];
export const testConfirmBodySchema = z.object({ outcome: z.enum(TEST_OUTCOMES) });
export type TestConfirmBody = z.input<typeof testConfirmBodySchema>;

/** Shipping's tracking note, delivery's note, a revision request's reason: optional, bounded. */
export const orderNoteBodySchema = z.object({
  note: z.string().trim().max(ORDER_NOTE_MAX, CHECKOUT_TEXTS.noteTooLong).optional(),
});
export type OrderNoteBody = z.input<typeof orderNoteBodySchema>;

export const downloadLinkBodySchema = z.object({ fileId: idSchema.optional() });
export type DownloadLinkBody = z.input<typeof downloadLinkBodySchema>;

export const ORDER_ROLES = ["buyer", "seller"] as const;
export type OrderRole = (typeof ORDER_ROLES)[number];

// ---------------------------------------------------------------------------------------------
// Responses

export interface CreatePaymentResponse {
  /** Stripe Checkout's page, or the Worker's TEST MODE page; opened in a new tab. */
  url: string;
  orderId: string;
  testMode: boolean;
}

export interface CreateEmbeddedPaymentResponse {
  /** The PaymentIntent's client secret (in test mode an opaque local value, not for Stripe.js). */
  clientSecret: string;
  orderId: string;
  testMode: boolean;
  /** Stripe.js's key; null in test mode. */
  publishableKey: string | null;
  /** What the buyer pays, for the dialog's summary. */
  priceCents: number;
  feeCents: number;
  totalCents: number;
}

/** What kind of fulfilment an order has. */
export type OrderKind = "digital" | "physical" | "service";

/** Steps the caller may take on an order now (drives the order page's buttons). */
export const ORDER_ACTIONS = [
  "ship",
  "deliver",
  "attach-file",
  "complete",
  "request-revision",
  "refund",
  "download",
  /** Seller: turn an attached audio file into the next version (shared/revisions-api.ts). */
  "add-version",
  /** Buyer: write revision notes on a delivered version (the order awaits acceptance). */
  "write-notes",
  /** Seller: mark open notes resolved in a version not yet delivered. */
  "resolve-notes",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The other party of an order or an offer (shared/people.ts). */
export type OrderParty = PartyRef;

export interface OrderSummary {
  id: string;
  /** "offer" for an order paying a custom offer (itemId is then the offer's id; kind "service"). */
  itemType: PurchaseItemType;
  itemId: string;
  itemName: string;
  kind: OrderKind;
  productType: ProductType | null;
  priceCents: number;
  feeCents: number;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  /** Paid through the local test mode rather than Stripe. */
  testMode: boolean;
  createdAt: number;
  paidAt: number | null;
  statusChangedAt: number;
  /** The caller's side of this order. */
  role: OrderRole;
  /** The other side: the seller for a buyer, the buyer for a seller. */
  counterpart: OrderParty;
  /** The package bought, in the seller's words at purchase ("3 sessions · Full mix"), else null. */
  packageLabel: string | null;
  /**
   * A card dispute on the payment (decision record 0081): open (access ended, the money held),
   * won (the sale stands) or lost (the bank took the money back; the order reads refunded). Null
   * when there is none.
   */
  dispute: DisputeState | null;
  /**
   * For the seller only (null for the buyer): what the sale is worth to them now, by the one rule
   * /payments and /analytics use (shared/rules/earnings.ts): earned (completed), pending (paid, not
   * completed), held (an open dispute) or none (refunded). Optional for older clients' fixtures.
   */
  earning?: SaleStanding | null;
}

export const DISPUTE_STATES = ["open", "won", "lost"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

export type OrderPage = Page<OrderSummary>;

export interface OrderHistoryEntry {
  id: string;
  /** The state the order entered. */
  status: OrderStatus;
  /** Who took the step: a side of the order, or the system (payment provider, cron). */
  actor: OrderRole | "system";
  note: string | null;
  createdAt: number;
  /** A revision request's entry: the notes it gathered, in their state now (shared/revisions-api.ts). */
  notes?: RevisionNoteRef[];
  /** A delivery's entry: the numbers of the versions it delivered. */
  versionNumbers?: number[];
}

export interface OrderFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  createdAt: number;
  /** Null until the delivery it belongs to is sent; only delivered files are shown to the buyer. */
  deliveredAt: number | null;
}

export interface OrderDetail extends OrderSummary {
  history: OrderHistoryEntry[];
  /** Service delivery files (the buyer sees delivered ones only). */
  files: OrderFile[];
  /** Audio versions (shared/revisions-api.ts), oldest first; the buyer sees delivered ones only. */
  versions: OrderVersion[];
  /** Revision notes, by version then moment; the buyer sees their own, the seller all but drafts. */
  notes: RevisionNote[];
  /** A paid digital product with a file: the buyer may ask for a download link. */
  hasProductFile: boolean;
  /** When the cron completes it by itself (shipped, delivered, or a digital order paid and not yet downloaded), else null. */
  autoCompleteAt: number | null;
  actions: OrderAction[];
}

export interface DownloadLink {
  /** Same-origin path, e.g. /api/downloads/{token}. */
  url: string;
  expiresAt: number;
}

/**
 * Where a seller's payouts stand (decision record 0081), from what Stripe last said of the account:
 * - not_set_up: no account yet ("Set up payouts");
 * - details_needed: onboarding was started and not finished ("Update details");
 * - pending_verification: the details are in and Stripe is checking them;
 * - enabled: buyers can pay this seller and money reaches their bank;
 * - restricted: Stripe needs something (requirements lists it in plain words) or disabled the account.
 */
export const PAYOUT_STATES = ["not_set_up", "details_needed", "pending_verification", "enabled", "restricted"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** How payments run here: real Stripe, the labelled local test mode, or not at all (no keys in production). */
export type PaymentsModeName = "stripe" | "test" | "unavailable";

export interface PayoutAccount {
  state: PayoutState;
  /** Stripe lets buyers pay this seller (destination charges); the same flag decides sellerPayable. */
  chargesEnabled: boolean;
  /** Stripe sends the balance to the seller's bank. */
  payoutsEnabled: boolean;
  /** What Stripe still needs, each in a plain sentence of ours (never Stripe's codes). */
  requirements: string[];
  /** Which onboarding "Set up payouts" opens: Stripe's, the local TEST MODE page, or none (unavailable). */
  mode: PaymentsModeName;
  /** When the state was last taken from Stripe, or null. */
  syncedAt: number | null;
}

/** POST /api/payouts/onboarding-link: Stripe's Account Link (or the TEST MODE page), opened in this tab. */
export interface OnboardingLink {
  url: string;
}
