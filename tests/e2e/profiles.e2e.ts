// The people journey at phone size (second document §2 Profile creation, Profile editing,
// Dashboard, Public profile; §5 avatar and profile rules; DESIGN.md: profile creation saves,
// Follow follows): a new account signs up and confirms through the dev outbox, is brought to
// onboarding after its first sign-in and saves it, shares a photo, edits its profile with a new
// avatar and username; a second person sees all of that on the public profile, follows (the
// count rises and stays risen) and opens the post from the Posts tab; a visitor opens the same
// profile signed out. Every screen is checked with axe (no serious or critical violations) and
// photographed at 390×844 and 1280×800.
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, PASSWORD, launch, newAccount, newContext, photograph, toast, trackErrors } from "./browser";

const MEDIA = path.resolve(import.meta.dirname, "../../seed/media");
const AVATAR = path.join(MEDIA, "images/mic-spotlight.jpg");
const PHOTO = path.join(MEDIA, "images/vinyl-sunset.jpg");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.waitFor();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** The same screen in the other theme (the app follows the system setting unless one was chosen). */
async function photographDark(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  await photograph(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
}

describe("profiles journey (390×844)", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("onboarding saves, the edited profile shows to others, who follow and open a post; a visitor sees it too", { timeout: 240_000 }, async () => {
    const stamp = Date.now().toString(36);
    const owner = await newAccount(`avery_${stamp}`, "Avery Quinn");

    // ---- The new account's first sign-in ends on onboarding, which saves.
    const contextA = await newContext(browser, MOBILE);
    contexts.push(contextA);
    const pageA = await contextA.newPage();
    const errorsA = trackErrors(pageA);
    await signIn(pageA, owner.email);
    await pageA.waitForURL((url) => url.pathname === "/create-profile" && url.searchParams.get("redirect") === "/feed");
    const onboarding = pageA.getByRole("form", { name: "Create your profile" });
    await onboarding.waitFor();
    expect(await onboarding.getByLabel("Email").inputValue()).toBe(owner.email);
    expect(await onboarding.getByLabel("First name").inputValue()).toBe("Avery");
    // Profession is required.
    await onboarding.getByRole("button", { name: "Save profile" }).click();
    await onboarding.getByText("Please choose your profession").waitFor();
    await onboarding.getByLabel("Profession", { exact: true }).selectOption("Audio Engineer");
    await onboarding.getByLabel(/Location/).fill("Lisbon, Portugal");
    await onboarding.getByLabel(/Years of experience/).fill("6");
    await onboarding.getByLabel(/Hourly rate/).fill("55");
    await onboarding.getByLabel(/Specialties/).fill("Mixing, Mastering, Dolby Atmos, Podcast editing, Vocal tuning, Restoration");
    await onboarding.getByLabel(/Bio/).fill("Mix and mastering engineer. Warm low end, honest vocals.");
    await photograph(pageA, "profiles-onboarding");
    await onboarding.getByRole("button", { name: "Save profile" }).click();
    await pageA.waitForURL((url) => url.pathname === "/feed");
    await toast(pageA, "Profile updated").waitFor();

    // ---- A post, so the profile has something in its Posts tab.
    const caption = `First session at the new room ${stamp}`;
    await pageA.goto("/upload");
    await pageA.getByRole("radio", { name: /Photo/ }).click();
    await pageA.getByTestId("file-input").setInputFiles(PHOTO);
    await pageA.getByTestId("media-preview").waitFor();
    await pageA.getByLabel("Caption").fill(caption);
    await pageA.getByRole("button", { name: "Share Post" }).click();
    await pageA.waitForURL((url) => url.pathname === "/feed", { timeout: 30_000 });
    await pageA.getByTestId("post-card").first().getByText(caption).waitFor();

    // ---- Edit profile: a new avatar (squared and sent with progress) and a new username.
    await pageA.goto("/dashboard");
    await pageA.getByRole("link", { name: "Edit Profile" }).click();
    await pageA.waitForURL((url) => url.pathname === "/edit-profile");
    const edit = pageA.getByRole("form", { name: "Edit profile" });
    await edit.waitFor();
    const avatarSaved = pageA.waitForResponse((res) => res.url().endsWith("/api/profile/avatar") && res.request().method() === "POST");
    await pageA.getByTestId("avatar-input").setInputFiles(AVATAR);
    const avatarAnswer = await avatarSaved;
    expect(avatarAnswer.status()).toBe(200);
    // Resized in the browser before sending: a small square, not the original file.
    expect(avatarAnswer.request().headers()["content-type"]).toMatch(/^image\/(webp|jpeg)$/);
    const { avatarUrl } = (await avatarAnswer.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/avatars\//);
    await pageA.getByRole("progressbar", { name: "Profile picture upload" }).waitFor({ state: "detached" });

    const newUsername = `avery.q_${stamp}`;
    const usernameField = edit.getByLabel("Username");
    await usernameField.fill("");
    // The demo account's name is taken: said while typing.
    await usernameField.pressSequentially("demo");
    await edit.getByText("This username is already in use").waitFor();
    await usernameField.fill("");
    await usernameField.pressSequentially(`${newUsername}!`);
    expect(await usernameField.inputValue()).toBe(newUsername);
    await edit.getByText("Username is available").waitFor();
    await edit.getByLabel("Website").fill("averyquinn.example");
    await photograph(pageA, "profiles-edit");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await pageA.waitForURL((url) => url.pathname === "/dashboard");
    await toast(pageA, "Profile updated").waitFor();

    // ---- The dashboard shows the saved profile.
    await pageA.getByTestId("dashboard-name").filter({ hasText: "Avery Quinn" }).waitFor();
    await pageA.getByText(`@${newUsername}`).first().waitFor();
    expect(await pageA.getByTestId("overview-email").innerText()).toBe(owner.email);
    await pageA.getByRole("list", { name: "Latest posts" }).getByText(caption).waitFor();
    const profileHref = (await pageA.getByRole("link", { name: "View public profile" }).getAttribute("href")) as string;
    expect(profileHref).toMatch(/^\/profile\/[A-Za-z0-9_-]+$/);
    await photograph(pageA, "profiles-dashboard");
    await photographDark(pageA, "profiles-dashboard");

    // ---- Someone else opens the public profile: the new name, avatar and facts are there.
    const follower = await newAccount(`rowan_${stamp}`, "Rowan Vale");
    const contextB = await newContext(browser, MOBILE);
    contexts.push(contextB);
    const pageB = await contextB.newPage();
    const errorsB = trackErrors(pageB);
    await signIn(pageB, follower.email);
    await pageB.waitForURL((url) => url.pathname === "/create-profile");
    await pageB.getByRole("button", { name: "Skip for now" }).click();
    await pageB.waitForURL((url) => url.pathname === "/feed");

    await pageB.goto(profileHref);
    const summary = pageB.getByTestId("profile-summary");
    await summary.getByRole("heading", { name: /Avery Quinn/ }).waitFor();
    // The handle line itself: the follow button also names the user for screen readers (sr-only).
    await summary.getByRole("paragraph").filter({ hasText: `@${newUsername}` }).waitFor();
    expect(await summary.getByTestId("profile-profession").innerText()).toBe("Audio Engineer");
    await summary.getByText("Lisbon, Portugal").waitFor();
    await summary.getByText("+1 more").waitFor();
    const website = summary.getByTestId("profile-website");
    expect(await website.getAttribute("href")).toBe("https://averyquinn.example/");
    expect(await website.getAttribute("rel")).toBe("noopener nofollow ugc");
    const avatar = summary.locator(`img[src="${avatarUrl}"]`);
    await avatar.waitFor();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth <= 512 && img.naturalWidth === img.naturalHeight)).toBe(true);
    await summary.getByTestId("contact-button").waitFor();
    // Contact is a button now: it opens (or creates) the conversation, then goes to /messages.
    expect(await summary.getByTestId("contact-button").evaluate((el) => el.tagName)).toBe("BUTTON");
    await photograph(pageB, "profiles-public");
    await photographDark(pageB, "profiles-public");

    // Follow: the count rises at once, and the server keeps it.
    const followers = summary.getByTestId("count-followers");
    expect(await followers.getAttribute("data-value")).toBe("0");
    const followSaved = pageB.waitForResponse((res) => /\/api\/users\/[^/]+\/follow$/.test(res.url()) && res.request().method() === "PUT");
    await summary.getByRole("button", { name: /^Follow/ }).click();
    await expect.poll(() => followers.getAttribute("data-value")).toBe("1");
    expect((await followSaved).status()).toBe(200);
    await toast(pageB, "Following").waitFor();
    await pageB.reload();
    await expect.poll(() => pageB.getByTestId("count-followers").getAttribute("data-value")).toBe("1");
    await pageB.getByTestId("profile-summary").getByRole("button", { name: /^Following/ }).waitFor();

    // The Posts tab: the post's time is a real link to its own page.
    const card = pageB.getByRole("list", { name: "Posts" }).getByTestId("post-card").first();
    await card.getByText(caption).waitFor();
    const postId = (await card.getAttribute("data-post-id")) as string;
    await card.getByTestId("post-permalink").click();
    await pageB.waitForURL((url) => url.pathname === `/post/${postId}`);
    await pageB.getByTestId("post-card").getByText(caption).waitFor();

    // ---- A visitor, signed out, sees the same profile with calls to sign in.
    const contextC = await newContext(browser, MOBILE);
    contexts.push(contextC);
    const pageC = await contextC.newPage();
    const errorsC = trackErrors(pageC);
    await pageC.goto(profileHref);
    const visitorSummary = pageC.getByTestId("profile-summary");
    await visitorSummary.getByRole("heading", { name: /Avery Quinn/ }).waitFor();
    expect(await visitorSummary.getByTestId("count-followers").getAttribute("data-value")).toBe("1");
    expect(await visitorSummary.getByTestId("follow-button").getAttribute("href")).toBe(`/auth?redirect=${encodeURIComponent(profileHref)}`);
    await pageC.getByTestId("sign-in-cta").waitFor();
    await pageC.getByRole("list", { name: "Posts" }).getByText(caption).waitFor();
    await photograph(pageC, "profiles-visitor");
    await visitorSummary.getByTestId("follow-button").click();
    await pageC.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirect") === profileHref);

    // Only the expected refusal: the taken username's check is an answer, not an error.
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
    expect(errorsC).toEqual([]);
  });
});
