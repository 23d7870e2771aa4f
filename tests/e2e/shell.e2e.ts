// The foundation journey: landing page, 404, service worker and manifest, at phone and desktop
// sizes, with screenshots saved to tests/e2e/screenshots/.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, PASSWORD, baseURL, createConfirmedUser, launch, newContext, screenshot, trackErrors } from "./browser";

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
    // Before the load event: the entry and Vite's preload helper only. The enhancement's modules
    // (theme, haptics, touch guards, native bridge) come after it.
    const scripts = timing.resources.filter((resource) => resource.name.endsWith(".js") && !resource.name.endsWith("/sw.js"));
    const early = scripts.filter((script) => script.start < timing.loadEventStart).map((script) => script.name);
    expect(early.every((name) => /\/assets\/(landing|preload-helper)-[\w-]+\.js$/.test(name)), early.join(", ")).toBe(true);
    expect(scripts.some((script) => /\/assets\/enhance-[\w-]+\.js$/.test(script.name) && script.start >= timing.loadEventStart)).toBe(true);
    // …and after the first paint (decision record 0075).
    const enhancement = scripts.filter((script) => !/\/assets\/(landing|preload-helper)-[\w-]+\.js$/.test(script.name));
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
  it("paints the prerendered frame with the stored theme, then the sign-in form takes over", async () => {
    const context = await newContext(browser, MOBILE);
    await context.addInitScript(() => {
      if (!localStorage.getItem("backline:theme")) localStorage.setItem("backline:theme", "light");
    });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const response = await page.goto("/auth");
    const html = (await response?.text()) ?? "";
    // The page as served: the frame and a placeholder in #root, the CSS and the theme script inline.
    expect(html).toContain('<div id="root" data-prerendered="auth">');
    expect(html).toContain("Where music professionals meet, create and get booked.");
    expect(html).not.toContain('src="/theme-init.js"');
    // Only the frame's rules inline; the whole sheet applies to nothing until the app takes over
    // (decision record 0075).
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([expect.stringMatching(/^<link rel="stylesheet" href="\/assets\/index-[\w-]+\.css" media="print" data-app-styles>$/)]);
    const inlineStyles = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlineStyles).toContain("@font-face");
    expect(inlineStyles).toMatch(/\.dark\{\s*--background:/);
    expect(inlineStyles.length).toBeLessThan(40_000);
    // The app's scripts start only once the frame is on screen (decision record 0075): the page
    // carries a small loader and neither the entry nor a module preload.
    const loaderSrc = /<script type="module" fetchpriority="low" crossorigin src="(\/assets\/auth-loader-[\w-]+\.js)">/.exec(html)?.[1];
    expect(loaderSrc).toBeDefined();
    expect(html).not.toMatch(/\/assets\/index-[\w-]+\.js/);
    // The only module preloads the page names are the sign-in script's own imports (0098).
    const islandPreloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(islandPreloads.filter((link) => /\/assets\/(index|auth\.index)-/.test(link))).toEqual([]);
    const loader = await (await fetch(`${baseURL()}${loaderSrc}`)).text();
    // The loader preloads the sign-in route's own chunk (decision record 0075)…
    expect(loader).toMatch(/"\/assets\/auth\.index-[\w-]+\.js"/);
    // The painted page already holds a live form (decision record 0098); the app's screen is in
    // once "Continue with Google", which only the app draws, is there.
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("button", { name: "Sign In", exact: true }).count()).toBe(1);
    // …with everything it imports, so the router's first load appended no preload of its own.
    const preloadsLoaded = loader.match(/"\/assets\/[\w.-]+\.js"/g)?.length ?? 0;
    expect(preloadsLoaded).toBeGreaterThan(5);
    // Beyond the loader's and the sign-in script's, only what the shell loads on use after its first
    // commit (the notification-tap listener) was preloaded.
    const named = new Set([...(loader.match(/"\/assets\/[\w.-]+\.js"/g) ?? []).map((quoted) => quoted.slice(1, -1)), ...islandPreloads.map((link) => /href="([^"]+)"/.exec(link)?.[1] ?? "")]);
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.filter((href) => !named.has(href) && !/\/assets\/push-navigation-[\w-]+\.js$/.test(href))).toEqual([]);
    expect(preloaded.length).toBeGreaterThanOrEqual(preloadsLoaded - 1);
    // The app's scripts were requested only after the first paint; the sign-in form's own small
    // script (issue #29 item 3) is the page's, loaded at once.
    const islandSrc = /<script type="module" crossorigin src="(\/assets\/auth-sign-in-island-[\w-]+\.js)">/.exec(html)?.[1];
    expect(islandSrc).toBeDefined();
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      entry: performance.getEntriesByType("resource").find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.startTime ?? Number.NaN,
      route: performance.getEntriesByType("resource").find((entry) => /\/assets\/auth\.index-[\w-]+\.js$/.test(entry.name))?.startTime ?? Number.NaN,
    }));
    expect(timing.entry).toBeGreaterThan(timing.paint);
    expect(timing.route).toBeGreaterThan(timing.paint);
    // The placeholder is gone, the frame is the app's own now, and the light theme held: the
    // inline theme script ran under the CSP (a refused script would be a console error).
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(await page.getByRole("link", { name: "Back to Home" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await page.locator("link[data-app-styles]").getAttribute("media")).toBe("all");
    // The moment the form accepts typing is marked for the bench (issue #29 item 3), once: by the
    // painted form's script, before the app's form existed.
    const formLive = await page.evaluate(() => (performance.getEntriesByName("backline:auth-form-live", "mark") as PerformanceMark[]).map((mark) => mark.detail as string));
    expect(formLive).toEqual(["painted-form"]);
    expect(await page.locator("[data-stalled]").count()).toBe(0);
    await screenshot(page, "auth-first-visit-mobile");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("first visit to /auth when something fails to load (issue #29 item 3)", () => {
  it("offers a reload when the app's script does not arrive, and the reload brings the form", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    // CSS animations run 50× faster, so the frame's 8-second reveal comes in a fraction of a second.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Animation.enable");
    await cdp.send("Animation.setPlaybackRate", { playbackRate: 50 });
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, (route) => route.abort("connectionfailed"));
    await page.goto("/auth");
    const stalled = page.locator("[data-stalled]");
    await expect.poll(() => stalled.isVisible()).toBe(true);
    expect(await stalled.innerText()).toContain("Taking longer than usual?");
    await screenshot(page, "auth-stalled-mobile");
    // The connection is back: the reload gives the working form.
    await page.unroute(entry);
    await Promise.all([page.waitForEvent("load"), stalled.getByRole("link", { name: "Reload the page" }).click()]);
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await page.locator("[data-stalled]").count()).toBe(0);
    await context.close();
  });

  it("signs in from the painted form while the app's script has not arrived", async () => {
    const account = { email: `early-${Date.now()}@example.test`, password: PASSWORD, username: `early${Date.now() % 1_000_000}`, displayName: "Early Bird" };
    await createConfirmedUser(account);
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort("connectionfailed"));
    await page.goto("/auth?redirect=%2Fsearch");
    const form = page.getByRole("form", { name: "Sign in" });
    // A wrong password first: the server's words, in place.
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toBe("Invalid login credentials");
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    // A new account sees onboarding first, then the page it came for.
    await page.waitForURL((url) => url.pathname === "/create-profile" && url.searchParams.get("redirect") === "/search");
    await context.close();
  });

  it("keeps what was typed, and the field in use, when the app takes over", async () => {
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    // The app's entry arrives only when the test lets it, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill("someone@example.com");
    await form.getByLabel("Password", { exact: true }).pressSequentially("half");
    release();
    // The app's screen is in: the Google button replaced the frame's placeholder.
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("form", { name: "Sign in" }).getByLabel("Email").inputValue()).toBe("someone@example.com");
    const password = page.getByRole("form", { name: "Sign in" }).getByLabel("Password", { exact: true });
    expect(await password.inputValue()).toBe("half");
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });

  it("still signs in when the app's stylesheet does not arrive", async () => {
    const account = { email: `nostyle-${Date.now()}@example.test`, password: PASSWORD, username: `nostyle${Date.now() % 1_000_000}`, displayName: "No Style" };
    await createConfirmedUser(account);
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await page.route(/\/assets\/index-[\w-]+\.css$/, (route) => route.abort("connectionfailed"));
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.waitFor();
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/feed" || url.pathname === "/create-profile");
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
