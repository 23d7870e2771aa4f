// The one way the Worker talks to Stripe (STACK.md's verified recipe): the SDK over fetch, and
// webhook signatures checked with SubtleCrypto. Which mode runs is decided here too: with
// STRIPE_SECRET_KEY real Stripe, without it the labelled test mode (decision record 0037), which
// production refuses so that nothing can be "bought" there without paying.
import Stripe from "stripe";
import type { Bindings } from "../../env";

type PaymentsEnv = Pick<Bindings, "STRIPE_SECRET_KEY" | "ENVIRONMENT">;

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

export type PaymentsMode = "stripe" | "test" | "unavailable";

export function paymentsMode(env: PaymentsEnv): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return env.ENVIRONMENT === "production" ? "unavailable" : "test";
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

export type { Stripe };
