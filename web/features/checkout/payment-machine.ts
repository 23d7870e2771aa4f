// The purchase dialog's states (second document §4 "Payment flow"): idle; a payment session is
// requested; a card form is shown with the client secret; processing; succeeded or failed. Try
// Again returns to idle and clears the session. The Checkout variant (§7 create-payment) adds one
// state of its own: Stripe's page is open in another tab and this one waits.
//
// A reducer rather than loose useState calls, so an answer that arrives after the buyer moved on
// (closed the dialog, pressed Try Again) cannot drag the dialog back into an old state: every
// event names the step it belongs to, and an event for another step changes nothing.
import type { PaymentSession } from "./api";

export type PaymentState =
  | { step: "idle" }
  | { step: "requesting"; variant: "embedded" | "checkout" }
  | { step: "card-form"; session: PaymentSession }
  | { step: "processing"; session: PaymentSession }
  | { step: "checkout-opened"; orderId: string }
  | { step: "succeeded"; orderId: string; sessionId: string | null }
  | { step: "failed"; message: string };

export type PaymentEvent =
  | { type: "request"; variant: "embedded" | "checkout" }
  | { type: "session-ready"; session: PaymentSession }
  | { type: "session-failed" }
  | { type: "checkout-opened"; orderId: string }
  | { type: "submit" }
  /** The card form could not be used after all (not mounted yet): back to the form. */
  | { type: "not-ready" }
  | { type: "succeeded"; orderId: string; sessionId: string | null }
  | { type: "failed"; message: string }
  | { type: "reset" };

export const INITIAL_PAYMENT_STATE: PaymentState = { step: "idle" };

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case "request":
      return state.step === "idle" ? { step: "requesting", variant: event.variant } : state;
    case "session-ready":
      return state.step === "requesting" ? { step: "card-form", session: event.session } : state;
    case "session-failed":
      // §8: a failed session request is a toast and "returns nothing": the dialog is idle again.
      return state.step === "requesting" ? { step: "idle" } : state;
    case "checkout-opened":
      return state.step === "requesting" ? { step: "checkout-opened", orderId: event.orderId } : state;
    case "submit":
      return state.step === "card-form" ? { step: "processing", session: state.session } : state;
    case "not-ready":
      return state.step === "processing" ? { step: "card-form", session: state.session } : state;
    case "succeeded":
      return state.step === "processing" || state.step === "checkout-opened"
        ? { step: "succeeded", orderId: event.orderId, sessionId: event.sessionId }
        : state;
    case "failed":
      return state.step === "processing" || state.step === "checkout-opened" ? { step: "failed", message: event.message } : state;
    case "reset":
      return INITIAL_PAYMENT_STATE;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
