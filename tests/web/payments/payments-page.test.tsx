// /payments and /offers/$offerId (decision records 0049 and 0050): the three totals from the
// server, recent payments with their order and receipt links, the honest empty state, the offer
// lists, the Create Invoice dialog with its errors in place and its success toast, and an offer
// the named buyer pays through the ordinary purchase dialog.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENTS_TEXTS } from "@shared/messages";
import type { Offer, OfferPage, PaymentPage, PaymentTotals } from "@shared/payments-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makeOrderSummary } from "../checkout/fixtures";
import { installIntersectionObserver } from "../posts/fixtures";
import { findToast } from "../social/helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const ZERO: PaymentTotals = { earnedCents: 0, pendingCents: 0, feesPaidCents: 0 };
const NO_PAGE = { items: [], nextCursor: null };

function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: "of1",
    title: "Mix and master two songs",
    description: "Stems included",
    priceCents: 25_000,
    feeCents: 1_250,
    totalCents: 26_250,
    deliveryDays: 5,
    state: "open",
    expiresAt: Date.now() + 14 * 24 * 60 * 60_000,
    createdAt: Date.now() - 60_000,
    orderId: null,
    role: "seller",
    counterpart: { id: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null },
    ...overrides,
  };
}

function openPayments(routes: Record<string, unknown> = {}) {
  const api = mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/payments/summary": ZERO,
    "GET /api/payments/recent": NO_PAGE,
    "GET /api/offers": NO_PAGE,
    "GET /api/payouts/account": { state: "enabled", chargesEnabled: true, payoutsEnabled: true, requirements: [], mode: "stripe", syncedAt: null },
    ...routes,
  });
  return { api, ...renderApp("/payments") };
}

describe("/payments", () => {
  it("shows zero totals and explains how payments appear when there are none", async () => {
    openPayments();
    const totals = await screen.findByTestId("payment-totals");
    expect(within(totals).getByTestId("total-earned")).toHaveTextContent(`${PAYMENTS_TEXTS.totals.earned}$0.00`);
    expect(within(totals).getByTestId("total-pending")).toHaveTextContent("$0.00");
    expect(within(totals).getByTestId("total-fees")).toHaveTextContent("$0.00");
    const empty = await screen.findByTestId("payments-empty");
    expect(empty).toHaveTextContent(PAYMENTS_TEXTS.empty.title);
    expect(empty).toHaveTextContent(PAYMENTS_TEXTS.empty.body);
    expect(await screen.findByTestId("offers-empty-sent")).toHaveTextContent(PAYMENTS_TEXTS.offersEmpty);
  });

  it("shows the money a card dispute holds as a fourth total while there is some", async () => {
    openPayments({ "GET /api/payments/summary": { earnedCents: 1_000, pendingCents: 0, feesPaidCents: 0, heldCents: 2_999 }, "GET /api/payments/recent": { items: [], nextCursor: null } });
    const held = await screen.findByTestId("total-held");
    expect(held).toHaveTextContent(`${PAYMENTS_TEXTS.totals.held}$29.99${PAYMENTS_TEXTS.totals.heldHint}`);
    expect(within(screen.getByTestId("payment-totals")).getAllByRole("term")).toHaveLength(4);
  });

  it("shows the server's totals and each payment with its side, counterpart, amount, status, order and receipt", async () => {
    const page: PaymentPage = {
      items: [
        makeOrderSummary({ id: "o2", role: "seller", itemName: "Mix a single", priceCents: 10_000, feeCents: 500, totalCents: 10_500, status: "completed", counterpart: { id: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null } }),
        makeOrderSummary({ id: "o1", role: "buyer", status: "refunded" }),
      ],
      nextCursor: null,
    };
    openPayments({ "GET /api/payments/summary": { earnedCents: 123_456, pendingCents: 5_050, feesPaidCents: 225 }, "GET /api/payments/recent": page });
    expect(await screen.findByTestId("total-earned")).toHaveTextContent("$1,234.56");
    expect(screen.getByTestId("total-pending")).toHaveTextContent("$50.50");
    expect(screen.getByTestId("total-fees")).toHaveTextContent("$2.25");
    // No money held by a dispute: the spec's three totals only.
    expect(screen.queryByTestId("total-held")).toBeNull();
    const rows = await screen.findAllByTestId("payment-row");
    expect(rows).toHaveLength(2);
    // A sale shows the seller's price; a purchase the total paid.
    expect(rows[0]).toHaveTextContent("Mix a single");
    expect(rows[0]).toHaveTextContent(`${PAYMENTS_TEXTS.sale} · ${PAYMENTS_TEXTS.from("Rae Kim")}`);
    expect(rows[0]).toHaveTextContent("$100.00");
    expect(within(rows[0]!).getByTestId("order-status")).toHaveTextContent("Completed");
    expect(within(rows[0]!).getByRole("link", { name: /Mix a single/ })).toHaveAttribute("href", "/orders/o2");
    expect(within(rows[0]!).getByTestId("receipt-link")).toHaveAttribute("href", "/api/payments/receipts/o2");
    expect(rows[1]).toHaveTextContent(`${PAYMENTS_TEXTS.purchase} · ${PAYMENTS_TEXTS.to("Jonah Brooks")}`);
    expect(rows[1]).toHaveTextContent("$47.25");
    expect(within(rows[1]!).getByTestId("order-status")).toHaveTextContent("Refunded");
  });

  it("lists sent offers with their state, each leading to its page", async () => {
    const sent: OfferPage = { items: [makeOffer({ state: "paid", orderId: "o9" }), makeOffer({ id: "of2", title: "Vocal tuning", state: "expired" })], nextCursor: null };
    openPayments({ "GET /api/offers": sent });
    const rows = await screen.findAllByTestId("offer-row");
    expect(rows.map((r) => within(r).getByTestId("offer-state").textContent)).toEqual(["Paid", "Expired"]);
    expect(rows[0]).toHaveTextContent(PAYMENTS_TEXTS.to("Jonah Brooks"));
    expect(rows[1]).toHaveAttribute("href", "/offers/of2");
  });
});

describe("Create Invoice", () => {
  async function openDialog(routes: Record<string, unknown> = {}) {
    const user = userEvent.setup();
    const rendered = openPayments(routes);
    await user.click(await screen.findByTestId("create-invoice"));
    const dialog = within(await screen.findByTestId("create-invoice-dialog"));
    return { user, dialog, ...rendered };
  }

  it("shows every field's message in place and sends nothing", async () => {
    const { user, dialog, api } = await openDialog();
    await user.type(dialog.getByLabelText(/Price/), "0.1");
    await user.click(dialog.getByRole("button", { name: PAYMENTS_TEXTS.send }));
    expect(await dialog.findByText(PAYMENTS_TEXTS.usernameRequired)).toBeInTheDocument();
    expect(dialog.getByText(PAYMENTS_TEXTS.titleRequired)).toBeInTheDocument();
    expect(dialog.getByText("Price must be between $0.50 and $100,000")).toBeInTheDocument();
    expect(dialog.getByText(PAYMENTS_TEXTS.deliveryDaysInvalid)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Username/)).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST", "/api/offers")).toEqual([]);
  });

  it("shows the server's 'User not found' under the username and keeps the dialog open", async () => {
    const { user, dialog, api } = await openDialog({ "POST /api/offers": apiError(404, "not_found", PAYMENTS_TEXTS.userNotFound) });
    await user.type(dialog.getByLabelText(/Username/), "@ghost");
    await user.type(dialog.getByLabelText(/^Title/), "Mix");
    await user.type(dialog.getByLabelText(/Price/), "250");
    await user.type(dialog.getByLabelText(/Delivery/), "5");
    await user.click(dialog.getByRole("button", { name: PAYMENTS_TEXTS.send }));
    expect(await dialog.findByText(PAYMENTS_TEXTS.userNotFound)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Username/)).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST", "/api/offers")[0]!.body).toEqual({ username: "@ghost", title: "Mix", description: "", price: "250", deliveryDays: "5" });
    expect(screen.getByTestId("create-invoice-dialog")).toBeInTheDocument();
  });

  it("sends the offer, says so in a toast, closes and lists it as sent", async () => {
    const offer = makeOffer();
    let created = false;
    const { user, dialog } = await openDialog({
      "POST /api/offers": () => {
        created = true;
        return new Response(JSON.stringify(offer), { status: 201, headers: { "content-type": "application/json" } });
      },
      "GET /api/offers": () => new Response(JSON.stringify(created ? { items: [offer], nextCursor: null } : NO_PAGE), { headers: { "content-type": "application/json" } }),
    });
    await user.type(dialog.getByLabelText(/Username/), "jonah");
    await user.type(dialog.getByLabelText(/^Title/), offer.title);
    await user.type(dialog.getByLabelText(/Price/), "250");
    await user.type(dialog.getByLabelText(/Delivery/), "5");
    await user.click(dialog.getByRole("button", { name: PAYMENTS_TEXTS.send }));
    expect(await findToast(PAYMENTS_TEXTS.offerSent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("create-invoice-dialog")).not.toBeInTheDocument());
    expect(await screen.findByTestId("offer-row")).toHaveTextContent(offer.title);
  });
});

describe("/offers/$offerId", () => {
  it("lets the named buyer pay through the ordinary purchase dialog, with the offer's price and fee", async () => {
    const user = userEvent.setup();
    const offer = makeOffer({ role: "buyer", counterpart: { id: "u2", username: "sam", displayName: "Sam Seller", avatarUrl: null } });
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/offers/of1": offer });
    renderApp("/offers/of1");
    const panel = await screen.findByTestId("offer-panel");
    expect(panel).toHaveTextContent(PAYMENTS_TEXTS.offerFrom("Sam Seller"));
    expect(panel).toHaveTextContent("$250.00");
    expect(panel).toHaveTextContent("$12.50");
    expect(panel).toHaveTextContent("$262.50");
    expect(within(panel).queryByTestId("offer-withdraw")).not.toBeInTheDocument();
    await user.click(within(panel).getByTestId("offer-pay"));
    const dialog = await screen.findByTestId("purchase-dialog");
    expect(dialog).toHaveTextContent(offer.title);
    expect(dialog).toHaveTextContent("$262.50");
    expect(api.callsTo("POST", "/api/checkout/create-embedded-payment")).toEqual([]);
  });

  it("lets the seller withdraw an open offer", async () => {
    const user = userEvent.setup();
    let offer = makeOffer();
    const answer = () => new Response(JSON.stringify(offer), { headers: { "content-type": "application/json" } });
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/offers/of1": answer,
      "POST /api/offers/of1/withdraw": () => {
        offer = { ...offer, state: "withdrawn" };
        return answer();
      },
    });
    renderApp("/offers/of1");
    const panel = await screen.findByTestId("offer-panel");
    expect(within(panel).queryByTestId("offer-pay")).not.toBeInTheDocument();
    await user.click(within(panel).getByTestId("offer-withdraw"));
    expect(await findToast(PAYMENTS_TEXTS.withdrawn)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("offer-panel")).getByTestId("offer-state")).toHaveTextContent("Withdrawn"));
    expect(api.callsTo("POST", "/api/offers/of1/withdraw")).toHaveLength(1);
  });

  it("leads both sides of a paid offer to its order, with nothing left to pay or withdraw", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/offers/of1": makeOffer({ state: "paid", orderId: "o9" }) });
    renderApp("/offers/of1");
    const panel = await screen.findByTestId("offer-panel");
    expect(within(panel).getByRole("link", { name: PAYMENTS_TEXTS.viewOrder })).toHaveAttribute("href", "/orders/o9");
    expect(within(panel).queryByTestId("offer-pay")).not.toBeInTheDocument();
    expect(within(panel).queryByTestId("offer-withdraw")).not.toBeInTheDocument();
  });

  it("says 'Offer not found' for an offer that is not the caller's", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/offers/of1": apiError(404, "not_found", PAYMENTS_TEXTS.offerNotFound) });
    renderApp("/offers/of1");
    expect(await screen.findByTestId("offer-not-found")).toHaveTextContent(PAYMENTS_TEXTS.offerNotFound);
  });
});
