// Checkout tests: items and orders inserted straight into D1, an in-memory Stripe behind the SDK's
// fetch client (no network; STACK.md), requests with Stripe keys set, and webhooks signed the way
// Stripe signs them so the real constructEventAsync verifies them.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { OrderStatus } from "@shared/constants";
import { app } from "../../../worker/app";
import { newId } from "../../../worker/db/ids";
import { offers, orderHistory, orders, payoutAccounts, products, services } from "../../../worker/db/schema";
import { insertReview } from "../../../worker/db/queries/reviews";
import { useStripeTransport } from "../../../worker/services/payments/stripe";
import { db } from "./db";
import { apiRequest, type ApiOptions } from "./request";

/** The test environment's webhook signing secret (vitest.config.ts). */
const WEBHOOK_SECRET = "whsec_test_backline_0123456789";

export async function insertPricedService(
  sellerId: string,
  opts: { priceCents?: number | null; pricingModel?: "hourly" | "per_session" | "package"; packagePriceCents?: number } = {},
): Promise<string> {
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

export async function insertProduct(sellerId: string, opts: { priceCents?: number; type?: "digital" | "physical"; file?: string | null } = {}): Promise<string> {
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

/** A seller whose Stripe Express account may take charges (decision record 0039). */
export async function connectSeller(sellerId: string, stripeAccountId = `acct_${sellerId.replaceAll("-", "").slice(0, 16)}`): Promise<string> {
  await db().insert(payoutAccounts).values({ userId: sellerId, stripeAccountId, chargesEnabled: true, payoutsEnabled: true });
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
}): Promise<string> {
  const id = newId();
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
      priceCents: 10_000,
      feeCents: 500,
      totalCents: 10_500,
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

/** A custom offer straight into D1 (decision record 0050): open for 14 days unless told otherwise. */
export async function insertOffer(input: { sellerId: string; buyerId: string; priceCents?: number; status?: "open" | "paid" | "withdrawn"; expiresAt?: number; createdAt?: number }): Promise<string> {
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
// The fake Stripe

interface StripeCall {
  method: string;
  path: string;
  /** The form body as Stripe's API receives it (bracketed keys, e.g. line_items[0][price_data][unit_amount]). */
  form: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  calls: StripeCall[];
  /** Objects a GET of their path answers (e.g. "/v1/payment_intents/pi_1"), as Stripe holds them. */
  objects: Map<string, Record<string, unknown>>;
  /** Makes the next call of this path fail with Stripe's error shape and message. */
  failNext(path: string, message: string): void;
  restore(): void;
}

/** Installs an in-memory Stripe for the endpoints the Worker calls; `restore()` puts fetch back. */
export function fakeStripe(): FakeStripe {
  const calls: StripeCall[] = [];
  const failures = new Map<string, string>();
  const objects = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const form = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
    calls.push({ method: request.method, path: url.pathname, form, idempotencyKey: request.headers.get("idempotency-key") });
    const failure = failures.get(url.pathname);
    if (failure !== undefined) {
      failures.delete(url.pathname);
      return Response.json({ error: { type: "invalid_request_error", message: failure } }, { status: 400 });
    }
    const stored = request.method === "GET" ? objects.get(url.pathname) : undefined;
    if (request.method === "GET") {
      return stored ? Response.json(stored) : Response.json({ error: { type: "invalid_request_error", message: "No such object" } }, { status: 404 });
    }
    counter += 1;
    const n = `${counter}${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    switch (url.pathname) {
      case "/v1/checkout/sessions":
        return Response.json({ id: `cs_test_${n}`, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/cs_test_${n}` });
      case "/v1/payment_intents":
        return Response.json({ id: `pi_${n}`, object: "payment_intent", client_secret: `pi_${n}_secret_x`, amount: Number(form.amount) });
      case "/v1/refunds":
        return Response.json({ id: `re_${n}`, object: "refund", status: "succeeded" });
      case "/v1/accounts":
        return Response.json({ id: `acct_${n}`, object: "account", charges_enabled: false, payouts_enabled: false });
      case "/v1/account_links":
        return Response.json({ object: "account_link", url: `https://connect.stripe.com/setup/e/acct_${n}` });
      default: {
        // Helper A's minimal stand-ins until the typed handlers land: an open object is ended.
        const cancelled = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
        if (cancelled) return Response.json({ id: cancelled[1], object: "payment_intent", status: "canceled" });
        const expired = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
        if (expired) return Response.json({ id: expired[1], object: "checkout.session", status: "expired" });
        return Response.json({ error: { type: "invalid_request_error", message: `fake Stripe has no ${url.pathname}` } }, { status: 404 });
      }
    }
  }) as typeof fetch;
  useStripeTransport(fakeFetch);
  return {
    calls,
    objects,
    failNext: (path, message) => failures.set(path, message),
    restore: () => useStripeTransport(undefined),
  };
}

/** A request through the app with Stripe keys set: real Stripe mode against the fake Stripe. */
export async function keyedApi(path: string, options: ApiOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const keyed = { ...env, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" };
  const res = await app.fetch(apiRequest(path, options), keyed, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

let eventCounter = 0;

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}_${crypto.randomUUID().slice(0, 8)}`) {
  return { id, object: "event", type, api_version: "2026-01-01", created: Math.floor(Date.now() / 1000), data: { object } };
}

/** Posts an event signed with the endpoint's secret (or `secret`), as Stripe does. */
export async function sendWebhook(event: unknown, opts: { secret?: string; signature?: string | null; timestamp?: number } = {}): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature !== undefined
      ? opts.signature
      : await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: opts.secret ?? WEBHOOK_SECRET,
          ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  // Stripe's servers send no Origin; the webhook path is exempt from the Origin check.
  const ctx = createExecutionContext();
  const res = await app.fetch(apiRequest("/api/webhooks/stripe", { raw: payload, headers, origin: null }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
