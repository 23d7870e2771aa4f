// The Buy Now dialog (second document §4 payment flow, §5 purchase requires login, §8 payment
// texts): a visitor's refusal; idle → session requested → card form → processing →
// succeeded or failed with Try Again clearing the session; the server's amounts; test mode's
// labelled form; Stripe's Payment Element loaded only on demand and confirmed without a redirect
// unless required; the Checkout variant in a new tab; and what success leads to on a detail page
// and on a list.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PurchaseDialog, usePurchaseDialog } from "@web/features/checkout/components/purchase-dialog";
import { apiError, deferred, json, mockApi, resetApp } from "../auth/helpers";
import { findToast } from "../social/helpers";
import "../upload/jsdom-polyfills";
import { BEAT, makeOrder, stripeSession, testModeSession } from "./fixtures";
import { renderCheckout } from "./render";

const stripeMock = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js", () => stripeMock);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

/** A stand-in for Stripe.js: an Elements group whose Payment Element reports ready when mounted. */
function fakeStripe({ ready = true } = {}) {
  const element = {
    on: vi.fn((event: string, handler: () => void) => {
      if (event === "ready" && ready) queueMicrotask(handler);
    }),
    mount: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => element) };
  const stripe = { elements: vi.fn(() => elements), confirmPayment: vi.fn() };
  return { stripe, elements, element };
}

let keyCount = 0;
/** Each test its own publishable key: the loader keeps one Stripe.js per key. */
function freshKey() {
  keyCount += 1;
  return `pk_test_${keyCount}`;
}

const EMBEDDED = "POST /api/checkout/create-embedded-payment";
const CHECKOUT = "POST /api/checkout/create-payment";

beforeEach(() => {
  stripeMock.loadStripe.mockReset();
});
afterEach(resetApp);

function openDialog(props: Partial<Parameters<typeof PurchaseDialog>[0]> = {}) {
  const onClose = vi.fn();
  const rendered = renderCheckout(<PurchaseDialog item={BEAT} onClose={onClose} signedIn afterSuccess="close" successDelayMs={10} {...props} />);
  return { onClose, ...rendered };
}

describe("PurchaseDialog", () => {
  it("asks a visitor to log in, with a sign-in link back to this page, and calls nothing", async () => {
    const api = mockApi({});
    openDialog({ signedIn: false });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Please log in to make a purchase")).toBeInTheDocument();
    const signIn = within(dialog).getByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe(`/auth?redirect=${encodeURIComponent("/product/pr1")}`);
    expect(api.calls).toHaveLength(0);
  });

  it("offers payment once the session has loaded when Buy Now was tapped before it had", async () => {
    mockApi({});
    // A screen whose session query answers after the tap: signedIn turns true with the dialog open.
    let sessionLoaded = () => {};
    function SessionLoadsLater() {
      const [signedIn, setSignedIn] = useState(false);
      sessionLoaded = () => setSignedIn(true);
      return <PurchaseDialog item={BEAT} onClose={vi.fn()} signedIn={signedIn} afterSuccess="close" successDelayMs={10} />;
    }
    renderCheckout(<SessionLoadsLater />);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Please log in to make a purchase")).toBeInTheDocument();
    act(() => sessionLoaded());
    expect(await within(dialog).findByRole("button", { name: "Pay on Stripe Checkout" })).toBeInTheDocument();
    expect(within(dialog).queryByText("Please log in to make a purchase")).toBeNull();
  });

  it("shows the item in idle, then the session request, then the server's amounts with the labelled test form", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = mockApi({ [EMBEDDED]: () => answer.promise });
    openDialog();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("purchase-item-name")).toHaveTextContent("Midnight Drums (beat)");
    expect(within(dialog).getByTestId("purchase-idle")).toHaveTextContent("$45");
    expect(within(dialog).getByText("A 5% platform fee is added at checkout.")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Pay by card" }));
    expect(await within(dialog).findByTestId("purchase-requesting")).toBeInTheDocument();
    // §7's body: the spec's four fields (the server reads only the type and id).
    expect(api.callsTo("POST", "/api/checkout/create-embedded-payment")[0]!.body).toEqual({ itemType: "product", itemId: "pr1", itemName: "Midnight Drums (beat)", itemPrice: 45 });

    await act(async () => answer.resolve(json(testModeSession(), 201)));
    const breakdown = await within(dialog).findByTestId("purchase-breakdown");
    expect(breakdown).toHaveTextContent("Price$40");
    expect(breakdown).toHaveTextContent("Platform fee (5%)$2");
    expect(breakdown).toHaveTextContent("Total$42");
    const form = within(dialog).getByTestId("test-card-form");
    expect(form).toHaveTextContent("TEST MODE");
    expect(within(form).getByRole("button", { name: "Pay (test) · $42" })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Simulate decline" })).toBeInTheDocument();
    // No card field of any kind in test mode, and Stripe.js was never asked for.
    expect(within(dialog).queryByRole("textbox")).toBeNull();
    expect(stripeMock.loadStripe).not.toHaveBeenCalled();
  });

  it("pays in test mode through the confirm route, shows success and closes on a list", async () => {
    const user = userEvent.setup();
    const confirm = deferred<Response>();
    const api = mockApi({ [EMBEDDED]: json(testModeSession(), 201), "POST /api/checkout/test/o1/confirm": () => confirm.promise });
    const { onClose } = openDialog({ successDelayMs: 50 });
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    await user.click(await screen.findByRole("button", { name: /Pay \(test\)/ }));
    // Processing: both choices are disabled while the server completes the order.
    expect(screen.getByRole("button", { name: /Pay \(test\)/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Simulate decline" })).toBeDisabled();
    expect(api.callsTo("POST", "/api/checkout/test/o1/confirm")[0]!.body).toEqual({ outcome: "success" });

    await act(async () => confirm.resolve(json(makeOrder({ status: "paid" }))));
    const success = await screen.findByTestId("purchase-succeeded");
    expect(success).toHaveTextContent("Payment successful!");
    expect(within(success).getByRole("link", { name: "View order" })).toHaveAttribute("href", "/orders/o1");
    expect(await findToast("Payment successful!")).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("goes to /payment-success with the order on a detail page", async () => {
    const user = userEvent.setup();
    mockApi({ [EMBEDDED]: json(testModeSession(), 201), "POST /api/checkout/test/o1/confirm": json(makeOrder({ status: "paid" })) });
    const { router, onClose } = openDialog({ afterSuccess: "payment-success" });
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    await user.click(await screen.findByRole("button", { name: /Pay \(test\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment-success"));
    expect(router.state.location.search).toEqual({ order: "o1" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("fails on a simulated decline with the spec's texts, and Try Again clears the session", async () => {
    const user = userEvent.setup();
    let sessions = 0;
    const api = mockApi({
      [EMBEDDED]: () => json(testModeSession({ orderId: `o${(sessions += 1)}` }), 201),
      "POST /api/checkout/test/o1/confirm": json(makeOrder({ status: "failed" })),
    });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    await user.click(await screen.findByRole("button", { name: "Simulate decline" }));
    expect(api.callsTo("POST", "/api/checkout/test/o1/confirm")[0]!.body).toEqual({ outcome: "decline" });

    const failed = await screen.findByTestId("purchase-failed");
    expect(within(failed).getByTestId("purchase-failure-message")).toHaveTextContent("Payment failed");
    expect(await findToast("Payment Failed")).toBeInTheDocument();
    expect(await findToast("There was an issue processing your payment")).toBeInTheDocument();

    await user.click(within(failed).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByTestId("purchase-idle")).toBeInTheDocument();
    // A new attempt asks for a new session: the old one is gone.
    await user.click(screen.getByRole("button", { name: "Pay by card" }));
    await screen.findByTestId("test-card-form");
    expect(api.callsTo("POST", "/api/checkout/create-embedded-payment")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: /Pay \(test\)/ }));
    expect(api.callsTo("POST", "/api/checkout/test/o2/confirm")).toHaveLength(1);
  });

  it("toasts 'Failed to create payment session: {message}' and returns to idle when the server refuses", async () => {
    const user = userEvent.setup();
    mockApi({ [EMBEDDED]: apiError(400, "bad_request", "You cannot buy your own item") });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    expect(await findToast("Failed to create payment session: You cannot buy your own item")).toBeInTheDocument();
    expect(await screen.findByTestId("purchase-idle")).toBeInTheDocument();
  });

  it("keeps the server's full sentence when Stripe refused, and says the bare sentence on a network failure", async () => {
    const user = userEvent.setup();
    let call = 0;
    const fetchFailure = () => Promise.reject(new TypeError("Failed to fetch"));
    mockApi({
      [EMBEDDED]: () => {
        call += 1;
        return call === 1 ? apiError(503, "unavailable", "Failed to create payment session: Your account cannot currently make live charges.") : fetchFailure();
      },
    });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    expect(await findToast("Failed to create payment session: Your account cannot currently make live charges.")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    expect(await findToast("Failed to create payment session")).toBeInTheDocument();
    expect(await screen.findByTestId("purchase-idle")).toBeInTheDocument();
  });

  it("turns into the login request when the server says the session ended", async () => {
    const user = userEvent.setup();
    mockApi({ [EMBEDDED]: apiError(401, "unauthorized", "Please log in to make a purchase"), "POST /api/auth/refresh": apiError(401, "unauthorized", "Authentication required") });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    expect(await screen.findByTestId("purchase-login-required")).toHaveTextContent("Please log in to make a purchase");
  });

  it("says 'Invalid payment response - no client secret' when the answer has none", async () => {
    const user = userEvent.setup();
    mockApi({ [EMBEDDED]: json(stripeSession(freshKey(), { clientSecret: "" }), 201) });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay by card" }));
    expect(await findToast("Invalid payment response - no client secret")).toBeInTheDocument();
    expect(await screen.findByTestId("purchase-idle")).toBeInTheDocument();
    expect(stripeMock.loadStripe).not.toHaveBeenCalled();
  });

  describe("with Stripe keys", () => {
    it("loads Stripe.js only once the card form opens, mounts the Payment Element and confirms without a redirect unless required", async () => {
      const user = userEvent.setup();
      const key = freshKey();
      const fake = fakeStripe();
      stripeMock.loadStripe.mockResolvedValue(fake.stripe);
      const confirmed = deferred<unknown>();
      fake.stripe.confirmPayment.mockReturnValue(confirmed.promise);
      mockApi({ [EMBEDDED]: json(stripeSession(key), 201) });
      const { router } = openDialog({ afterSuccess: "payment-success" });

      await screen.findByRole("dialog");
      expect(stripeMock.loadStripe).not.toHaveBeenCalled();
      await user.click(screen.getByRole("button", { name: "Pay by card" }));
      await waitFor(() => expect(fake.element.mount).toHaveBeenCalledTimes(1));
      expect(stripeMock.loadStripe).toHaveBeenCalledWith(key);
      expect(fake.stripe.elements).toHaveBeenCalledWith({ clientSecret: "pi_1_secret_abc" });
      expect(fake.elements.create).toHaveBeenCalledWith("payment", expect.anything());
      expect(fake.element.mount).toHaveBeenCalledWith(screen.getByTestId("payment-element"));
      expect(screen.getByTestId("purchase-breakdown")).toHaveTextContent("Total$47.25");

      const pay = screen.getByRole("button", { name: "Pay $47.25" });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
        elements: fake.elements,
        confirmParams: { return_url: "http://localhost:3000/payment-success?order=o1" },
        redirect: "if_required",
      });
      expect(screen.getByRole("button", { name: /Processing payment/ })).toBeDisabled();

      await act(async () => confirmed.resolve({ paymentIntent: { id: "pi_1", status: "succeeded" } }));
      expect(await screen.findByTestId("purchase-succeeded")).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe("/payment-success"));
      expect(router.state.location.search).toEqual({ order: "o1" });
    });

    it("fails with the provider's message, and 'Payment failed' when it gives none", async () => {
      const user = userEvent.setup();
      const fake = fakeStripe();
      stripeMock.loadStripe.mockResolvedValue(fake.stripe);
      fake.stripe.confirmPayment.mockResolvedValueOnce({ error: { type: "card_error", message: "Your card was declined." } }).mockResolvedValueOnce({ error: { type: "api_error" } });
      mockApi({ [EMBEDDED]: json(stripeSession(freshKey()), 201) });
      openDialog();
      await user.click(await screen.findByRole("button", { name: "Pay by card" }));
      await user.click(await screen.findByRole("button", { name: "Pay $47.25" }));
      expect(await screen.findByTestId("purchase-failure-message")).toHaveTextContent("Your card was declined.");
      expect(await findToast("There was an issue processing your payment")).toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Try Again" }));
      await user.click(await screen.findByRole("button", { name: "Pay by card" }));
      await user.click(await screen.findByRole("button", { name: "Pay $47.25" }));
      expect(await screen.findByTestId("purchase-failure-message")).toHaveTextContent(/^Payment failed$/);
    });

    it("says 'Payment form not ready. Please try again.' when paying before the element is ready", async () => {
      const user = userEvent.setup();
      const fake = fakeStripe({ ready: false });
      stripeMock.loadStripe.mockResolvedValue(fake.stripe);
      mockApi({ [EMBEDDED]: json(stripeSession(freshKey()), 201) });
      openDialog();
      await user.click(await screen.findByRole("button", { name: "Pay by card" }));
      await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
      await user.click(screen.getByRole("button", { name: "Pay $47.25" }));
      expect(await findToast("Payment form not ready. Please try again.")).toBeInTheDocument();
      expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
      // Still on the card form, ready for another try.
      expect(screen.getByRole("button", { name: "Pay $47.25" })).toBeEnabled();
    });
  });

  it("opens Stripe Checkout in a new tab and succeeds once the order is paid", async () => {
    const user = userEvent.setup();
    const tab = { location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    let polls = 0;
    const api = mockApi({
      [CHECKOUT]: json({ url: "http://localhost:3000/api/checkout/test/o1", orderId: "o1", testMode: true }, 201),
      "GET /api/orders/o1": () => {
        polls += 1;
        return json(makeOrder({ status: polls < 2 ? "pending" : "paid" }));
      },
    });
    const { onClose } = openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay on Stripe Checkout" }));
    // The tab is opened during the tap (a later one would be a blocked pop-up), then sent on.
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(api.callsTo("POST", "/api/checkout/create-payment")[0]!.body).toEqual({ itemType: "product", itemId: "pr1", itemName: "Midnight Drums (beat)", itemPrice: 45 });
    await waitFor(() => expect(tab.location.href).toBe("http://localhost:3000/api/checkout/test/o1"));
    expect(await screen.findByTestId("purchase-checkout-opened")).toBeInTheDocument();

    expect(await screen.findByTestId("purchase-succeeded", undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("inside the native app: asks for the app's return and hands Checkout to the system browser (decision record 0093)", async () => {
    const user = userEvent.setup();
    const app = globalThis as { Capacitor?: unknown };
    app.Capacitor = { isNativePlatform: () => true, getPlatform: () => "ios", isPluginAvailable: () => false };
    try {
      const open = vi.fn();
      const assign = vi.fn();
      vi.stubGlobal("open", open);
      vi.stubGlobal("location", { ...window.location, assign });
      const api = mockApi({
        [CHECKOUT]: json({ url: "https://checkout.stripe.com/c/pay/cs_1", orderId: "o1", testMode: false }, 201),
        "GET /api/orders/o1": json(makeOrder({ status: "pending" })),
      });
      openDialog();
      await user.click(await screen.findByRole("button", { name: "Pay on Stripe Checkout" }));
      expect(await screen.findByTestId("purchase-checkout-opened")).toBeInTheDocument();
      expect(api.callsTo("POST", "/api/checkout/create-payment")[0]!.body).toEqual({ itemType: "product", itemId: "pr1", itemName: "Midnight Drums (beat)", itemPrice: 45, returnTo: "app" });
      // No window of the WebView's own: the system browser gets Stripe's page.
      expect(open).not.toHaveBeenCalled();
      expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1");
    } finally {
      delete app.Capacitor;
    }
  });

  it("closes the tab it opened when the Checkout session cannot be created", async () => {
    const user = userEvent.setup();
    const tab = { location: { href: "" }, close: vi.fn() };
    vi.stubGlobal("open", vi.fn(() => tab));
    mockApi({ [CHECKOUT]: apiError(409, "conflict", "This seller has not set up payouts yet, so their items cannot be bought by card.") });
    openDialog();
    await user.click(await screen.findByRole("button", { name: "Pay on Stripe Checkout" }));
    expect(await findToast("Failed to create payment session: This seller has not set up payouts yet, so their items cannot be bought by card.")).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(await screen.findByTestId("purchase-idle")).toBeInTheDocument();
  });
});

describe("usePurchaseDialog", () => {
  function Page() {
    const purchase = usePurchaseDialog({ signedIn: true, afterSuccess: "close" });
    return (
      <>
        <button type="button" onClick={() => purchase.onBuy(BEAT)}>
          Buy Now
        </button>
        {purchase.dialog}
      </>
    );
  }

  it("opens the dialog for the item a Buy Now button hands it, and closes it again", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderCheckout(<Page />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("purchase-item-name")).toHaveTextContent("Midnight Drums (beat)");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
