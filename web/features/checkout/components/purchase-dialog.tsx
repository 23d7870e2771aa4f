// The Buy Now dialog (second document §4 payment flow, §5 purchase requires login, §7
// create-payment and create-embedded-payment, §8 every payment text). Its states are
// the spec's: idle → a payment session is requested → the card form with the client secret →
// processing → succeeded or failed, where Try Again returns to idle and clears the session. With
// Stripe keys the card form is Stripe's Payment Element; in test mode (the server says so) it is
// our own clearly labelled form that takes no card data. The Checkout variant opens Stripe's page
// (or the Worker's TEST MODE stand-in) in a new tab and watches the order until it is paid.
//
// On success the detail pages go on to /payment-success and the lists close the dialog (§4).
// Every amount shown after the server answered is the server's. A package-priced service is
// bought one package at a time (issue #26 item 6): the buyer picks it here, the cheapest first.
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, ExternalLink, LogIn, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useId, useReducer, useRef, useState, type ReactNode } from "react";
import { CHECKOUT_SCREEN_TEXTS, CHECKOUT_TEXTS, PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { formatCents, purchaseTotal } from "@shared/rules/price";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { checkoutCalls, isSignedOut, orderQueryOptions, sessionFailureText, useOrderSettled, type PaymentSession, type PurchaseItem, type PurchasePackage } from "../api";
import { PAYMENT_POLL_MS, paymentOutcome } from "../order-status";
import { INITIAL_PAYMENT_STATE, paymentReducer, type PaymentEvent } from "../payment-machine";
import { orderPath } from "@web/lib/app-paths";
import { openPaymentPage } from "@web/lib/native-bridge";
import { paymentSuccessPath } from "../paths";
import { StripeCardForm, type CardOutcome } from "./stripe-card-form";
import { TestCardForm } from "./test-card-form";

export interface PurchaseDialogProps {
  /** The item whose Buy Now was pressed; the dialog is open while this is set. */
  item: PurchaseItem | null;
  onClose: () => void;
  /** From the page's session: a visitor sees 'Please log in to make a purchase' (§5). */
  signedIn: boolean;
  /**
   * What a successful payment leads to (§4): "payment-success" on detail pages, "close" on lists.
   */
  afterSuccess: "payment-success" | "close";
  /** How long the success card shows before that happens. */
  successDelayMs?: number;
}

export function PurchaseDialog({ item, onClose, signedIn, afterSuccess, successDelayMs = 1500 }: PurchaseDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="purchase-dialog" aria-describedby={undefined}>
        {item ? (
          // Keyed by the item: another Buy Now starts from idle with no old session.
          <PurchaseFlow key={`${item.itemType}:${item.itemId}`} item={item} signedIn={signedIn} afterSuccess={afterSuccess} onClose={onClose} successDelayMs={successDelayMs} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * What a route gives its Buy Now buttons (`onBuy`) and the dialog they open (`dialog`, rendered
 * once by the route): the catalogue's cards and detail pages call `onBuy(item)`.
 */
export function usePurchaseDialog({ signedIn, afterSuccess }: Pick<PurchaseDialogProps, "signedIn" | "afterSuccess">): {
  onBuy: (item: PurchaseItem) => void;
  dialog: ReactNode;
} {
  const [item, setItem] = useState<PurchaseItem | null>(null);
  const onBuy = useCallback((next: PurchaseItem) => setItem(next), []);
  const onClose = useCallback(() => setItem(null), []);
  return { onBuy, dialog: <PurchaseDialog item={item} onClose={onClose} signedIn={signedIn} afterSuccess={afterSuccess} /> };
}

type FlowProps = Omit<PurchaseDialogProps, "item" | "successDelayMs"> & { item: PurchaseItem; successDelayMs: number };

/** The package preselected: the cheapest, the first of equals. */
function cheapestPackage(packages: readonly PurchasePackage[]): PurchasePackage | undefined {
  return packages.reduce<PurchasePackage | undefined>((best, pack) => (!best || pack.priceCents < best.priceCents ? pack : best), undefined);
}

function PurchaseFlow({ item, signedIn, afterSuccess, onClose, successDelayMs }: FlowProps) {
  const [state, dispatch] = useReducer(paymentReducer, INITIAL_PAYMENT_STATE);
  const packages = item.packages ?? [];
  const [packageIndex, setPackageIndex] = useState<number | undefined>(() => cheapestPackage(packages)?.index);
  const chosen = packages.find((pack) => pack.index === packageIndex);
  // What is asked for: the item, or the chosen package of it (its price shown until the server answers).
  const purchase: PurchaseItem = chosen ? { ...item, priceCents: chosen.priceCents, packageIndex: chosen.index } : item;
  // Follows the session rather than keeping its first value: a Buy Now tapped while the session
  // was still loading must offer payment once it has loaded. A 401 mid-flow ends it for good.
  const [sessionEnded, setSessionEnded] = useState(false);
  const signedOut = !signedIn || sessionEnded;
  const navigate = useNavigate();
  const settled = useOrderSettled();
  // Answers that arrive after the dialog closed must not toast or navigate.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const send = (event: PaymentEvent) => {
    if (alive.current) dispatch(event);
  };

  const succeed = (orderId: string, sessionId: string | null) => {
    if (!alive.current) return;
    notifySuccess(CHECKOUT_SCREEN_TEXTS.paymentSucceededToast.title, { id: `payment-${orderId}` });
    dispatch({ type: "succeeded", orderId, sessionId });
  };
  const fail = (message: string) => {
    if (!alive.current) return;
    notifyError(CHECKOUT_SCREEN_TEXTS.paymentFailedToast.description, { title: CHECKOUT_SCREEN_TEXTS.paymentFailedToast.title, id: "payment-failed" });
    dispatch({ type: "failed", message });
  };

  // The success callback (§4): detail pages go to /payment-success, lists close the dialog.
  const succeededOrder = state.step === "succeeded" ? state.orderId : null;
  const succeededSession = state.step === "succeeded" ? state.sessionId : null;
  useEffect(() => {
    if (!succeededOrder) return;
    const timer = setTimeout(() => {
      if (afterSuccess === "close") onClose();
      else void navigate({ href: paymentSuccessPath(succeededOrder, succeededSession) });
    }, successDelayMs);
    return () => clearTimeout(timer);
  }, [succeededOrder, succeededSession, afterSuccess, onClose, navigate, successDelayMs]);

  const requestEmbedded = async () => {
    send({ type: "request", variant: "embedded" });
    try {
      const session = await checkoutCalls.createEmbedded(purchase);
      send({ type: "session-ready", session });
    } catch (error) {
      if (isSignedOut(error)) setSessionEnded(true);
      else if (alive.current) notifyError(error instanceof Error && error.message === CHECKOUT_SCREEN_TEXTS.noClientSecret ? error.message : sessionFailureText(error));
      send({ type: "session-failed" });
    }
  };

  const requestCheckout = async () => {
    send({ type: "request", variant: "checkout" });
    try {
      // A new tab in a browser (opened during the tap), the system browser in the app.
      const answer = await openPaymentPage(() => checkoutCalls.createCheckout(purchase), (created) => created.url);
      send({ type: "checkout-opened", orderId: answer.orderId });
    } catch (error) {
      if (isSignedOut(error)) setSessionEnded(true);
      else if (alive.current) notifyError(sessionFailureText(error));
      send({ type: "session-failed" });
    }
  };

  const cardOutcome = (session: PaymentSession) => (outcome: CardOutcome) => {
    if (outcome.ok === "not-ready") {
      if (alive.current) notifyError(CHECKOUT_SCREEN_TEXTS.formNotReady);
      send({ type: "not-ready" });
    } else if (outcome.ok) succeed(session.orderId, null);
    else fail(outcome.message);
  };

  const confirmTest = async (session: PaymentSession, outcome: "succeed" | "decline") => {
    send({ type: "submit" });
    try {
      const order = await checkoutCalls.confirmTest(session.orderId, outcome === "succeed" ? "success" : "decline");
      settled(order);
      if (paymentOutcome(order.status) === "paid") succeed(order.id, null);
      else fail(CHECKOUT_SCREEN_TEXTS.paymentFailed);
    } catch (error) {
      fail(error instanceof Error && error.message ? error.message : CHECKOUT_SCREEN_TEXTS.paymentFailed);
    }
  };

  if (signedOut) return <LoginRequired />;
  const estimate = purchaseTotal(purchase.priceCents);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{CHECKOUT_SCREEN_TEXTS.dialogTitle}</DialogTitle>
        <DialogDescription data-testid="purchase-item-name">
          {item.itemName}
          {chosen && state.step !== "idle" ? ` · ${chosen.title}` : null}
        </DialogDescription>
      </DialogHeader>

      {state.step === "idle" ? (
        <div className="space-y-4" data-testid="purchase-idle">
          {packages.length > 1 ? <PackagePicker packages={packages} value={packageIndex} onChange={setPackageIndex} /> : null}
          {/* The shared §9 arithmetic shows what the server will charge; the card form then shows the server's own amounts. */}
          <dl className="rounded-2xl border bg-muted/40 p-4 text-sm" data-testid="purchase-estimate">
            <Row label={CHECKOUT_SCREEN_TEXTS.price} value={estimate.priceLabel} />
            <Row label={CHECKOUT_SCREEN_TEXTS.platformFee} value={estimate.feeLabel} />
            <Row label={CHECKOUT_SCREEN_TEXTS.total} value={estimate.totalLabel} strong testId="purchase-total" />
          </dl>
          <p className="text-xs text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.feeAddedAtCheckout}</p>
          <div className="flex flex-col gap-2">
            <Button size="lg" className="w-full" onClick={() => void requestEmbedded()}>
              {CHECKOUT_SCREEN_TEXTS.payByCard}
            </Button>
            <Button variant="outline" className="w-full" onClick={() => void requestCheckout()}>
              <ExternalLink aria-hidden /> {CHECKOUT_SCREEN_TEXTS.payOnCheckout}
            </Button>
          </div>
        </div>
      ) : null}

      {state.step === "requesting" ? (
        <div className="flex min-h-40 flex-col items-center justify-center gap-3 text-sm text-muted-foreground" data-testid="purchase-requesting">
          <Spinner label={CHECKOUT_SCREEN_TEXTS.requesting} />
          <p aria-hidden>{CHECKOUT_SCREEN_TEXTS.requesting}</p>
        </div>
      ) : null}

      {state.step === "card-form" || state.step === "processing" ? (
        <div className="space-y-4" data-testid="purchase-card-form">
          <Breakdown session={state.session} />
          {state.session.card.kind === "stripe" ? (
            <StripeCardForm
              orderId={state.session.orderId}
              publishableKey={state.session.card.publishableKey}
              clientSecret={state.session.card.clientSecret}
              totalLabel={formatCents(state.session.totalCents)}
              processing={state.step === "processing"}
              onSubmit={() => send({ type: "submit" })}
              onOutcome={cardOutcome(state.session)}
            />
          ) : (
            <TestCardForm
              totalLabel={formatCents(state.session.totalCents)}
              processing={state.step === "processing"}
              onChoose={(outcome) => void confirmTest(state.session, outcome)}
            />
          )}
        </div>
      ) : null}

      {state.step === "checkout-opened" ? <CheckoutWatcher orderId={state.orderId} onPaid={succeed} onNotPaid={() => fail(CHECKOUT_SCREEN_TEXTS.paymentFailed)} /> : null}

      {state.step === "succeeded" ? (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center" data-testid="purchase-succeeded">
          <CircleCheck className="size-12 text-emerald-500" aria-hidden />
          <p className="font-display text-lg font-semibold">{CHECKOUT_SCREEN_TEXTS.succeededTitle}</p>
          <p className="text-sm text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.succeededHint}</p>
          <Link to={orderPath(state.orderId)} className={buttonVariants({ variant: "outline", size: "sm" })} onClick={onClose}>
            {CHECKOUT_SCREEN_TEXTS.viewOrder}
          </Link>
        </div>
      ) : null}

      {state.step === "failed" ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center" data-testid="purchase-failed">
          <CircleAlert className="size-12 text-destructive" aria-hidden />
          <p className="font-display text-lg font-semibold">{CHECKOUT_SCREEN_TEXTS.paymentFailedToast.title}</p>
          <p className="text-sm text-muted-foreground" data-testid="purchase-failure-message">
            {state.message}
          </p>
          <Button onClick={() => dispatch({ type: "reset" })}>
            <RotateCcw aria-hidden /> {CHECKOUT_SCREEN_TEXTS.tryAgain}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The packages as radios (arrow keys move between them), each with its sessions, description and price. */
function PackagePicker({ packages, value, onChange }: { packages: readonly PurchasePackage[]; value: number | undefined; onChange: (index: number) => void }) {
  const name = useId();
  return (
    <fieldset className="space-y-2" data-testid="package-picker">
      <legend className="mb-2 text-sm font-medium">{PAYOUTS_SCREEN_TEXTS.packages.legend}</legend>
      {packages.map((pack) => (
        <label
          key={pack.index}
          className="flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition has-[:checked]:border-primary has-[:checked]:bg-accent/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          data-testid="package-option"
        >
          <input type="radio" name={name} value={pack.index} checked={pack.index === value} onChange={() => onChange(pack.index)} className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]" />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">{pack.title}</span>
            {pack.description ? <span className="block text-sm text-muted-foreground">{pack.description}</span> : null}
          </span>
          <span className="shrink-0 text-sm font-semibold tabular-nums">{formatCents(pack.priceCents)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 font-semibold" : "flex justify-between py-0.5"}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The server's amounts (§9: the 5% fee on top of the price, in cents). */
function Breakdown({ session }: { session: PaymentSession }) {
  return (
    <dl className="rounded-2xl border bg-muted/40 p-4 text-sm" data-testid="purchase-breakdown">
      <Row label={CHECKOUT_SCREEN_TEXTS.price} value={formatCents(session.priceCents)} />
      <Row label={CHECKOUT_SCREEN_TEXTS.platformFee} value={formatCents(session.feeCents)} />
      <Row label={CHECKOUT_SCREEN_TEXTS.total} value={formatCents(session.totalCents)} strong />
    </dl>
  );
}

/**
 * Stripe Checkout runs in another tab; this one asks for the order until the webhook (or the test
 * page) has settled it, then ends in the same success or failure states as the card form.
 */
function CheckoutWatcher({ orderId, onPaid, onNotPaid }: { orderId: string; onPaid: (orderId: string, sessionId: null) => void; onNotPaid: () => void }) {
  const order = useQuery({ ...orderQueryOptions(orderId), refetchInterval: PAYMENT_POLL_MS, refetchIntervalInBackground: true });
  const outcome = order.data ? paymentOutcome(order.data.status) : "pending";
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || outcome === "pending") return;
    reported.current = true;
    if (outcome === "paid") onPaid(orderId, null);
    else onNotPaid();
  }, [outcome, orderId, onPaid, onNotPaid]);
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-3 text-center text-sm text-muted-foreground" data-testid="purchase-checkout-opened">
      <Spinner label={CHECKOUT_SCREEN_TEXTS.waitingForConfirmation} />
      <p>{CHECKOUT_SCREEN_TEXTS.checkoutOpened}</p>
    </div>
  );
}

/** §5: a visitor is asked to sign in, and comes back to this page afterwards. */
function LoginRequired() {
  const href = useLocation({ select: (location) => location.href });
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="purchase-login-required">
      <DialogHeader className="items-center pr-0">
        <DialogTitle>{CHECKOUT_TEXTS.loginToPurchase}</DialogTitle>
      </DialogHeader>
      <Link to="/auth" search={{ redirect: href }} className={buttonVariants({ size: "lg", className: "w-full" })}>
        <LogIn aria-hidden /> {CHECKOUT_SCREEN_TEXTS.signIn}
      </Link>
    </div>
  );
}
