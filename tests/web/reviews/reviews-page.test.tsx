// /reviews (decision record 0047): the signed-in seller's own average, star breakdown, reviews and
// Request Review, in each state a user can meet — loading, no reviews yet, a failure with a way
// to try again, the list with an answer and the Answer action, and a Request Review that is sent
// once and then shows as requested.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestableOrder, Review, ReviewSummary } from "@shared/review-api";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, NOW } from "../posts/fixtures";
import { findToast } from "../social/helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const EMPTY_SUMMARY: ReviewSummary = { rating: null, breakdown: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })) };
const SUMMARY: ReviewSummary = {
  rating: { average: 4.3, count: 3 },
  breakdown: [
    { stars: 5, count: 2 },
    { stars: 4, count: 0 },
    { stars: 3, count: 1 },
    { stars: 2, count: 0 },
    { stars: 1, count: 0 },
  ],
};

function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: "r1",
    orderId: "o1",
    itemType: "service",
    itemId: "s1",
    itemName: "Mix a single",
    rating: 5,
    content: "Warm, punchy mix and fast turnaround.",
    answer: null,
    answeredAt: null,
    createdAt: NOW - 3_600_000,
    buyer: { id: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null },
    ...overrides,
  };
}

function makeRequestable(overrides: Partial<RequestableOrder> = {}): RequestableOrder {
  return {
    orderId: "o9",
    itemType: "service",
    itemId: "s1",
    itemName: "Master a track",
    completedAt: Date.UTC(2026, 10, 20),
    buyer: { id: "u4", username: "lee", displayName: "Lee Park", avatarUrl: null },
    requestedAt: null,
    ...overrides,
  };
}

function openReviews(routes: Record<string, unknown>) {
  const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/reviews/requests": { items: [] }, ...routes });
  renderApp("/reviews");
  return api;
}

describe("/reviews", () => {
  it("shows placeholders while the summary loads", async () => {
    const held = deferred<Response>();
    openReviews({ "GET /api/reviews/summary": () => held.promise, "GET /api/reviews": { items: [], nextCursor: null } });
    expect(await screen.findByTestId("reviews-loading")).toHaveAttribute("aria-busy", "true");
    held.resolve(json(EMPTY_SUMMARY));
    expect(await screen.findByTestId("reviews-empty")).toBeInTheDocument();
    expect(screen.queryByTestId("reviews-loading")).toBeNull();
  });

  it("says honestly that there are no reviews yet and how to get some, with no invented number", async () => {
    openReviews({ "GET /api/reviews/summary": EMPTY_SUMMARY, "GET /api/reviews": { items: [], nextCursor: null } });
    const empty = await screen.findByTestId("reviews-empty");
    expect(empty).toHaveTextContent("No reviews yet");
    expect(empty).toHaveTextContent("use Request Review to ask the buyer");
    expect(screen.queryByTestId("reviews-summary")).toBeNull();
    expect(document.body).not.toHaveTextContent(/4\.9|89 reviews|4\.8/);
    expect(await screen.findByTestId("reviews-request-empty")).toHaveTextContent("No completed orders are waiting for a review.");
  });

  it("shows the error and loads again on Try Again", async () => {
    // Failing until the user asks again (the route's prefetch and the screen's mount both ask).
    let failing = true;
    openReviews({
      "GET /api/reviews/summary": () => (failing ? apiError(500, "internal", "Something went wrong") : json(SUMMARY)),
      "GET /api/reviews": { items: [makeReview()], nextCursor: null },
    });
    const error = await screen.findByTestId("reviews-error");
    expect(error).toHaveTextContent("Failed to load reviews");
    failing = false;
    await userEvent.setup().click(within(error).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByTestId("reviews-summary")).toBeInTheDocument();
  });

  it("shows the average, the breakdown 5 to 1 and the reviews received with their answers", async () => {
    openReviews({
      "GET /api/reviews/summary": SUMMARY,
      "GET /api/reviews": { items: [makeReview(), makeReview({ id: "r2", rating: 3, content: "Good but late.", answer: "Sorry, the studio flooded.", answeredAt: NOW })], nextCursor: null },
    });
    const summary = await screen.findByTestId("reviews-summary");
    expect(within(summary).getByTestId("reviews-average-value")).toHaveTextContent("4.3");
    expect(summary).toHaveTextContent("Based on 3 reviews");
    const rows = within(within(summary).getByTestId("reviews-breakdown")).getAllByRole("listitem");
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual(["5 stars: 2 reviews", "4 stars: 0 reviews", "3 stars: 1 review", "2 stars: 0 reviews", "1 star: 0 reviews"]);

    const cards = await screen.findAllByTestId("review-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("Rae Kim");
    expect(cards[0]).toHaveTextContent("for Mix a single");
    expect(within(cards[0]!).getByRole("img", { name: "5 out of 5 stars" })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole("link", { name: "for Mix a single" })).toHaveAttribute("href", "/service/s1");
    expect(within(cards[0]!).getByRole("button", { name: "Answer" })).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId("review-answer")).toHaveTextContent("Sorry, the studio flooded.");
    expect(within(cards[1]!).queryByRole("button", { name: "Answer" })).toBeNull();
  });

  it("posts the seller's answer and shows it in place of the Answer action", async () => {
    const user = userEvent.setup();
    const api = openReviews({
      "GET /api/reviews/summary": SUMMARY,
      "GET /api/reviews": { items: [makeReview()], nextCursor: null },
      "POST /api/reviews/r1/answer": makeReview({ answer: "Thanks Rae!", answeredAt: NOW }),
    });
    const card = await screen.findByTestId("review-card");
    await user.click(within(card).getByRole("button", { name: "Answer" }));
    await user.click(within(card).getByRole("button", { name: "Post Answer" }));
    expect(within(card).getByText("Please write your answer")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/reviews/r1/answer")).toHaveLength(0);
    await user.type(within(card).getByLabelText("Your answer to this review"), "Thanks Rae!");
    await user.click(within(card).getByRole("button", { name: "Post Answer" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/reviews/r1/answer")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/reviews/r1/answer")[0]!.body).toEqual({ content: "Thanks Rae!" });
    expect(await findToast("Answer posted")).toBeInTheDocument();
    expect(await within(card).findByTestId("review-answer")).toHaveTextContent("Thanks Rae!");
  });

  it("shows the server's refusal of an answer", async () => {
    const user = userEvent.setup();
    openReviews({
      "GET /api/reviews/summary": SUMMARY,
      "GET /api/reviews": { items: [makeReview()], nextCursor: null },
      "POST /api/reviews/r1/answer": apiError(409, "conflict", "This review already has an answer"),
    });
    const card = await screen.findByTestId("review-card");
    await user.click(within(card).getByRole("button", { name: "Answer" }));
    await user.type(within(card).getByLabelText("Your answer to this review"), "Again");
    await user.click(within(card).getByRole("button", { name: "Post Answer" }));
    expect(await findToast("Failed to post answer")).toBeInTheDocument();
  });

  it("requests a review of a completed sale once, then shows it as requested", async () => {
    const user = userEvent.setup();
    const api = openReviews({
      "GET /api/reviews/summary": EMPTY_SUMMARY,
      "GET /api/reviews": { items: [], nextCursor: null },
      "GET /api/reviews/requests": { items: [makeRequestable(), makeRequestable({ orderId: "o8", itemName: "Vocal tuning", requestedAt: NOW })] },
      "POST /api/reviews/orders/o9/request": { review: null, canReview: false, canRequest: false, requestedAt: NOW },
    });
    const rows = await screen.findAllByTestId("reviews-request-row");
    expect(rows[0]).toHaveTextContent("Master a track");
    expect(rows[0]).toHaveTextContent("Bought by Lee Park");
    expect(rows[1]).toHaveTextContent("Requested");
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
    await user.click(within(rows[0]!).getByRole("button", { name: "Request Review: Master a track" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/reviews/orders/o9/request")).toHaveLength(1));
    expect(await findToast("Review requested")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getAllByTestId("reviews-request-row")[0]!).queryByRole("button")).toBeNull());
    expect(screen.getAllByTestId("reviews-request-row")[0]).toHaveTextContent("Requested");
  });
});
