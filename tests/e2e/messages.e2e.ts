// The messages and activity journey with two people at phone size (second document §2 Messages,
// Activity, Public profile Contact; DESIGN.md "Realtime"; decision records 0040 and 0041): the demo
// account (A) opens B's profile and taps Contact, sends a message; B's header badge rises without
// a reload, B opens the conversation and replies, and A sees the reply live; B likes A's post and
// A's Activity shows it live, and a click marks it read. Both screens are checked with axe (no
// serious or critical violations) and photographed at 390×844 and at desktop width.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, demoContext, expectAccessible, launch, newAccount, newContext, screenshot, signInThroughForm, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Axe and a picture at phone size, then the same at desktop width, then back to the phone. */
async function photograph(page: Page, name: string) {
  await expectAccessible(page, `${name} (phone)`);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(200);
  await expectAccessible(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
}

const sessionUserId = (page: Page) => page.evaluate(async () => ((await (await fetch("/api/auth/session")).json()) as { user: { id: string } }).user.id);

describe("messages and activity journey (two people, 390×844)", () => {
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it("Contact opens the chat, messages and the badge arrive live, a like shows in Activity and a click marks it read", async () => {
    const stamp = Date.now().toString(36);
    const b = await newAccount(`quinn_${stamp}`, `Quinn ${stamp}`);

    contextA = await demoContext(browser, MOBILE);
    contextB = await newContext(browser, MOBILE);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const errorsA = trackErrors(pageA);
    const errorsB = trackErrors(pageB);
    await pageA.goto("/feed");
    await signInThroughForm(pageB, b.email);
    const bId = await sessionUserId(pageB);
    const aId = await sessionUserId(pageA);

    // ---- A: B's profile, Contact, a first message --------------------------------------------
    await pageA.goto(`/profile/${bId}`);
    await pageA.getByTestId("contact-button").click();
    await pageA.waitForURL((url) => url.pathname === "/messages" && url.searchParams.has("conversation"));
    const chatA = pageA.getByRole("region", { name: b.displayName });
    await chatA.getByText(`Start your conversation with ${b.displayName}`).waitFor();
    const hello = `Hello from the demo ${stamp}`;
    await chatA.getByRole("textbox", { name: "Message" }).fill(hello);
    await chatA.getByRole("textbox", { name: "Message" }).press("Enter");
    await chatA.getByTestId("message-own").filter({ hasText: hello }).waitFor();

    // ---- B: the badge rises without a reload; open, read, reply -------------------------------
    const badge = pageB.getByRole("link", { name: /^Messages, \d+ unread$/ });
    await badge.waitFor({ timeout: 15_000 });
    await badge.click();
    await pageB.waitForURL((url) => url.pathname === "/messages");
    const row = pageB.getByTestId("conversation-row").first();
    await row.getByText(hello).waitFor();
    await row.getByTestId("unread-badge").waitFor();
    await photograph(pageB, "messages-list");
    await row.click();
    const chatB = pageB.locator("section", { has: pageB.getByTestId("message-list") });
    await chatB.getByTestId("message-other").filter({ hasText: hello }).waitFor();
    const reply = `Hi! Happy to work together ${stamp}`;
    await chatB.getByRole("textbox", { name: "Message" }).fill(reply);
    await chatB.getByRole("textbox", { name: "Message" }).press("Enter");
    // Reading the conversation cleared B's badge.
    await pageB.getByRole("link", { name: "Messages", exact: true }).waitFor({ timeout: 15_000 });

    // A never reloaded: the reply arrives through the room.
    await chatA.getByTestId("message-other").filter({ hasText: reply }).waitFor({ timeout: 15_000 });
    await photograph(pageA, "messages-chat");

    // ---- Activity: B likes A's post, A sees it live and a click marks it read ------------------
    const postId = await pageA.evaluate(async (userId) => {
      const page = (await (await fetch(`/api/users/${userId}/posts`)).json()) as { items: { id: string }[] };
      return page.items[0]!.id;
    }, aId);
    await pageA.goto("/activity");
    await pageA.getByRole("heading", { name: "Activity" }).waitFor();
    await pageB.goto(`/post/${postId}`);
    const like = pageB.getByTestId("like-button");
    await like.waitFor();
    if ((await like.getAttribute("aria-pressed")) !== "true") await like.click();
    const liked = pageA.getByTestId("activity-item").filter({ hasText: `${b.displayName} liked your post` }).first();
    await liked.waitFor({ timeout: 15_000 });
    expect(await liked.getAttribute("data-read")).toBe("false");
    await pageA.getByTestId("activity-badge").waitFor();
    await photograph(pageA, "activity");
    await liked.click();
    await pageA.waitForURL((url) => url.pathname === `/post/${postId}`);
    await pageA.goto("/activity");
    const again = pageA.getByTestId("activity-item").filter({ hasText: `${b.displayName} liked your post` }).first();
    await again.waitFor();
    await expect.poll(() => again.getAttribute("data-read")).toBe("true");

    expect(errorsA.filter((e) => !/WebSocket|ERR_CONNECTION/.test(e))).toEqual([]);
    expect(errorsB.filter((e) => !/WebSocket|ERR_CONNECTION/.test(e))).toEqual([]);
  });
});
