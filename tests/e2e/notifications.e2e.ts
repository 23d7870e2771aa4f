// Notifications that reach people when the app is closed (issue #30; decision record 0096), end to
// end on the production build: a person's push subscription, made by this test with its own keys,
// points at a stand-in push service on loopback (headless Chromium cannot reach a browser vendor's
// push service; the e2e mode's allow-list lets a push endpoint be http on 127.0.0.1 and nowhere
// else). A message from a second account goes through the queue and its consumer, arrives at the
// stand-in encrypted (RFC 8291) and signed (VAPID), and the test decrypts it. The same payload is
// then delivered to the app's service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage); the notification it shows is clicked (its notificationclick,
// dispatched in the service worker through the protocol too) and the conversation opens. The
// sender's first message offers notifications on the screen where it makes sense, and /settings
// holds the preferences; both are checked with axe and photographed at 390×844 and desktop width.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReceiverKeys, decryptPushText, verifyVapidAuthorization } from "../shared/web-push-receiver";
import { apiPost, baseURL, launch, newAccount, newContext, photograph, signInThroughForm } from "./browser";

let browser: Browser;
let pushService: http.Server;
/** What the stand-in push service received, in order. */
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  browser = await launch();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      // A push service accepts a message with 201 Created.
      res.writeHead(201, { location: `${req.url}/message/${received.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

const sessionUserId = (page: Page) => page.evaluate(async () => ((await (await fetch("/api/auth/session")).json()) as { user: { id: string } }).user.id);

describe("notifications journey (two people, 390×844)", () => {
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it("a message reaches the other person's device encrypted, the service worker shows it, and its click opens the conversation", async () => {
    const stamp = Date.now().toString(36);
    const a = await newAccount(`nadia_${stamp}`, `Nadia ${stamp}`);
    const b = await newAccount(`omar_${stamp}`, `Omar ${stamp}`);
    contextA = await newContext(browser);
    contextB = await newContext(browser);
    await contextA.grantPermissions(["notifications"], { origin: baseURL() });
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await signInThroughForm(pageA, a.email);
    await signInThroughForm(pageB, b.email);
    const aId = await sessionUserId(pageA);

    // ---- A's device: a subscription with the test's own keys, at the stand-in push service ------
    const keys = await createReceiverKeys();
    const port = (pushService.address() as AddressInfo).port;
    const endpoint = `http://127.0.0.1:${port}/push/${stamp}`;
    await apiPost(contextA, "/api/push/subscriptions", { kind: "web", endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });

    // ---- B writes to A for the first time: Contact, a message, and the offer to be notified -----
    await pageB.goto(`/profile/${aId}`);
    await pageB.getByTestId("contact-button").click();
    await pageB.waitForURL((url) => url.pathname === "/messages" && url.searchParams.has("conversation"));
    const conversationId = new URL(pageB.url()).searchParams.get("conversation");
    const hello = `Got the stems? ${stamp}`;
    const chatB = pageB.getByRole("region", { name: a.displayName });
    await chatB.getByRole("textbox", { name: "Message" }).fill(hello);
    await chatB.getByRole("textbox", { name: "Message" }).press("Enter");
    await chatB.getByTestId("message-own").filter({ hasText: hello }).waitFor();
    const offer = pageB.getByRole("region", { name: new RegExp(`notified when ${a.displayName}`, "i") });
    await offer.waitFor();
    await photograph(pageB, "notifications-offer-after-first-message");

    // ---- The push arrives at the stand-in: signed for its origin, encrypted for A's keys -------
    await expect.poll(() => received.filter((push) => push.path === `/push/${stamp}`).length, { timeout: 30_000 }).toBe(1);
    const push = received.find((each) => each.path === `/push/${stamp}`)!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const vapid = await verifyVapidAuthorization(String(push.headers.authorization), { audience: `http://127.0.0.1:${port}` });
    expect(vapid.claims.aud).toBe(`http://127.0.0.1:${port}`);
    const plaintext = await decryptPushText(new Uint8Array(push.body), keys);
    const payload = JSON.parse(plaintext) as { title: string; body: string; path: string; tag: string; icon: string | null };
    expect(payload.title).toContain(b.displayName);
    expect(payload.body).toContain(hello);
    expect(payload.path).toContain(conversationId!);

    // ---- The service worker shows it: the decrypted payload, delivered through the protocol ---
    await pageA.goto("/feed");
    await pageA.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await contextA.newCDPSession(pageA);
    const registration = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((each) => !each.isDeleted && each.scopeURL.startsWith(baseURL()));
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: `${baseURL()}/`, registrationId: await registration, data: plaintext });
    await expect
      .poll(() =>
        pageA.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, path: (n.data as { path?: string } | null)?.path }))),
      )
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, path: payload.path }]);

    // ---- Its click opens the conversation: notificationclick, dispatched in the service worker --
    const [worker] = contextA.serviceWorkers();
    expect(worker).toBeDefined();
    // Runs in the service worker (its globals, not this file's).
    await worker!.evaluate(`(async () => {
      const [notification] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    })()`);
    await pageA.waitForURL((url) => url.pathname === "/messages" && url.searchParams.get("conversation") === conversationId);
    await pageA.getByTestId("message-other").filter({ hasText: hello }).waitFor();

    // ---- A's preferences: a switch saved, and still off after a reload ------------------------
    await pageA.goto("/settings");
    const likesPush = pageA.getByRole("switch", { name: "Push for likes" });
    await likesPush.waitFor();
    await expect.poll(() => likesPush.getAttribute("aria-checked")).toBe("true");
    await likesPush.click();
    await expect.poll(() => likesPush.getAttribute("aria-checked")).toBe("false");
    await pageA.reload();
    await expect.poll(() => pageA.getByRole("switch", { name: "Push for likes" }).getAttribute("aria-checked")).toBe("false");
    await pageA.getByRole("switch", { name: "Push for likes" }).scrollIntoViewIfNeeded();
    await photograph(pageA, "notifications-settings");

    // ---- Signing out ends the device: the server forgets it, and nothing more is pushed -------
    const before = await contextA.request.get("/api/notifications/preferences");
    expect(((await before.json()) as { devices: number }).devices).toBe(1);
    await pageA.getByRole("button", { name: "Sign out of this device" }).click();
    await pageA.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth");
    await signInThroughForm(pageA, a.email);
    const after = await contextA.request.get("/api/notifications/preferences");
    expect(((await after.json()) as { devices: number }).devices).toBe(0);
    await chatB.getByRole("textbox", { name: "Message" }).fill(`Still there? ${stamp}`);
    await chatB.getByRole("textbox", { name: "Message" }).press("Enter");
    await chatB.getByTestId("message-own").filter({ hasText: `Still there? ${stamp}` }).waitFor();
    // The consumer has had its batch window and more; the stand-in got nothing new.
    await pageB.waitForTimeout(4_000);
    expect(received.filter((push) => push.path === `/push/${stamp}`)).toHaveLength(1);
  });
});
