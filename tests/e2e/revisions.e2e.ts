// The revision journey (issue #31, decision records 0089, 0091 and 0092): a buyer pays for a mix
// in test mode; the seller adds v1 on the order page (a real WAV the browser decodes, draws and
// measures) and delivers it; the buyer pins two notes on v1's waveform and asks for a revision;
// the seller sees both notes, adds v2, marks one resolved in v2 and delivers; the buyer sees which
// was resolved, switches A/B at the same position and accepts. The order page is checked with axe
// and photographed at 390×844 and at desktop width at each side's key moment.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentResponse, OrderDetail } from "@shared/checkout-api";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { DESKTOP, MOBILE, apiPost, enablePayouts, expectAccessible, launch, newAccount, newContext, screenshot, signInThroughForm, toast, toneWav, trackErrors } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ITEM = "Mix a single";

async function person(email: string) {
  const context = await newContext(browser, MOBILE);
  const page = await context.newPage();
  const errors = trackErrors(page);
  await signInThroughForm(page, email);
  return { context, page, errors };
}

async function orderOf(context: BrowserContext, orderId: string): Promise<OrderDetail> {
  const res = await context.request.get(`/api/orders/${orderId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as OrderDetail;
}

/** The versions section at phone size and at desktop width, checked with axe at both. */
async function photographVersions(page: Page, name: string) {
  await expectAccessible(page, `${name} (phone)`);
  await page.getByTestId("order-versions").scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.getByTestId("order-versions").scrollIntoViewIfNeeded();
  await expectAccessible(page, `${name} (desktop)`);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
}

/** The seller's "Add a version": the file is read, uploaded and becomes vN. */
async function addVersion(page: Page, number: number, fileName: string, audio: Buffer, note: string) {
  const form = page.getByTestId("add-version-form");
  await form.getByLabel(T.audioFile).setInputFiles({ name: fileName, mimeType: "audio/wav", buffer: audio });
  await form.getByLabel(T.versionNote).fill(note);
  await form.getByRole("button", { name: T.addVersion }).click();
  await toast(page, T.versionAdded(number)).waitFor();
  await page.locator(`[data-testid="version-row"][data-version="${number}"]`).waitFor();
}

async function deliver(page: Page, note: string) {
  const form = page.getByTestId("deliver-form");
  await form.getByLabel("Delivery note").fill(note);
  await form.getByRole("button", { name: "Send delivery" }).click();
  await page.getByTestId("order-status").filter({ hasText: "Delivered" }).waitFor();
}

/** Moves the player's playhead on with the keyboard (five seconds a press) and waits for it to show. */
async function seekTo(page: Page, versionNumber: number, presses: number, shown: string) {
  const slider = page.getByRole("slider", { name: `Seek ${T.playerLabel(versionNumber, ITEM)}` });
  // The player takes keys once wavesurfer.js has loaded and built it.
  await page.locator('[data-testid="waveform-player"][data-ready="true"]', { has: slider }).waitFor();
  await slider.focus();
  for (let i = 0; i < presses; i += 1) await slider.press("ArrowRight");
  await expect.poll(() => slider.getAttribute("aria-valuetext")).toMatch(new RegExp(`^${shown} of `));
}

describe("revision journey (390×844 and desktop)", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("the buyer pins two notes on v1 and asks for a revision, the seller delivers v2 resolving one, the buyer switches A/B at the same position and accepts", { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const sellerEmail = (await newAccount(`nadia_${stamp}`, "Nadia Osei")).email;
    const buyerEmail = (await newAccount(`leo_${stamp}`, "Leo Park")).email;

    const seller = await person(sellerEmail);
    contexts.push(seller.context);
    await enablePayouts(seller.context);
    const service = await apiPost<{ id: string }>(seller.context, "/api/services", {
      name: ITEM,
      description: "Mixing for one song, two revision rounds.",
      category: "mixing",
      pricingModel: "per_session",
      price: "150",
    });

    const buyer = await person(buyerEmail);
    contexts.push(buyer.context);
    const { orderId } = await apiPost<CreatePaymentResponse>(buyer.context, "/api/checkout/create-embedded-payment", { itemType: "service", itemId: service.id });
    await apiPost(buyer.context, `/api/checkout/test/${orderId}/confirm`, { outcome: "success" }, 200);

    // ---- The seller adds v1 (20 s, a loud mix) and delivers it.
    await seller.page.goto(`/orders/${orderId}`);
    await seller.page.getByTestId("versions-empty").waitFor();
    await addVersion(seller.page, 1, "single-mix-v1.wav", toneWav(20, 440, -3), "First pass: vocal up front.");
    const v1Row = seller.page.locator('[data-testid="version-row"][data-version="1"]');
    expect(await v1Row.getByTestId("version-state").innerText()).toBe(T.notDelivered);
    expect(await v1Row.innerText()).toContain(T.sentWithNextDelivery);
    // The seller's browser measured the tone: a sine 3 dB under full scale reads about −6 LUFS mono.
    expect(await v1Row.getByTestId("loudness-readout").getAttribute("aria-label")).toMatch(/^Integrated loudness −[0-9.]+ LUFS, true peak −[0-9.]+ dBTP$/);
    await deliver(seller.page, "v1 is up. Tell me where it needs work.");

    // ---- The buyer listens and pins two notes on v1: a moment at 0:05 and one at 0:10.
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByTestId("now-playing").filter({ hasText: T.nowPlaying(1) }).waitFor();
    await seekTo(buyer.page, 1, 1, "0:05");
    await buyer.page.getByRole("button", { name: T.addNoteAt(5000) }).click();
    await buyer.page.getByLabel(T.noteBody).fill("Kick is too loud here");
    await buyer.page.getByRole("button", { name: T.addNote, exact: true }).click();
    await toast(buyer.page, T.noteAdded).waitFor();
    await buyer.page.waitForTimeout(350); // the app ignores a second tap on a button within 300 ms
    await seekTo(buyer.page, 1, 1, "0:10");
    await buyer.page.getByRole("button", { name: T.addNoteAt(10_000) }).click();
    await buyer.page.getByLabel(T.noteBody).fill("Vocal drops out on the pickup");
    await buyer.page.getByRole("button", { name: T.addNote, exact: true }).click();
    await expect.poll(() => buyer.page.getByTestId("revision-note").count()).toBe(2);
    // The two drafts are markers on the waveform and a keyboard-reachable list.
    const list = buyer.page.getByRole("list", { name: T.notesOn(1) });
    await list.getByRole("button", { name: T.playNote(1, 5000, null) }).waitFor();
    await list.getByRole("button", { name: T.playNote(1, 10_000, null) }).waitFor();
    expect(await buyer.page.getByTestId("revision-notes-count").innerText()).toBe(T.requestSends(2));
    await photographVersions(buyer.page, "revisions-buyer-notes");

    await buyer.page.getByRole("textbox", { name: "What should change?" }).fill("Two notes on the waveform.");
    await buyer.page.getByRole("button", { name: "Request revision" }).click();
    await toast(buyer.page, T.revisionRequested(2)).waitFor();
    await buyer.page.getByTestId("order-status").filter({ hasText: "In progress" }).waitFor();
    const afterRequest = await orderOf(buyer.context, orderId);
    expect(afterRequest.notes.map((n) => [n.atMs, n.state])).toEqual([
      [5000, "open"],
      [10_000, "open"],
    ]);

    // ---- The seller sees both notes, adds v2, marks the kick note resolved in v2 and delivers.
    await seller.page.reload();
    await expect.poll(() => seller.page.getByTestId("revision-note").count()).toBe(2);
    await addVersion(seller.page, 2, "single-mix-v2.wav", toneWav(20, 440, -9), "Kick down 2 dB.");
    await seller.page.getByRole("button", { name: T.markResolvedLabel(2, 5000, null, 1) }).click();
    await seller.page.getByTestId("undo-resolution").waitFor();
    await photographVersions(seller.page, "revisions-seller-resolved");
    await deliver(seller.page, "v2: kick fixed; the vocal dropout is in the stems, looking into it.");

    // ---- The buyer sees one note resolved in v2 and one open.
    await buyer.page.reload();
    await buyer.page.getByTestId("now-playing").filter({ hasText: T.nowPlaying(2) }).waitFor();
    const states = async () => (await orderOf(buyer.context, orderId)).notes.map((n) => [n.atMs, n.state, n.resolvedInVersionNumber]);
    expect(await states()).toEqual([
      [5000, "resolved", 2],
      [10_000, "open", null],
    ]);
    const kickNote = buyer.page.getByTestId("revision-note").filter({ hasText: "Kick is too loud here" });
    expect(await kickNote.getByTestId("note-state").innerText()).toBe(T.resolvedIn(2));
    const dropoutNote = buyer.page.getByTestId("revision-note").filter({ hasText: "Vocal drops out" });
    expect(await dropoutNote.getByTestId("note-state").innerText()).toBe(T.states.open);

    // ---- A/B at the same position: B (v2) at 0:15, switch to A (v1), still 0:15.
    await seekTo(buyer.page, 2, 3, "0:15");
    await buyer.page.getByTestId("ab-a").click();
    await buyer.page.getByTestId("now-playing").filter({ hasText: T.nowPlaying(1) }).waitFor();
    const sliderA = buyer.page.getByRole("slider", { name: `Seek ${T.playerLabel(1, ITEM)}` });
    await expect.poll(() => sliderA.getAttribute("aria-valuetext")).toMatch(/^0:15 of 0:20$/);
    await photographVersions(buyer.page, "revisions-buyer-ab");
    await buyer.page.getByTestId("ab-b").click();
    const sliderB = buyer.page.getByRole("slider", { name: `Seek ${T.playerLabel(2, ITEM)}` });
    await expect.poll(() => sliderB.getAttribute("aria-valuetext")).toMatch(/^0:15 of 0:20$/);

    // ---- The buyer accepts; the history keeps the notes with their state.
    await buyer.page.getByRole("button", { name: "Accept delivery" }).click();
    await buyer.page.getByTestId("order-status").filter({ hasText: "Completed" }).waitFor();
    const done = await orderOf(buyer.context, orderId);
    expect(done.status).toBe("completed");
    const request = done.history.find((entry) => entry.notes && entry.notes.length > 0);
    expect(request?.notes?.map((n) => n.state)).toEqual(["resolved", "open"]);
    expect(done.history.flatMap((entry) => entry.versionNumbers ?? [])).toEqual([1, 2]);

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});
