// Every journey of the e2e suite once by keyboard alone (decision 0063): a new
// musician signs up and in, skips onboarding, shares a photo, likes and comments on a post, follows
// its author, searches, writes to the author and buys one of their products in test mode, using
// only Tab, Shift+Tab, Enter, Space, Escape and the arrow keys. The only things not done with keys
// are what a person does outside the page: reading the confirmation mail (its link is opened)
// and picking the file in the operating system's file chooser. A second journey does the
// professional tools the same way: a seller publishes a weekly time, a buyer books it from the
// order page, the seller confirms and delivers, the buyer accepts and rates with the arrow keys,
// the seller sends an invoice that the buyer pays from the message, and the seller reads
// /reviews and switches /analytics' period (the setup a journey's screens do not show, a service
// and a paid order, goes through the API). A third fills in the onboarding, creates, edits and
// deletes a service through its dialogs, and edits the profile from the dashboard. A fourth lists
// a product from the dashboard's tools (its cover and file through choosers opened by a key),
// edits it, sells it to a buyer who pays in test mode and downloads the file, and deletes it. A
// fifth runs the settings screen: the theme, then signing out of other devices, this device and
// all devices, with the server's sessions checked after each. Each element reached with Tab must
// show where the focus is (an outline or a ring, on the control or on what stands for a visually
// hidden one), and dialogs keep the focus inside until Escape.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIResponse, Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentResponse } from "@shared/checkout-api";
import type { OwnerProductPage, ProductDetail } from "@shared/marketplace-api";
import { ACCOUNT_TEXTS, BOOKING_TEXTS, MARKET_SCREEN_TEXTS } from "@shared/messages";
import { MOBILE, PASSWORD, apiPost, baseURL, launch, newAccount, newContext, screenshot, signInByApi, toast, enablePayouts } from "./browser";

const MEDIA = path.resolve(import.meta.dirname, "../../seed/media");
const PHOTO = path.join(MEDIA, "images/vinyl-sunset.jpg");
const COVER = path.join(MEDIA, "products/loop-tiles.jpg");
const LOOP = path.join(MEDIA, "audio/piano-sketch.mp3");

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
    const drawn = (target: Element | null) => {
      if (!target) return false;
      const style = getComputedStyle(target);
      return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    // A visually hidden control (sr-only: one clipped pixel) draws its own outline where nobody
    // sees it. It shows the focus only on what stands for it: the label around it (the review's
    // stars, segmented choices) or the element drawn right after it (a switch's track).
    const box = element.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1;
    const visible = hidden ? drawn(element.closest("label")) || drawn(element.nextElementSibling) : drawn(element) || drawn(element.closest("label"));
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return { visible, label: `${location.pathname} ${element.tagName.toLowerCase()} "${name}"` };
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

/**
 * A seller and a buyer: new accounts, each signed in on its own phone and past the onboarding.
 * Signing in and the onboarding by keyboard are the first and third journeys'; here both start
 * signed in.
 */
async function sellerAndBuyer(sellerName: [string, string], buyerName: [string, string]) {
  const stamp = Date.now().toString(36);
  const sellerAccount = await newAccount(`${sellerName[0]}_${stamp}`, sellerName[1]);
  const buyerAccount = await newAccount(`${buyerName[0]}_${stamp}`, buyerName[1]);
  const sellerContext = await newContext(browser, MOBILE);
  const buyerContext = await newContext(browser, MOBILE);
  for (const [context, account] of [[sellerContext, sellerAccount], [buyerContext, buyerAccount]] as const) {
    await signInByApi(context, account.email);
    await apiPost(context, "/api/profile/onboarding/skip", {}, 200);
  }
  await enablePayouts(sellerContext);
  return { sellerAccount, buyerAccount, sellerContext, buyerContext, seller: await sellerContext.newPage(), buyer: await buyerContext.newPage() };
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
    // The dialog gives the focus back as it unmounts, which can land just after its node is gone.
    await expect.poll(() => isFocused(commentsButton), { message: "the focus returns to the button that opened the dialog" }).toBe(true);

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

  it("runs the professional tools without a pointer: availability, booking, delivery, review, invoice, payment and analytics", { timeout: 300_000 }, async () => {
    const { sellerContext, buyerContext, buyerAccount, seller, buyer } = await sellerAndBuyer(["kseller", "Keys Seller"], ["kbuyer", "Keys Buyer"]);

    // ---- The seller publishes a weekly time (the form's defaults: Monday 10:00, 60 minutes).
    const service = await apiPost<{ id: string }>(sellerContext, "/api/services", {
      name: "Keyboard coaching",
      description: "An hour on technique, by appointment.",
      category: "lessons",
      pricingModel: "per_session",
      price: "40",
      needsScheduling: true,
    });
    await seller.goto("/booking");
    await activate(seller, seller.getByTestId("add-time-form").getByRole("button", { name: BOOKING_TEXTS.addTime }));
    await seller.getByTestId("availability-rule").first().waitFor();

    // ---- The buyer has paid (the first journey pays by keyboard) and books from the order page.
    const { orderId } = await apiPost<CreatePaymentResponse>(buyerContext, "/api/checkout/create-embedded-payment", { itemType: "service", itemId: service.id });
    await apiPost(buyerContext, `/api/checkout/test/${orderId}/confirm`, { outcome: "success" }, 200);
    await buyer.goto(`/orders/${orderId}`);
    await activate(buyer, buyer.getByTestId("order-new-booking"));
    const pick = buyer.getByTestId("pick-time-dialog");
    const slot = pick.getByTestId("slot-select");
    await slot.locator("option").nth(1).waitFor({ state: "attached" });
    await tabTo(buyer, slot);
    // A closed select changes its value with the arrow keys.
    await press(buyer, "ArrowDown");
    await expect.poll(() => slot.inputValue()).not.toBe("");
    await activate(buyer, pick.getByRole("button", { name: BOOKING_TEXTS.book }));
    await toast(buyer, BOOKING_TEXTS.toasts.booked).waitFor();

    // ---- The seller confirms, then delivers on the order page.
    await seller.goto("/booking");
    const card = seller.getByTestId("booking-card");
    await activate(seller, card.getByRole("button", { name: BOOKING_TEXTS.confirm }));
    await card.getByTestId("booking-status").filter({ hasText: "Confirmed" }).waitFor();
    await seller.goto(`/orders/${orderId}`);
    const deliver = seller.getByTestId("deliver-form");
    await typeInto(seller, deliver.getByLabel("Delivery note"), "Notes from our session.");
    await activate(seller, deliver.getByRole("button", { name: "Send delivery" }));
    await seller.getByTestId("order-status").filter({ hasText: "Delivered" }).waitFor();

    // ---- The buyer accepts and reviews: Tab enters the stars, the arrows choose five.
    await buyer.goto(`/orders/${orderId}`);
    await activate(buyer, buyer.getByRole("button", { name: "Accept delivery" }));
    await buyer.getByTestId("order-status").filter({ hasText: "Completed" }).waitFor();
    const review = buyer.getByTestId("review-form");
    await tabTo(buyer, review.getByRole("radio").first());
    for (let i = 0; i < 4; i++) await press(buyer, "ArrowRight");
    await expect.poll(() => review.getByRole("radio", { checked: true }).getAttribute("value")).toBe("5");
    await typeInto(buyer, review.getByLabel("Your review"), "Patient and precise.");
    await activate(buyer, review.getByRole("button", { name: "Submit Review" }));
    await toast(buyer, "Review posted").waitFor();

    // ---- The seller sends an invoice from /payments; the dialog keeps the focus.
    await seller.goto("/payments");
    await activate(seller, seller.getByTestId("create-invoice"));
    const invoice = seller.getByTestId("create-invoice-dialog");
    await invoice.waitFor();
    await expectFocusTrapped(seller, invoice);
    await typeInto(seller, invoice.getByLabel("Username"), buyerAccount.username);
    await typeInto(seller, invoice.getByLabel("Title"), "Two extra sessions");
    await typeInto(seller, invoice.getByLabel("Description"), "Two more hours, booked the same way.");
    await typeInto(seller, invoice.getByLabel("Price (USD)"), "80");
    await typeInto(seller, invoice.getByLabel("Delivery (days)"), "14");
    await activate(seller, invoice.getByRole("button", { name: "Send offer" }));
    await seller.getByTestId("offer-row").filter({ hasText: "Two extra sessions" }).waitFor();

    // ---- The buyer opens it from the message and pays in test mode.
    await buyer.goto("/messages");
    await activate(buyer, buyer.getByTestId("conversation-row").filter({ hasText: "Keys Seller" }));
    const viewOffer = buyer.getByRole("link", { name: "View offer" }).or(buyer.getByRole("button", { name: "View offer" }));
    await activate(buyer, viewOffer);
    await buyer.waitForURL((url) => url.pathname.startsWith("/offers/"));
    await activate(buyer, buyer.getByTestId("offer-pay"));
    const purchase = buyer.getByRole("dialog");
    await activate(buyer, purchase.getByRole("button", { name: "Pay by card" }));
    await purchase.getByTestId("test-card-form").waitFor();
    await activate(buyer, purchase.getByRole("button", { name: /Pay \(test\)/ }));
    await buyer.waitForURL((url) => url.pathname === "/payment-success", { timeout: 20_000 });

    // ---- The seller reads /reviews and switches the analytics period with the arrow keys.
    await seller.goto("/reviews");
    await seller.getByTestId("review-card").getByText("Patient and precise.").waitFor();
    await seller.goto("/analytics");
    const period = seller.getByRole("radio", { name: "Last 30 days" });
    await tabTo(seller, period);
    await press(seller, "ArrowRight");
    await seller.waitForURL((url) => url.searchParams.get("days") === "90");
    await seller.getByTestId("metric-earningsCents").waitFor();
    await screenshot(seller, "keyboard-analytics-mobile");

    await sellerContext.close();
    await buyerContext.close();
    expect([...unseenFocus], "elements that took the focus without showing it").toEqual([]);
  });

  it("creates a profile and a service, edits both and deletes the service without a pointer", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const account = await newAccount(`kprofile_${stamp}`, "Keys Profile");
    const context = await newContext(browser, MOBILE);
    await signInByApi(context, account.email);
    const page = await context.newPage();

    // ---- The onboarding a new account is offered: a select by typing, fields, then Enter.
    await page.goto("/feed");
    await page.waitForURL((url) => url.pathname === "/create-profile");
    const onboarding = page.getByRole("form", { name: "Create your profile" });
    await tabTo(page, onboarding.getByLabel("Profession", { exact: true }));
    // A closed select picks the option whose label starts with what is typed.
    await page.keyboard.type("Audio");
    await expect.poll(() => onboarding.getByLabel("Profession", { exact: true }).inputValue()).toBe("Audio Engineer");
    await typeInto(page, onboarding.getByLabel(/Location/), "Porto, Portugal");
    await typeInto(page, onboarding.getByLabel(/Bio/), "Engineer who answers by keyboard.");
    await activate(page, onboarding.getByRole("button", { name: "Save profile" }));
    await page.waitForURL((url) => url.pathname === "/feed");
    await toast(page, "Profile updated").waitFor();

    // ---- A service through its dialog, which keeps the focus; the category by typing.
    await page.goto("/services");
    await activate(page, page.getByRole("button", { name: "Create Your First Service" }));
    const create = page.getByRole("dialog", { name: "Create Service" });
    await create.waitFor();
    await expectFocusTrapped(page, create);
    await typeInto(page, create.getByLabel("Name"), "Keyboard mixing");
    await typeInto(page, create.getByLabel("Description"), "A mix, stems in, stereo out.");
    await tabTo(page, create.getByLabel("Category"));
    await page.keyboard.type("Mix");
    await expect.poll(() => create.getByLabel("Category").inputValue()).toBe("mixing");
    await typeInto(page, create.getByLabel("Price (USD)"), "45");
    await activate(page, create.getByRole("button", { name: "Create Service" }));
    await toast(page, "Service created successfully").waitFor();
    await create.waitFor({ state: "hidden" });

    // ---- Edit its name: the dialog opens filled in; select the text and type over it.
    const card = page.getByTestId("owner-service-card");
    await activate(page, card.getByRole("button", { name: "Edit Keyboard mixing" }));
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await tabTo(page, edit.getByLabel("Name"));
    await press(page, "Control+A");
    await page.keyboard.type("Keyboard mixing and mastering");
    await activate(page, edit.getByRole("button", { name: "Save Service" }));
    await toast(page, "Service updated successfully").waitFor();
    await card.getByRole("link", { name: "Keyboard mixing and mastering" }).waitFor();

    // ---- Delete it, answering the question with the keyboard too.
    await activate(page, card.getByRole("button", { name: "Delete Keyboard mixing and mastering" }));
    const question = page.getByRole("alertdialog", { name: "Delete this service?" });
    await question.waitFor();
    await activate(page, question.getByRole("button", { name: "Delete" }));
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => isFocused(page.getByRole("button", { name: MARKET_SCREEN_TEXTS.services.add }))).toBe(true);

    // ---- Edit the profile from the dashboard.
    await page.goto("/dashboard");
    await activate(page, page.getByRole("link", { name: "Edit Profile" }));
    const profile = page.getByRole("form", { name: "Edit profile" });
    await typeInto(page, profile.getByLabel("Website"), "keys.example");
    await activate(page, profile.getByRole("button", { name: "Save Changes" }));
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await toast(page, "Profile updated").waitFor();
    await screenshot(page, "keyboard-dashboard-mobile");

    await context.close();
    expect([...unseenFocus], "elements that took the focus without showing it").toEqual([]);
  });

  it("lists a product with an image and a file, edits it, sells and delivers it, then deletes it without a pointer", { timeout: 300_000 }, async () => {
    const P = MARKET_SCREEN_TEXTS.products;
    const { sellerContext, buyerContext, seller, buyer } = await sellerAndBuyer(["kshop", "Keys Shop"], ["kfan", "Keys Fan"]);

    // ---- From the dashboard's professional tools to /products, and its Add Product dialog.
    await seller.goto("/dashboard");
    await activate(seller, seller.getByRole("link", { name: "Products", exact: true }));
    await seller.waitForURL((url) => url.pathname === "/products");
    await seller.getByText(P.empty).waitFor();
    await activate(seller, seller.getByRole("button", { name: P.add }));
    const create = seller.getByRole("dialog", { name: P.createTitle });
    await create.waitFor();
    await expectFocusTrapped(seller, create);
    await typeInto(seller, create.getByLabel("Name"), "Felt Piano Loops");
    await typeInto(seller, create.getByLabel("Description"), "Warm felt-piano loops at 80 BPM, typed in.");
    await tabTo(seller, create.getByLabel("Category"));
    await seller.keyboard.type("Loo");
    await expect.poll(() => create.getByLabel("Category").inputValue()).toBe("loops");
    await typeInto(seller, create.getByLabel("Price (USD)"), "24.99");
    // A new product is digital, so the form asks for its file.
    expect(await create.getByRole("radio", { name: "Digital" }).isChecked()).toBe(true);

    // ---- The cover and the file: a key press opens each chooser; the system's picker answers.
    const imageChooser = seller.waitForEvent("filechooser");
    await activate(seller, create.getByRole("button", { name: MARKET_SCREEN_TEXTS.fields.chooseImage }));
    await (await imageChooser).setFiles(COVER);
    await create.getByTestId("image-preview").locator("img").waitFor();
    const fileChooser = seller.waitForEvent("filechooser");
    await activate(seller, create.getByRole("button", { name: MARKET_SCREEN_TEXTS.fields.chooseFile }));
    await (await fileChooser).setFiles(LOOP);
    await create.getByTestId("chosen-file").filter({ hasText: "piano-sketch.mp3" }).waitFor();
    await screenshot(seller, "keyboard-product-form-mobile");
    await activate(seller, create.getByRole("button", { name: P.create }));
    await toast(seller, P.created).waitFor();
    await create.waitFor({ state: "hidden" });
    const card = seller.getByTestId("owner-product-card");
    await card.getByText("piano-sketch.mp3").waitFor();
    expect(await card.getByTestId("product-price").textContent()).toBe("$24.99");
    // The server holds the product with its cover and its file.
    const own = await json<OwnerProductPage>(await sellerContext.request.get("/api/products?limit=10"));
    expect(own.items).toHaveLength(1);
    const stored = own.items[0]!;
    expect(stored).toMatchObject({ name: "Felt Piano Loops", category: "loops", type: "digital", priceCents: 2499, hasFile: true });
    expect(stored.imageUrl).toMatch(/^\/media\//);
    expect(stored.file?.name).toBe("piano-sketch.mp3");
    const productId = stored.id;

    // ---- Edit: the dialog opens filled in; the name and the price are typed over.
    await activate(seller, card.getByRole("button", { name: "Edit Felt Piano Loops" }));
    const edit = seller.getByRole("dialog", { name: P.editTitle });
    await edit.waitFor();
    await edit.getByTestId("current-file").filter({ hasText: "piano-sketch.mp3" }).waitFor();
    await tabTo(seller, edit.getByLabel("Name"));
    await press(seller, "Control+A");
    await seller.keyboard.type("Felt Piano Loops Vol. 2");
    await tabTo(seller, edit.getByLabel("Price (USD)"));
    await press(seller, "Control+A");
    await seller.keyboard.type("19.50");
    await activate(seller, edit.getByRole("button", { name: P.save }));
    await toast(seller, P.updated).waitFor();
    await card.getByRole("link", { name: "Felt Piano Loops Vol. 2" }).waitFor();
    expect(await card.getByTestId("product-price").textContent()).toBe("$19.50");
    await screenshot(seller, "keyboard-products-mobile");
    const edited = await json<ProductDetail>(await sellerContext.request.get(`/api/products/${productId}`));
    expect(edited).toMatchObject({ name: "Felt Piano Loops Vol. 2", priceCents: 1950, hasFile: true, imageUrl: stored.imageUrl });

    // ---- A buyer pays in test mode, then downloads the file from the order page.
    await buyer.goto(`/product/${productId}`);
    await activate(buyer, buyer.getByTestId("buy-now"));
    const purchase = buyer.getByRole("dialog");
    await purchase.getByTestId("purchase-idle").waitFor();
    await expectFocusTrapped(buyer, purchase);
    await activate(buyer, purchase.getByRole("button", { name: "Pay by card" }));
    await purchase.getByTestId("test-card-form").waitFor();
    // The server's amounts: $19.50 and 5% (97.5 cents, rounded half up).
    expect((await purchase.getByTestId("purchase-breakdown").innerText()).replace(/\s+/g, " ")).toContain("Total $20.48");
    await activate(buyer, purchase.getByRole("button", { name: /Pay \(test\)/ }));
    await buyer.waitForURL((url) => url.pathname === "/payment-success" && url.searchParams.has("order"), { timeout: 20_000 });
    await buyer.getByTestId("payment-order-status").filter({ hasText: "Paid" }).waitFor();
    await activate(buyer, buyer.getByTestId("payment-order"));
    await buyer.waitForURL((url) => url.pathname.startsWith("/orders/"));
    const downloadButton = buyer.getByRole("button", { name: "Download · Product file" });
    const download = buyer.waitForEvent("download");
    await activate(buyer, downloadButton);
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(readFileSync(LOOP)), "the file as the seller uploaded it").toBe(true);

    // ---- The seller deletes it, answering the question with the keyboard.
    await activate(seller, card.getByRole("button", { name: "Delete Felt Piano Loops Vol. 2" }));
    const question = seller.getByRole("alertdialog", { name: P.deleteTitle });
    await question.waitFor();
    await expectFocusTrapped(seller, question);
    await activate(seller, question.getByRole("button", { name: "Delete" }));
    await toast(seller, P.deleted).waitFor();
    // The card is gone with its buttons; the focus goes on from the screen's Add button.
    await expect.poll(() => isFocused(seller.getByRole("button", { name: P.add }))).toBe(true);
    await seller.getByText(P.empty).waitFor();
    expect((await sellerContext.request.get(`/api/products/${productId}`)).status()).toBe(404);
    // The buyer paid for the file, so it stays theirs (decision 0035): the order still hands it out.
    await buyer.reload();
    const again = buyer.waitForEvent("download");
    await activate(buyer, downloadButton);
    expect((await again).suggestedFilename()).toMatch(/\.mp3$/);

    await sellerContext.close();
    await buyerContext.close();
    expect([...unseenFocus], "elements that took the focus without showing it").toEqual([]);
  });

  it("switches the theme and signs out of other devices, this device and all devices from /settings without a pointer", { timeout: 180_000 }, async () => {
    const stamp = Date.now().toString(36);
    const account = await newAccount(`ksettings_${stamp}`, "Keys Settings");
    // This browser, driven by keys, and another device signed in to the same account.
    const here = await newContext(browser, MOBILE);
    const elsewhere = await newContext(browser, MOBILE);
    for (const context of [here, elsewhere]) {
      await signInByApi(context, account.email);
      await apiPost(context, "/api/profile/onboarding/skip", {}, 200);
    }
    const signedInAs = async (context: BrowserContext) => ((await json<{ user: { email: string } | null }>(await context.request.get("/api/auth/session"))).user?.email ?? null);
    const page = await here.newPage();
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account & security" }).waitFor();
    expect(await page.getByTestId("account-email").innerText()).toBe(account.email);

    // ---- The theme, from the header's toggle: the page turns dark and the choice is kept.
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await dark()).toBe(false);
    await activate(page, page.getByRole("button", { name: "Switch to dark theme" }));
    await expect.poll(dark).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("backline:theme"))).toBe("dark");
    await screenshot(page, "keyboard-settings-dark-mobile");

    // ---- Sign out of other devices: this one stays signed in, the other one is signed out.
    const others = page.getByRole("button", { name: "Sign out of other devices" });
    await activate(page, others);
    await toast(page, ACCOUNT_TEXTS.signedOutOthers.title).waitFor();
    expect(await isFocused(others), "the focus stays on the button that was pressed").toBe(true);
    expect(await isFocused(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" })), "Tab past the toast loops back").toBe(false);
    expect(await signedInAs(elsewhere)).toBeNull();
    expect(await signedInAs(here)).toBe(account.email);
    // The security activity reloads with the sign-out the server logged.
    await page.getByText("Signed out", { exact: true }).first().waitFor();

    // ---- Sign out of this device: back to /auth, the cookies gone, the theme kept.
    await activate(page, page.getByRole("button", { name: "Sign out of this device" }));
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("form", { name: "Sign in" }).waitFor();
    expect((await here.cookies()).filter((cookie) => cookie.name.startsWith("bl_") && cookie.value !== "")).toEqual([]);
    expect(await signedInAs(here)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("backline:theme"))).toBe("dark");

    // ---- Both signed in again (the keys' sign-in is the first journey's); sign out of all devices.
    for (const context of [here, elsewhere]) await signInByApi(context, account.email);
    await page.goto("/settings");
    await activate(page, page.getByRole("button", { name: "Sign out of all devices" }));
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(await signedInAs(here)).toBeNull();
    expect(await signedInAs(elsewhere)).toBeNull();

    await here.close();
    await elsewhere.close();
    expect([...unseenFocus], "elements that took the focus without showing it").toEqual([]);
  });
});
