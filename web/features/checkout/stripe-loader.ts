// Stripe.js is loaded only when a buyer opens the card form (the issue: "loaded only when the
// dialog opens"): the dynamic import keeps @stripe/stripe-js out of the main bundle, and the
// package itself adds Stripe's script tag only when its module runs. One promise per publishable
// key, so reopening the dialog reuses the loaded script; a failed load is forgotten so the next
// try loads again.
import type { Stripe } from "@stripe/stripe-js";

const loading = new Map<string, Promise<Stripe | null>>();

export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = import("@stripe/stripe-js").then(({ loadStripe }) => loadStripe(publishableKey));
    loading.set(publishableKey, promise);
    promise.catch(() => loading.delete(publishableKey));
  }
  return promise;
}
