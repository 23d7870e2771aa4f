// The social journey with two people at phone size (spec social-feed-search §2 comments dialog,
// bookmarks, follow; §4 like, bookmark, comment reply, follow, realtime; §8 toasts;
// marketplace-messaging-account §2 /bookmarks): the demo account (A) opens a post's comments; a
// second user (B), signed up through the dev outbox, comments on the same post from another
// browser context, and A sees it appear without reloading; A replies (nested one level), likes,
// bookmarks and unbookmarks (checked on /bookmarks); B follows the post's author and the feed
// shows the author's posts.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, demoContext, launch, newAccount, newContext, screenshot, signInThroughForm, toast, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("social journey (two people, 390×844)", () => {
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it("comments arrive live, replies nest, likes/bookmarks/follows stick", async () => {
    const stamp = Date.now().toString(36);
    const b = await newAccount(`rae_${stamp}`, "Rae Kim");

    contextA = await demoContext(browser, MOBILE);
    contextB = await newContext(browser, MOBILE);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const errorsA = trackErrors(pageA);
    const errorsB = trackErrors(pageB);
    await pageA.goto("/feed");
    await signInThroughForm(pageB, b.email);

    // A: the first post of the feed that someone else wrote, so B can follow its author.
    const card = pageA.locator('[data-testid="post-card"]:has([data-testid="follow-button"])').first();
    await card.waitFor();
    const postId = (await card.getAttribute("data-post-id"))!;
    const author = (await card.locator("header").getByText(/^@/).first().innerText()).slice(1);
    expect(postId).toBeTruthy();

    // ---- Comments, live ------------------------------------------------------------------
    await card.getByTestId("comments-button").click();
    const dialogA = pageA.getByTestId("comments-dialog");
    await dialogA.waitFor();
    await dialogA.getByTestId("live-indicator").getByText("Live").waitFor();
    // The room can go live before the first page of comments has arrived: count once it has.
    await dialogA.locator('[data-testid="comment-list"], [data-testid="comments-empty"]').first().waitFor();
    const before = await dialogA.getByTestId("comment").count();

    await pageB.goto(`/post/${postId}`);
    await pageB.getByTestId("comments-button").click();
    const dialogB = pageB.getByTestId("comments-dialog");
    await dialogB.getByTestId("live-indicator").getByText("Live").waitFor();
    const text = `Live from B ${stamp}`;
    await dialogB.getByRole("textbox").fill(text);
    await dialogB.getByRole("textbox").press("Enter");
    await toast(pageB, "Comment added!").waitFor();
    await expect.poll(() => dialogB.getByRole("textbox").inputValue()).toBe("");

    // A never reloaded: the comment arrives through the room.
    const bComment = dialogA.getByTestId("comment").filter({ hasText: text });
    await bComment.waitFor({ timeout: 10_000 });
    expect(await dialogA.getByTestId("comment").count()).toBe(before + 1);
    // The sender sees their own comment once, not twice (POST answer + broadcast).
    expect(await dialogB.getByTestId("comment-text").filter({ hasText: text }).count()).toBe(1);

    // A replies to it: nested under B's comment; B sees the reply live too.
    await bComment.getByRole("button", { name: `Reply to @${b.username}` }).click();
    await dialogA.getByTestId("reply-target").getByText(`@${b.username}`).waitFor();
    const reply = `Welcome aboard ${stamp}!\nSecond line`;
    await dialogA.getByRole("textbox").fill(reply);
    await dialogA.getByRole("button", { name: "Send comment" }).click();
    await toast(pageA, "Comment added!").waitFor();
    expect(await dialogA.getByTestId("reply-target").count()).toBe(0);
    const thread = dialogA.getByTestId("comment-thread").filter({ hasText: text });
    await thread.getByTestId("comment-replies").getByText(`Welcome aboard ${stamp}!`).waitFor();
    await dialogB.getByTestId("comment-replies").getByText(`Welcome aboard ${stamp}!`).waitFor({ timeout: 10_000 });
    await thread.scrollIntoViewIfNeeded();
    // Let the toast leave so the dialog's header (count, Live) shows in the picture.
    await pageA.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
    await screenshot(pageA, "social-comments-dialog-mobile");
    await dialogA.getByRole("button", { name: "Close", exact: true }).click();
    await dialogA.waitFor({ state: "detached" });

    // ---- Like ------------------------------------------------------------------------------
    const like = card.getByTestId("like-button");
    const wasLiked = (await like.getAttribute("aria-pressed")) === "true";
    const likeSaved = pageA.waitForResponse(
      (res) => res.url().endsWith(`/api/posts/${postId}/like`) && res.request().method() === "PUT" && res.ok(),
      { timeout: 15_000 },
    );
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe(String(!wasLiked));
    // Persisted: B, reading the post afresh, sees A's like in the count.
    const likesFor = async (page: Page) => Number((await page.getByTestId("like-button").getAttribute("aria-label"))?.match(/(\d+) like/)?.[1]);
    const likesBefore = await likesFor(pageB);
    await likeSaved;
    await pageB.reload();
    await pageB.getByTestId("like-button").waitFor();
    expect(await likesFor(pageB)).toBe(likesBefore + (wasLiked ? -1 : 1));

    // ---- Bookmark, then unbookmark on /bookmarks -------------------------------------------
    const bookmark = card.getByTestId("bookmark-button");
    if ((await bookmark.getAttribute("aria-pressed")) === "true") {
      await bookmark.click();
      await toast(pageA, "Bookmark removed").waitFor();
    }
    await bookmark.click();
    await toast(pageA, "Post bookmarked").waitFor();
    expect(await bookmark.getAttribute("aria-pressed")).toBe("true");

    await pageA.getByRole("link", { name: "Saved posts" }).click();
    await pageA.waitForURL((url) => url.pathname === "/bookmarks");
    expect(await pageA.getByRole("link", { name: "Back to dashboard" }).getAttribute("href")).toBe("/dashboard");
    const saved = pageA.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await saved.waitFor();
    // Newest bookmark first.
    expect(await pageA.getByTestId("post-card").first().getAttribute("data-post-id")).toBe(postId);
    await pageA.waitForTimeout(600);
    await screenshot(pageA, "social-bookmarks-mobile");
    await saved.getByTestId("bookmark-button").click();
    await toast(pageA, "Bookmark removed").waitFor();
    await pageA.reload();
    await pageA.getByRole("heading", { name: "Saved posts" }).waitFor();
    await pageA.locator('[data-testid="post-card"], [data-testid="bookmarks-empty"]').first().waitFor();
    expect(await saved.count()).toBe(0);

    // ---- Follow: B follows the author and the feed shows their posts at once ----------------
    await pageB.goto("/feed");
    await pageB.locator('[data-testid="post-card"], h2, p').first().waitFor();
    expect(await pageB.locator(`[data-testid="post-card"]:has-text("@${author}")`).count()).toBe(0);
    await pageB.goto(`/post/${postId}`);
    const follow = pageB.getByTestId("follow-button");
    await follow.waitFor();
    await expect.poll(() => follow.isEnabled()).toBe(true);
    expect(await follow.getAttribute("aria-pressed")).toBe("false");
    const followSaved = pageB.waitForResponse(
      (res) => /\/api\/users\/[^/]+\/follow$/.test(new URL(res.url()).pathname) && res.request().method() === "PUT" && res.ok(),
      { timeout: 15_000 },
    );
    await follow.click();
    await toast(pageB, "Following").waitFor();
    await pageB.getByText(`You are now following @${author}`).waitFor();
    await followSaved;
    await pageB.goto("/feed");
    await pageB.locator(`[data-testid="post-card"]:has-text("@${author}")`).first().waitFor();
    await screenshot(pageB, "social-feed-after-follow-mobile");

    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  });
});
