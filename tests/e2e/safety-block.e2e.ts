// Block from a conversation (issue #27 item 1; DESIGN.md "Block"; decision record 0082), two
// people at phone size: A and B have a conversation; A opens its header menu, chooses Block, reads
// what a block does and confirms. B's chat then says "You can't reply to this conversation." in
// place of the composer, and the API refuses B a message, a follow and a purchase from A with the
// same answers a missing conversation member, profile or service would get. B opening A's profile
// sees "Profile not found". A's /settings lists B under Blocked accounts. Screens are checked
// with axe and photographed at 390×844.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, apiPost, baseURL, enablePayouts, expectAccessible, launch, newAccount, newContext, screenshot, signInThroughForm, toast, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function photograph(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, `safety-block-${name}-mobile`);
}

const sessionUserId = (page: Page) => page.evaluate(async () => ((await (await fetch("/api/auth/session")).json()) as { user: { id: string } }).user.id);

describe("block from a conversation (two people, 390×844)", () => {
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it("A blocks B from the chat header; B can no longer message, follow or buy from A", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const a = await newAccount(`ines_${stamp}`, `Ines ${stamp}`);
    const b = await newAccount(`tobi_${stamp}`, `Tobi ${stamp}`);
    contextA = await newContext(browser, MOBILE);
    contextB = await newContext(browser, MOBILE);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const errorsA = trackErrors(pageA);
    const errorsB = trackErrors(pageB);
    await signInThroughForm(pageA, a.email);
    await signInThroughForm(pageB, b.email);
    const aId = await sessionUserId(pageA);
    const bId = await sessionUserId(pageB);

    // A sells a service, so B has something to buy; B follows A and writes first.
    await enablePayouts(contextA);
    const service = await apiPost<{ id: string }>(contextA, "/api/services", {
      name: "Vocal tuning",
      description: "Natural tuning of one lead vocal.",
      category: "mixing",
      pricingModel: "per_session",
      price: "40",
      turnaroundDays: 3,
    });
    const follow = await contextB.request.put(`/api/users/${aId}/follow`, { data: { following: true }, headers: { origin: baseURL() } });
    expect(follow.status()).toBe(200);
    const opened = await apiPost<{ id: string }>(contextB, "/api/conversations", { userId: aId });
    const hello = `Hi Ines, are you free next week? ${stamp}`;
    await apiPost(contextB, `/api/conversations/${opened.id}/messages`, { content: hello, clientId: crypto.randomUUID() });

    // ---- A: the conversation's header menu, Block, the confirmation ---------------------------
    await pageA.goto(`/messages?conversation=${opened.id}`);
    const chatA = pageA.locator("section", { has: pageA.getByTestId("message-list") });
    await chatA.getByTestId("message-other").filter({ hasText: hello }).waitFor();
    await chatA.getByRole("button", { name: "More actions" }).click();
    await pageA.getByRole("menuitem", { name: `Block @${b.username}` }).click();
    const confirm = pageA.getByRole("alertdialog");
    await confirm.getByText(`Block @${b.username}?`).waitFor();
    await confirm.getByText(/You will stop following each other/).waitFor();
    await photograph(pageA, "confirm");
    await confirm.getByRole("button", { name: "Block" }).click();
    await toast(pageA, "Blocked").waitFor();
    // The conversation stays readable for A, closed in the same neutral words.
    await chatA.getByTestId("cannot-reply").getByText("You can't reply to this conversation.").waitFor();

    // ---- B: the chat is closed, and every way to reach A answers as if A were not there -------
    await pageB.goto(`/messages?conversation=${opened.id}`);
    const chatB = pageB.locator("section", { has: pageB.getByTestId("message-list") });
    await chatB.getByTestId("message-own").filter({ hasText: hello }).waitFor();
    await chatB.getByText("You can't reply to this conversation.").waitFor();
    await expect(chatB.getByRole("textbox", { name: "Message" }).count()).resolves.toBe(0);
    await photograph(pageB, "closed-chat");

    const message = await contextB.request.post(`/api/conversations/${opened.id}/messages`, {
      data: { content: "Hello?", clientId: crypto.randomUUID() },
      headers: { origin: baseURL() },
    });
    expect(message.status()).toBe(403);
    expect(((await message.json()) as { error: { message: string } }).error.message).toBe("You can't reply to this conversation.");

    const refollow = await contextB.request.put(`/api/users/${aId}/follow`, { data: { following: true }, headers: { origin: baseURL() } });
    expect(refollow.status()).toBe(404);
    expect(((await refollow.json()) as { error: { message: string } }).error.message).toBe("Profile not found");

    const buy = await contextB.request.post("/api/checkout/create-payment", { data: { itemType: "service", itemId: service.id }, headers: { origin: baseURL() } });
    expect(buy.status()).toBe(404);
    expect(((await buy.json()) as { error: { message: string } }).error.message).toBe("Service not found");

    // The block ended B's follow of A.
    const following = await contextB.request.get(`/api/users/${aId}/follow`);
    expect(following.status()).toBe(404);

    // A's profile and service page are not found for B, in the app's ordinary words.
    await pageB.goto(`/profile/${aId}`);
    await pageB.getByText("Profile not found").first().waitFor();
    await photograph(pageB, "profile-not-found");
    await pageB.goto(`/service/${service.id}`);
    await pageB.getByText("Service not found").first().waitFor();

    // ---- A: /settings lists B under Blocked accounts, with Unblock -----------------------------
    await pageA.goto("/settings");
    const blocked = pageA.getByTestId("blocked-accounts");
    await blocked.getByText(`@${b.username}`).waitFor();
    await blocked.getByRole("button", { name: `Unblock @${b.username}` }).waitFor();
    await photograph(pageA, "settings");
    expect(bId).not.toBe(aId);

    // B's 404 answers are logged by the browser as failed loads: those are the point, not errors.
    expect(errorsA.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    expect(errorsB.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
