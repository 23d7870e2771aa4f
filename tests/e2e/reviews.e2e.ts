// Reviews (decision records 0047 and 0048): a seller lists a service, a buyer pays for
// it in test mode, the seller delivers, the buyer accepts; the seller asks for a review from
// /reviews, the buyer follows the order page and leaves four stars; the review shows on the
// seller's /reviews with its breakdown, the seller answers it, and the public service page shows
// the real rating. Each screen is checked with axe and photographed at 390×844 and desktop.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, apiPost, launch, newAccount, newContext, photograph, signInThroughForm, toast, trackErrors, enablePayouts } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("reviews journey", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("a completed order is reviewed, answered, and rated on the public service page", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const sellerAccount = await newAccount(`revsel_${stamp}`, "Rena Sellers");
    const buyerAccount = await newAccount(`revbuy_${stamp}`, "Bo Buyer");

    const sellerContext = await newContext(browser, MOBILE);
    const buyerContext = await newContext(browser, MOBILE);
    contexts.push(sellerContext, buyerContext);
    const sellerPage = await sellerContext.newPage();
    const buyerPage = await buyerContext.newPage();
    const sellerErrors = trackErrors(sellerPage);
    const buyerErrors = trackErrors(buyerPage);
    await signInThroughForm(sellerPage, sellerAccount.email);
    await signInThroughForm(buyerPage, buyerAccount.email);

    // ---- Before any review: the honest empty state.
    await sellerPage.goto("/reviews");
    await sellerPage.getByTestId("reviews-empty").waitFor();
    await sellerPage.getByTestId("reviews-request-empty").waitFor();
    await photograph(sellerPage, "reviews-empty");
    await sellerPage.setViewportSize(MOBILE);

    // ---- The order, through the API (the checkout journey covers its screens): paid in test
    // mode, delivered, accepted.
    await enablePayouts(sellerContext);
    const service = await apiPost<{ id: string }>(sellerContext, "/api/services", {
      name: "Vocal tuning",
      description: "Natural pitch correction on one lead vocal.",
      category: "mixing",
      pricingModel: "per_session",
      price: "60",
      turnaroundDays: 2,
    }, 201);
    const { orderId } = await apiPost<{ orderId: string }>(buyerContext, "/api/checkout/create-embedded-payment", { itemType: "service", itemId: service.id }, 201);
    await apiPost(buyerContext, `/api/checkout/test/${orderId}/confirm`, { outcome: "success" }, 200);
    await apiPost(sellerContext, `/api/orders/${orderId}/deliver`, { note: "Tuned and printed." }, 200);
    await apiPost(buyerContext, `/api/orders/${orderId}/complete`, {}, 200);

    // ---- The seller asks for a review from /reviews.
    await sellerPage.goto("/reviews");
    const row = sellerPage.getByTestId("reviews-request-row").filter({ hasText: "Vocal tuning" });
    await row.waitFor();
    await row.getByRole("button", { name: "Request Review: Vocal tuning" }).click();
    await toast(sellerPage, "Review requested").waitFor();
    await row.getByText("Requested").waitFor();

    // ---- The buyer follows the order page and leaves four stars.
    await buyerPage.goto(`/orders/${orderId}`);
    const form = buyerPage.getByTestId("review-form");
    await form.waitFor();
    await photograph(buyerPage, "reviews-order-form");
    await buyerPage.setViewportSize(MOBILE);
    await form.getByText("4 stars").click({ force: true });
    await form.getByLabel("Your review").fill("Natural-sounding tuning and a quick turnaround.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await toast(buyerPage, "Review posted").waitFor();
    await buyerPage.getByRole("heading", { name: "Your review" }).waitFor();

    // ---- The seller sees it on /reviews and answers it.
    await sellerPage.goto("/reviews");
    const summary = sellerPage.getByTestId("reviews-summary");
    await summary.waitFor();
    expect(await summary.getByTestId("reviews-average-value").innerText()).toBe("4.0");
    const card = sellerPage.getByTestId("review-card").first();
    await card.getByText("Natural-sounding tuning").waitFor();
    await card.getByRole("button", { name: "Answer" }).click();
    await card.getByLabel("Your answer to this review").fill("Thanks Bo, great vocal to work on.");
    await card.getByRole("button", { name: "Post Answer" }).click();
    await toast(sellerPage, "Answer posted").waitFor();
    await card.getByTestId("review-answer").waitFor();
    await photograph(sellerPage, "reviews-list");
    await sellerPage.setViewportSize(MOBILE);

    // ---- The public service page shows the real rating.
    await buyerPage.goto(`/service/${service.id}`);
    const rating = buyerPage.getByTestId("rating");
    await rating.waitFor();
    expect(await rating.innerText()).toContain("4.0 (1 review)");
    await photograph(buyerPage, "reviews-service-rating");

    expect(sellerErrors).toEqual([]);
    expect(buyerErrors).toEqual([]);
  });
});
