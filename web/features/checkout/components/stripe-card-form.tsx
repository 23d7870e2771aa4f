// The card form with real keys (second document §4, §7): Stripe's Payment Element mounted with the
// PaymentIntent's client secret, confirmed without a redirect unless the card needs one (3-D
// Secure on some banks), with /payment-success as the return address. Stripe.js is fetched only
// now (stripe-loader.ts). Card data never touches our code: the element is Stripe's iframe.
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { CreditCard, Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CHECKOUT_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { loadStripeOnce } from "../stripe-loader";

export type CardOutcome = { ok: true; paymentIntentId: string | null } | { ok: false; message: string } | { ok: "not-ready" };

export interface StripeCardFormProps {
  orderId: string;
  publishableKey: string;
  clientSecret: string;
  totalLabel: string;
  processing: boolean;
  onSubmit: () => void;
  onOutcome: (outcome: CardOutcome) => void;
}

/**
 * Where Stripe sends the buyer back after a redirect it needed (third-party authentication); it
 * appends the PaymentIntent's id, and the order id tells the page which order to show.
 */
function returnUrl(orderId: string): string {
  const url = new URL("/payment-success", window.location.origin);
  url.searchParams.set("order", orderId);
  return url.href;
}

export function StripeCardForm({ orderId, publishableKey, clientSecret, totalLabel, processing, onSubmit, onOutcome }: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    loadStripeOnce(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountRef.current) return;
        if (!stripe) throw new Error("Stripe.js did not load");
        const elements = stripe.elements({ clientSecret });
        const element = elements.create("payment", { layout: "tabs" });
        element.on("ready", () => {
          if (!cancelled) setReady(true);
        });
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        unmount = () => element.destroy();
      })
      .catch(() => {
        if (!cancelled) setLoadError(true);
      });
    return () => {
      cancelled = true;
      stripeRef.current = null;
      unmount?.();
    };
  }, [publishableKey, clientSecret]);

  const pay = async () => {
    const loaded = stripeRef.current;
    onSubmit();
    // §8 'Payment form not ready. Please try again.': Stripe.js or the element is not there yet.
    if (!loaded || !ready) {
      onOutcome({ ok: "not-ready" });
      return;
    }
    try {
      const result = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        confirmParams: { return_url: returnUrl(orderId) },
        redirect: "if_required",
      });
      if (result.error) onOutcome({ ok: false, message: result.error.message || CHECKOUT_SCREEN_TEXTS.paymentFailed });
      else onOutcome({ ok: true, paymentIntentId: result.paymentIntent?.id ?? null });
    } catch (error) {
      onOutcome({ ok: false, message: error instanceof Error && error.message ? error.message : CHECKOUT_SCREEN_TEXTS.paymentFailed });
    }
  };

  return (
    <form
      className="space-y-4"
      aria-label={CHECKOUT_SCREEN_TEXTS.cardFormLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (!processing) void pay();
      }}
    >
      <div className="relative min-h-36 rounded-2xl border bg-background p-3">
        <div ref={mountRef} data-testid="payment-element" />
        {!ready && !loadError ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={CHECKOUT_SCREEN_TEXTS.loadingForm} />
          </div>
        ) : null}
        {loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {CHECKOUT_SCREEN_TEXTS.formNotReady}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={processing || loadError}>
        {processing ? <Spinner className="size-4 text-primary-foreground" label={CHECKOUT_SCREEN_TEXTS.processing} /> : <CreditCard aria-hidden />}
        {processing ? CHECKOUT_SCREEN_TEXTS.processing : CHECKOUT_SCREEN_TEXTS.pay(totalLabel)}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3" aria-hidden /> {CHECKOUT_SCREEN_TEXTS.securedByStripe}
      </p>
    </form>
  );
}
