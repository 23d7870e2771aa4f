// Money that really moves (issue #26, decision record 0081), in test mode at phone size: a new
// seller sets up payouts through the TEST MODE onboarding page and comes back to /payments
// enabled; lists a digital product and a package service; a buyer buys the product and downloads
// the file under its real name (which completes the sale), and buys the second package of the
// service at that package's price; the seller's /payments counts the digital sale as earned; the
// seller refunds it, which ends the download (even through a link minted before) and mails both
// sides. Screens are checked with axe and photographed at 390×844.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, apiPost, baseURL, expectAccessible, launch, newAccount, newContext, screenshot, signInThroughForm, toast, trackErrors, wavFile } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function photograph(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, `money-${name}-mobile`);
}


/** The seller's original file name: spaces, a dash and an umlaut, so only RFC 6266's filename* keeps it whole. */
const FILE_NAME = "Nachtfahrt Stems – Grün v2.wav";

async function listItems(seller: BrowserContext) {
  const file = wavFile();
  const upload = await apiPost<{ uploadId: string }>(seller, "/api/uploads", { contentType: "product_file", mimeType: "audio/wav", size: file.length, fileName: FILE_NAME });
  const part = await seller.request.put(`/api/uploads/${upload.uploadId}/parts/1`, { data: file, headers: { origin: baseURL(), "content-type": "application/octet-stream" } });
  expect(part.status(), await part.text()).toBeLessThan(300);
  const product = await apiPost<{ id: string; sellerPayable: boolean }>(seller, "/api/products", {
    name: "Nachtfahrt Stems",
    description: "Six stems from a night-drive session.",
    category: "samples",
    price: "12.50",
    type: "digital",
    fileUploadId: upload.uploadId,
  });
  const service = await apiPost<{ id: string; sellerPayable: boolean }>(seller, "/api/services", {
    name: "Mix and master",
    description: "Your songs mixed and mastered to a reference.",
    category: "mixing",
    pricingModel: "package",
    packageDetails: [
      { sessions: 1, price: "60", description: "One song, stereo mix" },
      { sessions: 3, price: "150", description: "Three songs, mix and master" },
    ],
    turnaroundDays: 5,
  });
  expect([product.sellerPayable, service.sellerPayable]).toEqual([true, true]);
  return { productId: product.id, serviceId: service.id };
}

/** Pays in the open purchase dialog with its TEST MODE form; the order's id from /payment-success. */
async function payInDialog(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Pay by card" }).click();
  const form = dialog.getByTestId("test-card-form");
  await form.waitFor();
  await form.getByRole("button", { name: /Pay \(test\)/ }).click();
  await dialog.getByTestId("purchase-succeeded").waitFor();
  await toast(page, "Payment successful!").waitFor();
  await page.waitForURL((url) => url.pathname === "/payment-success" && url.searchParams.has("order"));
  const orderId = new URL(page.url()).searchParams.get("order");
  expect(orderId).toBeTruthy();
  return orderId!;
}

async function totals(page: Page) {
  await page.goto("/payments");
  const earned = page.getByTestId("total-earned");
  await earned.waitFor();
  return { earned: await earned.innerText(), pending: await page.getByTestId("total-pending").innerText() };
}

describe("money in test mode (390×844)", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("sets up payouts, sells a file and a chosen package, counts the download as earned, and a refund ends the download", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const sellerAccount = await newAccount(`mara_${stamp}`, "Mara Quell");
    const buyerAccount = await newAccount(`odin_${stamp}`, "Odin Park");

    // ---- A new seller sets up payouts from /payments through the TEST MODE onboarding page.
    const sellerContext = await newContext(browser, MOBILE);
    contexts.push(sellerContext);
    const sellerPage = await sellerContext.newPage();
    const sellerErrors = trackErrors(sellerPage);
    await signInThroughForm(sellerPage, sellerAccount.email);
    await sellerPage.goto("/payments");
    const panel = sellerPage.getByTestId("payout-panel");
    await panel.getByTestId("payout-state").filter({ hasText: "Not set up" }).waitFor();
    await panel.getByTestId("payout-test-mode").waitFor();
    await photograph(sellerPage, "payouts-not-set-up");
    await panel.getByRole("button", { name: "Set up payouts" }).click();
    await sellerPage.waitForURL((url) => url.pathname === "/api/payouts/test-onboarding");
    await sellerPage.getByText("TEST MODE", { exact: false }).first().waitFor();
    await screenshot(sellerPage, "money-onboarding-stand-in-mobile");
    await sellerPage.getByRole("button", { name: "Complete onboarding" }).click();
    await sellerPage.waitForURL((url) => url.pathname === "/payments");
    await panel.getByTestId("payout-state").filter({ hasText: "Enabled" }).waitFor();
    await sellerPage.waitForURL((url) => url.pathname === "/payments" && url.search === "");
    await photograph(sellerPage, "payouts-enabled");

    const { productId, serviceId } = await listItems(sellerContext);

    // ---- The buyer pays for the file and downloads it under the seller's own file name.
    const buyerContext = await newContext(browser, MOBILE);
    contexts.push(buyerContext);
    const buyerPage = await buyerContext.newPage();
    const buyerErrors = trackErrors(buyerPage);
    await signInThroughForm(buyerPage, buyerAccount.email);
    await buyerPage.goto(`/product/${productId}`);
    await buyerPage.getByTestId("buy-now").click();
    await buyerPage.getByRole("dialog").getByTestId("purchase-idle").waitFor();
    const productOrderId = await payInDialog(buyerPage);
    await buyerPage.goto(`/orders/${productOrderId}`);
    const downloadButton = buyerPage.getByRole("button", { name: "Download · Product file" });
    await downloadButton.waitFor();
    await photograph(buyerPage, "order-paid-digital");
    const [download] = await Promise.all([buyerPage.waitForEvent("download"), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(wavFile())).toBe(true);
    // The first download completed the sale.
    await buyerPage.reload();
    await buyerPage.getByTestId("order-status").filter({ hasText: "Completed" }).waitFor();

    // ---- The buyer picks the second package of the service and pays that package's price.
    await buyerPage.goto(`/service/${serviceId}`);
    await buyerPage.getByTestId("buy-now").click();
    const dialog = buyerPage.getByRole("dialog");
    const picker = dialog.getByTestId("package-picker");
    await picker.waitFor();
    await picker.getByRole("radio", { name: /3 sessions/ }).check();
    await photograph(buyerPage, "package-picker");
    const serviceOrderId = await payInDialog(buyerPage);
    const serviceOrder = (await (await buyerContext.request.get(`/api/orders/${serviceOrderId}`)).json()) as { priceCents: number; totalCents: number; packageLabel: string | null };
    expect(serviceOrder.priceCents).toBe(15_000);
    expect(serviceOrder.totalCents).toBe(15_750);
    expect(serviceOrder.packageLabel).toContain("3 sessions");

    // ---- The seller sees the downloaded file as earned, the undelivered package as pending.
    expect(await totals(sellerPage)).toEqual({ earned: expect.stringContaining("$12.50"), pending: expect.stringContaining("$150.00") });
    await photograph(sellerPage, "payments-earned");

    // ---- A link minted before the refund stops working with it.
    const link = await apiPost<{ url: string }>(buyerContext, `/api/orders/${productOrderId}/download-link`, {}, 200);
    expect((await buyerContext.request.get(link.url)).status()).toBe(200);
    await sellerPage.goto(`/orders/${productOrderId}`);
    await sellerPage.getByRole("button", { name: "Refund" }).click();
    await sellerPage.getByRole("alertdialog").getByRole("button", { name: "Refund" }).click();
    await sellerPage.getByTestId("order-status").filter({ hasText: "Refunded" }).waitFor();
    await photograph(sellerPage, "order-refunded");
    expect((await buyerContext.request.get(link.url)).status()).toBe(404);
    await buyerPage.goto(`/orders/${productOrderId}`);
    await buyerPage.getByTestId("order-status").filter({ hasText: "Refunded" }).waitFor();
    expect(await buyerPage.getByRole("button", { name: "Download · Product file" }).count()).toBe(0);
    expect(await totals(sellerPage)).toEqual({ earned: expect.stringContaining("$0"), pending: expect.stringContaining("$150.00") });

    // ---- Both sides were told of the refund.
    const outbox = (await (await fetch(`${baseURL()}/dev/outbox.json`)).json()) as { messages: { to: string; subject: string }[] };
    const subjects = (to: string) => outbox.messages.filter((m) => m.to === to).map((m) => m.subject);
    expect(subjects(buyerAccount.email).some((s) => /refund/i.test(s) && s.includes("Nachtfahrt Stems"))).toBe(true);
    expect(subjects(sellerAccount.email).some((s) => /refund/i.test(s) && s.includes("Nachtfahrt Stems"))).toBe(true);

    expect(buyerErrors).toEqual([]);
    expect(sellerErrors).toEqual([]);
  });
});
