// Accessibility on every screen (decision 0063): each screen of the app, opened
// by a visitor or by the demo account, at 390×844 and 1280×800, in the light and the dark theme,
// checked with axe (no serious or critical WCAG 2.1 A/AA violations). The screens are one table:
// a new screen is one more row. Each screen is opened once and then resized and switched to the
// dark theme in place (decision record 0072). The run prints a table of the results per screen
// and fails with every violation it found, not only the first; each screen is photographed in the
// light theme at both sizes. The comments sheet is checked open on a post with more than one page of comments,
// and a second journey reads those pages as a person would, with axe on the states it passes
// through (the first page loading, a page that failed), which the settled table never sees
// (decision record 0066).
import type { APIResponse, Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  MOBILE,
  apiPost,
  baseURL,
  blockingViolations,
  demoContext,
  launch,
  newAccount,
  newContext,
  photograph,
  screenshot,
  signInByApi,
  toast,
  trackErrors,
} from "./browser";

/** What the screens need from the demo world, read through the API before the tour starts. */
interface World {
  postId: string;
  /** Another musician, with a service and a product on sale. */
  sellerId: string;
  serviceId: string;
  productId: string;
  conversationId: string;
  /** One of the demo account's orders, paid in test mode. */
  orderId: string;
  /** A custom offer another musician made to the demo account, still open. */
  offerId: string;
  /** A post in the demo account's feed with more than one page of comments (see BusyPost). */
  busy: BusyPost;
}

/**
 * A post with 22 top-level comments (a page is 20, oldest first; decision record 0061) from two
 * other musicians, the oldest with 5 replies and the newest with 4 (a thread shows its first 3).
 * The texts are in the order they were written.
 */
interface BusyPost {
  postId: string;
  comments: string[];
  oldestReplies: string[];
  newestReplies: string[];
}

interface Screen {
  name: string;
  /** Who looks at it: a visitor, or the demo account signed in. */
  as: "visitor" | "demo";
  path: (world: World) => string;
  /** Something that is on screen once the screen has its content (besides its heading). */
  ready?: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: "landing", as: "visitor", path: () => "/" },
  { name: "auth sign in", as: "visitor", path: () => "/auth", ready: (page) => page.getByRole("form", { name: "Sign in" }).waitFor() },
  { name: "auth sign up", as: "visitor", path: () => "/auth?tab=signup" },
  { name: "auth forgot", as: "visitor", path: () => "/auth/forgot" },
  { name: "auth reset", as: "visitor", path: () => "/auth/reset?token=not-a-real-token" },
  { name: "auth confirm", as: "visitor", path: () => "/auth/confirm?token=not-a-real-token" },
  { name: "post (visitor)", as: "visitor", path: (w) => `/post/${w.postId}` },
  { name: "profile (visitor)", as: "visitor", path: (w) => `/profile/${w.sellerId}` },
  { name: "product (visitor)", as: "visitor", path: (w) => `/product/${w.productId}` },
  { name: "service (visitor)", as: "visitor", path: (w) => `/service/${w.serviceId}` },
  { name: "404", as: "visitor", path: () => "/no-such-screen" },
  { name: "feed", as: "demo", path: () => "/feed", ready: (page) => page.getByTestId("post-card").first().waitFor() },
  { name: "upload", as: "demo", path: () => "/upload" },
  { name: "bookmarks", as: "demo", path: () => "/bookmarks" },
  { name: "post", as: "demo", path: (w) => `/post/${w.postId}` },
  { name: "settings", as: "demo", path: () => "/settings" },
  { name: "dashboard", as: "demo", path: () => "/dashboard" },
  { name: "dashboard purchases", as: "demo", path: () => "/dashboard?tab=purchases" },
  { name: "edit profile", as: "demo", path: () => "/edit-profile" },
  { name: "create profile", as: "demo", path: () => "/create-profile" },
  { name: "profile", as: "demo", path: (w) => `/profile/${w.sellerId}` },
  { name: "search explore", as: "demo", path: () => "/search" },
  { name: "search users", as: "demo", path: () => "/search?tab=users&q=mix" },
  { name: "search tags", as: "demo", path: () => "/search?tab=tags" },
  { name: "search services", as: "demo", path: () => "/search?tab=services" },
  { name: "services", as: "demo", path: () => "/services" },
  { name: "products", as: "demo", path: () => "/products" },
  { name: "service", as: "demo", path: (w) => `/service/${w.serviceId}` },
  { name: "product", as: "demo", path: (w) => `/product/${w.productId}` },
  { name: "messages", as: "demo", path: () => "/messages" },
  { name: "messages conversation", as: "demo", path: (w) => `/messages?conversation=${w.conversationId}` },
  { name: "activity", as: "demo", path: () => "/activity" },
  { name: "order", as: "demo", path: (w) => `/orders/${w.orderId}` },
  { name: "payment success", as: "demo", path: (w) => `/payment-success?order=${w.orderId}` },
  { name: "payments", as: "demo", path: () => "/payments", ready: (page) => page.getByTestId("payment-totals").waitFor() },
  { name: "offer", as: "demo", path: (w) => `/offers/${w.offerId}`, ready: (page) => page.getByTestId("offer-panel").waitFor() },
  { name: "analytics", as: "demo", path: () => "/analytics" },
  { name: "reviews", as: "demo", path: () => "/reviews" },
  { name: "portfolio", as: "demo", path: () => "/portfolio" },
  { name: "booking", as: "demo", path: () => "/booking" },
  { name: "comments sheet (many)", as: "demo", path: (w) => `/post/${w.busy.postId}`, ready: openBusyComments },
];

/** Opens the post's comments and waits for the first page, with "Load more" and a longer thread. */
async function openBusyComments(page: Page) {
  await page.getByTestId("comments-button").click();
  const sheet = page.getByTestId("comments-dialog");
  await sheet.getByTestId("load-more-comments").waitFor();
  await sheet.getByTestId("more-replies").first().waitFor();
  await sheet.getByTestId("live-indicator").getByText("Live").waitFor();
  return sheet;
}

/** A11Y_SCREENS=feed,settings checks only those rows (names as in the table), to iterate on a fix. */
const only = process.env.A11Y_SCREENS?.split(",").map((name) => name.trim());
const screens = only ? SCREENS.filter((screen) => only.includes(screen.name)) : SCREENS;

const VIEWPORTS = [
  { label: "390×844", size: MOBILE },
  { label: "1280×800", size: DESKTOP },
] as const;
const THEMES = ["light", "dark"] as const;
type Viewport = (typeof VIEWPORTS)[number];
type Theme = (typeof THEMES)[number];

/**
 * The four looks of a screen, in the order they are checked on one open page: the screen opens at
 * phone size in the light theme, turns dark, grows to desktop width still dark, and turns light
 * again, so each step changes one thing.
 */
const CELLS: { viewport: Viewport; theme: Theme }[] = [
  { viewport: VIEWPORTS[0], theme: "light" },
  { viewport: VIEWPORTS[0], theme: "dark" },
  { viewport: VIEWPORTS[1], theme: "dark" },
  { viewport: VIEWPORTS[1], theme: "light" },
];

/**
 * The axe rules the dark theme is checked with. The theme is the `dark` class on <html>, which
 * only swaps colour tokens (the toggle's two icons are aria-hidden and its label is checked in the
 * light theme), so the structure, names, roles and layout that every other rule reads are the same
 * as in the light theme at that size, where the full rule set runs; what the theme can change is
 * what these two measure: text contrast, and a link told from its sentence by colour alone.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** Finds a post, a seller with a service and a product, a conversation, and buys the product. */
async function readWorld(demo: BrowserContext): Promise<World> {
  const headers = { origin: baseURL() };
  const session = await json<{ user: { id: string } }>(await demo.request.get("/api/auth/session"));
  const feed = await json<{ items: { id: string; userId: string }[] }>(await demo.request.get("/api/feed?limit=20"));
  const others = feed.items.filter((post) => post.userId !== session.user.id);
  let seller: { sellerId: string; serviceId: string; productId: string } | null = null;
  for (const authorId of new Set(others.map((post) => post.userId))) {
    const services = await json<{ items: { id: string }[] }>(await demo.request.get(`/api/users/${authorId}/services?limit=1`));
    const products = await json<{ items: { id: string }[] }>(await demo.request.get(`/api/users/${authorId}/products?limit=5`));
    if (services.items[0] && products.items[0]) {
      seller = { sellerId: authorId, serviceId: services.items[0].id, productId: products.items[0].id };
      break;
    }
  }
  if (!seller) throw new Error("the demo world has no followed seller with a service and a product");
  const conversations = await json<{ items: { id: string }[] }>(await demo.request.get("/api/conversations"));
  const started = await json<{ orderId: string }>(
    await demo.request.post("/api/checkout/create-embedded-payment", { data: { itemType: "product", itemId: seller.productId }, headers }),
    201,
  );
  await json(await demo.request.post(`/api/checkout/test/${started.orderId}/confirm`, { data: { outcome: "success" }, headers }));
  const stamp = Date.now().toString(36);
  const offerId = await offerToDemo(stamp);
  const busy = await busyPost(demo, session.user.id, stamp);
  return { postId: others[0]!.id, ...seller, conversationId: conversations.items[0]!.id, orderId: started.orderId, offerId, busy };
}

/** A profile of a new musician, signed in through the API (their own screens are not looked at). */
async function someoneElse(username: string, displayName: string) {
  const account = await newAccount(username, displayName);
  const context = await newContext(browser, MOBILE);
  await signInByApi(context, account.email);
  return context;
}

/** A custom offer to the demo account from a new seller, made through the API (payments.e2e covers its form). */
async function offerToDemo(stamp: string): Promise<string> {
  const seller = await someoneElse(`a11y_seller_${stamp}`, "Noor Haddad");
  const offer = await apiPost<{ id: string }>(seller, "/api/offers", {
    username: "demo",
    title: "Vocal tuning for three songs",
    description: "Natural tuning and timing on the lead vocal, one revision.",
    price: "180",
    deliveryDays: 4,
  });
  await seller.close();
  return offer.id;
}

/**
 * Two musicians comment on a post in the demo account's feed (each stays within the spec's 20
 * comments an hour): 22 top-level comments, 5 replies to the oldest and 4 to the newest.
 */
async function busyPost(demo: BrowserContext, demoId: string, stamp: string): Promise<BusyPost> {
  const feed = await json<{ items: { id: string; userId: string; commentsCount: number }[] }>(await demo.request.get("/api/feed?limit=20"));
  // A post nobody has commented on yet, so the sheet holds exactly the comments written here;
  // the last such in the feed, away from the top post other journeys comment on.
  const postId = feed.items.findLast((post) => post.commentsCount === 0 && post.userId !== demoId)?.id;
  if (!postId) throw new Error("the demo account's feed has no post without comments");
  const people = [await someoneElse(`a11y_kai_${stamp}`, "Kai Moreno"), await someoneElse(`a11y_ines_${stamp}`, "Inês Duarte")];
  const write = (index: number, content: string, parentId: string | null = null) =>
    apiPost<{ id: string }>(people[index % 2]!, `/api/posts/${postId}/comments`, { content, parentId });
  const comments = Array.from({ length: 22 }, (_, i) => `Note ${i + 1} on the low end: the kick and bass share ${40 + i} Hz.`);
  const ids: string[] = [];
  for (const [i, content] of comments.entries()) ids.push((await write(i, content)).id);
  const oldestReplies = Array.from({ length: 5 }, (_, i) => `Reply ${i + 1} to the first note: try a ${i + 2} dB cut.`);
  const newestReplies = Array.from({ length: 4 }, (_, i) => `Reply ${i + 1} to the last note: sidechain by ${i + 3} ms.`);
  for (const content of oldestReplies) await write(0, content, ids[0]!);
  for (const content of newestReplies) await write(1, content, ids.at(-1)!);
  for (const person of people) await person.close();
  return { postId, comments, oldestReplies, newestReplies };
}

/**
 * The screen has its content: a heading or a form, no skeletons or spinners, no follow button
 * still reading its state (it is disabled and faded meanwhile, which WCAG exempts but axe
 * measures), and the screen's own marker.
 */
async function screenReady(page: Page, screen: Screen) {
  await contentShown(page);
  // Late answers (a follow state read after the card drew "Follow") restyle buttons with a
  // colour transition; axe must see the end of it. Screens that poll never go idle: bounded.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await screen.ready?.(page);
}

async function contentShown(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector("h1, h2, form") !== null &&
      document.querySelector(".animate-pulse, .animate-spin, [data-testid='follow-button']:disabled") === null,
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Counts the page's requests in flight, so a screen that was resized can be waited for: a layout
 * that only exists at desktop width (a side column) may fetch what it shows.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on("request", (request) => inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  /** Resolves once no request has been in flight for 300 ms; a screen that polls gets 3 s at most. */
  return async function networkQuiet() {
    const deadline = Date.now() + 3_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) return;
      await page.waitForTimeout(50);
    }
  };
}

/**
 * Shows the open screen at `viewport` in `theme` without reloading it: the app follows the
 * system colour scheme while no theme is chosen (web/lib/theme.ts watchSystemTheme), so emulating
 * it puts the `dark` class on <html> or takes it off as theme-init.js does on a first paint. After
 * a resize the layout re-renders (and may fetch); then the screen must have its content again.
 */
async function showAs(page: Page, viewport: Viewport, theme: Theme, networkQuiet: () => Promise<void>) {
  const resized = page.viewportSize()?.width !== viewport.size.width;
  if (resized) await page.setViewportSize(viewport.size);
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, theme === "dark", { timeout: 10_000 });
  // Two frames: media-query listeners and the re-render they start have run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  if (resized) {
    await contentShown(page);
    await networkQuiet();
  }
}

interface Row {
  screen: string;
  viewport: string;
  theme: string;
  violations: string[];
}

function printTable(rows: Row[]) {
  const byScreen = new Map<string, Row[]>();
  for (const row of rows) byScreen.set(row.screen, [...(byScreen.get(row.screen) ?? []), row]);
  const columns = VIEWPORTS.flatMap((viewport) => THEMES.map((theme) => `${viewport.label} ${theme}`));
  const width = Math.max(...screens.map((screen) => screen.name.length));
  const lines = [`${"screen".padEnd(width)} | ${columns.map((column) => column.padEnd(14)).join(" | ")}`];
  lines.push("-".repeat(lines[0]!.length));
  for (const [screen, screenRows] of byScreen) {
    const cells = columns.map((column) => {
      const row = screenRows.find((candidate) => `${candidate.viewport} ${candidate.theme}` === column);
      return (row ? (row.violations.length === 0 ? "0" : `${row.violations.length} FAIL`) : "-").padEnd(14);
    });
    lines.push(`${screen.padEnd(width)} | ${cells.join(" | ")}`);
  }
  console.log(`\naxe, serious + critical violations per screen (WCAG 2.1 A/AA):\n${lines.join("\n")}\n`);
}

describe("accessibility of every screen", () => {
  let visitor: BrowserContext;
  let demo: BrowserContext;
  let world: World;
  beforeAll(async () => {
    visitor = await newContext(browser, MOBILE);
    demo = await demoContext(browser, MOBILE);
    world = await readWorld(demo);
  });
  afterAll(async () => {
    await visitor?.close();
    await demo?.close();
  });

  it("has no serious or critical axe violations on any screen, phone and desktop, light and dark", { timeout: 600_000 }, async () => {
    // The screens are checked in three lanes side by side, each on a page of its own (the
    // visitor's screens, and the demo account's split in two), since most of a screen's time is
    // spent waiting for the server, the layout and axe rather than computing. A lane goes through
    // its screens one after another; the table lists them in SCREENS order whatever finished first.
    const demoScreens = screens.filter((screen) => screen.as === "demo");
    const lanes = [
      { context: visitor, screens: screens.filter((screen) => screen.as === "visitor") },
      { context: demo, screens: demoScreens.filter((_, index) => index % 2 === 0) },
      { context: demo, screens: demoScreens.filter((_, index) => index % 2 === 1) },
    ];
    const results = new Map<Screen, Row[]>();
    await Promise.all(
      lanes.map(async (lane) => {
        const page = await lane.context.newPage();
        // What the page reported, so a screen that does not open says why.
        const errors = trackErrors(page);
        const networkQuiet = trackRequests(page);
        for (const screen of lane.screens) results.set(screen, await checkScreen(page, screen, errors, networkQuiet));
        await page.close();
      }),
    );
    const rows = screens.flatMap((screen) => results.get(screen) ?? []);
    printTable(rows);
    const failures = rows.filter((row) => row.violations.length > 0).map((row) => `${row.screen} @ ${row.viewport} ${row.theme}: ${row.violations.join("; ")}`);
    expect(failures).toEqual([]);
  });

  /** Opens the screen once and checks it in each of its four looks: a row per look. */
  async function checkScreen(page: Page, screen: Screen, errors: string[], networkQuiet: () => Promise<void>): Promise<Row[]> {
    const rows: Row[] = [];
    const errorsBefore = errors.length;
    const failed = (what: string, error: unknown) =>
      `${what}: ${(error as Error).message.split("\n")[0]} (page: ${errors.slice(errorsBefore).join(" / ") || "no errors"}, at ${page.url()})`;
    const photo = (cell: (typeof CELLS)[number]) =>
      screenshot(page, `a11y-${screen.name.replace(/\W+/g, "-")}-${cell.viewport.size.width}-${cell.theme}`);

    // Opened once, at phone size in the light theme, like a first visit.
    await page.setViewportSize(MOBILE);
    await page.emulateMedia({ colorScheme: "light" });
    try {
      await page.goto(screen.path(world));
      await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
      await screenReady(page, screen);
    } catch (error) {
      // Every look of a screen that did not open fails, with the reason on each row.
      const reason = failed("did not open", error);
      await photo(CELLS[0]!);
      return CELLS.map((cell) => ({ screen: screen.name, viewport: cell.viewport.label, theme: cell.theme, violations: [reason] }));
    }

    for (const cell of CELLS) {
      let violations: string[];
      try {
        await showAs(page, cell.viewport, cell.theme, networkQuiet);
        violations = await blockingViolations(page, cell.theme === "dark" ? COLOUR_RULES : undefined);
      } catch (error) {
        violations = [failed(`did not show at ${cell.viewport.label} ${cell.theme}`, error)];
      }
      rows.push({ screen: screen.name, viewport: cell.viewport.label, theme: cell.theme, violations });
      if (violations.length > 0 || cell.theme === "light") await photo(cell);
    }
    return rows;
  }

  it("pages a long comment thread at phone size: more comments, every reply, nothing twice", { timeout: 120_000 }, async () => {
    const page = await demo.newPage();
    await page.setViewportSize(MOBILE);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/post/${world.busy.postId}`);
    await page.getByTestId("post-card").waitFor();

    // While the first page is on its way the sheet says so (held here until axe has looked).
    let releaseFirstPage!: () => void;
    const firstPageHeld = new Promise<void>((resolve) => (releaseFirstPage = resolve));
    const firstPage = /\/api\/posts\/[^/?]+\/comments\??$/;
    await page.route(firstPage, async (route) => {
      await firstPageHeld;
      await route.continue();
    });
    const sheet = page.getByTestId("comments-dialog");
    const opening = openBusyComments(page);
    await sheet.getByRole("status", { name: "Loading comments" }).waitFor();
    expect(await blockingViolations(page), "axe on the comments sheet while its first page loads").toEqual([]);
    await screenshot(page, "comments-sheet-loading-mobile");
    releaseFirstPage();
    await opening;
    await page.unroute(firstPage);
    const { comments, oldestReplies, newestReplies } = world.busy;
    const threads = sheet.getByTestId("comment-thread");
    const topLevelText = (index: number) => threads.nth(index).getByTestId("comment-text").first().innerText();
    const replyTexts = (index: number) => threads.nth(index).getByTestId("comment-replies").getByTestId("comment-text").allInnerTexts();
    expect(await sheet.getByTestId("comments-total").innerText()).toBe(String(comments.length + oldestReplies.length + newestReplies.length));

    // The first page: the oldest 20 threads, oldest first; the oldest shows 3 of its 5 replies.
    expect(await threads.count()).toBe(20);
    expect(await topLevelText(0)).toBe(comments[0]);
    expect(await topLevelText(19)).toBe(comments[19]);
    expect(await replyTexts(0)).toEqual(oldestReplies.slice(0, 3));
    const moreOfOldest = threads.nth(0).getByTestId("more-replies");
    expect(await moreOfOldest.innerText()).toBe("View 2 more replies");
    await photograph(page, "comments-sheet-first-page");

    // Its remaining replies, in order, each once.
    await moreOfOldest.click();
    await moreOfOldest.waitFor({ state: "detached" });
    expect(await replyTexts(0)).toEqual(oldestReplies);

    // "Load more comments" failing: the button offers to try again and an error toast says why.
    const laterPages = /\/api\/posts\/[^/?]+\/comments\?cursor=/;
    await page.route(laterPages, (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await sheet.getByTestId("load-more-comments").click();
    await sheet.getByTestId("load-more-comments").getByText("Try again").waitFor();
    await toast(page, "Failed to load comments").waitFor();
    expect(await threads.count()).toBe(20);
    expect(await blockingViolations(page), "axe on the comments sheet after a failed page").toEqual([]);
    await screenshot(page, "comments-sheet-load-more-failed-mobile");
    await page.unroute(laterPages);

    // Then it works: the two newer threads follow, and the newest thread's last reply is one
    // tap away.
    await sheet.getByTestId("load-more-comments").click();
    await sheet.getByTestId("load-more-comments").waitFor({ state: "detached" });
    await expect.poll(() => threads.count()).toBe(22);
    expect(await topLevelText(20)).toBe(comments[20]);
    expect(await topLevelText(21)).toBe(comments[21]);
    expect(await replyTexts(21)).toEqual(newestReplies.slice(0, 3));
    const moreOfNewest = threads.nth(21).getByTestId("more-replies");
    expect(await moreOfNewest.innerText()).toBe("View 1 more reply");
    await moreOfNewest.click();
    await moreOfNewest.waitFor({ state: "detached" });
    expect(await replyTexts(21)).toEqual(newestReplies);

    // Every comment is on the sheet exactly once.
    const shown = await sheet.getByTestId("comment").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-comment-id")));
    expect(shown.length).toBe(comments.length + oldestReplies.length + newestReplies.length);
    expect(new Set(shown).size).toBe(shown.length);
    const texts = await sheet.getByTestId("comment-text").allInnerTexts();
    expect([...texts].sort()).toEqual([...comments, ...oldestReplies, ...newestReplies].sort());
    await expectAccessibleSheet(page);
    await page.close();
  });
});

/** The open sheet after paging, at phone size (axe reads the whole page; the sheet is modal). */
async function expectAccessibleSheet(page: Page) {
  expect(await blockingViolations(page), "axe on the comments sheet after paging").toEqual([]);
  await screenshot(page, "comments-sheet-paged-mobile");
}
