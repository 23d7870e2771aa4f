// One real open page through the restart (issue #33 item 2): system Chromium driven by
// playwright-core with the flags of tests/e2e/browser.ts, signed in with the cookies of a virtual
// user and its conversation open. During the outage it must say "Reconnecting..." and show a
// message typed then as not sent; after the restart it must reconnect by itself, deliver that
// message (its client id makes a resend safe) and still be signed in.
import { chromium } from "playwright-core";
import { MESSAGING_TEXTS } from "../../../shared/messages/messaging.ts";

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export async function openChatPage({ baseURL, user, conversationId }) {
  // A new account is sent to onboarding first; the person skips it, as tests/e2e/browser.ts does.
  const skipped = await user.api.request("/api/profile/onboarding/skip", { method: "POST", json: {} });
  await skipped.body?.cancel();
  if (skipped.status !== 200) throw new Error(`skipping onboarding answered ${skipped.status}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: FLAGS });
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": user.api.ip } });
  // The refresh cookie lives on /api/auth only, as the server sets it (worker/services/auth/sessions.ts).
  const { hostname } = new URL(baseURL);
  await context.addCookies([...user.api.jar].map(([name, value]) => ({ name, value, domain: hostname, path: name === "bl_refresh" ? "/api/auth" : "/", httpOnly: true, sameSite: "Lax" })));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`/messages/${conversationId}`);
  try {
    await page.getByRole("textbox", { name: MESSAGING_TEXTS.messageLabel }).waitFor({ timeout: 30_000 });
  } catch (error) {
    throw new Error(`the conversation did not open at ${page.url()}: ${(await page.locator("body").innerText()).slice(0, 300)}`, { cause: error });
  }
  await page.getByTestId("message-list").waitFor({ timeout: 30_000 });
  return { browser, page, errors };
}

/**
 * Run while the server is down: waits for the page to say it is reconnecting, types a message and
 * waits for it to show as not sent. Answers what the person saw.
 */
export async function typeDuringOutage({ page }, content) {
  const seen = { reconnecting: false, notSent: false, retryOffered: false };
  try {
    await page.getByTestId("reconnecting").waitFor({ timeout: 20_000 });
  } catch (error) {
    await page.screenshot({ path: "/tmp/backline-load-outage.png" }).catch(() => {});
    throw new Error(`no 'Reconnecting...' at ${page.url()} (screenshot /tmp/backline-load-outage.png): ${(await page.locator("header").first().innerText().catch(() => "")).slice(0, 200)}`, { cause: error });
  }
  seen.reconnecting = (await page.getByTestId("reconnecting").textContent())?.trim() === MESSAGING_TEXTS.reconnecting;
  const box = page.getByRole("textbox", { name: MESSAGING_TEXTS.messageLabel });
  await box.fill(content);
  await box.press("Enter");
  const bubble = page.getByTestId("message-list").getByText(content);
  await bubble.waitFor({ timeout: 10_000 });
  // "Not sent" sits in the bubble beside its Retry button, so the bubble's text is matched in part.
  await page.getByTestId("message-list").getByText(MESSAGING_TEXTS.notSent).waitFor({ timeout: 20_000 });
  seen.notSent = true;
  seen.retryOffered = await page.getByRole("button", { name: MESSAGING_TEXTS.retry }).isVisible();
  return seen;
}

/**
 * After the restart: the page must reconnect by itself and deliver the message without a click
 * (waits up to `withinMs`); if it does not, the person's Retry is clicked so the exactly-once
 * check still runs, and the report says it needed the click.
 */
export async function afterRestart({ page }, content, withinMs = 45_000) {
  const result = { reconnected: false, deliveredWithoutClick: false, deliveredAfterClick: false, stillSignedIn: false, secondsToReconnect: null };
  const t0 = Date.now();
  try {
    await page.getByTestId("reconnecting").waitFor({ state: "detached", timeout: withinMs });
    result.reconnected = true;
    result.secondsToReconnect = (Date.now() - t0) / 1000;
  } catch {
    // Reported below.
  }
  const pendingGone = () =>
    page.waitForFunction(
      ([text, sending, notSent]) => {
        const list = globalThis.document.querySelector('[data-testid="message-list"]');
        if (!list) return false;
        const bubbles = [...list.children].filter((el) => el.textContent?.includes(text));
        return bubbles.length === 1 && !bubbles[0].textContent.includes(notSent) && !bubbles[0].textContent.includes(sending);
      },
      [content, MESSAGING_TEXTS.sending, MESSAGING_TEXTS.notSent],
      { timeout: 20_000 },
    );
  try {
    await pendingGone();
    result.deliveredWithoutClick = true;
  } catch {
    const retry = page.getByRole("button", { name: MESSAGING_TEXTS.retry });
    if (await retry.isVisible()) {
      await retry.click();
      try {
        await pendingGone();
        result.deliveredAfterClick = true;
      } catch {
        // Reported.
      }
    }
  }
  // The conversation is still open (/messages?conversation=…), not the sign-in page.
  result.stillSignedIn = new URL(page.url()).pathname.startsWith("/messages") && (await page.getByRole("textbox", { name: MESSAGING_TEXTS.messageLabel }).isVisible());
  return result;
}
