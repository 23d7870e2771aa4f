// /payment-success (second document §2 Payment success; it "shows the order's real state,
// waiting for the webhook if it has not arrived yet"): the spec's page when paid, the session id
// if given, waiting (and saying so after a while) while the order is pending, and honest pages for
// an unpaid or unknown order.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentSuccess } from "@web/features/checkout/components/payment-success";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makeOrder } from "./fixtures";
import { renderCheckout } from "./render";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

function expectSpecButtons(scope: ReturnType<typeof within>) {
  expect(scope.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  expect(scope.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/feed");
}

describe("/payment-success", () => {
  it("shows the spec's page with the session id and the paid order, read through the route's search", async () => {
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/orders/o1": makeOrder({ status: "paid" }) });
    renderApp("/payment-success?session_id=cs_test_123&order=o1");
    const page = await screen.findByTestId("payment-success");
    const inPage = within(page);
    expect(inPage.getByRole("heading", { name: "Payment Successful!" })).toBeInTheDocument();
    expect(inPage.getByTestId("payment-session-id")).toHaveTextContent("Session ID: cs_test_123");
    expectSpecButtons(inPage);
    expect(inPage.getByText("You will receive a confirmation email shortly.")).toBeInTheDocument();
    const order = inPage.getByTestId("payment-order");
    expect(order).toHaveAttribute("href", "/orders/o1");
    expect(order).toHaveTextContent("Midnight Drums (beat)");
    expect(order).toHaveTextContent("$47.25");
    expect(within(order).getByTestId("payment-order-status")).toHaveTextContent("Paid");
    expect(api.callsTo("GET", "/api/orders/o1")).toHaveLength(1);
  });

  it("waits while the webhook has not arrived, then shows the paid order", async () => {
    let reads = 0;
    const api = mockApi({
      "GET /api/orders/o1": () => {
        reads += 1;
        return json(makeOrder({ status: reads < 3 ? "pending" : "paid" }));
      },
    });
    renderCheckout(<PaymentSuccess orderId="o1" sessionId={undefined} pollMs={20} patienceMs={60_000} />);
    expect(await screen.findByTestId("payment-waiting")).toHaveTextContent("Waiting for the payment confirmation…");
    expect(await screen.findByTestId("payment-success")).toBeInTheDocument();
    expect(screen.queryByTestId("payment-session-id")).toBeNull();
    // Asked again only until it was settled.
    const settledReads = api.callsTo("GET", "/api/orders/o1").length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(api.callsTo("GET", "/api/orders/o1")).toHaveLength(settledReads);
  });

  it("says the payment is still being confirmed when it takes long, and keeps asking", async () => {
    const api = mockApi({ "GET /api/orders/o1": makeOrder({ status: "pending" }) });
    renderCheckout(<PaymentSuccess orderId="o1" sessionId={undefined} pollMs={20} patienceMs={50} />);
    expect(await screen.findByText(/Your payment is still being confirmed/)).toBeInTheDocument();
    const reads = api.callsTo("GET", "/api/orders/o1").length;
    await waitFor(() => expect(api.callsTo("GET", "/api/orders/o1").length).toBeGreaterThan(reads));
    expect(screen.queryByText("Payment Successful!")).toBeNull();
  });

  it("does not claim success for a payment that failed", async () => {
    mockApi({ "GET /api/orders/o1": makeOrder({ status: "failed" }) });
    renderCheckout(<PaymentSuccess orderId="o1" sessionId="cs_test_1" />);
    const page = await screen.findByTestId("payment-not-paid");
    expect(within(page).getByRole("heading", { name: "Payment not completed" })).toBeInTheDocument();
    expect(within(page).getByText("This payment did not go through, and you have not been charged.")).toBeInTheDocument();
    expect(within(page).getByTestId("payment-order-status")).toHaveTextContent("Payment failed");
    expectSpecButtons(within(page));
    expect(screen.queryByText("Payment Successful!")).toBeNull();
  });

  it("says 'Order not found' for an order that is not the buyer's", async () => {
    mockApi({ "GET /api/orders/o9": apiError(404, "not_found", "Order not found") });
    renderCheckout(<PaymentSuccess orderId="o9" sessionId={undefined} />);
    const page = await screen.findByTestId("payment-order-not-found");
    expect(within(page).getByRole("heading", { name: "Order not found" })).toBeInTheDocument();
    expectSpecButtons(within(page));
  });

  it("shows the spec's page as it is when no order is named", async () => {
    const api = mockApi({});
    renderCheckout(<PaymentSuccess orderId={undefined} sessionId="cs_test_9" />);
    const page = await screen.findByTestId("payment-success");
    expect(within(page).getByTestId("payment-session-id")).toHaveTextContent("Session ID: cs_test_9");
    expectSpecButtons(within(page));
    expect(api.calls).toHaveLength(0);
  });
});
