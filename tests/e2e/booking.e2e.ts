// The booking journey (decision records 0054 and 0055): a seller in Berlin marks a
// service as needing scheduling and offers a weekly time on /booking; a buyer in New York pays for
// the service in test mode, presses New Booking on the order page and books a free time; the
// seller confirms it. Each sees the booking at their own local hour, with their zone named, and
// the other side's messages hold a booking message. Then the rest of the professional tools' journey: the
// seller delivers, the buyer accepts and reviews, and the seller finds the sale in /payments, the
// earnings in /analytics, the review in /reviews and the rating on the public service page.
// Screens are checked with axe (no serious or
// critical violations) and photographed at 390×844 and at desktop width.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingPage } from "@shared/booking-api";
import type { CreatePaymentResponse } from "@shared/checkout-api";
import { BOOKING_TEXTS } from "@shared/messages";
import { formatSpan } from "@shared/rules/time-display";
import { MOBILE, apiPost, launch, newAccount, newContext, photograph, signInThroughForm, toast, trackErrors, enablePayouts } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in phone whose browser lives in `timeZone`, as a person there would. */
async function personIn(timeZone: string, email: string) {
  const context = await newContext(browser, MOBILE);
  const page = await context.newPage();
  // The zone the page's Intl reports, set through DevTools: newContext has no zone option.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setTimezoneOverride", { timezoneId: timeZone });
  const errors = trackErrors(page);
  await signInThroughForm(page, email);
  return { context, page, errors };
}

describe("booking journey (390×844 and desktop)", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("a buyer pays, books a time, the seller confirms and delivers, the buyer completes and reviews; payments, analytics and reviews follow", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const sellerEmail = (await newAccount(`lena_${stamp}`, "Lena Vogt")).email;
    const buyerEmail = (await newAccount(`troy_${stamp}`, "Troy Adams")).email;

    // ---- The seller in Berlin: a service that needs scheduling, then a weekly time on /booking.
    const seller = await personIn("Europe/Berlin", sellerEmail);
    contexts.push(seller.context);
    await seller.page.goto("/booking");
    await seller.page.getByTestId("no-bookings").waitFor();
    await seller.page.getByTestId("no-scheduled-services").waitFor();
    expect(await seller.page.getByTestId("viewer-time-zone").innerText()).toContain("Europe/Berlin");
    await photograph(seller.page, "booking-empty");

    await enablePayouts(seller.context);
    const service = await apiPost<{ id: string }>(seller.context, "/api/services", {
      name: "Vocal coaching",
      description: "One hour on breath, pitch and delivery.",
      category: "lessons",
      pricingModel: "per_session",
      price: "60",
      needsScheduling: true,
    });
    await seller.page.reload();
    const addForm = seller.page.getByTestId("add-time-form");
    await addForm.waitFor();
    await addForm.getByLabel(BOOKING_TEXTS.weekday).selectOption("4");
    await addForm.getByLabel(BOOKING_TEXTS.startTime).fill("18:30");
    await addForm.getByLabel(BOOKING_TEXTS.duration).fill("60");
    await addForm.getByRole("button", { name: BOOKING_TEXTS.addTime }).click();
    await seller.page.getByTestId("availability-rule").filter({ hasText: "Thursday 18:30" }).waitFor();
    await seller.page.getByTestId("availability").scrollIntoViewIfNeeded();
    await photograph(seller.page, "booking-seller-availability");

    // ---- The buyer in New York pays in test mode (the checkout journey covers the dialog).
    const buyer = await personIn("America/New_York", buyerEmail);
    contexts.push(buyer.context);
    const { orderId } = await apiPost<CreatePaymentResponse>(buyer.context, "/api/checkout/create-embedded-payment", { itemType: "service", itemId: service.id });
    await apiPost(buyer.context, `/api/checkout/test/${orderId}/confirm`, { outcome: "success" }, 200);

    // ---- New Booking on the order page opens /booking with the order picked; the first free time.
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByTestId("order-new-booking").click();
    await buyer.page.waitForURL((url) => url.pathname === "/booking" && url.searchParams.get("orderId") === orderId);
    const dialog = buyer.page.getByTestId("pick-time-dialog");
    const slot = dialog.getByTestId("slot-select");
    await slot.waitFor();
    const options = await slot.locator("option").allInnerTexts();
    // Thursday 18:30 in Berlin is Thursday 12:30 in New York (13:30 for the weeks their DST dates differ).
    expect(options[1]).toMatch(/^Thu, .+, 1[23]:30 – 1[34]:30 E[SD]T$/);
    await photograph(buyer.page, "booking-new");
    const firstValue = await slot.locator("option").nth(1).getAttribute("value");
    await slot.selectOption(firstValue!);
    await dialog.getByRole("button", { name: BOOKING_TEXTS.book }).click();
    await toast(buyer.page, BOOKING_TEXTS.toasts.booked).waitFor();
    await dialog.waitFor({ state: "detached" });

    const [booking] = (await (await buyer.context.request.get("/api/booking/bookings")).json() as BookingPage).items;
    expect(booking).toMatchObject({ orderId, status: "pending", awaiting: "seller", startsAt: Number(firstValue) });
    const buyerCard = buyer.page.getByTestId("booking-card");
    expect(await buyerCard.getByTestId("booking-time").innerText()).toBe(formatSpan(booking!.startsAt, booking!.endsAt, "America/New_York"));
    expect(await buyerCard.getByTestId("booking-status").innerText()).toBe("Pending");
    await photograph(buyer.page, "booking-buyer-pending");

    // ---- The seller sees it waiting for them, at the Berlin hour, and confirms.
    await seller.page.goto("/booking");
    const sellerCard = seller.page.getByTestId("booking-card");
    await sellerCard.waitFor();
    const berlin = formatSpan(booking!.startsAt, booking!.endsAt, "Europe/Berlin");
    expect(berlin).toMatch(/18:30 – 19:30/);
    expect(await sellerCard.getByTestId("booking-time").innerText()).toBe(berlin);
    expect(await sellerCard.getByTestId("booking-awaiting").innerText()).toBe(BOOKING_TEXTS.awaitingYou);
    await photograph(seller.page, "booking-seller-pending");
    await sellerCard.getByRole("button", { name: BOOKING_TEXTS.confirm }).click();
    await toast(seller.page, BOOKING_TEXTS.toasts.confirmed).waitFor();
    await sellerCard.getByTestId("booking-status").filter({ hasText: "Confirmed" }).waitFor();

    // ---- The buyer sees it confirmed, and the seller's message links to /booking.
    await buyer.page.goto("/booking");
    await buyer.page.getByTestId("booking-status").filter({ hasText: "Confirmed" }).waitFor();
    await photograph(buyer.page, "booking-buyer-confirmed");
    const conversations = (await (await buyer.context.request.get("/api/conversations")).json()) as { items: { lastMessage: { content: string } | null }[] };
    expect(conversations.items[0]?.lastMessage?.content).toBe(BOOKING_TEXTS.messages.confirmed("Vocal coaching"));

    // ---- After the session the seller delivers on the order page; the buyer accepts it.
    await seller.page.goto(`/orders/${orderId}`);
    const deliver = seller.page.getByTestId("deliver-form");
    await deliver.getByLabel("Delivery note").fill("Session notes and the warm-up routine we went through.");
    await deliver.getByRole("button", { name: "Send delivery" }).click();
    await seller.page.getByTestId("order-status").filter({ hasText: "Delivered" }).waitFor();
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByRole("button", { name: "Accept delivery" }).click();
    await buyer.page.getByTestId("order-status").filter({ hasText: "Completed" }).waitFor();

    // ---- The buyer reviews the completed order from its page.
    const form = buyer.page.getByTestId("review-form");
    await form.waitFor();
    await form.getByText("5 stars").click({ force: true });
    await form.getByLabel("Your review").fill("Clear, patient coaching. My breath support is already better.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await toast(buyer.page, "Review posted").waitFor();
    await photograph(buyer.page, "journey-buyer-reviewed");

    // ---- The seller sees the sale in /payments: $60 earned (the price; the fee is the buyer's).
    await seller.page.goto("/payments");
    await seller.page.getByTestId("payment-row").filter({ hasText: "Vocal coaching" }).waitFor();
    await expect.poll(() => seller.page.getByTestId("total-earned").textContent()).toContain("$60.00");
    expect(await seller.page.getByTestId("total-pending").textContent()).toContain("$0.00");
    await photograph(seller.page, "journey-seller-payments");

    // ---- The numbers move in /analytics: today's earnings are counted live.
    await seller.page.goto("/analytics?days=7");
    await expect.poll(() => seller.page.getByTestId("metric-earningsCents").getByTestId("metric-value").textContent()).toBe("$60");
    await seller.page.getByRole("region", { name: "By sales" }).getByText("Vocal coaching").waitFor();
    await photograph(seller.page, "journey-seller-analytics");

    // ---- The review shows in /reviews and as the real rating on the public service page.
    await seller.page.goto("/reviews");
    const summary = seller.page.getByTestId("reviews-summary");
    await summary.waitFor();
    expect(await summary.getByTestId("reviews-average-value").innerText()).toBe("5.0");
    await seller.page.getByTestId("review-card").getByText("Clear, patient coaching").waitFor();
    await photograph(seller.page, "journey-seller-reviews");
    await buyer.page.goto(`/service/${service.id}`);
    const rating = buyer.page.getByTestId("rating");
    await rating.waitFor();
    expect(await rating.innerText()).toContain("5.0 (1 review)");

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});
