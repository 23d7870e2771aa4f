// The last-seen feed offline (spec §1 "the app works offline", §8 "You're Offline"; decision
// 0062): the demo account reads its feed once online; on the train, with no connection, the app
// opens again from the home screen and shows the same posts with their pictures and the offline
// toast. After signing out, a different account on the same browser never sees that feed, even
// offline. Photographed at 390×844 and 1280×800.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CACHE, MEDIA_CACHE } from "@shared/offline-caches";
import { DESKTOP, MOBILE, baseURL, createConfirmedUser, demoContext, launch, screenshot, signInThroughForm } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.getByTestId("post-card");

/** Images in view have loaded and drawn something (a broken offline image has no width). */
async function imagesOnScreenShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete && img.naturalWidth > 0),
  );
}

/** The page is controlled by an activated service worker, so its requests go through it. */
async function underServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated", undefined, {
    timeout: 30_000,
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * How many feed pages and media files the service worker's account caches hold (the session read
 * of whoever is on the page may be stored again right after the caches were emptied).
 */
function cachedEntries(page: Page) {
  return page.evaluate(async (names) => {
    let count = 0;
    for (const name of names) {
      if (!(await caches.has(name))) continue;
      const keys = await (await caches.open(name)).keys();
      count += keys.filter((request) => new URL(request.url).pathname !== "/api/auth/session").length;
    }
    return count;
  }, [API_CACHE, MEDIA_CACHE]);
}

describe("offline feed", () => {
  it("shows the last-seen feed with its pictures and the offline toast, and never to the next account", { timeout: 180_000 }, async () => {
    const context = await demoContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto("/feed");
    await underServiceWorker(page);

    // ---- Online: the feed loads (now through the worker, which keeps the page and its media).
    await page.reload();
    await cards(page).first().waitFor();
    await imagesOnScreenShown(page);
    const firstCard = (await cards(page).first().innerText()).split("\n").filter((line) => line.trim().length > 12)[0]!;
    expect(firstCard).toBeTruthy();
    const shown = await cards(page).count();
    expect(await cachedEntries(page)).toBeGreaterThan(1);

    // ---- On the train: no connection. Meanwhile the server's copy of the first post changes (a
    // like through the API, which is not cut off), so what the reloaded page shows can only be
    // the saved copy.
    const first = cards(page).first();
    const postId = (await first.getAttribute("data-post-id"))!;
    const likeButton = first.getByRole("button", { name: /^Like,/ });
    const likedBefore = (await likeButton.getAttribute("aria-pressed")) === "true";
    const likeLabelBefore = (await likeButton.getAttribute("aria-label"))!;
    await context.setOffline(true);
    const changed = await context.request.put(`/api/posts/${postId}/like`, { data: { liked: !likedBefore }, headers: { origin: baseURL() } });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.reload();
    await page.getByText("You're Offline", { exact: true }).waitFor();
    await page.getByText("Don't worry, the app still works offline!").waitFor();
    await cards(page).first().waitFor();
    expect(await cards(page).first().innerText()).toContain(firstCard);
    expect(await cards(page).count()).toBe(shown);
    expect(await cards(page).first().getByRole("button", { name: /^Like,/ }).getAttribute("aria-label")).toBe(likeLabelBefore);
    await imagesOnScreenShown(page);
    await screenshot(page, "offline-feed-mobile");
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(300);
    await imagesOnScreenShown(page);
    await screenshot(page, "offline-feed-desktop");
    await page.setViewportSize(MOBILE);

    // ---- Back online: the fresh feed replaces the saved one; the like is undone, then the demo
    // account signs out and the saved feed goes with it.
    await context.setOffline(false);
    await page.reload();
    await expect.poll(() => cards(page).first().getByRole("button", { name: /^Like,/ }).getAttribute("aria-label")).not.toBe(likeLabelBefore);
    const undone = await context.request.put(`/api/posts/${postId}/like`, { data: { liked: likedBefore }, headers: { origin: baseURL() } });
    expect(undone.status(), await undone.text()).toBe(200);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign out of this device" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect.poll(() => cachedEntries(page)).toBe(0);

    // ---- Someone else signs in on this browser and goes offline: they see their own (empty)
    // feed, never the demo account's.
    const stamp = Date.now().toString(36);
    const other = { email: `offline_${stamp}@example.com`, password: "Mix!Bus#Glue42", username: `offline_${stamp}`, displayName: "Robin Vale" };
    await createConfirmedUser(other);
    await signInThroughForm(page, other.email, other.password);
    await page.reload();
    await page.getByRole("heading", { name: "Home" }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByText("You're Offline", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Home" }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText(firstCard).count()).toBe(0);
    await screenshot(page, "offline-feed-other-account-mobile");
    await context.setOffline(false);
    await context.close();
  });
});
