// Leaving (issue #27 items 5 and 6, decision record 0084), at phone size: a user asks for their
// data on /settings, the 15-minute job prepares it, the mailed link (dev outbox) downloads
// backline-data-YYYY-MM-DD.json with their own post in it; then they delete their account with
// their password, are signed out to /auth with the grace-period notice, and their old session
// reaches nothing. Screens are checked with axe and photographed at 390×844.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, PASSWORD, apiPost, baseURL, expectAccessible, launch, newAccount, newContext, screenshot, signInThroughForm, toast, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The export link mailed to `email`, read from the dev outbox as someone reading their mail would. */
async function mailedExportPath(email: string): Promise<string> {
  const res = await fetch(`${baseURL()}/dev/outbox.json`);
  expect(res.status).toBe(200);
  const { messages } = (await res.json()) as { messages: OutboxMessage[] };
  const mail = messages.find((m) => m.to === email && m.subject === "Your Backline data is ready");
  expect(mail, `an export mail to ${email}`).toBeDefined();
  const match = /\/api\/account\/export\/[0-9a-f-]{36}/.exec(mail?.text ?? "");
  expect(match, "a download link in the mail").not.toBeNull();
  return match?.[0] ?? "";
}

describe("leaving journey (390×844)", () => {
  it("downloads their data through the mailed link, then deletes their account", async () => {
    const stamp = Date.now().toString(36);
    const account = await newAccount(`leaver${stamp}`, "Lee Leaver");
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInThroughForm(page, account.email);

    // Something of their own to find in the export: a service listing.
    await apiPost(context, "/api/services", { name: `Leaver mix ${stamp}`, category: "mixing", pricingModel: "hourly", price: "40", turnaroundDays: 2 });

    // ---- Download my data
    await page.goto("/settings");
    await page.getByRole("button", { name: "Request my data" }).click();
    await toast(page, "Data requested").waitFor();
    await page.getByText("We are preparing your data. We will email you a link when it is ready, usually within 15 minutes.").waitFor();
    await expectAccessible(page, "settings with a requested export");

    // The 15-minute job runs (as the cron would) and mails the link.
    const run = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
    expect(run.status, await run.text()).toBe(200);
    const link = await mailedExportPath(account.email);

    // The link downloads the file for the signed-in owner.
    const file = await context.request.get(link);
    expect(file.status(), await file.text()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="backline-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = (await file.json()) as { account: { email: string }; services: { name: string }[]; posts: unknown[]; conversations: unknown[]; orders: unknown[] };
    expect(data.account.email).toBe(account.email);
    expect(data.services.map((s) => s.name)).toContain(`Leaver mix ${stamp}`);
    for (const section of ["posts", "comments", "follows", "conversations", "orders", "reviews", "securityEvents"]) expect(data).toHaveProperty(section);

    // Settings now offers the download.
    await page.reload();
    await page.getByRole("link", { name: "Download my data" }).waitFor();
    await screenshot(page, "leaving-export-ready-mobile");

    // Someone else, signed in, cannot use the link.
    const stranger = await newAccount(`stranger${stamp}`, "Stan Stranger");
    const strangerContext = await newContext(browser, MOBILE);
    const strangerPage = await strangerContext.newPage();
    await signInThroughForm(strangerPage, stranger.email);
    expect((await strangerContext.request.get(link)).status()).toBe(404);
    await strangerContext.close();

    // ---- Delete my account
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Delete my account" }) });
    await form.scrollIntoViewIfNeeded();
    await form.getByText("What we keep").waitFor();
    await form.getByLabel("Your password").fill("Not-my-password-1!");
    await form.getByLabel("I understand that my account and content will be deleted").check();
    await form.getByRole("button", { name: "Delete my account" }).click();
    await form.getByRole("alert").getByText("Incorrect password").waitFor();
    await expectAccessible(page, "settings delete form with an error");
    await screenshot(page, "leaving-delete-form-mobile");

    await form.getByLabel("Your password").fill(PASSWORD);
    await form.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByText("Your account will be deleted in 7 days. Sign in before then to cancel the deletion.").waitFor();
    await screenshot(page, "leaving-signed-out-mobile");

    // The old session reaches nothing any more.
    const after = await context.request.get("/api/account/export");
    expect(after.status()).toBe(401);

    // The refused wrong password is the one failed request the browser logs.
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await context.close();
  });
});
