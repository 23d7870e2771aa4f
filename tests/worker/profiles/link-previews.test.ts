// Link previews: a navigation to /profile/{id} or /post/{id} answers the SPA's
// own index.html with Open Graph and Twitter card tags for that profile or post, so a shared link
// shows a card; everything else, and any id that names nothing, gets the page unchanged. The
// test serves the real index.html through a stand-in ASSETS binding (the test Worker has no build).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import { app } from "../../../worker/app";
import { db, insertPost, signedInUser } from "../helpers";
import { posts } from "../../../worker/db/schema";
import { eq } from "drizzle-orm";

const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith("/icons/")) return new Response("png", { headers: { "content-type": "image/png" } });
    // The SPA fallback: every navigation gets index.html.
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"build-1"' } });
  },
};

async function page(path: string, accept = "text/html,application/xhtml+xml") {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { accept } }, { ...env, ASSETS: assets, APP_ORIGIN: "https://backline.example" }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function metaOf(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((m) => m[1]!);
}

describe("link previews", () => {
  it("fills a profile's card: name, bio, absolute avatar, and one tag of each kind", async () => {
    const ana = await signedInUser({ displayName: "Ana \"Keys\" <Lopez>", bio: "Session pianist & arranger." });
    await env.DB.prepare("update profiles set avatar_url = ? where user_id = ?").bind(`/media/avatars/${ana.id}/a.jpg`, ana.id).run();
    const res = await page(`/profile/${ana.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("etag")).toBeNull();
    const html = await res.text();
    expect(metaOf(html, "og:title")).toEqual([`Ana &quot;Keys&quot; &lt;Lopez&gt; (@${ana.username})`]);
    expect(metaOf(html, "og:description")).toEqual(["Session pianist &amp; arranger."]);
    expect(metaOf(html, "og:image")).toEqual([`https://backline.example/media/avatars/${ana.id}/a.jpg`]);
    expect(metaOf(html, "og:url")).toEqual([`https://backline.example/profile/${ana.id}`]);
    expect(metaOf(html, "og:type")).toEqual(["profile"]);
    expect(metaOf(html, "twitter:card")).toEqual(["summary"]);
    expect(metaOf(html, "twitter:title")).toEqual(metaOf(html, "og:title"));
    expect(metaOf(html, "twitter:image")).toEqual(metaOf(html, "og:image"));
    expect(metaOf(html, "description")).toEqual(["Session pianist &amp; arranger."]);
    expect(html).toContain(`<title>Ana &quot;Keys&quot; &lt;Lopez&gt; (@${ana.username}) · Backline</title>`);
    // The SPA still boots from the same page.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/web/main.tsx"');
  });

  it("fills a post's card with its caption and its image as a large card", async () => {
    const ana = await signedInUser({ displayName: "Ana Lopez" });
    const postId = await insertPost(ana.id, { caption: "New mix is out\nfeel the low end" });
    const html = await (await page(`/post/${postId}`)).text();
    expect(metaOf(html, "og:title")).toEqual(["Ana Lopez on Backline"]);
    expect(metaOf(html, "og:description")).toEqual(["New mix is out feel the low end"]);
    expect(metaOf(html, "og:image")).toEqual([`https://backline.example/media/post-images/${ana.id}/${postId}.jpg`]);
    expect(metaOf(html, "og:type")).toEqual(["article"]);
    expect(metaOf(html, "twitter:card")).toEqual(["summary_large_image"]);
  });

  it("describes a post without a caption or picture and falls back to the app's icon", async () => {
    const ana = await signedInUser({ displayName: "Ana Lopez" });
    const postId = await insertPost(ana.id, { contentType: "audio" });
    await db().update(posts).set({ mediaKey: `post-audio/${ana.id}/${postId}.mp3`, mimeType: "audio/mpeg" }).where(eq(posts.id, postId));
    const html = await (await page(`/post/${postId}`)).text();
    expect(metaOf(html, "og:description")).toEqual([`A new audio post by @${ana.username} on Backline.`]);
    expect(metaOf(html, "og:image")).toEqual(["https://backline.example/icons/icon-512.png"]);
    expect(metaOf(html, "twitter:card")).toEqual(["summary"]);
  });

  it("answers the plain page for unknown or malformed ids and for requests that are not navigations", async () => {
    const ana = await signedInUser();
    for (const path of [`/profile/${crypto.randomUUID()}`, `/post/${crypto.randomUUID()}`, "/profile/not%20an%20id"]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(indexHtml);
      // Revalidated on every visit like every other page, so a deploy is seen at once.
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect(await (await page(`/profile/${ana.id}`, "*/*")).text()).toBe(indexHtml);
    expect(await (await page("/feed")).text()).toBe(indexHtml);
  });
});
