// Reports and moderation (issue #27 items 3 and 4, decision record 0083), at phone size: C and D
// each report a new account's post from its page through the Report dialog; a moderator (the role
// granted by `npm run moderator -- grant`, the one way there is) finds the post in /moderation with
// both reports and hides it; the post is then gone for C, D and visitors while its owner still sees
// it; and C reads the outcome in /activity. Screens are checked with axe and photographed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, baseURL, expectAccessible, launch, newAccount, newContext, screenshot, signInByApi, toast, trackErrors } from "./browser";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PHOTO = path.join(ROOT, "seed/media/images/dream-plasma.jpg");
/** The local state the e2e server runs on (tests/e2e/global-setup.ts). */
const STATE = path.join(ROOT, "tests/e2e/.state");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function photograph(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, `moderation-${name}-mobile`);
}

/** A new account, signed in, past onboarding. */
async function person(username: string, displayName: string) {
  const account = await newAccount(username, displayName);
  const context = await newContext(browser);
  await signInByApi(context, account.email);
  await apiPost(context, "/api/profile/onboarding/skip", {}, 200);
  return { account, context };
}

/** A photo post made through the upload API, as the uploader does it. */
async function postPhoto(context: BrowserContext): Promise<string> {
  const bytes = readFileSync(PHOTO);
  const start = await apiPost<{ uploadId: string; partSize: number; partCount: number }>(context, "/api/uploads", {
    contentType: "image",
    mimeType: "image/jpeg",
    size: bytes.length,
    fileName: "dream-plasma.jpg",
  });
  for (let n = 1; n <= start.partCount; n += 1) {
    const part = await context.request.put(`/api/uploads/${start.uploadId}/parts/${n}`, {
      data: bytes.subarray((n - 1) * start.partSize, n * start.partSize),
      headers: { origin: baseURL(), "content-type": "application/octet-stream" },
    });
    expect(part.status(), await part.text()).toBe(200);
  }
  const post = await apiPost<{ id: string }>(context, "/api/posts", { uploadId: start.uploadId, caption: "Cheap streams, DM me" });
  return post.id;
}

/** The moderator role, written by the documented command into the server's local D1. */
function grantModerator(email: string) {
  const result = spawnSync("node", ["scripts/moderator.mjs", "grant", email], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, BACKLINE_STATE: STATE },
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

async function reportPost(context: BrowserContext, postId: string, reason: string, shot?: string) {
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(`/post/${postId}`);
  await page.getByRole("button", { name: "Report: post" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this post" });
  await dialog.waitFor();
  await dialog.getByRole("radio", { name: reason }).check();
  if (shot) await photograph(page, shot);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await toast(page, "Report sent").waitFor();
  await dialog.waitFor({ state: "hidden" });
  expect(errors).toEqual([]);
  await page.close();
}

describe("reports and moderation", () => {
  it("C and D report a post, a moderator hides it, it is gone for others and C reads the outcome", async () => {
    const stamp = Date.now().toString(36);
    const owner = await person(`streamseller${stamp}`, "Stream Seller");
    const c = await person(`reporterc${stamp}`, "Reporter C");
    const d = await person(`reporterd${stamp}`, "Reporter D");
    const postId = await postPhoto(owner.context);

    await reportPost(c.context, postId, "Scam or fraud", "report-dialog");
    await reportPost(d.context, postId, "Spam");
    // Two reports are under the threshold of three: the post is still up.
    expect((await d.context.request.get(`/api/posts/${postId}`)).status()).toBe(200);

    const moderatorAccount = await newAccount(`moderator${stamp}`, "Moderator");
    grantModerator(moderatorAccount.email);
    const moderator = await newContext(browser);
    await signInByApi(moderator, moderatorAccount.email);
    await apiPost(moderator, "/api/profile/onboarding/skip", {}, 200);
    const page = await moderator.newPage();
    const errors = trackErrors(page);
    await page.goto("/feed");
    await page.getByRole("link", { name: "Moderation" }).click();
    await page.getByRole("heading", { name: "Moderation", level: 1 }).waitFor();
    const item = page.getByTestId("moderation-item").filter({ hasText: "Cheap streams, DM me" });
    await item.getByRole("heading", { name: "2 accounts reported this" }).waitFor();
    await expect(item.textContent()).resolves.toContain("Scam or fraud");
    await photograph(page, "queue");
    await item.getByRole("button", { name: "Hide content" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Note (optional)").fill("Fake streams");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Done").waitFor();
    await item.waitFor({ state: "detached" });
    expect(errors).toEqual([]);

    // Gone for the reporters and for visitors; its owner still sees it.
    expect((await d.context.request.get(`/api/posts/${postId}`)).status()).toBe(404);
    const visitor = await newContext(browser);
    expect((await visitor.request.get(`/api/posts/${postId}`)).status()).toBe(404);
    expect((await owner.context.request.get(`/api/posts/${postId}`)).status()).toBe(200);
    const gone = await d.context.newPage();
    await gone.goto(`/post/${postId}`);
    await gone.getByText("Post not found").first().waitFor();
    await gone.close();

    const activity = await c.context.newPage();
    await activity.goto("/activity");
    await activity.getByText("Thanks — we reviewed your report and took action").waitFor();
    await photograph(activity, "outcome");

    for (const context of [owner.context, c.context, d.context, moderator, visitor]) await context.close();
  });
});
