// Chromium for end-to-end journeys: the system browser driven by playwright-core (Playwright's
// own browser download cannot work here), with the flags that keep it off the closed network.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
// @ts-expect-error plain ESM module without type declarations
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../seed/demo-account.mjs";

const SCREENSHOTS = path.resolve(import.meta.dirname, "screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function baseURL() {
  return inject("baseURL");
}

/**
 * Every CSP violation and uncaught error of every page a journey opens (DESIGN.md "What we test",
 * decision record 0086). `launch` watches each context's pages; tests/e2e/setup.ts fails the test
 * (or the file, for its hooks) that was running when one happened.
 */
const pageFailures: string[] = [];

/** The failures collected since the last call, emptied. */
export function takePageFailures(): string[] {
  return pageFailures.splice(0);
}

// Runs in every page and frame before its own scripts: the event carries what the console line may
// not (the directive and the blocked source), and it fires for violations that log nothing.
const REPORT_CSP_VIOLATIONS = `document.addEventListener("securitypolicyviolation", (event) => {
  console.error("[csp] securitypolicyviolation: " + event.effectiveDirective + " blocked " + (event.blockedURI || "an inline source") + " in " + event.sourceFile + ":" + event.lineNumber);
});`;

function watchPage(page: Page) {
  const where = () => {
    try {
      return new URL(page.url()).pathname;
    } catch {
      return page.url();
    }
  };
  page.on("pageerror", (error) => {
    // A new page's first document is about:blank, where only a journey's own init scripts run (one
    // that reads localStorage throws there, an opaque origin): none of the app's code.
    if (page.url() === "about:blank") return;
    pageFailures.push(`uncaught page error on ${where()}: ${error.stack ?? error.message}`);
  });
  page.on("console", (message) => {
    const text = message.text();
    // Chromium's own report ("Refused to execute inline script because it violates the following
    // Content Security Policy directive…") and the listener's line above.
    if (message.type() === "error" && (text.startsWith("[csp]") || text.includes("Content Security Policy"))) {
      pageFailures.push(`CSP violation on ${where()}: ${text}`);
    }
  });
}

async function watchContext(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  context.on("page", watchPage);
  return context;
}

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  // Every profile a journey opens is watched, whichever way it was opened.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // A page opened this way owns its context, as Playwright's own newPage does.
    page.on("close", () => void context.close().catch(() => {}));
    return page;
  };
  return browser;
}

let contexts = 0;

/**
 * A fresh browser profile. Each one gets its own client address in CF-Connecting-IP, as
 * Cloudflare gives every visitor in production; without it every local request shares one
 * rate-limit bucket, and the journeys would trip the sign-in and sign-up limits of each other.
 */
export async function newContext(browser: Browser, viewport = MOBILE, storageState?: string): Promise<BrowserContext> {
  contexts++;
  return browser.newContext({
    baseURL: baseURL(),
    storageState,
    extraHTTPHeaders: { "cf-connecting-ip": `127.0.${(process.pid % 200) + 1}.${(contexts % 250) + 1}` },
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
}

/** Collects uncaught page errors and console errors so a test can assert there were none. */
export function trackErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A failed resource's console line does not name it; its location does.
    const where = message.location().url;
    if (message.type() === "error") errors.push(`console: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  return errors;
}

export async function screenshot(page: Page, name: string) {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

let signUps = 0;

/**
 * Signs a new user up through the API and confirms the address with the link from the dev
 * outbox, as someone reading their mail would: the start of every journey that needs a fresh
 * account.
 */
type NewAccount = { email: string; password: string; username: string; displayName: string };

/** Signs an account up and leaves it unconfirmed: its confirmation mail waits in the dev outbox. */
export async function signUpUser(account: NewAccount) {
  const origin = baseURL();
  // Each account signs up from its own client address, as each person would: the journeys'
  // sign-ups from this one process would otherwise share the limit of 3 per hour (spec §9).
  signUps++;
  const clientIp = `127.1.${(process.pid % 200) + 1}.${(signUps % 250) + 1}`;
  const signUp = await fetch(`${origin}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "cf-connecting-ip": clientIp },
    body: JSON.stringify(account),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
}

export async function createConfirmedUser(account: NewAccount) {
  const origin = baseURL();
  await signUpUser(account);
  const outbox = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as { messages: { to: string; text: string }[] };
  const mail = outbox.messages.find((m) => m.to === account.email);
  const token = /\/auth\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
  expect(token, "a confirmation link in the outbox").toBeTruthy();
  const confirm = await fetch(`${origin}/api/auth/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ token: decodeURIComponent(token!) }),
  });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
}

/** The password of the journeys' fresh accounts: it passes every sign-up rule. */
export const PASSWORD = "Mix!Bus#Glue42";

/** A new, confirmed account with the journeys' password; its address is `username@example.com`. */
export async function newAccount(username: string, displayName: string) {
  const account = { email: `${username}@example.com`, password: PASSWORD, username, displayName };
  await createConfirmedUser(account);
  return account;
}

/** JSON write through the profile's own cookies, with the Origin header the API's origin check wants. */
export async function apiPost<T>(context: BrowserContext, path: string, data: unknown, status = 201): Promise<T> {
  const res = await context.request.post(path, { data, headers: { origin: baseURL() } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/**
 * A seller finishes the TEST MODE payout onboarding through the API (the money journey walks the
 * screens): buyers can pay them only after it (decision record 0081).
 */
export async function enablePayouts(context: BrowserContext) {
  const link = await apiPost<{ url: string }>(context, "/api/payouts/onboarding-link", {}, 200);
  expect(new URL(link.url, baseURL()).pathname).toBe("/api/payouts/test-onboarding");
  const res = await context.request.post("/api/payouts/test-onboarding", { form: { outcome: "complete" }, headers: { origin: baseURL() }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(303);
}

/** Signs a profile in through the API, for someone whose screens the journey does not look at. */
export async function signInByApi(context: BrowserContext, email: string, password = PASSWORD) {
  await apiPost(context, "/api/auth/sign-in", { email, password }, 200);
}

/** The toast that says `text` (sonner's), the first if the same words show twice. */
export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first();

/**
 * Signs in through the /auth form as a person would, and skips the onboarding a new account is
 * offered first: the journeys start on /feed.
 */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.waitFor();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/feed" || url.pathname === "/create-profile");
  if (new URL(page.url()).pathname === "/create-profile") await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL((url) => url.pathname === "/feed");
}

// The seeded demo account, shared by the journeys that need the demo world (a11y, messages,
// offline, posts, social). Its cookies live in the e2e state folder, which the global setup
// empties at the start of every run, so a run signs in as the demo once however many journeys
// use it: the spec allows 5 sign-ins per 15 minutes per email, and the server keeps that limit.

const DEMO_SESSION = path.resolve(import.meta.dirname, ".state/demo-session.json");

/**
 * A browser profile signed in as the demo account. The first one of a run signs in through the
 * /auth form; later ones continue that session. Each starts by rotating the refresh token, so it
 * holds a fresh 15-minute access token and the journey never has to refresh halfway, and closing
 * the profile saves the cookies again, since refresh tokens are single use. A journey that signed
 * the demo out (offline does) has ended the session: the next profile signs in afresh.
 */
export async function demoContext(browser: Browser, viewport = MOBILE): Promise<BrowserContext> {
  const saved = existsSync(DEMO_SESSION) ? DEMO_SESSION : undefined;
  const context = await newContext(browser, viewport, saved);
  const renewed = saved ? await context.request.post("/api/auth/refresh", { headers: { origin: baseURL() } }) : null;
  if (!renewed?.ok()) {
    const page = await context.newPage();
    await signInThroughForm(page, DEMO_EMAIL as string, DEMO_PASSWORD as string);
    await page.close();
  }
  await context.storageState({ path: DEMO_SESSION });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await saveDemoSession(context);
    await close(options);
  };
  return context;
}

/** Keeps the profile's cookies for the next journey, if it is still the demo account's session. */
async function saveDemoSession(context: BrowserContext) {
  try {
    const session = await context.request.get("/api/auth/session");
    const body = (await session.json()) as { user: { email: string } | null };
    if (body.user?.email === DEMO_EMAIL) await context.storageState({ path: DEMO_SESSION });
  } catch {
    // A profile whose browser is already gone has nothing left to save; the next journey signs in.
  }
}

// Checking and photographing a screen, shared by the journeys (profiles, marketplace, checkout, messages).

/**
 * The serious and critical accessibility violations on the screen as it is now (animations ended):
 * every WCAG 2.1 A/AA rule, or only the named `rules` (for a check that can only differ in those).
 */
export async function blockingViolations(page: Page, rules?: string[]): Promise<string[]> {
  await animationsSettled(page);
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge the
  // frames' results, about 0.3 s each time. The only frames the app has are Stripe's card fields,
  // cross-origin and not ours to fix, which legacy mode leaves out (decision record 0072).
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const results = await (rules ? axe.withRules(rules) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map(describeNode).join(" | ")}`);
}

/** The element, and for a contrast failure the colours axe measured, so the fix can be chosen. */
function describeNode(node: { target: unknown[]; html: string; any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor ?? "?"}: ${data.contrastRatio}) ${node.html.slice(0, 160)}` : "";
  return `${node.target.join(" ")}${colours}`;
}

/** No serious or critical accessibility violations on the screen as it is now (animations ended). */
export async function expectAccessible(page: Page, screen: string) {
  expect(await blockingViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Waits until the images on screen have loaded, so screenshots show the real page. */
async function imagesOnScreenLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight).every((img) => img.complete),
  );
}

/**
 * Waits for finite animations (the 300 ms page fade, toasts sliding in) to end: axe measures
 * contrast from the colours on screen, and a page half faded in has none. Endless ones (skeleton
 * pulses) are left running.
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getComputedTiming().iterations === Infinity || animation.playState !== "running"),
  );
}

/** The screen at phone size and at desktop width, checked with axe at both. */
export async function photograph(page: Page, name: string) {
  // Each picture shows the screen from its top, as it opens.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await animationsSettled(page);
  await imagesOnScreenLoaded(page);
  await expectAccessible(page, `${name} (phone)`);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await imagesOnScreenLoaded(page);
  await expectAccessible(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(150);
}

/** A small, real WAV file, as a seller's stems would be (the checkout and money journeys) (RIFF/WAVE header and a short silence), as a seller's stems would be. */
export function wavFile(seconds = 0.05): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/**
 * A sine tone as a 16-bit mono WAV (the revision journey's mixes): real audio the browser decodes,
 * measures and plays. `dbfs` is the sine's peak level (−20 is a quiet mix, −6 a loud one).
 */
export function toneWav(seconds: number, frequency = 440, dbfs = -12): Buffer {
  const rate = 22_050;
  const samples = Math.round(rate * seconds);
  const amplitude = 32_767 * 10 ** (dbfs / 20);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples * 2, 40);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / rate)), i * 2);
  return Buffer.concat([header, data]);
}
