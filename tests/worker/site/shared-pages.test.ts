// The pages a shared link opens (issue #29, decision record 0097): a navigation to /post, /profile,
// /service or /product answers HTML that already shows the content, written into the build's
// template; unknown, hidden, suspended and blocked answer 404 with the route's not-found state;
// everything interpolated is escaped; a visitor's page is kept 60 s in the data centre's cache and
// purged when its owner edits or deletes; a signed-in page is never stored. The test Worker has no
// build, so a stand-in ASSETS binding serves the template's source (shared-page.html) and the
// SPA's index.html, as the real one serves the built files.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import sharedPageHtml from "../../../shared-page.html?raw";
import { app } from "../../../worker/app";
import { blocks, posts, users } from "../../../worker/db/schema";
import { api, createUser, db, insertPost, insertProduct, insertService, signedInUser } from "../helpers";

const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/shared-page") return new Response(sharedPageHtml, { headers: { "content-type": "text/html; charset=utf-8" } });
    if (url.pathname.startsWith("/icons/")) return new Response("png", { headers: { "content-type": "image/png" } });
    // The SPA fallback: every other navigation gets index.html.
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"build-1"' } });
  },
};

async function page(path: string, { accept = "text/html,application/xhtml+xml", cookie }: { accept?: string; cookie?: string } = {}) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { accept };
  if (cookie) headers.cookie = cookie;
  const res = await app.request(path, { headers }, { ...env, ASSETS: assets, APP_ORIGIN: "https://backline.example" }, ctx);
  const html = await res.text();
  // The stored copy is written after the answer (waitUntil): wait for it, as the next visitor would.
  await waitOnExecutionContext(ctx);
  return { res, html };
}

function metaOf(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((m) => m[1]!);
}

/** The markup inside #root, where the page is painted. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('<script type="application/json"', start);
  return html.slice(start, end === -1 ? undefined : end);
}

async function audioPost(userId: string, caption: string) {
  const id = await insertPost(userId, { contentType: "audio", caption });
  await db()
    .update(posts)
    .set({ mediaKey: `post-audio/${userId}/${id}.mp3`, mimeType: "audio/mpeg", durationMs: 201_000, waveform: Array.from({ length: 200 }, (_, i) => (i % 10) / 10) })
    .where(eq(posts.id, id));
  return id;
}

describe("shared pages: what a visitor sees", () => {
  it("paints an audio post: author, caption, counts, the waveform as SVG bars and the player, the preview tags", async () => {
    const ana = await createUser({ displayName: "Ana Lopez", verified: true });
    const postId = await audioPost(ana.id, "New mix is out #lofi");
    const { res, html } = await page(`/post/${postId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const root = rootOf(html);
    expect(root).toContain("Ana Lopez");
    expect(root).toContain(`@${ana.username}`);
    expect(root).toContain('data-testid="post-caption">New mix is out <a href="/search?tag=lofi"');
    expect(root).toMatch(/aria-label="Like, 0 likes"/);
    expect(root).toMatch(/aria-label="Comments, 0 comments"/);
    // The waveform: 64 bars drawn twice (the track and its progress), the player and the audio.
    const svg = /<svg viewBox="0 0 320 56"[^>]*data-testid="waveform-svg">([\s\S]*?)<\/svg>/.exec(root)?.[1] ?? "";
    expect(svg.match(/<rect x="\d+" y="[\d.]+" width="3"/g)).toHaveLength(128);
    expect(root).toContain('aria-label="Play audio by Ana Lopez"');
    expect(root).toContain('role="slider"');
    expect(root).toContain("3:21");
    expect(root).toContain(`<audio src="/media/post-audio/${ana.id}/${postId}.mp3" preload="none"`);
    // A visitor signs in to like; the app answers comments and share when pressed.
    expect(root).toContain(`href="/auth?redirect=%2Fpost%2F${postId}" aria-label="Like, 0 likes"`);
    expect(root).toContain('data-intent="comments-button"');
    expect(html).toContain('data-takeover="intent"');
    expect(html).not.toContain("/web/main.tsx");
    expect(metaOf(html, "og:title")).toEqual(["Ana Lopez on Backline"]);
    expect(metaOf(html, "og:description")).toEqual(["New mix is out #lofi"]);
    expect(metaOf(html, "og:url")).toEqual([`https://backline.example/post/${postId}`]);
    expect(html).toContain(`<link rel="canonical" href="https://backline.example/post/${postId}" />`);
    // The app starts from the same data.
    const data = JSON.parse(/<script type="application\/json" id="shared-page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null");
    expect(data).toMatchObject({ kind: "post", id: postId, post: { id: postId, caption: "New mix is out #lofi" } });
  });

  it("paints a profile's header and first posts", async () => {
    const ana = await createUser({ displayName: "Ana Lopez", bio: "Session pianist & arranger." });
    await insertPost(ana.id, { caption: "first light", createdAt: Date.now() - 2000 });
    await insertPost(ana.id, { caption: "second take", createdAt: Date.now() - 1000 });
    const { res, html } = await page(`/profile/${ana.id}`);
    expect(res.status).toBe(200);
    const root = rootOf(html);
    expect(root).toContain('<span class="min-w-0 break-words">Ana Lopez</span>');
    expect(root).toContain("Session pianist &amp; arranger.");
    expect(root).toMatch(/data-testid="count-posts" data-value="2"/);
    expect(root.indexOf("second take")).toBeGreaterThan(-1);
    expect(root.indexOf("second take")).toBeLessThan(root.indexOf("first light"));
    expect(metaOf(html, "og:type")).toEqual(["profile"]);
  });

  it("paints a service and a product: name, price, seller, image", async () => {
    const seller = await createUser({ displayName: "Studio Nine" });
    const serviceId = await insertService(seller.id, { name: "Mixing & mastering", description: "Two revisions." });
    const service = await page(`/service/${serviceId}`);
    expect(service.res.status).toBe(200);
    expect(rootOf(service.html)).toContain("Mixing &amp; mastering");
    expect(rootOf(service.html)).toMatch(/data-testid="detail-price">[^<]*\$50/);
    expect(rootOf(service.html)).toContain("Studio Nine");
    const productId = await insertProduct(seller.id, { priceCents: 1999 });
    const product = await page(`/product/${productId}`);
    expect(product.res.status).toBe(200);
    expect(rootOf(product.html)).toMatch(/data-testid="detail-price">\$19\.99/);
    expect(rootOf(product.html)).toContain('data-testid="seller-card"');
    expect(rootOf(product.html)).toContain("Studio Nine");
  });

  it("keeps user text inert: in text, in attributes, in the preview tags and in the data", async () => {
    const evil = `"><img src=x onerror=alert(1)> <script>alert('x')</script>`;
    const ana = await createUser({ displayName: evil });
    const postId = await audioPost(ana.id, `caption ${evil}`);
    const { html } = await page(`/post/${postId}`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toMatch(/="[^"]*"><img/);
    expect(rootOf(html)).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    // In an attribute (the player's label) the quote cannot close it.
    expect(rootOf(html)).toContain('aria-label="Play audio by &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(metaOf(html, "og:title")[0]).toContain("&quot;&gt;&lt;img");
    // The JSON cannot close its script element.
    const data = /<script type="application\/json" id="shared-page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(data).not.toContain("<");
    expect(JSON.parse(data).post.caption).toBe(`caption ${evil}`);
  });
});

describe("shared pages: what is missing answers 404", () => {
  it("answers 404 with the route's not-found state for unknown, malformed, hidden and suspended content", async () => {
    const ana = await createUser();
    const hidden = await insertPost(ana.id, { caption: "hidden" });
    await db().update(posts).set({ hiddenAt: Date.now() }).where(eq(posts.id, hidden));
    const suspended = await createUser();
    const theirs = await insertPost(suspended.id, { caption: "theirs" });
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, suspended.id));
    for (const path of [`/post/${crypto.randomUUID()}`, "/post/not-an-id", `/post/${hidden}`, `/post/${theirs}`]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(rootOf(html), path).toContain("Post not found");
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).not.toContain("hidden</p>");
    }
    const profile = await page(`/profile/${suspended.id}`);
    expect(profile.res.status).toBe(404);
    expect(rootOf(profile.html)).toContain("Profile not found");
    expect((await page(`/service/${crypto.randomUUID()}`)).res.status).toBe(404);
    expect((await page(`/product/${crypto.randomUUID()}`)).res.status).toBe(404);
  });

  it("answers 404 to a signed-in viewer across a block, while a visitor sees the post", async () => {
    const ana = await createUser({ displayName: "Ana Lopez" });
    const postId = await insertPost(ana.id, { caption: "blocked side" });
    const blocked = await signedInUser();
    await db().insert(blocks).values({ blockerId: ana.id, blockedId: blocked.id });
    const signedIn = await page(`/post/${postId}`, { cookie: blocked.cookie });
    expect(signedIn.res.status).toBe(404);
    expect(signedIn.html).not.toContain("blocked side");
    expect((await page(`/profile/${ana.id}`, { cookie: blocked.cookie })).res.status).toBe(404);
    expect((await page(`/post/${postId}`)).res.status).toBe(200);
  });
});

describe("shared pages: caching", () => {
  it("keeps a visitor's page in the data centre's cache and tells the browser to revalidate", async () => {
    const ana = await createUser();
    const postId = await insertPost(ana.id, { caption: "cached" });
    const first = await page(`/post/${postId}`);
    expect(first.res.headers.get("cache-control")).toBe("no-cache");
    expect(first.res.headers.get("x-shared-page-cache")).toBe("miss");
    // Changed behind the cache's back: a second visitor gets the stored copy.
    await db().update(posts).set({ caption: "changed in the database" }).where(eq(posts.id, postId));
    const second = await page(`/post/${postId}?utm_source=chat`);
    expect(second.res.headers.get("x-shared-page-cache")).toBe("hit");
    expect(second.res.headers.get("cache-control")).toBe("no-cache");
    expect(second.html).toContain("cached");
  });

  it("never stores or serves a stored copy to a signed-in viewer, who gets the app right after the paint", async () => {
    const ana = await createUser();
    const postId = await insertPost(ana.id, { caption: "for members" });
    const member = await signedInUser();
    const signedIn = await page(`/post/${postId}`, { cookie: member.cookie });
    expect(signedIn.res.headers.get("x-shared-page-cache")).toBe("bypass");
    expect(signedIn.res.headers.get("cache-control")).toBe("no-cache");
    expect(signedIn.html).toContain('data-takeover="now"');
    // The member's like is the app's button; no Sign In in the header.
    expect(rootOf(signedIn.html)).toContain('data-intent="like-button"');
    expect(rootOf(signedIn.html)).not.toContain(">Sign In<");
    // Nothing was stored for the next visitor.
    expect((await page(`/post/${postId}`)).res.headers.get("x-shared-page-cache")).toBe("miss");
  });

  it("purges the stored page when the owner edits or deletes the post", async () => {
    const owner = await signedInUser();
    const postId = await insertPost(owner.id, { caption: "before the edit" });
    await page(`/post/${postId}`);
    expect((await page(`/post/${postId}`)).res.headers.get("x-shared-page-cache")).toBe("hit");
    const edit = await api(`/api/posts/${postId}`, { method: "PATCH", cookie: owner.cookie, body: { caption: "after the edit" } });
    expect(edit.status).toBe(200);
    const edited = await page(`/post/${postId}`);
    expect(edited.res.headers.get("x-shared-page-cache")).toBe("miss");
    expect(rootOf(edited.html)).toContain("after the edit");
    expect(rootOf(edited.html)).not.toContain("before the edit");

    expect((await page(`/post/${postId}`)).res.headers.get("x-shared-page-cache")).toBe("hit");
    expect((await api(`/api/posts/${postId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const deleted = await page(`/post/${postId}`);
    expect(deleted.res.status).toBe(404);
    expect(rootOf(deleted.html)).toContain("Post not found");
  });

  it("purges a profile's page when its owner edits the profile", async () => {
    const owner = await signedInUser({ displayName: "Old Name" });
    await page(`/profile/${owner.id}`);
    expect((await page(`/profile/${owner.id}`)).res.headers.get("x-shared-page-cache")).toBe("hit");
    expect((await api("/api/profile", { method: "PATCH", cookie: owner.cookie, body: { displayName: "New Name" } })).status).toBe(200);
    const after = await page(`/profile/${owner.id}`);
    expect(after.res.headers.get("x-shared-page-cache")).toBe("miss");
    expect(rootOf(after.html)).toContain("New Name");
  });
});

describe("shared pages: what passes through", () => {
  it("hands requests that are not page navigations, and a profile's other tabs, to the app's page", async () => {
    const ana = await createUser();
    const postId = await insertPost(ana.id, { caption: "json please" });
    const json = await page(`/post/${postId}`, { accept: "application/json" });
    expect(json.html).toBe(indexHtml);
    const tab = await page(`/profile/${ana.id}?tab=products`);
    expect(tab.res.status).toBe(200);
    expect(tab.html).toContain('<div id="root"></div>');
    expect(tab.html).toContain('src="/web/main.tsx"');
  });
});
