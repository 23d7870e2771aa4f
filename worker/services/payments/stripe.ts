// The one way the Worker talks to Stripe (STACK.md's verified recipe): the SDK over fetch, and
// webhook signatures checked with SubtleCrypto. Which mode runs is decided here too (decision
// records 0037 and 0081): with a live STRIPE_SECRET_KEY real Stripe; without a key the labelled
// test mode, but only where worker/lib/modes.ts allows it (ENVIRONMENT development or test), so a
// missing or misspelt ENVIRONMENT cannot let anyone "buy" for free; a Stripe test key outside
// those modes is refused (card 4242 would pay) unless STRIPE_ALLOW_TEST_KEY says "true".
import Stripe from "stripe";
import type { PaymentsModeName } from "@shared/checkout-api";
import { PAYOUT_TEXTS } from "@shared/messages";
import type { Bindings } from "../../env";
import { allows } from "../../lib/modes";

type PaymentsEnv = Pick<Bindings, "STRIPE_SECRET_KEY" | "ENVIRONMENT" | "STRIPE_ALLOW_TEST_KEY">;

/**
 * Tests swap the network for an in-memory Stripe (tests/worker/helpers/stripe.ts). It lives in
 * module scope because it is the process's HTTP transport, not request state: nothing in a
 * request can set it.
 */
let transport: typeof fetch | undefined;

/** Test seam: route the SDK's requests to `fakeFetch` (undefined restores the real fetch). */
export function useStripeTransport(fakeFetch: typeof fetch | undefined): void {
  transport = fakeFetch;
}

export type PaymentsMode = PaymentsModeName;

/** A Stripe test-mode secret or restricted key: it takes test cards, so it moves no money. */
function isStripeTestKey(key: string): boolean {
  return key.startsWith("sk_test_") || key.startsWith("rk_test_");
}

export function paymentsMode(env: PaymentsEnv): PaymentsMode {
  const key = env.STRIPE_SECRET_KEY;
  if (key) {
    if (!isStripeTestKey(key)) return "stripe";
    return allows(env, "stripeTestKey") || env.STRIPE_ALLOW_TEST_KEY === "true" ? "stripe" : "unavailable";
  }
  return allows(env, "testPayments") ? "test" : "unavailable";
}

/** A client for one request; only called when paymentsMode() is "stripe". */
export function createStripe(secretKey: string): Stripe {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(transport),
    // The SDK retries a dropped connection with the same idempotency key, so a retry cannot pay twice.
    maxNetworkRetries: 1,
  });
}

/** Verifies a webhook's signature on its raw body; throws on a forged, altered or stale one. */
export function verifyWebhook(rawBody: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}

/**
 * A sentence of ours for an error the SDK threw. Stripe's own message can name account ids,
 * parameters or even a key ("Invalid API Key provided: sk_live_…"), so it is only ever logged;
 * the class (and for a card, nothing more than that it was declined) decides what the person sees.
 */
export function stripeErrorText(error: unknown): string {
  const t = PAYOUT_TEXTS.stripeErrors;
  if (!(error instanceof Stripe.errors.StripeError)) return t.other;
  switch (error.type) {
    case "StripeCardError":
      return t.card;
    case "StripeRateLimitError":
      return t.rateLimited;
    case "StripeConnectionError":
      return t.connection;
    case "StripeAPIError":
      return t.api;
    case "StripeInvalidRequestError":
    case "StripeIdempotencyError":
      return t.invalidRequest;
    case "StripeAuthenticationError":
    case "StripePermissionError":
      return t.configuration;
    default:
      return t.other;
  }
}

/** What a log line keeps of a Stripe error: its class, code and message (server side only). */
export function stripeErrorLog(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code ?? null, statusCode: error.statusCode ?? null, requestId: error.requestId ?? null, message: error.message };
  }
  return { error };
}

export type { Stripe };
