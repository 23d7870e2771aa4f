// One-click unsubscribe (issue #30; RFC 8058 and RFC 2369): a notification mail's headers name a
// POST that turns that category's email off for its recipient without a session or an Origin,
// as a mail provider sends it; the footer's link opens a page whose one button does the same. A
// GET never changes anything, a forged or edited token and a deleted account answer 404 and write
// nothing, and the page runs no script and escapes what it shows.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_API_TEXTS } from "@shared/messages";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationPreferences } from "@shared/notifications-api";
import { accountDeletions, users } from "../../../worker/db/schema";
import {
  unsubscribeHeaders,
  unsubscribeLink,
  unsubscribePageHtml,
  unsubscribeToken,
} from "../../../worker/services/notifications/unsubscribe";
import { api, createUser, db, expectError, json, ORIGIN, preferenceRowOf, signedInUser } from "../helpers";

const T = NOTIFICATION_API_TEXTS.unsubscribe;
const ONE_CLICK = "List-Unsubscribe=One-Click";
const ctx = { env, origin: ORIGIN };

/** A mail provider's one-click POST (RFC 8058): the form body, no Origin, no cookie, no Accept for HTML. */
function oneClick(path: string, headers: Record<string, string> = {}) {
  return api(path, { method: "POST", origin: null, raw: ONE_CLICK, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
}

/** The page's own form, as a browser submits it (same origin, navigating, so Accept asks for HTML). */
function formPost(path: string) {
  return api(path, {
    method: "POST",
    raw: ONE_CLICK,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
  });
}

/** The path of the one-click endpoint the mail's List-Unsubscribe header names. */
async function headerPath(userId: string, category: NotificationCategory): Promise<string> {
  const headers = await unsubscribeHeaders(ctx, { userId, category });
  expect(headers["List-Unsubscribe-Post"]).toBe(ONE_CLICK);
  const url = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"])![1]!);
  expect(url.origin).toBe(ORIGIN);
  return url.pathname;
}

async function preferencesOf(cookie: string) {
  return json<NotificationPreferences>(await api("/api/notifications/preferences", { cookie }), 200);
}

describe("POST /api/notifications/unsubscribe/:token (one-click)", () => {
  it("the mail's headers name it, and a provider's POST turns that category's email off and nothing else", async () => {
    const ana = await signedInUser();
    const path = await headerPath(ana.id, "orders");
    expect(path).toMatch(/^\/api\/notifications\/unsubscribe\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const res = await oneClick(path);
    expect(await json(res, 200)).toEqual({ ok: true });
    const prefs = await preferencesOf(ana.cookie);
    expect(prefs.categories.orders).toEqual({ push: true, email: false });
    for (const category of NOTIFICATION_CATEGORIES.filter((c) => c !== "orders")) {
      expect(prefs.categories[category]).toEqual({ push: true, email: EMAIL_ON_BY_DEFAULT.includes(category) });
    }
    expect(prefs.quietHours).toBeNull();
  });

  it("keeps the person's other choices, and a repeat answers 200 and changes nothing more", async () => {
    const ana = await signedInUser();
    await json(await api("/api/notifications/preferences", { method: "PUT", cookie: ana.cookie, body: { categories: { likes: { email: true } }, timeZone: "Europe/Paris" } }), 200);
    const path = await headerPath(ana.id, "messages");
    expect((await oneClick(path)).status).toBe(200);
    const once = await preferenceRowOf(ana.id);
    expect(JSON.parse(once!.categories)).toEqual({ likes: { email: true }, messages: { email: false } });
    expect(once!.timeZone).toBe("Europe/Paris");
    expect(await json(await oneClick(path), 200)).toEqual({ ok: true });
    const twice = await preferenceRowOf(ana.id);
    expect({ ...twice, updatedAt: 0 }).toEqual({ ...once, updatedAt: 0 });
  });

  it("a category whose mail starts off stays off and leaves no flag behind", async () => {
    const ana = await createUser();
    expect((await oneClick(await headerPath(ana.id, "likes"))).status).toBe(200);
    const row = await preferenceRowOf(ana.id);
    expect(JSON.parse(row!.categories)).toEqual({ likes: {} });
  });

  it("accepts a cross-site POST too (the token is the credential), and the body is within the API's limit", async () => {
    const ana = await createUser();
    const res = await api(await headerPath(ana.id, "bookings"), { method: "POST", origin: "https://mail.example", raw: ONE_CLICK, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(JSON.parse((await preferenceRowOf(ana.id))!.categories)).toEqual({ bookings: { email: false } });
  });

  it("answers the page's own form with a confirmation page", async () => {
    const ana = await createUser();
    const res = await formPost(await headerPath(ana.id, "reviews"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(T.done("reviews"));
    expect(html).not.toMatch(/<script/i);
    expect(JSON.parse((await preferenceRowOf(ana.id))!.categories)).toEqual({ reviews: { email: false } });
  });

  it("refuses a forged or edited token with 404 and writes nothing", async () => {
    const ana = await createUser();
    const good = await unsubscribeToken(env, { userId: ana.id, category: "orders" });
    const [header, payload, signature] = good.split(".") as [string, string, string];
    // The claim edited to name another category, keeping the signature.
    const edited = `${header}.${btoa(JSON.stringify({ ...JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))), cat: "messages" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.${signature}`;
    // A token signed with another key.
    const foreign = await unsubscribeToken({ ...env, JWT_SECRET: "another-secret-0123456789abcdefghijklmnop" }, { userId: ana.id, category: "orders" });
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [edited, foreign, tampered, "not-a-token", "a".repeat(2000)]) {
      await expectError(await oneClick(`/api/notifications/unsubscribe/${token}`), 404, T.invalid);
      const page = await formPost(`/api/notifications/unsubscribe/${token}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain(T.invalid);
    }
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });

  it("a token of another purpose (a session's access token) is no unsubscribe token", async () => {
    const ana = await signedInUser();
    await expectError(await oneClick(`/api/notifications/unsubscribe/${ana.access}`), 404, T.invalid);
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });

  it("refuses a token whose account was deleted, or never existed, and writes nothing", async () => {
    const ana = await createUser();
    const path = await headerPath(ana.id, "orders");
    await db().insert(accountDeletions).values({ userId: ana.id, requestedAt: Date.now() - 40 * 86_400_000, completedAt: Date.now() });
    await expectError(await oneClick(path), 404, T.invalid);
    expect(await preferenceRowOf(ana.id)).toBeNull();
    const ghost = crypto.randomUUID();
    await expectError(await oneClick(await headerPath(ghost, "orders")), 404, T.invalid);
    expect(await preferenceRowOf(ghost)).toBeNull();
  });

  it("still works while an account waits out its deletion grace period", async () => {
    const ana = await createUser();
    await db().insert(accountDeletions).values({ userId: ana.id, requestedAt: Date.now() });
    expect((await oneClick(await headerPath(ana.id, "offers"))).status).toBe(200);
    expect(JSON.parse((await preferenceRowOf(ana.id))!.categories)).toEqual({ offers: { email: false } });
  });

  it("works for a suspended account (it may still stop mail)", async () => {
    const ana = await createUser();
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, ana.id));
    expect((await oneClick(await headerPath(ana.id, "orders"))).status).toBe(200);
  });

  it("is the only POST exempt from the Origin check: the preferences still refuse an Origin-less write", async () => {
    const ana = await signedInUser();
    await expectError(await api("/api/notifications/preferences", { method: "PUT", cookie: ana.cookie, origin: null, body: { timeZone: "UTC" } }), 403, "Cross-origin request refused");
    await expectError(await api("/api/push/subscriptions", { method: "POST", cookie: ana.cookie, origin: null, body: {} }), 403, "Cross-origin request refused");
    // Nor is anything below the unsubscribe path.
    await expectError(await api("/api/notifications/unsubscribe/x/y", { method: "POST", origin: null, raw: ONE_CLICK }), 403, "Cross-origin request refused");
  });
});

describe("GET /unsubscribe/:token (the page)", () => {
  it("says what the button stops and shows the one button, and changes nothing", async () => {
    const ana = await createUser();
    const link = await unsubscribeLink(ctx, { userId: ana.id, category: "orders" });
    const url = new URL(link);
    expect(url.pathname).toMatch(/^\/unsubscribe\//);
    const token = url.pathname.slice("/unsubscribe/".length);
    const res = await api(url.pathname, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain(T.consequence("orders"));
    expect(html).toContain("You will no longer get emails about your orders from Backline.");
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html).toContain(`<form method="post" action="/api/notifications/unsubscribe/${token}">`);
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(html.match(/<button/g)).toHaveLength(1);
    // The account is not named: a forwarded mail tells no one whose it was.
    expect(html).not.toContain(ana.email);
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });

  it("runs no script: its CSP allows nothing but its own style block and a form to our origin", async () => {
    const ana = await createUser();
    const res = await api(new URL(await unsubscribeLink(ctx, { userId: ana.id, category: "messages" })).pathname);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("script-src");
    const html = await res.text();
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
    // The style block's hash is the one the policy names.
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
    expect(csp).toContain(`style-src 'sha256-${btoa(String.fromCharCode(...digest))}'`);
  });

  it("answers a bad token with a 404 page that says so", async () => {
    for (const token of ["not-a-token", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"]) {
      const res = await api(`/unsubscribe/${token}`, { headers: { accept: "text/html" } });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(T.invalid);
      expect(html).not.toContain("<form");
      expect(html).not.toMatch(/<script/i);
    }
  });

  it("answers a deleted account's link with the 404 page", async () => {
    const ana = await createUser();
    const link = await unsubscribeLink(ctx, { userId: ana.id, category: "orders" });
    await db().insert(accountDeletions).values({ userId: ana.id, requestedAt: 0, completedAt: Date.now() });
    const res = await api(new URL(link).pathname);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(T.invalid);
  });

  it("names every category in words, each page escaping what it shows", () => {
    for (const category of NOTIFICATION_CATEGORIES) {
      const html = unsubscribePageHtml({ kind: "confirm", token: "a.b.c", category });
      expect(html).toContain(T.categoryMail[category]);
      expect(html).not.toContain("undefined");
    }
  });

  it("escapes the token in the form's action", () => {
    const hostile = `x"><script>alert(1)</script><a href="`;
    const html = unsubscribePageHtml({ kind: "confirm", token: hostile, category: "orders" });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("alert(1)</script>");
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html.match(/<a /g)).toBeNull();
    const action = /<form method="post" action="([^"]*)">/.exec(html)![1]!;
    expect(action).toBe(`/api/notifications/unsubscribe/${encodeURIComponent(hostile).replace(/'/g, "&#39;")}`);
  });
});
