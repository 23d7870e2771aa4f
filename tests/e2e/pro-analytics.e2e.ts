// /analytics and /portfolio in a real browser at phone size (and desktop for the pictures): a new
// seller's /analytics shows zeros and how numbers appear; after a buyer opens the seller's profile
// and pays for a service (test mode), the seller's numbers move, and stay the same once the
// nightly roll-up has run (today is counted live, never twice); the seller features two posts in
// /portfolio, reorders them with the keyboard through the drag handle, saves, and the public
// profile's Portfolio tab shows them in that order. Every screen is checked with axe (no serious or
// critical violations) and photographed at 390×844 and 1280×800.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, baseURL, createConfirmedUser as createConfirmedAccount, launch, newContext, photograph, signInThroughForm, trackErrors, enablePayouts } from "./browser";

const MEDIA = path.resolve(import.meta.dirname, "../../seed/media");
const PHOTOS = [path.join(MEDIA, "images/vinyl-sunset.jpg"), path.join(MEDIA, "images/mic-spotlight.jpg")];
const PASSWORD = "Mix!Bus#Glue42";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function account(prefix: string, displayName: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await createConfirmedAccount({ email, password: PASSWORD, username, displayName });
  return { email, username, displayName };
}

/** JSON write through the context's own cookies, with the Origin header the API's origin check wants. */
async function apiPost<T>(context: BrowserContext, url: string, data: unknown, status = 201): Promise<T> {
  const res = await context.request.post(url, { data, headers: { origin: baseURL() } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

async function sharePhoto(page: Page, file: string, caption: string) {
  await page.goto("/upload");
  await page.getByRole("radio", { name: /Photo/ }).click();
  await page.getByTestId("file-input").setInputFiles(file);
  await page.getByTestId("media-preview").waitFor();
  await page.getByLabel("Caption").fill(caption);
  await page.getByRole("button", { name: "Share Post" }).click();
  await page.waitForURL((url) => url.pathname === "/feed", { timeout: 30_000 });
}

const metric = (page: Page, key: string) => page.getByTestId(`metric-${key}`).getByTestId("metric-value");

describe("analytics and portfolio on real data", () => {
  it("moves the seller's numbers after a visit and a sale, and shows the keyboard-ordered portfolio on the profile", { timeout: 240_000 }, async () => {
    const sellerAccount = await account("ana", "Ana Rivers");
    const buyerAccount = await account("ben", "Ben Okafor");
    const seller = await newContext(browser, MOBILE);
    const buyer = await newContext(browser, MOBILE);
    const page = await seller.newPage();
    const errors = trackErrors(page);
    await signInThroughForm(page, sellerAccount.email, PASSWORD);
    const sellerId = ((await (await seller.request.get("/api/auth/session")).json()) as { user: { id: string } }).user.id;

    // ---- A new account: zeros and how numbers appear, never sample numbers.
    await page.goto("/analytics");
    await page.getByTestId("analytics-empty").waitFor();
    expect(await metric(page, "profileViews").textContent()).toBe("0");
    expect(await metric(page, "earningsCents").textContent()).toBe("$0");
    await photograph(page, "pro-analytics-empty");

    // ---- A service to sell, a visit to the profile and a paid order, by the buyer.
    await enablePayouts(seller);
    const service = await apiPost<{ id: string }>(seller, "/api/services", {
      name: "Vocal mix",
      description: "One lead vocal mixed to your reference.",
      category: "mixing",
      pricingModel: "per_session",
      price: "80",
      turnaroundDays: 3,
    });
    const buyerPage = await buyer.newPage();
    await signInThroughForm(buyerPage, buyerAccount.email, PASSWORD);
    const visit = buyerPage.waitForResponse((res) => res.url().endsWith(`/api/users/${sellerId}/visits`));
    await buyerPage.goto(`/profile/${sellerId}`);
    expect((await visit).status()).toBe(204);
    await buyerPage.goto(`/service/${service.id}`);
    await buyerPage.getByRole("heading", { name: "Vocal mix" }).first().waitFor();
    const payment = await apiPost<{ orderId: string; testMode: boolean }>(buyer, "/api/checkout/create-embedded-payment", { itemType: "service", itemId: service.id });
    expect(payment.testMode).toBe(true);
    await apiPost(buyer, `/api/checkout/test/${payment.orderId}/confirm`, { outcome: "success" }, 200);

    // ---- The seller's numbers moved (today is counted live).
    await page.goto("/analytics?days=7");
    await expect.poll(() => metric(page, "profileViews").textContent()).toBe("1");
    expect(await metric(page, "earningsCents").textContent()).toBe("$80");
    expect(await page.getByTestId("metric-profileViews").getByTestId("metric-change").textContent()).toBe("new");
    await page.getByRole("region", { name: "By sales" }).getByText("Vocal mix").waitFor();
    await page.getByTestId("analytics-activity").getByText("Sold Vocal mix for $80").waitFor();

    // ---- The nightly roll-up (04:00 UTC) runs: today stays counted once.
    const run = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("0 4 * * *")}`);
    expect(run.status, await run.text()).toBe(200);
    await page.reload();
    await expect.poll(() => metric(page, "profileViews").textContent()).toBe("1");
    expect(await metric(page, "earningsCents").textContent()).toBe("$80");
    // The chart's table alternative holds the same numbers.
    await page.getByText("Show as a table").click();
    await expect.poll(() => page.getByTestId("chart-table").locator("tbody tr").last().locator("td").textContent()).toBe("1");
    await page.getByTestId("analytics-chart").locator("canvas").first().waitFor();
    await photograph(page, "pro-analytics-numbers");

    // ---- The portfolio: two posts picked, reordered by the keyboard, saved.
    await sharePhoto(page, PHOTOS[0]!, "Sunset session");
    await sharePhoto(page, PHOTOS[1]!, "Mic check");
    await page.goto("/portfolio");
    await page.getByTestId("portfolio-empty").waitFor();
    const picker = page.getByTestId("portfolio-picker");
    await picker.getByRole("button", { name: "Add to portfolio: Sunset session" }).click();
    await picker.getByRole("button", { name: "Add to portfolio: Mic check" }).click();
    const titles = () => page.getByTestId("portfolio-item").getByLabel("Title").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(await titles()).toEqual(["Sunset session", "Mic check"]);

    // dnd-kit's keyboard sensor: focus the handle, Space picks up, ArrowUp moves, Space drops.
    // The sensor starts listening a moment after the pick-up, as a person's next key would come.
    await page.getByRole("button", { name: "Reorder Mic check" }).focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(300);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await expect.poll(titles).toEqual(["Mic check", "Sunset session"]);
    await page.getByTestId("portfolio-item").first().getByLabel("Note").fill("Shot before the evening set.");
    const saved = page.waitForResponse((res) => res.url().endsWith("/api/portfolio") && res.request().method() === "PUT");
    await page.getByTestId("portfolio-save").click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId("portfolio-save").and(page.locator(":disabled")).waitFor();
    await photograph(page, "pro-portfolio-editor");

    // ---- The public profile's Portfolio tab, as the buyer sees it.
    await buyerPage.goto(`/profile/${sellerId}?tab=portfolio`);
    const shown = buyerPage.getByTestId("public-portfolio-item");
    await shown.first().waitFor();
    expect(await shown.allTextContents()).toEqual(["Mic checkShot before the evening set.", "Sunset session"]);
    await photograph(buyerPage, "pro-portfolio-profile");

    expect(errors).toEqual([]);
    await seller.close();
    await buyer.close();
  });
});
