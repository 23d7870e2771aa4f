// The posts & media journey in a real browser at phone size (spec §2 /feed, /upload, /post/{id};
// §4 post creation and deletion; §5 Upload): sign in as the demo account, upload a photo and an
// audio file through the multipart uploader with a visible progress bar, see both at the top of
// /feed with the waveform drawn from peaks measured in the browser, open the share page as the
// owner and as a visitor, and delete one post.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeWaveform } from "@shared/waveform";
import { MOBILE, demoContext, launch, newContext, screenshot, trackErrors } from "./browser";

const MEDIA = path.resolve(import.meta.dirname, "../../seed/media");
const PHOTO = path.join(MEDIA, "images/vinyl-sunset.jpg");
const AUDIO = path.join(MEDIA, "audio/lofi-dusk.mp3");
const VIDEO = path.join(MEDIA, "video/dnb-cqt.mp4");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the images on screen have loaded, so screenshots show the real page. */
async function imagesOnScreenLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight).every((img) => img.complete),
  );
}

/** Slows the upload link so the progress bar can be seen (and photographed) moving. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number | null) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}

async function sharePost(
  page: Page,
  type: "Photo" | "Audio" | "Video",
  file: string,
  caption: string,
  tags: string,
  shots: { form?: string; progress?: string } = {},
) {
  await page.goto("/upload");
  await page.getByRole("heading", { name: "Create post" }).waitFor();
  await page.getByRole("radio", { name: new RegExp(type) }).click();
  await page.getByTestId("file-input").setInputFiles(file);
  await page.getByTestId("media-preview").waitFor();
  if (type === "Audio") {
    // The waveform is measured in the browser before anything is sent.
    await page.getByTestId("preview-waveform").waitFor();
  }
  await page.getByLabel("Caption").fill(caption);
  await page.getByLabel(/Tags/).fill(tags);
  if (shots.form) await screenshot(page, shots.form);
  await page.getByRole("button", { name: "Share Post" }).click();
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await bar.waitFor();
  if (shots.progress) {
    // Wait until real bytes have gone out, so the picture shows a bar part-way.
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(10);
    await screenshot(page, shots.progress);
  }
  await page.waitForURL((url) => url.pathname === "/feed", { timeout: 30_000 });
}

describe("posts & media journey (390×844)", () => {
  it("uploads a photo and an audio post, shows them on /feed and the share page, and deletes one", { timeout: 120_000 }, async () => {
    const context = await demoContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const stamp = Date.now().toString(36);

    await page.goto("/feed");
    await page.getByTestId("post-card").first().waitFor();
    await imagesOnScreenLoaded(page);
    await screenshot(page, "posts-feed-mobile");

    // A photo, at full speed.
    const photoCaption = `Vinyl sunset artwork ${stamp}`;
    await sharePost(page, "Photo", PHOTO, photoCaption, "artwork, vinyl", { form: "posts-upload-form-mobile" });
    const firstCard = page.getByTestId("post-card").first();
    await firstCard.getByText(photoCaption).waitFor();

    // An audio file over a slow uplink, so the progress bar is seen moving.
    const cdp = await throttleUploads(context, page, 40 * 1024);
    const audioCaption = `Lofi dusk sketch ${stamp}\nMixed at night`;
    await sharePost(page, "Audio", AUDIO, audioCaption, "lofi, beats", { progress: "posts-upload-progress-mobile" });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Both new posts lead the feed, newest first.
    const cards = page.getByTestId("post-card");
    await cards.first().getByText(`Lofi dusk sketch ${stamp}`).waitFor();
    expect(await cards.nth(0).getAttribute("data-content-type")).toBe("audio");
    expect(await cards.nth(1).getAttribute("data-content-type")).toBe("image");
    await cards.nth(1).getByText(photoCaption).waitFor();
    const audioId = (await cards.nth(0).getAttribute("data-post-id")) as string;
    const photoId = (await cards.nth(1).getAttribute("data-post-id")) as string;

    // The waveform is drawn from the stored peaks: a canvas with a real size, nothing downloaded.
    const waveCanvas = cards.nth(0).locator("[data-testid=waveform] canvas").first();
    await waveCanvas.waitFor();
    // wavesurfer replaces its canvas when it first fits the container, so poll for the drawn one.
    await expect.poll(async () => (await waveCanvas.boundingBox())?.width ?? 0, { timeout: 10_000 }).toBeGreaterThan(100);
    await expect.poll(async () => (await waveCanvas.boundingBox())?.height ?? 0, { timeout: 10_000 }).toBeGreaterThan(20);
    expect(await cards.nth(0).locator("audio").getAttribute("preload")).toBe("none");
    // The server stored what the browser measured.
    const stored = await page.evaluate(async (id) => (await fetch(`/api/posts/${id}`)).json(), audioId);
    // The peaks travel as one byte each in base64 (decision record 0060).
    expect(decodeWaveform(stored.waveform).length).toBeGreaterThan(100);
    expect(stored.durationMs).toBeGreaterThan(1000);
    const photo = await page.evaluate(async (id) => (await fetch(`/api/posts/${id}`)).json(), photoId);
    expect(photo.width).toBe(800);
    expect(photo.height).toBe(800);
    expect(photo.tags).toEqual(["artwork", "vinyl"]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await imagesOnScreenLoaded(page);
    await screenshot(page, "posts-feed-after-upload-mobile");

    // A video: its poster frame is drawn in the browser and stored beside it.
    const videoCaption = `Drum and bass visualiser ${stamp}`;
    await sharePost(page, "Video", VIDEO, videoCaption, "dnb");
    await cards.first().getByText(videoCaption).waitFor();
    const videoId = (await cards.first().getAttribute("data-post-id")) as string;
    const video = await page.evaluate(async (id) => (await fetch(`/api/posts/${id}`)).json(), videoId);
    expect(video.thumbnailUrl).toMatch(/^\/media\/post-videos\/.+\.poster\.jpg$/);
    expect(video.width).toBeGreaterThan(0);
    expect(video.durationMs).toBeGreaterThan(0);
    const videoEl = cards.first().locator("video");
    expect(await videoEl.getAttribute("poster")).toBe(video.thumbnailUrl);
    expect(await videoEl.getAttribute("preload")).toBe("none");
    const posterStatus = await page.evaluate(async (url) => (await fetch(url)).status, video.thumbnailUrl as string);
    expect(posterStatus).toBe(200);
    await screenshot(page, "posts-feed-video-mobile");

    // The share page, as the owner.
    await page.goto(`/post/${audioId}`);
    await page.getByTestId("post-card").getByText(`Lofi dusk sketch ${stamp}`).waitFor();
    await page.locator("[data-testid=waveform] canvas").first().waitFor();
    await page.getByRole("button", { name: "Post options" }).waitFor();
    await screenshot(page, "posts-share-page-mobile");

    // The share page, as a visitor: the post, no owner menu, and a call to sign in.
    const visitorContext = await newContext(browser, MOBILE);
    const visitor = await visitorContext.newPage();
    const visitorErrors = trackErrors(visitor);
    await visitor.goto(`/post/${audioId}`);
    try {
      await visitor.getByTestId("post-card").getByText(`Lofi dusk sketch ${stamp}`).waitFor();
    } catch (error) {
      await screenshot(visitor, "posts-share-page-visitor-failure");
      throw new Error(`${(error as Error).message}\n${visitorErrors.join("\n")}`, { cause: error });
    }
    await visitor.getByTestId("sign-in-cta").waitFor();
    expect(await visitor.getByRole("button", { name: "Post options" }).count()).toBe(0);
    await screenshot(visitor, "posts-share-page-visitor-mobile");
    await visitor.goto("/post/does-not-exist");
    await visitor.getByTestId("post-not-found").waitFor();
    await visitorContext.close();

    // Delete the photo from the feed, after the spec's confirmation.
    await page.goto("/feed");
    const photoCard = page.locator(`[data-post-id="${photoId}"]`);
    await photoCard.waitFor();
    await photoCard.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Delete Post" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure you want to delete this post? This action cannot be undone.").waitFor();
    await screenshot(page, "posts-delete-confirm-mobile");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Success", { exact: true }).waitFor();
    await photoCard.waitFor({ state: "detached" });
    const gone = await page.evaluate(async (id) => (await fetch(`/api/posts/${id}`)).status, photoId);
    expect(gone).toBe(404);
    expect(pathOf(page)).toBe("/feed");

    expect(errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    await context.close();
  });
});
