// /payment-success (second document §2 Payment success): 'Payment Successful!', the session id if
// given, Go to Dashboard, Continue Shopping (to /feed) and the note that a confirmation email
// will be sent, plus the order's real state: the buyer can land here before Stripe's
// webhook has marked the order paid, so a pending order is asked for again every two seconds until
// it is settled, and a payment that did not go through says so instead of claiming success.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, Clock, SearchX } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import type { OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS, CHECKOUT_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { appPaths } from "@web/lib/app-paths";
import { isOrderNotFound, orderQueryOptions } from "../api";
import { PAYMENT_POLL_MS, PAYMENT_POLL_PATIENCE_MS, paymentOutcome } from "../order-status";
import { orderPath } from "@web/lib/app-paths";

export interface PaymentSuccessProps {
  /** Stripe Checkout's session id (§2 "shows the session id if given"). */
  sessionId: string | undefined;
  orderId: string | undefined;
  pollMs?: number;
  patienceMs?: number;
}

export function PaymentSuccess({ sessionId, orderId, pollMs = PAYMENT_POLL_MS, patienceMs = PAYMENT_POLL_PATIENCE_MS }: PaymentSuccessProps) {
  // Without an order id (an old link, or a Checkout return from another client) there is no
  // order to read: the page is the spec's.
  if (!orderId) return <Paid sessionId={sessionId} order={null} />;
  return <OrderOutcome sessionId={sessionId} orderId={orderId} pollMs={pollMs} patienceMs={patienceMs} />;
}

function OrderOutcome({ sessionId, orderId, pollMs, patienceMs }: { sessionId: string | undefined; orderId: string; pollMs: number; patienceMs: number }) {
  const order = useQuery({
    ...orderQueryOptions(orderId),
    // Asked again only while the provider has not settled it.
    refetchInterval: (query) => (query.state.data && paymentOutcome(query.state.data.status) === "pending" ? pollMs : false),
  });
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), patienceMs);
    return () => clearTimeout(timer);
  }, [patienceMs]);

  if (order.isPending) return <Waiting patient />;
  if (isOrderNotFound(order.error)) {
    return (
      <Frame icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />} title={CHECKOUT_TEXTS.orderNotFound} testId="payment-order-not-found">
        <Buttons />
      </Frame>
    );
  }
  if (!order.data) {
    return (
      <Frame icon={<CircleAlert className="size-12 text-destructive" aria-hidden />} title={CHECKOUT_SCREEN_TEXTS.loadOrderFailed} testId="payment-order-failed">
        <Button variant="outline" onClick={() => void order.refetch()}>
          {CHECKOUT_SCREEN_TEXTS.tryAgain}
        </Button>
      </Frame>
    );
  }

  switch (paymentOutcome(order.data.status)) {
    case "pending":
      return <Waiting patient={patient} />;
    case "not-paid":
      return (
        <Frame icon={<CircleAlert className="size-12 text-destructive" aria-hidden />} title={CHECKOUT_SCREEN_TEXTS.notPaidTitle} testId="payment-not-paid">
          <p className="text-sm text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.notPaidHint}</p>
          <OrderLine order={order.data} />
          <Buttons />
        </Frame>
      );
    case "paid":
      return <Paid sessionId={sessionId} order={order.data} />;
  }
}

function Paid({ sessionId, order }: { sessionId: string | undefined; order: OrderDetail | null }) {
  return (
    <Frame icon={<CircleCheck className="size-14 text-emerald-500" aria-hidden />} title={CHECKOUT_SCREEN_TEXTS.successTitle} testId="payment-success">
      {sessionId ? (
        <p className="max-w-full break-all font-mono text-xs text-muted-foreground" data-testid="payment-session-id">
          {CHECKOUT_SCREEN_TEXTS.sessionId(sessionId)}
        </p>
      ) : null}
      {order ? <OrderLine order={order} /> : null}
      <Buttons />
      <p className="text-sm text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.emailNote}</p>
    </Frame>
  );
}

function Waiting({ patient }: { patient: boolean }) {
  return (
    <Frame icon={<Clock className="size-12 text-muted-foreground" aria-hidden />} title={CHECKOUT_SCREEN_TEXTS.waitingForConfirmation} testId="payment-waiting">
      <Spinner label={CHECKOUT_SCREEN_TEXTS.waitingForConfirmation} />
      {patient ? null : <p className="text-sm text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.stillWaiting}</p>}
    </Frame>
  );
}

/** The order as it stands: what was bought, what was paid, its state, and a link to its page. */
function OrderLine({ order }: { order: OrderDetail }) {
  return (
    <Link to={orderPath(order.id)} className="block w-full rounded-2xl border bg-muted/40 p-4 text-left text-sm transition hover:bg-muted" data-testid="payment-order">
      <span className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate font-medium">{order.itemName}</span>
        <span className="tabular-nums font-semibold">{formatCents(order.totalCents)}</span>
      </span>
      <span className="mt-1 flex items-center justify-between gap-3 text-muted-foreground">
        <span data-testid="payment-order-status">{CHECKOUT_SCREEN_TEXTS.statusLabels[order.status]}</span>
        <span className="text-primary">{CHECKOUT_SCREEN_TEXTS.viewOrder}</span>
      </span>
    </Link>
  );
}

function Buttons() {
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row">
      <Link to={appPaths.dashboard} className={buttonVariants({ className: "w-full sm:w-auto sm:flex-1" })}>
        {CHECKOUT_SCREEN_TEXTS.goToDashboard}
      </Link>
      <Link to={appPaths.feed} className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto sm:flex-1" })}>
        {CHECKOUT_SCREEN_TEXTS.continueShopping}
      </Link>
    </div>
  );
}

function Frame({ icon, title, testId, children }: { icon: ReactNode; title: string; testId: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-[var(--radius-card)] border bg-card px-5 py-8 text-center shadow-sm" data-testid={testId} aria-live="polite">
      {icon}
      <h1 className="font-display text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
