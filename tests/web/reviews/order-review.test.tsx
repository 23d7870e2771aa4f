// The order page's review section (decision record 0047; the checkout feature's order-review.tsx):
// the buyer of a completed order leaves stars and words once, then sees their review and the
// seller's answer; the seller of a completed, unreviewed order may ask for a review; an order that
// is not completed shows no review section at all.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderDetail } from "@shared/checkout-api";
import type { Review } from "@shared/review-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makeOrder } from "../checkout/fixtures";
import { installIntersectionObserver, NOW } from "../posts/fixtures";
import { findToast } from "../social/helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const completedService = (overrides: Partial<OrderDetail> = {}) =>
  makeOrder({ itemType: "service", itemId: "s1", kind: "service", productType: null, itemName: "Mix a single", hasProductFile: false, status: "completed", ...overrides });

const REVIEW: Review = {
  id: "r1",
  orderId: "o1",
  itemType: "service",
  itemId: "s1",
  itemName: "Mix a single",
  rating: 4,
  content: "Great mix.",
  answer: null,
  answeredAt: null,
  createdAt: NOW,
  buyer: { id: "u1", username: "maya", displayName: "Maya", avatarUrl: null },
};

function openOrder(order: OrderDetail, routes: Record<string, unknown>) {
  const api = mockApi({ "GET /api/auth/session": SIGNED_IN, [`GET /api/orders/${order.id}`]: order, ...routes });
  renderApp(`/orders/${order.id}`);
  return api;
}

describe("the order page's review", () => {
  it("lets the buyer of a completed order leave a review, checked before it is sent", async () => {
    const user = userEvent.setup();
    const api = openOrder(completedService(), {
      "GET /api/reviews/orders/o1": { review: null, canReview: true, canRequest: false, requestedAt: null },
      "POST /api/reviews/orders/o1": REVIEW,
    });
    const form = await screen.findByTestId("review-form");
    expect(screen.getByRole("heading", { name: "Leave a review" })).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Submit Review" }));
    expect(within(form).getByText("Please choose a rating from 1 to 5 stars")).toBeInTheDocument();
    await user.click(within(form).getByRole("radio", { name: "4 stars" }));
    await user.click(within(form).getByRole("button", { name: "Submit Review" }));
    expect(within(form).getByText("Please write your review")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/reviews/orders/o1")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Your review"), "Great mix.");
    await user.click(within(form).getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/reviews/orders/o1")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/reviews/orders/o1")[0]!.body).toEqual({ rating: 4, content: "Great mix." });
    expect(await findToast("Review posted")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Your review" })).toBeInTheDocument();
    expect(screen.getByTestId("order-review-content")).toHaveTextContent("Great mix.");
    expect(screen.getByRole("img", { name: "4 out of 5 stars" })).toBeInTheDocument();
    expect(screen.queryByTestId("review-form")).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    openOrder(completedService(), {
      "GET /api/reviews/orders/o1": { review: null, canReview: true, canRequest: false, requestedAt: null },
      "POST /api/reviews/orders/o1": apiError(409, "conflict", "You have already reviewed this order"),
    });
    const form = await screen.findByTestId("review-form");
    await user.click(within(form).getByRole("radio", { name: "5 stars" }));
    await user.type(within(form).getByLabelText("Your review"), "Again");
    await user.click(within(form).getByRole("button", { name: "Submit Review" }));
    expect(await findToast("Failed to post review")).toBeInTheDocument();
  });

  it("shows the written review with the seller's answer", async () => {
    openOrder(completedService(), {
      "GET /api/reviews/orders/o1": { review: { ...REVIEW, answer: "Thanks!", answeredAt: NOW }, canReview: false, canRequest: false, requestedAt: null },
    });
    const section = await screen.findByTestId("order-review");
    expect(section).toHaveTextContent("Great mix.");
    expect(section).toHaveTextContent("The seller's answer");
    expect(section).toHaveTextContent("Thanks!");
  });

  it("lets the seller ask for the review once", async () => {
    const user = userEvent.setup();
    const api = openOrder(completedService({ role: "seller" }), {
      "GET /api/reviews/orders/o1": { review: null, canReview: false, canRequest: true, requestedAt: null },
      "POST /api/reviews/orders/o1/request": { review: null, canReview: false, canRequest: false, requestedAt: NOW },
    });
    await user.click(await screen.findByRole("button", { name: "Ask the buyer for a review" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/reviews/orders/o1/request")).toHaveLength(1));
    expect(await findToast("Review requested")).toBeInTheDocument();
    expect(await screen.findByTestId("order-review-requested")).toHaveTextContent("Requested");
    expect(screen.queryByRole("button", { name: "Ask the buyer for a review" })).toBeNull();
  });

  it("has no review section before the order is completed", async () => {
    const api = openOrder(completedService({ status: "delivered" }), {});
    expect(await screen.findByTestId("order-detail")).toBeInTheDocument();
    expect(screen.queryByTestId("order-review")).toBeNull();
    expect(api.callsTo("GET", "/api/reviews/orders/o1")).toHaveLength(0);
  });
});
