// Every journey of the e2e suite once by keyboard alone (issue #16 part 4; decision 0063): a new
// musician signs up and in, skips onboarding, shares a photo, likes and comments on a post, follows
// its author, searches, writes to the author and buys one of their products in test mode, using
// only Tab, Shift+Tab, Enter, Space, Escape and the arrow keys. The only things not done with keys
// are what a person does outside the page: reading the confirmation mail (its link is opened)
// and picking the file in the operating system's file chooser. Each element reached with Tab must
// show where the focus is (an outline or a ring), and dialogs keep the focus inside until Escape.
import path from "node:path";
import type { APIResponse, Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, baseURL, launch, newContext, screenshot } from "./browser";

const PHOTO = path.resolve(import.meta.dirname, "../../seed/media/images/vinyl-sunset.jpg");
const PASSWORD = "Mix!Bus#Glue42";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Elements that took the keyboard focus without showing it, named for the failure message. */
const unseenFocus = new Set<string>();

/** What has the focus now, and whether it is drawn (an outline, or a ring drawn as a box shadow). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return { visible: outline || ring, label: `${location.pathname} ${element.tagName.toLowerCase()} "${name}"` };
  });
}

async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  if (key === "Tab" || key === "Shift+Tab") {
    const now = await focused(page);
    if (now && !now.visible) unseenFocus.add(now.label);
  }
}

async function isFocused(target: Locator) {
  if ((await target.count()) === 0) return false;
  return target.first().evaluate((element) => element === document.activeElement);
}

/** Whether the target comes before the focused element in the document (then Shift+Tab goes there). */
function isBehindFocus(target: Locator) {
  return target.first().evaluate((element) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return Boolean(active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
  });
}

/** Presses Tab, or Shift+Tab when the target lies behind the focus, until the target has it. */
async function tabTo(page: Page, target: Locator, max = 200) {
  const key = (await isBehindFocus(target)) ? "Shift+Tab" : "Tab";
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await press(page, key);
  }
  throw new Error(`${target} is not reachable with ${key} from ${new URL(page.url()).pathname}`);
}

/** Tabs to the element and presses Enter (or Space) on it. */
async function activate(page: Page, target: Locator, key: "Enter" | "Space" = "Enter") {
  await target.first().waitFor();
  await tabTo(page, target);
  await press(page, key);
}

/** Tabs to a field and types into it, as fingers on keys would. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.first().waitFor();
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tab and Shift+Tab, many times over, never leave the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ["Tab", "Shift+Tab"] as const) {
    for (let i = 0; i < 15; i++) {
      await press(page, key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `${key} leaves the dialog`).toBe(true);
    }
  }
}

async function json<T>(res: APIResponse): Promise<T> {
  expect(res.status(), res.url()).toBe(200);
  return (await res.json()) as T;
}

describe("keyboard alone (390×844)", () => {
  it("signs up and in, posts, likes, comments, follows, searches, messages and buys without a pointer", { timeout: 300_000 }, async () => {
    const origin = baseURL();
    const stamp = Date.now().toString(36);
    const email = `keys_${stamp}@example.com`;
    const username = `keys_${stamp}`;
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();

    // ---- Sign up with the keyboard.
    await page.goto("/auth");
    await page.getByRole("form", { name: "Sign in" }).waitFor();
    // A tab list is one Tab stop (the selected tab); the arrows move between its tabs.
    await tabTo(page, page.getByRole("tab", { name: "Sign In" }));
    await press(page, "ArrowRight");
    const signUp = page.getByRole("form", { name: "Sign up" });
    await signUp.waitFor();
    await typeInto(page, signUp.getByLabel("Email"), email);
    await typeInto(page, signUp.getByLabel("Username"), username);
    await typeInto(page, signUp.getByLabel("Display name"), "Kit Marlowe");
    await typeInto(page, signUp.getByLabel("Password", { exact: true }), PASSWORD);
    await press(page, "Enter");
    await page.getByRole("status").filter({ hasText: "Please check your email to confirm your account" }).waitFor();

    // ---- The mail's link (opened, as one opens a mail), then sign in with the keyboard.
    const outbox = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as { messages: { to: string; text: string }[] };
    const link = /\/auth\/confirm\?token=[A-Za-z0-9_%-]+/.exec(outbox.messages.find((m) => m.to === email)?.text ?? "")?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await activate(page, page.getByRole("link", { name: "Sign In" }));
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.waitFor();
    await typeInto(page, signIn.getByLabel("Email"), email);
    await typeInto(page, signIn.getByLabel("Password", { exact: true }), PASSWORD);
    await press(page, "Enter");
    await page.waitForURL((url) => url.pathname === "/create-profile");
    await activate(page, page.getByRole("button", { name: "Skip for now" }));
    await page.waitForURL((url) => url.pathname === "/feed");

    // A seeded musician with a post and a product on sale, found through the API as the new account.
    const posts = await json<{ items: { id: string; userId: string }[] }>(await context.request.get("/api/posts?limit=20"));
    let target: { postId: string; userId: string; productId: string } | null = null;
    for (const post of posts.items) {
      const products = await json<{ items: { id: string; type: string }[] }>(await context.request.get(`/api/users/${post.userId}/products?limit=10`));
      const digital = products.items.find((product) => product.type === "digital") ?? products.items[0];
      if (digital) {
        target = { postId: post.id, userId: post.userId, productId: digital.id };
        break;
      }
    }
    if (!target) throw new Error("no seeded post by a seller with a product");

    // ---- Share a photo: the type with the arrow keys, the file through the chooser.
    await activate(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Upload" }));
    await page.getByRole("heading", { name: "Create post" }).waitFor();
    // Tab enters the group on Photo, Space chooses it; the arrows would move to Audio and Video.
    const photo = page.getByRole("radio", { name: /Photo/ });
    await activate(page, photo, "Space");
    await expect.poll(() => photo.getAttribute("aria-checked")).toBe("true");
    const chooser = page.waitForEvent("filechooser");
    await activate(page, page.getByRole("button", { name: "Browse files" }));
    await (await chooser).setFiles(PHOTO);
    await page.getByTestId("media-preview").waitFor();
    const caption = `Typed without a mouse ${stamp}`;
    await typeInto(page, page.getByLabel("Caption"), caption);
    await activate(page, page.getByRole("button", { name: "Share Post" }));
    await page.waitForURL((url) => url.pathname === "/feed", { timeout: 30_000 });
    await page.getByTestId("post-card").first().getByText(caption).waitFor();

    // ---- Like and comment on someone's post; the comments dialog keeps the focus.
    await page.goto(`/post/${target.postId}`);
    const like = page.getByTestId("like-button");
    await activate(page, like, "Space");
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    const commentsButton = page.getByTestId("comments-button");
    await activate(page, commentsButton);
    const dialog = page.getByTestId("comments-dialog");
    await dialog.waitFor();
    await expectFocusTrapped(page, dialog);
    const comment = `Great tone ${stamp}`;
    await typeInto(page, dialog.getByRole("textbox"), comment);
    await press(page, "Enter");
    await dialog.getByTestId("comment-text").filter({ hasText: comment }).waitFor();
    await screenshot(page, "keyboard-comments-mobile");
    await press(page, "Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(commentsButton), "the focus returns to the button that opened the dialog").toBe(true);

    // ---- Follow the author from their profile.
    await page.goto(`/profile/${target.userId}`);
    const follow = page.getByTestId("follow-button").first();
    await activate(page, follow);
    await expect.poll(() => follow.getAttribute("aria-pressed")).toBe("true");

    // ---- Search: the field, then the Users tab with the arrow keys.
    await activate(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }));
    const search = page.getByRole("searchbox", { name: "Search" });
    await typeInto(page, search, "mix");
    await tabTo(page, page.getByRole("tab", { name: "Explore" }));
    await press(page, "ArrowRight");
    await expect.poll(() => page.getByRole("tab", { name: "Users" }).getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("user-row").first().waitFor();
    await screenshot(page, "keyboard-search-mobile");

    // ---- Write to the author.
    await page.goto(`/profile/${target.userId}`);
    await activate(page, page.getByTestId("contact-button"));
    const message = page.getByRole("textbox", { name: "Message" });
    await message.waitFor();
    const hello = `Hello by keyboard ${stamp}`;
    await typeInto(page, message, hello);
    await press(page, "Enter");
    await page.getByTestId("message-own").filter({ hasText: hello }).waitFor();

    // ---- Buy a product in test mode; the purchase dialog keeps the focus too.
    await page.goto(`/product/${target.productId}`);
    await activate(page, page.getByTestId("buy-now"));
    const purchase = page.getByRole("dialog");
    await purchase.getByTestId("purchase-idle").waitFor();
    await expectFocusTrapped(page, purchase);
    await activate(page, purchase.getByRole("button", { name: "Pay by card" }));
    await purchase.getByTestId("test-card-form").waitFor();
    await activate(page, purchase.getByRole("button", { name: /Pay \(test\)/ }));
    await page.waitForURL((url) => url.pathname === "/payment-success", { timeout: 20_000 });
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await screenshot(page, "keyboard-payment-success-mobile");

    await context.close();
    expect([...unseenFocus], "elements that took the focus without showing it").toEqual([]);
  });
});
