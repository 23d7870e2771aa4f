// Checkout and orders API for the SPA (second document §4 payment flow, §7 create-payment and
// create-embedded-payment; orders and downloads; the contract in shared/checkout-api.ts):
// the payment calls, a key factory, query options for the order lists and one order, and the
// lifecycle steps.
//
// Calls go through the typed hc client and `unwrap`, so every failure arrives as an ApiClientError
// carrying the server's message. Delivery files are raw bodies sent through web/lib/xhr-upload.ts,
// because the seller sees their progress.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreatePaymentResponse,
  DownloadLink,
  OrderDetail,
  OrderFile,
  OrderPage,
  OrderRole,
  PurchaseBody,
  PurchaseItemType,
  TestOutcome,
} from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS, CHECKOUT_TEXTS } from "@shared/messages";
import type { OrderReviewState, Review, ReviewBody } from "@shared/review-api";
import { api, ApiClientError, unwrap } from "@web/lib/api-client";
import { isNativeApp } from "@web/lib/native-bridge";
import { cursorPages, pageQuery } from "@web/lib/paging";
import { xhrUpload } from "@web/lib/xhr-upload";

/**
 * What a Buy Now button hands the dialog (second document §3 "purchase item"). The price is only
 * shown before the server answers; what the buyer pays is the server's.
 */
export interface PurchaseItem {
  /** A catalogue item, or a custom offer paid through the same checkout (decision record 0050). */
  itemType: PurchaseItemType;
  itemId: string;
  itemName: string;
  priceCents: number;
  /**
   * A package-priced service's priced packages, `index` being the place in the service's list
   * (issue #26 item 6): the dialog lets the buyer choose one and the purchase names it.
   */
  packages?: readonly PurchasePackage[];
  /** The package chosen, sent as `packageIndex`. */
  packageIndex?: number;
}

export interface PurchasePackage {
  index: number;
  title: string;
  description: string | null;
  priceCents: number;
}

/** The answer of create-embedded-payment, as the card form needs it. */
export interface PaymentSession {
  orderId: string;
  priceCents: number;
  feeCents: number;
  totalCents: number;
  card: { kind: "stripe"; clientSecret: string; publishableKey: string } | { kind: "test" };
}

/** §7's body: the spec's fields, of which the server reads only the type, the id and the package. */
function purchaseBody(item: PurchaseItem): PurchaseBody {
  const body: PurchaseBody = { itemType: item.itemType, itemId: item.itemId, itemName: item.itemName, itemPrice: item.priceCents / 100 };
  return item.packageIndex === undefined ? body : { ...body, packageIndex: item.packageIndex };
}

/** True when the server refused because nobody is signed in (§5 'Please log in to make a purchase'). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 401;
}

/**
 * The toast text of a failed session request (§8): 'Failed to create payment session: {message}'
 * with the server's reason, or the bare sentence when there is none (a network failure). The
 * server already words Stripe's refusals in full; those are not prefixed twice.
 */
export function sessionFailureText(error: unknown): string {
  if (!(error instanceof ApiClientError) || error.code === "network" || error.code === "internal") return CHECKOUT_TEXTS.sessionFailed;
  if (error.message.startsWith(CHECKOUT_TEXTS.sessionFailed)) return error.message;
  return CHECKOUT_TEXTS.sessionFailedWith(error.message);
}

export const checkoutCalls = {
  createEmbedded: async (item: PurchaseItem): Promise<PaymentSession> => {
    const answer = await unwrap(api.api.checkout["create-embedded-payment"].$post({ json: purchaseBody(item) }));
    const amounts = { orderId: answer.orderId, priceCents: answer.priceCents, feeCents: answer.feeCents, totalCents: answer.totalCents };
    if (answer.testMode) return { ...amounts, card: { kind: "test" } };
    // §8 'Invalid payment response - no client secret': without it the Payment Element cannot mount.
    if (!answer.clientSecret || !answer.publishableKey) throw new Error(CHECKOUT_SCREEN_TEXTS.noClientSecret);
    return { ...amounts, card: { kind: "stripe", clientSecret: answer.clientSecret, publishableKey: answer.publishableKey } };
  },
  // The app opens Checkout in the system browser, so Stripe must send the buyer back through the
  // app's hand-off links (decision record 0093); a browser keeps the default return to its tab.
  createCheckout: (item: PurchaseItem): Promise<CreatePaymentResponse> =>
    unwrap(api.api.checkout["create-payment"].$post({ json: isNativeApp() ? { ...purchaseBody(item), returnTo: "app" } : purchaseBody(item) })),
  confirmTest: (orderId: string, outcome: TestOutcome): Promise<OrderDetail> =>
    unwrap(api.api.checkout.test[":orderId"].confirm.$post({ param: { orderId }, json: { outcome } })),
  orders: (role: OrderRole, cursor: string | null, signal?: AbortSignal): Promise<OrderPage> =>
    unwrap(api.api.orders.$get({ query: { role, ...pageQuery(cursor) } }, { init: { signal } })),
  order: (orderId: string, signal?: AbortSignal): Promise<OrderDetail> =>
    unwrap(api.api.orders[":orderId"].$get({ param: { orderId } }, { init: { signal } })),
  ship: (orderId: string, note: string): Promise<OrderDetail> =>
    unwrap(api.api.orders[":orderId"].ship.$post({ param: { orderId }, json: noteBody(note) })),
  deliver: (orderId: string, note: string): Promise<OrderDetail> =>
    unwrap(api.api.orders[":orderId"].deliver.$post({ param: { orderId }, json: noteBody(note) })),
  complete: (orderId: string): Promise<OrderDetail> => unwrap(api.api.orders[":orderId"].complete.$post({ param: { orderId } })),
  requestRevision: (orderId: string, note: string): Promise<OrderDetail> =>
    unwrap(api.api.orders[":orderId"]["request-revision"].$post({ param: { orderId }, json: noteBody(note) })),
  refund: (orderId: string): Promise<OrderDetail> => unwrap(api.api.orders[":orderId"].refund.$post({ param: { orderId } })),
  uploadFile: (orderId: string, file: File, onProgress?: (loadedBytes: number) => void): Promise<OrderFile> =>
    xhrUpload<OrderFile>({
      method: "POST",
      url: `/api/orders/${encodeURIComponent(orderId)}/files?name=${encodeURIComponent(file.name)}`,
      body: file,
      contentType: file.type,
      onProgress,
    }),
  downloadLink: (orderId: string, fileId?: string): Promise<DownloadLink> =>
    unwrap(api.api.orders[":orderId"]["download-link"].$post({ param: { orderId }, json: fileId ? { fileId } : {} })),
};

function noteBody(note: string) {
  const trimmed = note.trim();
  return trimmed ? { note: trimmed } : {};
}

/** Query keys of the orders (the versions and notes of revisions-api.ts patch the order's entry). */
export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (role: OrderRole) => [...orderKeys.lists(), role] as const,
  detail: (orderId: string) => [...orderKeys.all, "detail", orderId] as const,
};

export function ordersInfiniteQueryOptions(role: OrderRole) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(role),
    queryFn: ({ pageParam, signal }) => checkoutCalls.orders(role, pageParam, signal),
    ...cursorPages,
  });
}

/** True for the API's 404: the order does not exist or is someone else's (the API does not say which). */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 404;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => checkoutCalls.order(orderId, signal),
    retry: (failures, error) => !isOrderNotFound(error) && failures < 1,
  });
}

export type OrderStep =
  | { action: "ship"; note: string }
  | { action: "deliver"; note: string }
  | { action: "complete" }
  | { action: "request-revision"; note: string }
  | { action: "refund" };

function runStep(orderId: string, step: OrderStep): Promise<OrderDetail> {
  switch (step.action) {
    case "ship":
      return checkoutCalls.ship(orderId, step.note);
    case "deliver":
      return checkoutCalls.deliver(orderId, step.note);
    case "complete":
      return checkoutCalls.complete(orderId);
    case "request-revision":
      return checkoutCalls.requestRevision(orderId, step.note);
    case "refund":
      return checkoutCalls.refund(orderId);
    default: {
      const unreachable: never = step;
      return unreachable;
    }
  }
}

/** A lifecycle step; the answer is the order as it is now, and both order lists are refetched. */
export function useOrderStep(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) => runStep(orderId, step),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}

/** After a payment ended (either way): the order and the lists show its new state. */
export function useOrderSettled() {
  const queryClient = useQueryClient();
  return (order: OrderDetail) => {
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

// ---------------------------------------------------------------------------------------------
// The order's review (decision record 0047): the order page shows it, the buyer of a completed
// order leaves it there, and its seller may ask for it.

const orderReviewKey = (orderId: string) => [...orderKeys.detail(orderId), "review"] as const;

const orderReviewCalls = {
  state: (orderId: string, signal?: AbortSignal): Promise<OrderReviewState> =>
    unwrap(api.api.reviews.orders[":orderId"].$get({ param: { orderId } }, { init: { signal } })),
  leave: (orderId: string, body: ReviewBody): Promise<Review> => unwrap(api.api.reviews.orders[":orderId"].$post({ param: { orderId }, json: body })),
  request: (orderId: string): Promise<OrderReviewState> => unwrap(api.api.reviews.orders[":orderId"].request.$post({ param: { orderId } })),
};

export function orderReviewQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderReviewKey(orderId),
    queryFn: ({ signal }) => orderReviewCalls.state(orderId, signal),
  });
}

/** The buyer's review; the order page's review section then shows it in place of the form. */
export function useLeaveReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => orderReviewCalls.leave(orderId, body),
    onSuccess: (review) => {
      queryClient.setQueryData(orderReviewKey(orderId), { review, canReview: false, canRequest: false, requestedAt: null } satisfies OrderReviewState);
    },
  });
}

export function useRequestOrderReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => orderReviewCalls.request(orderId),
    onSuccess: (state) => queryClient.setQueryData(orderReviewKey(orderId), state),
  });
}
