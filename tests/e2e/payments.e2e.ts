// The payments journey with two people (decision records 0049 and 0050): a seller opens
// an empty /payments and creates an invoice (a custom offer) for a buyer by username; the buyer
// finds it in their messages, follows its link to the offer and pays it in test mode through the
// ordinary purchase dialog; both then see the payment on /payments, and the receipt opens as a
// printable page. Screens are checked with axe (no serious or critical violations) and
// photographed at 390×844 and desktop width.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enablePayouts, launch, newAccount, newContext, photograph, screenshot, signInThroughForm, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openPayments(page: Page) {
  await page.goto("/payments");
  await page.getByTestId("payment-totals").waitFor();
}

describe("payments journey (seller and buyer)", () => {
  it("a seller invoices a buyer, who pays it from their messages; both see it on /payments with a receipt", async () => {
    const stamp = Date.now().toString(36);
    const seller = await newAccount(`seller_${stamp}`, `Sam Seller ${stamp}`);
    const buyer = await newAccount(`buyer_${stamp}`, `Bea Buyer ${stamp}`);
    const sellerContext = await newContext(browser);
    const buyerContext = await newContext(browser);
    const sellerPage = await sellerContext.newPage();
    const buyerPage = await buyerContext.newPage();
    const errors = [...trackErrors(sellerPage), ...trackErrors(buyerPage)];

    // ---- The seller: the empty state, then Create Invoice ---------------------------------------
    await signInThroughForm(sellerPage, seller.email);
    await enablePayouts(sellerContext);
    await openPayments(sellerPage);
    await sellerPage.getByTestId("payments-empty").waitFor();
    await photograph(sellerPage, "payments-empty");

    await sellerPage.getByTestId("create-invoice").click();
    const dialog = sellerPage.getByTestId("create-invoice-dialog");
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await dialog.getByText("Username is required").waitFor();
    await dialog.getByLabel("Username").fill(`@${buyer.username}`);
    await dialog.getByLabel("Title").fill("Mix and master two songs");
    await dialog.getByLabel("Description").fill("Two songs, stems included, one revision.");
    await dialog.getByLabel("Price (USD)").fill("250");
    await dialog.getByLabel("Delivery (days)").fill("5");
    await photograph(sellerPage, "payments-create-invoice");
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await sellerPage.getByText("Offer sent").first().waitFor();
    const sentRow = sellerPage.getByTestId("offer-row").filter({ hasText: "Mix and master two songs" });
    await sentRow.waitFor();
    expect(await sentRow.getByTestId("offer-state").textContent()).toBe("Open");

    // ---- The buyer: the offer in messages, its page, paying in test mode ------------------------
    await signInThroughForm(buyerPage, buyer.email);
    await buyerPage.goto("/messages");
    const row = buyerPage.getByTestId("conversation-row").filter({ hasText: seller.displayName });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const offerLink = buyerPage.getByRole("link", { name: "View offer" }).or(buyerPage.getByRole("button", { name: "View offer" }));
    await offerLink.first().waitFor({ timeout: 15_000 });
    await offerLink.first().click();
    await buyerPage.waitForURL((url) => url.pathname.startsWith("/offers/"));
    const panel = buyerPage.getByTestId("offer-panel");
    await panel.waitFor();
    expect(await panel.textContent()).toContain("$262.50");
    await photograph(buyerPage, "offer-buyer");

    await panel.getByTestId("offer-pay").click();
    const purchase = buyerPage.getByRole("dialog");
    await purchase.getByRole("button", { name: "Pay by card" }).click();
    const testForm = purchase.getByTestId("test-card-form");
    await testForm.waitFor();
    await testForm.getByRole("button", { name: /Pay \(test\)/ }).click();
    await buyerPage.waitForURL((url) => url.pathname === "/payment-success" && url.searchParams.has("order"));
    await buyerPage.getByTestId("payment-success").getByRole("heading", { name: "Payment Successful!" }).waitFor();

    // ---- Both sides on /payments ----------------------------------------------------------------
    await openPayments(buyerPage);
    const purchaseRow = buyerPage.getByTestId("payment-row").filter({ hasText: "Mix and master two songs" });
    await purchaseRow.waitFor();
    expect(await purchaseRow.textContent()).toContain("$262.50");
    expect(await buyerPage.getByTestId("total-fees").textContent()).toContain("$12.50");
    await photograph(buyerPage, "payments-buyer");

    await openPayments(sellerPage);
    const saleRow = sellerPage.getByTestId("payment-row").filter({ hasText: "Mix and master two songs" });
    await saleRow.waitFor();
    expect(await saleRow.textContent()).toContain("$250.00");
    expect(await sellerPage.getByTestId("total-pending").textContent()).toContain("$250.00");
    expect(await sellerPage.getByTestId("offer-row").filter({ hasText: "Mix and master two songs" }).getByTestId("offer-state").textContent()).toBe("Paid");
    await photograph(sellerPage, "payments-seller");

    // ---- The receipt prints ---------------------------------------------------------------------
    const [receipt] = await Promise.all([sellerContext.waitForEvent("page"), saleRow.getByTestId("receipt-link").click()]);
    await receipt.waitForLoadState();
    await receipt.getByRole("heading", { name: "Receipt" }).waitFor();
    const text = (await receipt.locator("body").textContent()) ?? "";
    expect(text).toContain("TEST MODE: no real payment was made for this order.");
    expect(text).toContain("$262.50 USD");
    expect(text).toContain(`@${buyer.username}`);
    await receipt.emulateMedia({ media: "print" });
    const pdf = await receipt.pdf({ format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await screenshot(receipt, "payments-receipt-print");

    expect(errors).toEqual([]);
    await sellerContext.close();
    await buyerContext.close();
  });
});
