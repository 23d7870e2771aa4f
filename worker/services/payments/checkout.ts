// Starting a purchase (second document §4 payment flow, §7 create-payment and
// create-embedded-payment, §9 platform fee; DESIGN.md "Payments"). The price and the name come
// from the seller's row, the 5% fee is added in integer cents, a pending order is written before
// Stripe is asked for anything, and Stripe gets an idempotency key derived from that order, so a
// retried call can never create a second charge for it.
import { purchaseItemPath, type CreateEmbeddedPaymentResponse, type CreatePaymentResponse, type PaymentReturn, type PurchaseItemType } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, MONEY_TEXTS } from "@shared/messages";
import { appOpenPath } from "@shared/native-app";
import { platformFeeCents } from "@shared/rules/price";
import { newId } from "../../db/ids";
import { cannotReach } from "../../db/queries/audience";
import { claimProviderCheck, findPurchasableItem, insertPendingOrder, setProviderRefs, type NewOrder, type OrderRow, type PurchasableItem } from "../../db/queries/orders";
import { getPayoutAccount } from "../../db/queries/payouts";
import { ApiError } from "../../lib/errors";
import { sellerPayable } from "../../lib/payouts";
import { findPayableOffer } from "./offers";
import { failPendingOrder, fulfilPaidOrder, requireOrderParty, type PaymentContext } from "./orders";
import { priceChoice } from "./packages";
import { createStripe, paymentsMode, stripeErrorLog, stripeErrorText, type Stripe } from "./stripe";

export type PaymentVariant = "checkout" | "embedded";

interface Purchase {
  buyerId: string;
  itemType: PurchaseItemType;
  itemId: string;
  /** The package chosen, for a package-priced service (packages.ts); ignored by everything else. */
  packageIndex?: number | undefined;
  /** Where Stripe Checkout sends the buyer back: the browser's pages, or the native app's hand-off links. */
  returnTo?: PaymentReturn | undefined;
}

/**
 * The absolute URL Stripe Checkout sends the buyer to for `path` (query included). The app opened
 * Checkout in the system browser, so its buyer comes back through an `/app/open/…` link, which the
 * operating system hands to the app and the app opens as `path` (decision record 0093).
 */
function checkoutReturnUrl(origin: string, path: string, returnTo: PaymentReturn | undefined): string {
  return `${origin}${returnTo === "app" ? appOpenPath(path) : path}`;
}

/** The seller's own row for what is bought: a catalogue item, or an offer only its named buyer may pay. */
async function findItem(ctx: PaymentContext, purchase: Purchase): Promise<(PurchasableItem & { offerId?: string }) | null> {
  if (purchase.itemType === "offer") return findPayableOffer(ctx.db, purchase.itemId, purchase.buyerId, ctx.now);
  return findPurchasableItem(ctx.db, purchase.itemType, purchase.itemId);
}

/** How often a pending order's buyer polling it may make the Worker ask Stripe about it. */
export const PROVIDER_CHECK_EVERY_MS = 5_000;

/** The smallest charge Stripe accepts in USD; a cheaper item cannot be paid by card. */
const STRIPE_MINIMUM_CENTS = 50;

/** A pending order priced from the server's own row, refusing one's own and unpriced items. */
async function writePendingOrder(ctx: PaymentContext, purchase: Purchase, provider: "stripe" | "test"): Promise<NewOrder & { id: string }> {
  const item = await findItem(ctx, purchase);
  // Across a block the item answers as missing, whichever side blocked (decision record 0082); so
  // does an item of a deleted seller, should one outlive the deletion's steps (0084).
  if (!item || (await cannotReach(ctx.db, purchase.buyerId, item.sellerId))) throw new ApiError("not_found", purchase.itemType === "service" ? CHECKOUT_TEXTS.serviceNotFound : CHECKOUT_TEXTS.productNotFound);
  if (item.sellerId === purchase.buyerId) throw new ApiError("bad_request", CHECKOUT_TEXTS.ownItem);
  const { priceCents, packageIndex, packageLabel } = priceChoice(item, purchase.packageIndex);
  if (priceCents === null || priceCents <= 0 || (provider === "stripe" && priceCents < STRIPE_MINIMUM_CENTS)) {
    throw new ApiError("bad_request", CHECKOUT_TEXTS.notPriced);
  }
  // Only a seller who can be paid is bought from, in test mode too (decision record 0081); with
  // real keys the money goes to their connected account (decision record 0039).
  const account = await getPayoutAccount(ctx.db, item.sellerId);
  if (!account || !sellerPayable(provider, account)) throw new ApiError("conflict", CHECKOUT_TEXTS.sellerNotPayable);
  const destinationAccountId = provider === "stripe" ? account.stripeAccountId : null;
  const feeCents = platformFeeCents(priceCents);
  const order = {
    id: newId(),
    buyerId: purchase.buyerId,
    sellerId: item.sellerId,
    // An offer is a custom service: its order follows a service's lifecycle (decision record 0050).
    itemType: purchase.itemType === "offer" ? "service" : purchase.itemType,
    itemId: purchase.itemId,
    offerId: item.offerId ?? null,
    itemName: item.name,
    priceCents,
    feeCents,
    totalCents: priceCents + feeCents,
    provider,
    productType: item.productType,
    fileKey: item.fileKey,
    // The name the buyer's download arrives under; the key's last segment when the product had none.
    fileName: item.fileKey ? (item.fileName ?? item.fileKey.split("/").at(-1) ?? null) : null,
    packageIndex,
    packageLabel,
    destinationAccountId,
  };
  await insertPendingOrder(ctx.db, order, ctx.now);
  return order;
}

/** Destination charge: the seller's account receives the total minus the platform's 5%. */
function destinationCharge(order: NewOrder) {
  return order.destinationAccountId
    ? { application_fee_amount: order.feeCents, transfer_data: { destination: order.destinationAccountId } }
    : {};
}

export async function startPayment(ctx: PaymentContext, input: Purchase & { variant: "checkout" }): Promise<CreatePaymentResponse>;
export async function startPayment(ctx: PaymentContext, input: Purchase & { variant: "embedded" }): Promise<CreateEmbeddedPaymentResponse>;
export async function startPayment(
  ctx: PaymentContext,
  { variant, ...purchase }: Purchase & { variant: PaymentVariant },
): Promise<CreatePaymentResponse | CreateEmbeddedPaymentResponse> {
  const mode = paymentsMode(ctx.env);
  if (mode === "unavailable") throw new ApiError("unavailable", CHECKOUT_TEXTS.providerUnavailable);
  const order = await writePendingOrder(ctx, purchase, mode);
  const amounts = { priceCents: order.priceCents, feeCents: order.feeCents, totalCents: order.totalCents };

  if (mode === "test") {
    // The same pending order; the TEST MODE page or form completes it through the webhook's path.
    if (variant === "checkout") return { url: `${ctx.origin}/api/checkout/test/${order.id}`, orderId: order.id, testMode: true };
    return { clientSecret: `test_${order.id}_secret`, orderId: order.id, testMode: true, publishableKey: null, ...amounts };
  }

  const stripe = createStripe(ctx.env.STRIPE_SECRET_KEY!);
  const metadata = { orderId: order.id };
  try {
    if (variant === "checkout") {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: order.id,
          metadata,
          line_items: [
            { quantity: 1, price_data: { currency: "usd", unit_amount: order.priceCents, product_data: { name: order.packageLabel ? MONEY_TEXTS.lineItemName(order.itemName, order.packageLabel) : order.itemName } } },
            { quantity: 1, price_data: { currency: "usd", unit_amount: order.feeCents, product_data: { name: CHECKOUT_TEXTS.testPage.fee } } },
          ],
          payment_intent_data: { metadata, ...destinationCharge(order) },
          success_url: checkoutReturnUrl(ctx.origin, `/payment-success?session_id={CHECKOUT_SESSION_ID}&order=${order.id}`, purchase.returnTo),
          cancel_url: checkoutReturnUrl(ctx.origin, purchaseItemPath(purchase.itemType, order.itemId), purchase.returnTo),
        },
        { idempotencyKey: `order-${order.id}-checkout` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a url");
      await setProviderRefs(ctx.db, order.id, { providerSessionId: session.id });
      return { url: session.url, orderId: order.id, testMode: false };
    }
    const intent: Stripe.PaymentIntent = await stripe.paymentIntents.create(
      { amount: order.totalCents, currency: "usd", automatic_payment_methods: { enabled: true }, metadata, ...destinationCharge(order) },
      { idempotencyKey: `order-${order.id}-intent` },
    );
    if (!intent.client_secret) throw new Error("Stripe answered a PaymentIntent without a client secret");
    await setProviderRefs(ctx.db, order.id, { providerPaymentIntentId: intent.id });
    return { clientSecret: intent.client_secret, orderId: order.id, testMode: false, publishableKey: ctx.env.STRIPE_PUBLISHABLE_KEY ?? null, ...amounts };
  } catch (error) {
    // The order never reached Stripe's page: it fails rather than waiting forever.
    await failPendingOrder(ctx, { orderId: order.id, to: "failed" });
    ctx.log.warn("stripe refused a payment", { orderId: order.id, stripe: stripeErrorLog(error) });
    // The spec's 'Failed to create payment session: {message}', with a message of ours: Stripe's
    // own text can name accounts or keys and is only logged.
    throw new ApiError("unavailable", CHECKOUT_TEXTS.sessionFailedWith(stripeErrorText(error)));
  }
}

/**
 * Asks Stripe about a Stripe order that is still pending when its buyer looks at it (the
 * /payment-success page polls the order): a payment whose webhook is late, or never configured,
 * is fulfilled through the same path, with the same amount check as the webhook's. Anything
 * Stripe cannot answer leaves the order pending; the webhook still decides later. Stripe is asked
 * at most once per order every PROVIDER_CHECK_EVERY_MS, however often and however many tabs poll:
 * the slot is claimed with a guarded update first.
 */
export async function reconcilePendingOrder(ctx: PaymentContext, order: OrderRow): Promise<void> {
  if (order.status !== "pending" || order.provider !== "stripe" || paymentsMode(ctx.env) !== "stripe") return;
  if (!order.providerPaymentIntentId && !order.providerSessionId) return;
  if (!(await claimProviderCheck(ctx.db, order.id, ctx.now, PROVIDER_CHECK_EVERY_MS))) return;
  const stripe = createStripe(ctx.env.STRIPE_SECRET_KEY!);
  try {
    if (order.providerPaymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(order.providerPaymentIntentId);
      if (intent.status === "succeeded" && intent.amount_received === order.totalCents) await fulfilPaidOrder(ctx, { orderId: order.id, paymentIntentId: intent.id });
    } else if (order.providerSessionId) {
      const session = await stripe.checkout.sessions.retrieve(order.providerSessionId);
      if (session.payment_status === "paid" && session.amount_total === order.totalCents) {
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
        await fulfilPaidOrder(ctx, { orderId: order.id, paymentIntentId: intent });
      }
    }
  } catch (error) {
    ctx.log.warn("stripe order check failed", { orderId: order.id, stripe: stripeErrorLog(error) });
  }
}

/**
 * The buyer's own pending test-mode order. With keys the test routes do not exist (404), and
 * someone else's order answers like a missing one.
 */
export async function requireTestOrder(ctx: Pick<PaymentContext, "env" | "db">, orderId: string, buyerId: string): Promise<OrderRow> {
  if (paymentsMode(ctx.env) !== "test") throw new ApiError("not_found", CHECKOUT_TEXTS.notTestMode);
  const { order, role } = await requireOrderParty(ctx, { orderId, userId: buyerId });
  if (role !== "buyer" || order.provider !== "test") throw new ApiError("not_found", CHECKOUT_TEXTS.orderNotFound);
  return order;
}
