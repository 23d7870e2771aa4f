// The native bridge's web fallbacks in a real browser (spec social-feed-search §1; decision record
// 0044): the theme-color meta follows the theme toggle, and the browser's back closes an open
// dialog before it leaves the screen under it. The plugin side is covered in jsdom
// (tests/web/native-bridge.test.tsx); there is no Android or iOS runtime here.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launch, newContext, screenshot, trackErrors } from "./browser";
// @ts-expect-error plain ESM module without type declarations
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../scripts/demo-account.mjs";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const themeColors = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute("content")));

async function signIn(page: Page) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.waitFor();
  await form.getByLabel("Email").fill(DEMO_EMAIL as string);
  await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD as string);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/feed");
}

describe("status bar fallback: theme-color follows the theme toggle", () => {
  for (const [label, viewport] of [["mobile", MOBILE], ["desktop", DESKTOP]] as const) {
    it(`rewrites every theme-color meta on toggle and keeps the choice on reload (${label})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = trackErrors(page);
      // A phone in dark mode: the system decides until the visitor chooses.
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/");
      const toLight = page.getByRole("button", { name: "Switch to light theme" }).filter({ visible: true });
      await toLight.waitFor();
      // index.html ships one media-scoped meta per scheme; the dark default fills both.
      expect(await themeColors(page)).toEqual(["#0a0a0a", "#0a0a0a"]);

      await toLight.click();
      await expect.poll(() => themeColors(page)).toEqual(["#ffffff", "#ffffff"]);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
      await screenshot(page, `native-bridge-light-${label}`);

      await page.reload();
      await page.getByRole("button", { name: "Switch to dark theme" }).filter({ visible: true }).waitFor();
      expect(await themeColors(page)).toEqual(["#ffffff", "#ffffff"]);

      await page.getByRole("button", { name: "Switch to dark theme" }).filter({ visible: true }).click();
      await expect.poll(() => themeColors(page)).toEqual(["#0a0a0a", "#0a0a0a"]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("back button fallback: back closes a dialog before navigating", () => {
  it("closes the comments dialog on the first back, leaves the post on the second (390×844)", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page);

    // Into a post's own page by the app's own link, so both screens share one history.
    const card = page.getByTestId("post-card").first();
    await card.waitFor();
    const postId = await card.getAttribute("data-post-id");
    await card.getByTestId("post-permalink").click();
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);

    await page.getByTestId("comments-button").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await screenshot(page, "native-bridge-dialog-open-mobile");

    await page.goBack();
    await dialog.waitFor({ state: "detached" });
    // The blocked step is undone (the router steps forward again): still the post, and a further
    // back is still possible.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/post/${postId}`);
    await page.getByTestId("comments-button").first().waitFor();
    await screenshot(page, "native-bridge-dialog-closed-mobile");

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/feed");
    await card.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the app's offline page (capacitor.config.ts server.errorPath)", () => {
  it("is in the client build, says the connection is missing and links back to the app's feed", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const res = await page.goto("/native-offline.html");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "You're Offline" }).waitFor();
    // The build's default origin: the app loads the deployed site (decision record 0043).
    expect(await page.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("https://backline.example/feed");
    await screenshot(page, "native-offline-mobile");
    await context.close();
  });
});
