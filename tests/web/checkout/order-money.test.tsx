// Issue #26 on the order screens: the package bought, a card dispute's badge and what it means
// (open, won, charged back) on the order page, the dashboard's lists and /payments, and for a
// paid digital product when it completes — by the buyer's download, or 3 days after payment —
// in each side's words. The existing status labels stay as they were.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DISPUTE_STATES, type OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { makeDashboard } from "../profiles/fixtures";
import "../upload/jsdom-polyfills";
import { makeOrder, makeOrderSummary } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const O = PAYOUTS_SCREEN_TEXTS.orders;

async function openOrder(order: OrderDetail) {
  mockApi({ "GET /api/auth/session": SIGNED_IN, [`GET /api/orders/${order.id}`]: order, [`GET /api/reviews/orders/${order.id}`]: { review: null, canReview: false, canRequest: false, requestedAt: null } });
  renderApp(`/orders/${order.id}`);
  return within(await screen.findByTestId("order-detail"));
}

describe("the order page", () => {
  it("shows the package bought", async () => {
    const detail = await openOrder(makeOrder({ itemType: "service", kind: "service", productType: null, itemName: "Mix a single", packageLabel: "3 sessions · Full mix", hasProductFile: false }));
    expect(detail.getByTestId("order-package")).toHaveTextContent("3 sessions · Full mix");
    expect(detail.getByText(O.package)).toBeInTheDocument();
  });

  it("shows no package line for an item bought at one price", async () => {
    const detail = await openOrder(makeOrder());
    expect(detail.queryByTestId("order-package")).toBeNull();
    expect(detail.queryByTestId("order-dispute")).toBeNull();
  });

  it.each(DISPUTE_STATES)("shows a %s dispute's badge and what it means, beside the unchanged status", async (dispute) => {
    const status = dispute === "lost" ? "refunded" : "paid";
    const detail = await openOrder(makeOrder({ dispute, status }));
    expect(detail.getByTestId("order-dispute")).toHaveTextContent(O.disputeLabels[dispute]);
    expect(detail.getByTestId("order-dispute-hint")).toHaveTextContent(O.disputeHints[dispute]);
    expect(detail.getByTestId("order-status")).toHaveTextContent(CHECKOUT_SCREEN_TEXTS.statusLabels[status]);
  });

  it("tells the buyer of a paid digital product that downloading completes it, and when it completes otherwise", async () => {
    const at = Date.UTC(2026, 10, 23, 12);
    const detail = await openOrder(makeOrder({ status: "paid", kind: "digital", autoCompleteAt: at, actions: ["download"] }));
    expect(detail.getByTestId("order-auto-complete")).toHaveTextContent(O.digitalBuyer("November 23, 2026"));
  });

  it("tells its seller when the sale counts as earned", async () => {
    const detail = await openOrder(makeOrder({ status: "paid", kind: "digital", role: "seller", autoCompleteAt: null }));
    expect(detail.getByTestId("order-auto-complete")).toHaveTextContent(O.digitalSeller(null));
    expect(detail.getByTestId("order-auto-complete")).toHaveTextContent("Counts as earned once the buyer downloads it, or 3 days after payment");
  });

  it("promises no completion while a dispute is open", async () => {
    const detail = await openOrder(makeOrder({ status: "paid", kind: "digital", dispute: "open", autoCompleteAt: Date.UTC(2026, 10, 23) }));
    expect(detail.queryByTestId("order-auto-complete")).toBeNull();
  });

  it("keeps the shipped order's own completion sentence", async () => {
    const detail = await openOrder(makeOrder({ status: "shipped", kind: "physical", productType: "physical", hasProductFile: false, autoCompleteAt: Date.UTC(2026, 11, 4, 12) }));
    expect(detail.getByTestId("order-auto-complete")).toHaveTextContent(CHECKOUT_SCREEN_TEXTS.autoCompletes("December 4, 2026"));
  });
});

describe("the order lists", () => {
  it("show the package and the dispute badge on the dashboard's purchases", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/profile/dashboard": makeDashboard(),
      "GET /api/orders": json({
        items: [
          makeOrderSummary({ id: "o1", dispute: "open" }),
          makeOrderSummary({ id: "o2", itemType: "service", kind: "service", itemName: "Mix a single", packageLabel: "1 session · One song" }),
          makeOrderSummary({ id: "o3", dispute: "lost", status: "refunded" }),
        ],
        nextCursor: null,
      }),
    });
    renderApp("/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Purchases" }));
    const rows = await screen.findAllByTestId("order-row");
    expect(within(rows[0]!).getByTestId("order-dispute")).toHaveTextContent(O.disputeLabels.open);
    expect(within(rows[0]!).getByTestId("order-status")).toHaveTextContent("Paid");
    expect(within(rows[1]!).getByTestId("order-package")).toHaveTextContent("1 session · One song");
    expect(within(rows[1]!).queryByTestId("order-dispute")).toBeNull();
    expect(within(rows[2]!).getByTestId("order-dispute")).toHaveTextContent(O.disputeLabels.lost);
    expect(within(rows[2]!).getByTestId("order-status")).toHaveTextContent("Refunded");
  });

  it("show a won dispute on /payments' recent payments", async () => {
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/payouts/account": { state: "enabled", chargesEnabled: true, payoutsEnabled: true, requirements: [], mode: "stripe", syncedAt: null },
      "GET /api/payments/summary": { earnedCents: 0, pendingCents: 0, feesPaidCents: 0 },
      "GET /api/payments/recent": { items: [makeOrderSummary({ role: "seller", dispute: "won", status: "completed" })], nextCursor: null },
      "GET /api/offers": { items: [], nextCursor: null },
    });
    renderApp("/payments");
    const row = await screen.findByTestId("payment-row");
    expect(within(row).getByTestId("order-dispute")).toHaveTextContent(O.disputeLabels.won);
  });
});
