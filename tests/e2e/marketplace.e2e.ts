// The catalogue journey at phone size (second document §2 Services, Products, Service detail,
// Product detail, Public profile tabs; §4 and §5 the forms; §8 toasts; §9 price lines): a new
// seller creates a package service with the structured editor and a digital product with an
// image and a file (real uploads with progress), edits the service, and finds both on their
// public profile's tabs; a visitor opens both detail pages and is asked to log in to buy; the
// seller deletes the service. Every screen is checked with axe (no serious or critical
// violations) and photographed at 390×844 and 1280×800.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, createConfirmedUser, launch, newContext, photograph, trackErrors, enablePayouts } from "./browser";

const MEDIA = path.resolve(import.meta.dirname, "../../seed/media");
const COVER = path.join(MEDIA, "products/loop-tiles.jpg");
const LOOP = path.join(MEDIA, "audio/piano-sketch.mp3");
const PASSWORD = "Mix!Bus#Glue42";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first();

/** Signs in; a new account lands on onboarding first, which it skips. */
async function signInSkippingOnboarding(page: Page, email: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.waitFor();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/create-profile");
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL((url) => url.pathname === "/feed");
}

describe("catalogue journey (390×844)", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("a seller lists a package service and a digital product, edits one, sees both on the profile; a visitor opens both; the service is deleted", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const seller = { email: `rio_${stamp}@example.com`, username: `rio_${stamp}`, displayName: "Rio Santos" };
    await createConfirmedUser({ ...seller, password: PASSWORD });

    const contextA = await newContext(browser, MOBILE);
    contexts.push(contextA);
    const pageA = await contextA.newPage();
    const errorsA = trackErrors(pageA);
    await signInSkippingOnboarding(pageA, seller.email);
    const sellerId = await pageA.evaluate(async () => ((await (await fetch("/api/auth/session")).json()) as { user: { id: string } }).user.id);

    // ---- /services starts empty; the first service is a package built with the editor.
    await pageA.goto("/services");
    await pageA.getByText("No services created yet").waitFor();
    await photograph(pageA, "market-services-empty");
    await pageA.getByRole("button", { name: "Create Your First Service" }).click();
    const serviceDialog = pageA.getByRole("dialog", { name: "Create Service" });
    await serviceDialog.waitFor();
    // Nothing filled in: the spec's required fields answer at once.
    await serviceDialog.getByRole("button", { name: "Create Service" }).click();
    await serviceDialog.getByText("Please enter a name").waitFor();
    await serviceDialog.getByLabel("Name").fill("Beat production bundle");
    await serviceDialog.getByLabel("Description").fill("Custom beats in your style, stems included.");
    await serviceDialog.getByLabel("Category").selectOption("production");
    await serviceDialog.getByText("Needs scheduling").click();
    await serviceDialog.getByText("Package", { exact: true }).click();
    await serviceDialog.getByLabel("Turnaround (days)").fill("7");
    const rows = serviceDialog.getByTestId("package-option");
    await rows.nth(0).getByLabel("Sessions").fill("1");
    await rows.nth(0).getByLabel("Price (USD)").fill("150");
    await rows.nth(0).getByLabel("What's included").fill("One beat with stems");
    await serviceDialog.getByRole("button", { name: "Add option" }).click();
    await rows.nth(1).getByLabel("Sessions").fill("3");
    await rows.nth(1).getByLabel("Price (USD)").fill("400");
    await rows.nth(1).getByLabel("What's included").fill("Three beats with stems");
    await photograph(pageA, "market-service-form");
    await serviceDialog.getByRole("button", { name: "Create Service" }).click();
    await toast(pageA, "Service created successfully").waitFor();
    await serviceDialog.waitFor({ state: "hidden" });
    // A seller without payouts is told, once, what buyers will see (decision record 0081).
    const notice = pageA.getByTestId("payouts-notice");
    await notice.getByText("Buyers can't buy this yet").waitFor();
    expect(await notice.getByRole("link", { name: "Set up payouts" }).getAttribute("href")).toBe("/payments");
    await photograph(pageA, "market-payouts-notice");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    const serviceCard = pageA.getByTestId("owner-service-card");
    await expect.poll(() => serviceCard.getByTestId("service-price").textContent()).toBe("Package pricing");

    // ---- Edit: the dialog opens filled in; the new name is saved.
    await serviceCard.getByRole("button", { name: "Edit Beat production bundle" }).click();
    const editDialog = pageA.getByRole("dialog", { name: "Edit Service" });
    await editDialog.waitFor();
    expect(await editDialog.getByTestId("package-option").count()).toBe(2);
    await editDialog.getByLabel("Name").fill("Beat production bundle (stems)");
    await editDialog.getByRole("button", { name: "Save Service" }).click();
    await toast(pageA, "Service updated successfully").waitFor();
    await serviceCard.getByRole("link", { name: "Beat production bundle (stems)" }).waitFor();
    await photograph(pageA, "market-services-grid");
    const serviceHref = await serviceCard.getByRole("link", { name: "Beat production bundle (stems)" }).getAttribute("href");
    expect(serviceHref).toMatch(/^\/service\//);

    // ---- A digital product with a cover image and the file itself.
    await pageA.goto("/products");
    await pageA.getByText("No products created yet").waitFor();
    await pageA.getByRole("button", { name: "Add Product" }).click();
    const productDialog = pageA.getByRole("dialog", { name: "Create Product" });
    await productDialog.waitFor();
    await productDialog.getByLabel("Name").fill("Late Night Piano Loops");
    await productDialog.getByLabel("Description").fill("Warm felt-piano loops at 80 BPM, royalty free.");
    await productDialog.getByLabel("Category").selectOption("loops");
    await productDialog.getByLabel("Price (USD)").fill("24.99");
    await productDialog.getByLabel("Product image").setInputFiles(COVER);
    await productDialog.getByTestId("image-preview").locator("img").waitFor();
    await productDialog.getByLabel("Digital file").setInputFiles(LOOP);
    await productDialog.getByTestId("chosen-file").waitFor();
    await photograph(pageA, "market-product-form");
    await productDialog.getByRole("button", { name: "Create Product" }).click();
    await toast(pageA, "Product created successfully").waitFor();
    await productDialog.waitFor({ state: "hidden" });
    const productCard = pageA.getByTestId("owner-product-card");
    await productCard.getByText("piano-sketch.mp3").waitFor();
    expect(await productCard.getByTestId("product-price").textContent()).toBe("$24.99");
    await photograph(pageA, "market-products-grid");
    const productHref = await productCard.getByRole("link", { name: "Late Night Piano Loops" }).getAttribute("href");
    expect(productHref).toMatch(/^\/product\//);

    // ---- Both on the public profile's tabs, each linking to its page.
    await pageA.goto(`/profile/${sellerId}?tab=services`);
    const serviceItem = pageA.getByTestId("service-item");
    await serviceItem.waitFor();
    expect(await serviceItem.getAttribute("href")).toBe(serviceHref);
    expect(await serviceItem.getByTestId("service-price").textContent()).toBe("Starting at $150");
    await pageA.getByRole("tab", { name: "Products" }).click();
    const productItem = pageA.getByTestId("product-item");
    await productItem.waitFor();
    expect(await productItem.getAttribute("href")).toBe(productHref);
    await photograph(pageA, "market-profile-products-tab");

    // ---- A visitor opens both pages; buying asks them to log in.
    const contextV = await newContext(browser, MOBILE);
    contexts.push(contextV);
    const visitor = await contextV.newPage();
    const errorsV = trackErrors(visitor);
    await visitor.goto(serviceHref!);
    const serviceDetail = visitor.getByTestId("service-detail");
    await serviceDetail.waitFor();
    await serviceDetail.getByRole("heading", { level: 1, name: "Beat production bundle (stems)" }).waitFor();
    expect(await serviceDetail.getByTestId("detail-price").textContent()).toBe("Starting at $150");
    expect(await serviceDetail.getByTestId("seller-username").textContent()).toBe(`@${seller.username}`);
    await serviceDetail.getByText("Delivery in 7 days").waitFor();
    await serviceDetail.getByTestId("scheduling-required").waitFor();
    // A new service has no reviews yet: no rating at all, never the spec's sample 4.8 (24 reviews).
    expect(await serviceDetail.getByTestId("rating").count()).toBe(0);
    expect(await serviceDetail.getByText("(24 reviews)").count()).toBe(0);
    // The seller cannot be paid yet: Buy Now is disabled with the reason, and pressing it does nothing.
    const unavailable = serviceDetail.getByTestId("buy-now-unavailable");
    await unavailable.getByText("This seller has not set up payouts yet, so this can't be bought right now.").waitFor();
    expect(await unavailable.getByTestId("buy-now").getAttribute("aria-disabled")).toBe("true");
    await photograph(visitor, "market-service-detail-unpayable");
    // Once payouts are set up, Buy Now works (and asks a visitor to sign in).
    await enablePayouts(contextA);
    await visitor.reload();
    await serviceDetail.getByTestId("detail-price").waitFor();
    expect(await serviceDetail.getByTestId("buy-now-unavailable").count()).toBe(0);
    await photograph(visitor, "market-service-detail");
    await serviceDetail.getByRole("button", { name: "Buy Now" }).click();
    const purchase = visitor.getByTestId("purchase-dialog");
    await purchase.getByText("Please log in to make a purchase").waitFor();
    // The checkout's dialog asks a visitor to sign in and brings them back to this page.
    expect(await purchase.getByRole("link", { name: "Sign In" }).getAttribute("href")).toContain("redirect=");
    await photograph(visitor, "market-purchase-visitor");
    await purchase.getByRole("button", { name: "Close" }).click();

    await visitor.goto(productHref!);
    const productDetail = visitor.getByTestId("product-detail");
    await productDetail.waitFor();
    await productDetail.getByTestId("product-image").waitFor();
    expect(await productDetail.getByTestId("product-type").textContent()).toBe("Digital");
    expect(await productDetail.getByTestId("detail-price").textContent()).toBe("$24.99");
    await productDetail.getByText("Digital file will be available after purchase").waitFor();
    await photograph(visitor, "market-product-detail");

    // A page that does not exist says so.
    await visitor.goto("/service/nope-nope");
    await visitor.getByText("Service not found").waitFor();
    await visitor.getByRole("link", { name: "Back to Search" }).waitFor();
    await photograph(visitor, "market-service-not-found");

    // ---- The seller deletes the service, after the question.
    await pageA.goto("/services");
    await serviceCard.waitFor();
    await serviceCard.getByRole("button", { name: "Delete Beat production bundle (stems)" }).click();
    const question = pageA.getByRole("alertdialog", { name: "Delete this service?" });
    await question.waitFor();
    await photograph(pageA, "market-delete-question");
    await question.getByRole("button", { name: "Delete" }).click();
    await toast(pageA, "Service deleted successfully").waitFor();
    await pageA.getByText("No services created yet").waitFor();
    await visitor.goto(serviceHref!);
    await visitor.getByText("Service not found").waitFor();

    expect(errorsA.filter((e) => !e.includes("404"))).toEqual([]);
    expect(errorsV.filter((e) => !e.includes("404"))).toEqual([]);
  });
});
