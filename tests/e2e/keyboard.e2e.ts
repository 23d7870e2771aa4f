// Every journey of the e2e suite once by keyboard alone (issue #16 part 4; decision 0063): a new
// musician signs up and in, skips onboarding, shares a photo, likes and comments on a post, follows
// its author, searches, writes to the author and buys one of their products in test mode, using
// only Tab, Shift+Tab, Enter, Space, Escape and the arrow keys. The only things not done with keys
// are what a person does outside the page: reading the confirmation mail (its link is opened)
// and picking the file in the operating system's file chooser. A second journey does issue #15's
// professional tools the same way: a seller publishes a weekly time, a buyer books it from the
// order page, the seller confirms and delivers, the buyer accepts and rates with the arrow keys,
// the seller sends an invoice that the buyer pays from the message, and the seller reads
// /reviews and switches /analytics' period (the setup a journey's screens do not show, a service
// and a paid order, goes through the API). A third fills in the onboarding, creates, edits and
// deletes a service through its dialogs, and edits the profile from the dashboard. Each element reached with Tab must
// show where the focus is (an outline or a ring), and dialogs keep the focus inside until Escape.
import path from "node:path";
import type { APIResponse, Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentResponse } from "../../shared/checkout-api";
import { BOOKING_TEXTS } from "../../shared/messages";
import { MOBILE, PASSWORD, apiPost, baseURL, launch, newAccount, newContext, screenshot, signInByApi, toast } from "./browser";

const PHOTO = path.resolve(import.meta.dirname, "../../seed/media/images/vinyl-sunset.jpg");

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
    // A visually hidden radio (the review's stars) shows its focus on the label around it.
    const drawn = (target: Element | null) => {
      if (!target) return false;
      const style = getComputedStyle(target);
      return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return { visible: drawn(element) || drawn(element.closest("label")), label: `${location.pathname} ${element.tagName.toLowerCase()} "${name}"` };
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

  it("runs the professional tools without a pointer: availability, booking, delivery, review, invoice, payment and analytics", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const sellerAccount = await newAccount(`kseller_${stamp}`, "Keys Seller");
    const buyerAccount = await newAccount(`kbuyer_${stamp}`, "Keys Buyer");
    // Signing in by keyboard is the first journey's; here both start signed in.
    const sellerContext = await newContext(browser, MOBILE);
    const buyerContext = await newContext(browser, MOBILE);
    for (const [context, account] of [[sellerContext, sellerAccount], [buyerContext, buyerAccount]] as const) {
      await signInByApi(context, account.email);
      // The onboarding offered to a new account is skipped, as the first journey skips it by key.
      await apiPost(context, "/api/profile/onboarding/skip", {}, 200);
    }
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();

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
});
