// The foundation journey: landing page, 404, service worker and manifest, at phone and desktop
// sizes, with screenshots saved to tests/e2e/screenshots/.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, PASSWORD, baseURL, createConfirmedUser, launch, newContext, screenshot, signUpUser, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("landing page", () => {
  for (const [label, viewport] of [["mobile", MOBILE], ["desktop", DESKTOP]] as const) {
    it(`shows the hero, stats, features and footer (${label})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await page.goto("/");
      await expect.poll(() => page.getByRole("link", { name: "Start Creating" }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("link", { name: "Start Creating" }).first().getAttribute("href")).toBe("/auth");
      expect(await page.getByRole("link", { name: "Explore Talent" }).first().getAttribute("href")).toBe("/auth");
      const text = await page.locator("body").innerText();
      for (const claim of ["10K+", "50K+", "4.9"]) expect(text).toContain(claim);
      expect(text).toContain("2024");
      for (const id of ["features", "professionals", "pricing"]) {
        expect(await page.locator(`#${id}`).count(), `#${id}`).toBe(1);
      }
      await screenshot(page, `landing-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("landing page, first paint (decision record 0075)", () => {
  it("sets its text in fonts cut to the page and loads its script's modules after the load event", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to light theme" }).filter({ visible: true }).waitFor();
    // The enhancement is in: the service worker registers only from it.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(true);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType("resource").map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      return { loadEventStart: navigation.loadEventStart, paint, resources };
    });
    const fonts = timing.resources.filter((resource) => resource.name.endsWith(".woff2")).map((resource) => resource.name);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^\/assets\/landing-(inter|space-grotesk)-latin-[\w-]+\.woff2$/);
    // Before the load event: the entry, its wait for the load and the paint (a module the /auth
    // sign-in page shares) and Vite's preload helper only. The enhancement's modules (theme,
    // haptics, touch guards, native bridge) come after it.
    const scripts = timing.resources.filter((resource) => resource.name.endsWith(".js") && !resource.name.endsWith("/sw.js"));
    const early = scripts.filter((script) => script.start < timing.loadEventStart).map((script) => script.name);
    const entryModules = /\/assets\/(landing|after-load-and-paint|preload-helper)-[\w-]+\.js$/;
    expect(early.every((name) => entryModules.test(name)), early.join(", ")).toBe(true);
    expect(scripts.some((script) => /\/assets\/enhance-[\w-]+\.js$/.test(script.name) && script.start >= timing.loadEventStart)).toBe(true);
    // …and after the first paint (decision record 0075).
    const enhancement = scripts.filter((script) => !entryModules.test(script.name));
    expect(enhancement.length).toBeGreaterThan(0);
    expect(Math.min(...enhancement.map((script) => script.start))).toBeGreaterThan(timing.paint);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("switches the theme when the toggle is pressed before the enhancement has loaded", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    // Holds the enhancement's chunk back, so that the press surely comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/enhance-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A phone in dark mode, so that the prerendered toggle's label is the one in force.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Switch to light theme" }).filter({ visible: true }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("backline:theme"))).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).filter({ visible: true }).waitFor();
    await context.close();
  });
});

describe("first visit to /auth", () => {
  it("paints the whole sign-in page from HTML with the stored theme, and loads no part of the app", async () => {
    const context = await newContext(browser, MOBILE);
    await context.addInitScript(() => {
      if (!localStorage.getItem("backline:theme")) localStorage.setItem("backline:theme", "light");
    });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const response = await page.goto("/auth");
    const html = (await response?.text()) ?? "";
    // The page as served: the frame and the form in #root, the CSS and the theme script inline.
    expect(html).toContain('<div id="root" data-prerendered="auth">');
    expect(html).toContain("Where music professionals meet, create and get booked.");
    expect(html).not.toContain('src="/theme-init.js"');
    // Only the page's rules inline, and no stylesheet of the app's (decision record 0098).
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toBeNull();
    const inlineStyles = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlineStyles).toContain("@font-face");
    expect(inlineStyles).toMatch(/\.dark\{\s*--background:/);
    expect(inlineStyles.length).toBeLessThan(40_000);
    // Its one script is the sign-in page's own; neither the app's entry, nor its loader, nor a
    // route of the app is named.
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/auth-sign-in-island-[\w-]+\.js$/)]);
    expect(html).not.toMatch(/\/assets\/(index|auth-loader|auth\.index)-[\w-]+\.js/);
    const form = page.getByRole("form", { name: "Sign in" });
    await form.waitFor();
    // "Continue with Google" as this server's configuration has it (the local one has none).
    await page.getByText("Google sign-in is not configured").waitFor();
    expect(await page.getByRole("button", { name: "Continue with Google" }).isDisabled()).toBe(true);
    // After the first paint: the service worker is registered (it stores the app for the next
    // page) and the page asked whether the visitor is signed in.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)).toBe(true);
    const requested = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    expect(requested).toContain("/api/auth/session");
    expect(requested.filter((path) => /\/assets\/(index|auth\.index|auth-loader)-[\w-]+\.(js|css)$/.test(path))).toEqual([]);
    // The light theme held: the inline theme script ran under the CSP (a refused script would be a
    // console error). The moment the form accepts typing is marked for the bench (issue #29 item 3).
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    const formLive = await page.evaluate(() => (performance.getEntriesByName("backline:auth-form-live", "mark") as PerformanceMark[]).map((mark) => mark.detail as string));
    expect(formLive).toEqual(["painted-form"]);
    expect(await page.locator("[data-stalled]").count()).toBe(0);
    await screenshot(page, "auth-first-visit-mobile");
    // Sign Up is the app's screen: the press goes there, keeping the way back.
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("tab") === "signup");
    await page.getByRole("form", { name: "Sign up" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("first visit to /auth, an account that is not confirmed yet", () => {
  it("is told so in the server's words and can have the confirmation mail again, without the app", async () => {
    const stamp = Date.now();
    const account = { email: `unconfirmed-${stamp}@example.test`, password: PASSWORD, username: `unconf${stamp % 1_000_000}`, displayName: "Not Yet" };
    await signUpUser(account);
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toBe("Email not confirmed. Check your inbox for the confirmation link.");
    await form.getByText("Didn't get the confirmation email?").waitFor();
    await form.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect.poll(() => form.getByRole("status").innerText()).toBe("If that address has an unconfirmed account, a new confirmation link is on its way.");
    await screenshot(page, "auth-first-visit-unconfirmed-mobile");
    // The second mail is in the outbox (sent after the answer), and the page never loaded the app.
    await expect
      .poll(async () => {
        const outbox = (await (await fetch(`${baseURL()}/dev/outbox.json`)).json()) as { messages: { to: string }[] };
        return outbox.messages.filter((message) => message.to === account.email).length;
      })
      .toBe(2);
    const requested = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    expect(requested.filter((path) => /\/assets\/index-[\w-]+\.js$/.test(path))).toEqual([]);
    // The refused sign-in is the one failed request.
    expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await context.close();
  });
});

describe("first visit to /auth when something fails to load (issue #29 item 3)", () => {
  it("offers a reload when the page's script does not arrive, and the reload brings the form", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    // CSS animations run 50× faster, so the frame's 8-second reveal comes in a fraction of a second.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Animation.enable");
    await cdp.send("Animation.setPlaybackRate", { playbackRate: 50 });
    const island = /\/assets\/auth-sign-in-island-[\w-]+\.js$/;
    await page.route(island, (route) => route.abort("connectionfailed"));
    await page.goto("/auth");
    const stalled = page.locator("[data-stalled]");
    await expect.poll(() => stalled.isVisible()).toBe(true);
    expect(await stalled.innerText()).toContain("Taking longer than usual?");
    await screenshot(page, "auth-stalled-mobile");
    // The connection is back: the reload gives the working form.
    await page.unroute(island);
    await Promise.all([page.waitForEvent("load"), stalled.getByRole("link", { name: "Reload the page" }).click()]);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("backline:auth-form-live", "mark").length)).toBe(1);
    expect(await page.locator("[data-stalled]").count()).toBe(0);
    await context.close();
  });

  it("signs in from the page, with the app's script unreachable until the page it goes to", async () => {
    const account = { email: `early-${Date.now()}@example.test`, password: PASSWORD, username: `early${Date.now() % 1_000_000}`, displayName: "Early Bird" };
    await createConfirmedUser(account);
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const app = /\/assets\/index-[\w-]+\.js$/;
    await page.route(app, (route) => route.abort("connectionfailed"));
    await page.goto("/auth?redirect=%2Fsearch");
    const form = page.getByRole("form", { name: "Sign in" });
    // A wrong password first: the server's words, in place.
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toBe("Invalid login credentials");
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await page.unroute(app);
    await form.getByRole("button", { name: "Sign In" }).click();
    // A new account sees onboarding first, then the page it came for.
    await page.waitForURL((url) => url.pathname === "/create-profile" && url.searchParams.get("redirect") === "/search");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    await context.close();
  });
});

describe("404", () => {
  it("shows 'Oops! Page not found' with a way home for an unknown route", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(200); // The SPA answers; the router renders the 404 page.
    await page.getByText("Oops! Page not found").waitFor();
    await screenshot(page, "not-found-mobile");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await context.close();
  });
});

describe("PWA", () => {
  it("serves the service worker at /sw.js and a manifest with real icons", async () => {
    const sw = await fetch(`${baseURL()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    expect(await sw.text()).toContain("precache");

    const manifest = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(body.name).toBe("Backline");
    expect(body.theme_color).toBe("#0a0a0a");
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of body.icons) {
      const res = await fetch(`${baseURL()}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it("registers the service worker and keeps working offline", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto("/");
    // `registration.active` is already set while the worker is still "activating"; a page loaded
    // before activation completes is not controlled, so wait for "activated" itself.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated", undefined, { timeout: 20_000 });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto("/");
    await expect.poll(() => page.getByRole("link", { name: "Start Creating" }).count()).toBeGreaterThan(0);
    await context.setOffline(false);
    await context.close();
  });
});

describe("headers", () => {
  it("sends security headers on the HTML shell and static assets", async () => {
    const res = await fetch(`${baseURL()}/`);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toContain('<div id="root">');
  });
});
