// A shared link's first visit (issue #29, decision record 0097): the Worker paints the post, so a
// browser with JavaScript off already sees the media, the author and the caption; with JavaScript
// on, a visitor's player plays and seeks without the app, a control the app answers starts it and
// is answered, and a signed-in first load hands over to the app's screen.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post, PostPage } from "../../shared/posts-api";
import { MOBILE, baseURL, demoContext, launch, newContext, photograph, trackErrors } from "./browser";

let browser: Browser;
let audio: Post;

/** An audio post of the seeded world with a caption, found through the API as the app finds it. */
async function seededAudioPost(context: BrowserContext): Promise<Post> {
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const res = await context.request.get(`/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as PostPage;
    const found = body.items.find((post) => post.contentType === "audio" && post.caption && post.waveform && !post.viewer.isOwner);
    if (found) return found;
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  throw new Error("the seeded world has no audio post with a caption in the demo's feed");
}

beforeAll(async () => {
  browser = await launch();
  const demo = await demoContext(browser);
  audio = await seededAudioPost(demo);
  await demo.close();
});
afterAll(async () => {
  await browser?.close();
});

describe("a shared post", () => {
  it("shows its waveform, player, author and caption with JavaScript disabled", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`/post/${audio.id}`);
    expect(res?.status()).toBe(200);
    const card = page.getByTestId("post-card");
    await expect.poll(() => card.count()).toBe(1);
    const text = await card.innerText();
    expect(text).toContain(audio.author.displayName);
    expect(text).toContain(`@${audio.author.username}`);
    expect(text).toContain((audio.caption ?? "").split("\n")[0]!.split("#")[0]!.trim());
    // The waveform is drawn by the server: bars in an SVG, laid out (not an empty box).
    const bars = page.getByTestId("waveform-svg").locator("rect[height]");
    expect(await bars.count()).toBeGreaterThan(64);
    const box = await page.getByTestId("waveform").boundingBox();
    expect(box?.width).toBeGreaterThan(150);
    expect(box?.height).toBe(56);
    expect(await page.getByRole("button", { name: `Play audio by ${audio.author.displayName}` }).count()).toBe(1);
    expect(await page.locator("audio").first().getAttribute("src")).toBe(audio.mediaUrl);
    // No app script ran: the page is the Worker's document.
    expect(await page.locator('script[src*="/assets/index-"]').count()).toBe(0);
    await context.close();
  });

  it("plays and seeks for a visitor without loading the app, and starts the app for the comments", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/post/${audio.id}`);
    const player = page.getByTestId("waveform-player");
    await expect.poll(() => player.getAttribute("data-ready")).toBe("true");
    await photograph(page, "shared-post-visitor");
    // Only the island: the app is not fetched for reading, playing or seeking.
    await page.getByRole("button", { name: `Play audio by ${audio.author.displayName}` }).click();
    await expect.poll(() => player.getAttribute("data-playing")).toBe("true");
    await expect.poll(() => page.locator("audio").first().evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
    await page.getByRole("button", { name: `Pause audio by ${audio.author.displayName}` }).click();
    await expect.poll(() => player.getAttribute("data-playing")).toBe("false");
    // A tap three quarters along the waveform seeks there.
    const wave = page.getByTestId("waveform");
    const box = (await wave.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const duration = (audio.durationMs ?? 0) / 1000;
    await expect.poll(() => page.locator("audio").first().evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(duration * 0.6);
    expect(Number(await wave.getAttribute("aria-valuenow"))).toBeGreaterThan(duration * 0.6);
    expect(scripts.filter((script) => script.includes("/assets/index-"))).toEqual([]);
    // The like asks the visitor to sign in and come back.
    expect(await page.getByTestId("like-button").getAttribute("href")).toBe(`/auth?redirect=${encodeURIComponent(`/post/${audio.id}`)}`);
    // Comments need the app: pressing the button starts it and its comments dialog opens.
    await page.getByTestId("comments-button").click();
    await page.getByRole("dialog").waitFor({ timeout: 30_000 });
    expect(scripts.some((script) => script.includes("/assets/index-"))).toBe(true);
    expect(await page.locator("[data-shared-page]").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hands a signed-in first load over to the app's screen without a blank", async () => {
    const context = await demoContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    // Every frame of #root from the first paint on: it must always hold the post.
    await page.addInitScript(() => {
      const w = window as unknown as { emptyRoot: number };
      w.emptyRoot = 0;
      const check = () => {
        const root = document.getElementById("root");
        if (root && !root.querySelector('[data-testid="post-card"]')) w.emptyRoot++;
        requestAnimationFrame(check);
      };
      document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(check));
    });
    // A fresh profile has no service worker yet: the document is the Worker's painted page.
    await page.goto(`/post/${audio.id}`);
    expect(await page.locator("#root").getAttribute("data-takeover")).toBe("now");
    // The app takes over: the painted page is replaced by the app's screen, with the member's bar.
    await expect.poll(() => page.locator("[data-shared-page]").count(), { timeout: 30_000 }).toBe(0);
    await page.getByTestId("post-card").waitFor();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { emptyRoot: number }).emptyRoot)).toBe(0);
    await photograph(page, "shared-post-signed-in");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers an unknown post with 404 and the not-found state", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const res = await page.goto(`/post/${crypto.randomUUID()}`);
    expect(res?.status()).toBe(404);
    await page.getByTestId("post-not-found").waitFor();
    await context.close();
  });
});
