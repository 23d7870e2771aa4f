// The discovery journey at phone size (first document §2 Search and explore): a new
// account reaches /search from the bottom navigation, finds a seeded producer by part of their
// name on the Users tab and follows them, opens the Tags tab and a trending tag's posts, and
// opens a service from the Services tab (its detail page belongs to the marketplace; the link
// must be /service/{id}). /search is checked with axe (no serious or critical violations) on
// every tab and photographed at 390×844 and 1280×800.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, createConfirmedUser, launch, newContext, screenshot, trackErrors } from "./browser";

const PASSWORD = "Mix!Bus#Glue42";

let browser: Browser;
let context: BrowserContext | undefined;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.waitFor();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  // A new account is offered onboarding first (/create-profile); this journey skips it.
  await page.waitForURL((url) => url.pathname === "/feed" || url.pathname === "/create-profile");
  if (new URL(page.url()).pathname === "/create-profile") await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL((url) => url.pathname === "/feed");
}

/** No serious or critical accessibility violations on the screen as it is now. */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

/** Waits for finite animations (page fade, toasts) so axe measures settled colours. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getComputedTiming().iterations === Infinity || animation.playState !== "running"),
  );
}

/** The screen at phone size and at desktop width, checked with axe at both. */
async function photograph(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await animationsSettled(page);
  await expectAccessible(page, `${name} (phone)`);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await expectAccessible(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(150);
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first();

describe("search journey (390×844)", () => {
  it("finds and follows a producer, opens a tag's posts and a service", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const email = `search-${stamp}@example.com`;
    await createConfirmedUser({ email, password: PASSWORD, username: `sam_${stamp}`.slice(0, 30), displayName: "Sam Rivera" });

    context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, email);

    // ---- The bottom navigation's Search item lands on /search, Explore with recommendations.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    const input = page.getByRole("searchbox", { name: "Search" });
    expect(await input.getAttribute("placeholder")).toBe("Search users, content, hashtags...");
    await page.getByTestId("recommendations").waitFor();
    await page.getByTestId("recommendations").locator('[aria-busy="true"]').waitFor({ state: "detached" });
    // Recommended posts' Follow buttons ask whether the viewer follows each author; dimmed until then.
    await expect.poll(() => page.locator('[data-testid="follow-button"][disabled]').count()).toBe(0);
    await photograph(page, "search-explore");

    // ---- Users: part of a seeded producer's name, typed; the URL follows after the pause.
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByText("Start typing to search for users").waitFor();
    await input.pressSequentially("watan", { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("q") === "watan" && url.searchParams.get("tab") === "users");
    const row = page.getByTestId("user-row").filter({ hasText: "Kenji Watanabe" });
    await row.waitFor();
    await photograph(page, "search-users");
    await row.getByRole("button", { name: /Follow/ }).click();
    await toast(page, "You are now following @kenjibeats").waitFor();
    await expect.poll(() => row.getByTestId("follow-button").getAttribute("aria-pressed")).toBe("true");
    // The follow stuck: a reload (the URL keeps the search) shows the row as followed.
    await page.reload();
    await page.getByTestId("user-row").filter({ hasText: "Kenji Watanabe" }).getByRole("button", { name: /Following/ }).waitFor();
    expect(await input.inputValue()).toBe("watan");

    // ---- Tags: trending topics; a tag opens its posts, newest first.
    await input.fill("");
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await page.getByRole("tab", { name: "Tags" }).click();
    await page.getByTestId("trending-topics").waitFor();
    await photograph(page, "search-tags");
    const firstTopic = page.getByTestId("trending-row").first();
    const tag = await firstTopic.getAttribute("data-tag");
    expect(tag).toBeTruthy();
    await firstTopic.click();
    await page.waitForURL((url) => url.searchParams.get("tag") === tag);
    await page.getByRole("heading", { name: `#${tag}` }).waitFor();
    await page.getByTestId("post-card").first().waitFor();
    // Each author's Follow button asks whether the viewer follows them; it is dimmed until then.
    await expect.poll(() => page.locator('[data-testid="follow-button"][disabled]').count()).toBe(0);
    await photograph(page, "search-hashtag");
    await page.getByRole("link", { name: "Back to search" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "tags" && !url.searchParams.has("tag"));

    // ---- Explore with a query: people, hashtags and posts; a filter narrows the posts.
    await page.getByRole("tab", { name: "Explore" }).click();
    await input.pressSequentially("mix", { delay: 40 });
    await page.getByTestId("explore-results").waitFor();
    await page.getByTestId("filters-toggle").click();
    // The radio follows the address (the filter lives in ?contentType=), so it turns checked once
    // the router has navigated, not within the click: `check()` read it too early under load.
    const images = page.getByRole("radio", { name: "Images" });
    await images.click();
    await page.waitForURL((url) => url.searchParams.get("contentType") === "image" && url.searchParams.get("q") === "mix");
    await expect.poll(() => images.isChecked()).toBe(true);
    await page.getByTestId("explore-results").waitFor();
    await photograph(page, "search-explore-results");
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("contentType") && url.searchParams.get("q") === "mix");
    await input.fill("");
    await page.waitForURL((url) => !url.searchParams.has("q"));

    // ---- Services: each card links to /service/{id}.
    await page.getByRole("tab", { name: "Services" }).click();
    await page.getByRole("heading", { name: "Professional Services" }).waitFor();
    const service = page.getByTestId("service-result").first();
    await service.waitFor();
    await photograph(page, "search-services");
    const href = await service.getAttribute("href");
    expect(href).toMatch(/^\/service\/[A-Za-z0-9_-]+$/);
    await service.click();
    await page.waitForURL((url) => url.pathname === href);

    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });
});
