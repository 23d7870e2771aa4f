// Checkout tests: items and orders inserted straight into D1, an in-memory Stripe behind the SDK's
// fetch client (no network; STACK.md), requests with Stripe keys set, and webhooks signed the way
// Stripe signs them so the real constructEventAsync verifies them.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { OrderStatus } from "@shared/constants";
import { purchaseTotal } from "@shared/rules/price";
import { app } from "../../../worker/app";
import { newId } from "../../../worker/db/ids";
import { offers, orderHistory, orders, payoutAccounts, products, services } from "../../../worker/db/schema";
import { insertReview } from "../../../worker/db/queries/reviews";
import { db } from "./db";
import { apiRequest, ORIGIN, type ApiOptions } from "./request";

/** The test environment's webhook signing secrets (vitest.config.ts): the platform's and Connect's endpoints. */
export const WEBHOOK_SECRET = "whsec_test_backline_0123456789";
export const CONNECT_WEBHOOK_SECRET = "whsec_test_connect_9876543210";

/** Options of the item factories: `payable: false` leaves the seller without payouts. */
interface SellerOptions {
  payable?: boolean;
}

/**
 * Makes the seller payable in test mode (a TEST MODE payout account that can take charges), as the
 * TEST MODE onboarding would; a seller who already has an account keeps it.
 */
export async function payableInTestMode(sellerId: string): Promise<void> {
  await db()
    .insert(payoutAccounts)
    .values({ userId: sellerId, stripeAccountId: `acct_test_${sellerId.replaceAll("-", "").slice(0, 16)}`, mode: "test", chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, syncedAt: Date.now() })
    .onConflictDoNothing();
}

export async function insertPricedService(
  sellerId: string,
  opts: SellerOptions & { priceCents?: number | null; pricingModel?: "hourly" | "per_session" | "package"; packagePriceCents?: number } = {},
): Promise<string> {
  if (opts.payable !== false) await payableInTestMode(sellerId);
  const id = newId();
  const pricingModel = opts.pricingModel ?? "per_session";
  await db()
    .insert(services)
    .values({
      id,
      userId: sellerId,
      name: `Mixing session ${id.slice(0, 6)}`,
      category: "mixing",
      pricingModel,
      priceCents: pricingModel === "package" ? null : opts.priceCents === undefined ? 10_000 : opts.priceCents,
      packageDetails: pricingModel === "package" ? { sessions: 3, priceCents: opts.packagePriceCents ?? 25_000, description: "Three sessions" } : null,
    });
  return id;
}

export async function insertProduct(sellerId: string, opts: SellerOptions & { priceCents?: number; type?: "digital" | "physical"; file?: string | null } = {}): Promise<string> {
  if (opts.payable !== false) await payableInTestMode(sellerId);
  const id = newId();
  const type = opts.type ?? "digital";
  let fileKey: string | null = null;
  if (type === "digital" && opts.file !== null) {
    fileKey = `product-files/${sellerId}/${id}/beat-pack.zip`;
    await env.PRIVATE_FILES.put(fileKey, opts.file ?? "the beat pack bytes", { httpMetadata: { contentType: "application/zip" } });
  }
  await db()
    .insert(products)
    .values({ id, userId: sellerId, name: `Beat pack ${id.slice(0, 6)}`, category: "beats", priceCents: opts.priceCents ?? 2_999, type, fileKey });
  return id;
}

/**
 * A seller whose Stripe Express account may take charges (decision record 0039): a real-mode
 * account replacing any TEST MODE one the item factories gave them.
 */
export async function connectSeller(sellerId: string, stripeAccountId = `acct_${sellerId.replaceAll("-", "").slice(0, 16)}`): Promise<string> {
  const values = { stripeAccountId, mode: "stripe" as const, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, syncedAt: Date.now() };
  await db().insert(payoutAccounts).values({ userId: sellerId, ...values }).onConflictDoUpdate({ target: payoutAccounts.userId, set: values });
  return stripeAccountId;
}

export async function orderRow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function ordersOfBuyer(buyerId: string) {
  return db().select().from(orders).where(eq(orders.buyerId, buyerId));
}

export async function historyOf(orderId: string) {
  return db().select().from(orderHistory).where(eq(orderHistory.orderId, orderId));
}

/** An order in any state, straight into D1 (for lifecycle, list and download tests). */
export async function insertOrder(input: {
  buyerId: string;
  sellerId: string;
  itemType?: "service" | "product";
  /** The service or product bought; a fresh id (an item since deleted) when not given. */
  itemId?: string;
  productType?: "digital" | "physical" | null;
  status?: OrderStatus;
  fileKey?: string | null;
  provider?: "stripe" | "test";
  createdAt?: number;
  statusChangedAt?: number;
  providerPaymentIntentId?: string | null;
  /** The seller's price (default $100.00); the 5% fee and the total follow from it. */
  priceCents?: number;
}): Promise<string> {
  const id = newId();
  const amounts = purchaseTotal(input.priceCents ?? 10_000);
  const now = input.createdAt ?? Date.now();
  const itemType = input.itemType ?? "service";
  await db()
    .insert(orders)
    .values({
      id,
      buyerId: input.buyerId,
      sellerId: input.sellerId,
      itemType,
      itemId: input.itemId ?? newId(),
      itemName: "Inserted item",
      priceCents: amounts.priceCents,
      feeCents: amounts.feeCents,
      totalCents: amounts.totalCents,
      provider: input.provider ?? "test",
      status: input.status ?? "paid",
      productType: itemType === "product" ? (input.productType ?? "digital") : null,
      fileKey: input.fileKey ?? null,
      createdAt: now,
      updatedAt: now,
      statusChangedAt: input.statusChangedAt ?? now,
      paidAt: input.status === "pending" ? null : now,
      providerPaymentIntentId: input.providerPaymentIntentId ?? null,
    });
  return id;
}

/** A completed order with its buyer's review, straight into D1; the review's id. */
export async function insertCompletedReview(input: { buyerId: string; sellerId: string; itemId?: string; rating?: number; content?: string; itemType?: "service" | "product" }): Promise<string> {
  const orderId = await insertOrder({
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    status: "completed",
    itemType: input.itemType ?? "service",
    productType: input.itemType === "product" ? "physical" : null,
    ...(input.itemId ? { itemId: input.itemId } : {}),
  });
  const order = await orderRow(orderId);
  const row = await insertReview(db(), {
    id: newId(),
    orderId,
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    itemType: order!.itemType,
    itemId: order!.itemId,
    itemName: order!.itemName,
    rating: input.rating ?? 5,
    content: input.content ?? "Great to work with",
    now: Date.now(),
  });
  return row!.id;
}

/**
 * A custom offer straight into D1 (decision record 0050): open for 14 days unless told otherwise,
 * from a seller who can be paid unless `payable: false`.
 */
export async function insertOffer(
  input: SellerOptions & { sellerId: string; buyerId: string; priceCents?: number; status?: "open" | "paid" | "withdrawn"; expiresAt?: number; createdAt?: number },
): Promise<string> {
  if (input.payable !== false) await payableInTestMode(input.sellerId);
  const id = newId();
  const now = input.createdAt ?? Date.now();
  await db()
    .insert(offers)
    .values({
      id,
      sellerId: input.sellerId,
      buyerId: input.buyerId,
      title: `Custom mix ${id.slice(0, 6)}`,
      description: "Two songs, stems included",
      priceCents: input.priceCents ?? 20_000,
      deliveryDays: 5,
      status: input.status ?? "open",
      expiresAt: input.expiresAt ?? now + 14 * 24 * 60 * 60 * 1000,
      createdAt: now,
      updatedAt: now,
    });
  return id;
}

export async function offerRow(offerId: string) {
  const [row] = await db().select().from(offers).where(eq(offers.id, offerId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Stripe

export * from "./stripe";

/** A request through the app with Stripe keys set: real Stripe mode against the fake Stripe. */
export async function keyedApi(path: string, options: ApiOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const keyed = { ...env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" };
  const res = await app.fetch(apiRequest(path, options), keyed, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * A request through the app with some bindings changed or removed (undefined removes one), e.g.
 * ENVIRONMENT "production" without keys: how a deploy would answer.
 */
export async function apiInEnvironment(path: string, bindings: Record<string, string | undefined>, options: ApiOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  // APP_ORIGIN as every deploy names it (one without it is refused, decision record 0086); a test
  // can still change or remove it.
  const changed: Record<string, unknown> = { ...env, APP_ORIGIN: ORIGIN };
  for (const [name, value] of Object.entries(bindings)) {
    if (value === undefined) delete changed[name];
    else changed[name] = value;
  }
  const res = await app.fetch(apiRequest(path, options), changed, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

let eventCounter = 0;

/** A Stripe event envelope around `object` (an SDK object from the factories, or a plain one). */
export function stripeEvent(type: string, object: object, id = `evt_${++eventCounter}_${crypto.randomUUID().slice(0, 8)}`, created = Math.floor(Date.now() / 1000)) {
  return { id, object: "event", type, api_version: "2026-01-01", created, data: { object } };
}

/**
 * Posts an event signed with the endpoint's secret (or `secret`), as Stripe does: the platform's
 * /api/webhooks/stripe, or with `endpoint: "connect"` /api/webhooks/stripe-connect.
 */
export async function sendWebhook(event: unknown, opts: { secret?: string; signature?: string | null; timestamp?: number; endpoint?: "platform" | "connect" } = {}): Promise<Response> {
  const connect = opts.endpoint === "connect";
  const payload = JSON.stringify(event);
  const signature =
    opts.signature !== undefined
      ? opts.signature
      : await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: opts.secret ?? (connect ? CONNECT_WEBHOOK_SECRET : WEBHOOK_SECRET),
          ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  // Stripe's servers send no Origin; the webhook path is exempt from the Origin check.
  const ctx = createExecutionContext();
  const res = await app.fetch(apiRequest(connect ? "/api/webhooks/stripe-connect" : "/api/webhooks/stripe", { raw: payload, headers, origin: null }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
