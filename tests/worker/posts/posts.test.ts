// POST/GET/PATCH/DELETE /api/posts, views, and the post lists through the Worker (spec §3 post,
// §5 caption/location/tags, §6 owner rules, §7 create/delete post and post_views, §8 messages).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Post, PostPage } from "@shared/posts-api";
import { app } from "../../../worker/app";
import { follows, postViews, posts, profiles, uploads } from "../../../worker/db/schema";
import {
  api,
  db,
  errorOf,
  jpegBytes,
  MiB,
  mp4Bytes,
  ORIGIN,
  postThroughApi,
  randomIp,
  signedInUser,
  uploadThroughApi,
} from "../helpers";

// Several tests move 10 MiB parts through local R2; give them room when the suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

async function postRow(id: string) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  return row;
}

describe("POST /api/posts", () => {
  it("creates a post from a finished upload, with media facts from the server only", async () => {
    const ana = await signedInUser({ username: "AnaBeats" });
    const bytes = jpegBytes(3000);
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes, fileName: "cover.jpg" });
    const res = await api("/api/posts", {
      cookie: ana.cookie,
      body: {
        uploadId,
        caption: "  Late night session #LoFi  ",
        location: "Berlin",
        tags: "beats, lofi, , Berlin ",
        width: 1080,
        height: 1350,
        // Fields a client must not control are ignored.
        userId: "someone-else",
        mediaKey: "avatars/x.jpg",
        sizeBytes: 1,
        mimeType: "text/html",
      },
    });
    expect(res.status).toBe(201);
    const post = (await res.json()) as Post;
    expect(post).toMatchObject({
      id: uploadId,
      userId: ana.id,
      contentType: "image",
      mediaUrl: `/media/post-images/${ana.id}/${uploadId}.jpg`,
      thumbnailUrl: null,
      mimeType: "image/jpeg",
      sizeBytes: 3000,
      width: 1080,
      height: 1350,
      caption: "Late night session #LoFi",
      location: "Berlin",
      tags: ["beats", "lofi", "Berlin"],
      likesCount: 0,
      commentsCount: 0,
      author: { userId: ana.id, username: "AnaBeats" },
      viewer: { liked: false, bookmarked: false, isOwner: true },
    });
    const media = await api(post.mediaUrl);
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(bytes);
    expect((await db().select().from(uploads).where(eq(uploads.id, uploadId)))[0]?.status).toBe("completed");
    const [profile] = await db().select({ n: profiles.postCount }).from(profiles).where(eq(profiles.userId, ana.id));
    expect(profile?.n).toBe(1);
    // The same upload cannot become a second post.
    expect((await api("/api/posts", { cookie: ana.cookie, body: { uploadId } })).status).toBe(409);
  });

  it("creates a multi-part video post with its poster frame", async () => {
    const ana = await signedInUser();
    const start = await api("/api/uploads", {
      cookie: ana.cookie,
      body: { contentType: "video", mimeType: "video/mp4", size: 10 * MiB + 100, fileName: "live.mp4" },
    });
    const { uploadId } = (await start.json()) as { uploadId: string };
    const file = mp4Bytes(10 * MiB + 100);
    await api(`/api/uploads/${uploadId}/thumbnail`, { method: "PUT", cookie: ana.cookie, raw: jpegBytes(800), headers: { "content-type": "image/jpeg" } });
    // Only part 1 so far: the post cannot be created yet.
    await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: file.slice(0, 10 * MiB) });
    const early = await api("/api/posts", { cookie: ana.cookie, body: { uploadId } });
    expect(early.status).toBe(400);
    expect((await errorOf(early)).message).toBe("Upload incomplete");
    await api(`/api/uploads/${uploadId}/parts/2`, { method: "PUT", cookie: ana.cookie, raw: file.slice(10 * MiB) });
    const res = await api("/api/posts", { cookie: ana.cookie, body: { uploadId, durationMs: 12_000 } });
    expect(res.status).toBe(201);
    const post = (await res.json()) as Post;
    expect(post.contentType).toBe("video");
    expect(post.sizeBytes).toBe(10 * MiB + 100);
    expect(post.thumbnailUrl).toBe(`/media/post-videos/${ana.id}/${uploadId}.poster.jpg`);
    const range = await api(post.mediaUrl, { headers: { range: "bytes=0-15" } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(file.slice(0, 16));
  });

  it("checks caption, location and tags with the spec's rules and keeps the upload open", async () => {
    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(500) });
    const cases: [Record<string, unknown>, string][] = [
      [{ caption: "Get free bitcoin now" }, "Invalid caption content"],
      [{ caption: "this is spam" }, "Invalid caption content"],
      [{ caption: "x".repeat(501) }, "Caption must be at most 500 characters"],
      [{ location: "l".repeat(101) }, "Location must be at most 100 characters"],
      [{ tags: "t".repeat(201) }, "Tags must be at most 200 characters"],
      [{ waveform: Array.from({ length: 513 }, () => 0.5) }, expect.any(String) as unknown as string],
    ];
    for (const [extra, message] of cases) {
      const res = await api("/api/posts", { cookie: ana.cookie, body: { uploadId, ...extra } });
      expect(res.status, JSON.stringify(extra).slice(0, 40)).toBe(400);
      expect((await errorOf(res)).message).toEqual(message);
    }
    expect(await postRow(uploadId)).toBeUndefined();
    // Exactly at the limits is fine.
    const ok = await api("/api/posts", {
      cookie: ana.cookie,
      body: { uploadId, caption: "a".repeat(500), location: "l".repeat(100), tags: "t".repeat(200), waveform: Array(512).fill(1) },
    });
    expect(ok.status).toBe(201);
  });
});

describe("GET /api/posts/:id", () => {
  it("shows a post to visitors (share links) with viewer flags off, and 404s the unknown", async () => {
    const ana = await signedInUser();
    const post = await postThroughApi(ana.cookie, { caption: "hello" });
    const res = await api(`/api/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Post).viewer).toEqual({ liked: false, bookmarked: false, isOwner: false });
    for (const id of [crypto.randomUUID(), "not a valid id!"]) {
      const missing = await api(`/api/posts/${encodeURIComponent(id)}`);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).message).toBe("Post not found");
    }
  });
});

describe("PATCH /api/posts/:id", () => {
  it("lets the owner edit caption, location and tags, and nobody else", async () => {
    const ana = await signedInUser();
    const mallory = await signedInUser();
    const post = await postThroughApi(ana.cookie, { caption: "first #take" });
    const other = await api(`/api/posts/${post.id}`, { method: "PATCH", cookie: mallory.cookie, body: { caption: "pwned" } });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).message).toBe("You can only edit your own posts");
    expect((await api(`/api/posts/${post.id}`, { method: "PATCH", body: { caption: "x" } })).status).toBe(401);
    const bad = await api(`/api/posts/${post.id}`, { method: "PATCH", cookie: ana.cookie, body: { caption: "click here for free money" } });
    expect((await errorOf(bad)).message).toBe("Invalid caption content");
    expect((await postRow(post.id))?.caption).toBe("first #take");

    const res = await api(`/api/posts/${post.id}`, { method: "PATCH", cookie: ana.cookie, body: { caption: "second #mix", tags: "jazz" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ caption: "second #mix", tags: ["jazz"] });
    const tagged = (await (await api("/api/hashtags/mix/posts", { cookie: ana.cookie })).json()) as PostPage;
    expect(tagged.items.map((p) => p.id)).toEqual([post.id]);
    const old = (await (await api("/api/hashtags/take/posts", { cookie: ana.cookie })).json()) as PostPage;
    expect(old.items).toEqual([]);
  });
});

describe("DELETE /api/posts/:id", () => {
  it("refuses others (403, spec text) and unknown posts (404), changing nothing", async () => {
    const ana = await signedInUser();
    const mallory = await signedInUser();
    const post = await postThroughApi(ana.cookie);
    const res = await api(`/api/posts/${post.id}`, { method: "DELETE", cookie: mallory.cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe("You can only delete your own posts");
    expect((await api(`/api/posts/${post.id}`, { method: "DELETE" })).status).toBe(401);
    const missing = await api(`/api/posts/${crypto.randomUUID()}`, { method: "DELETE", cookie: ana.cookie });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe("Post not found");
    expect(await postRow(post.id)).toBeDefined();
    expect(await env.MEDIA.head(post.mediaUrl.replace("/media/", ""))).not.toBeNull();
  });

  it("removes the stored file first, then the row; counters follow", async () => {
    const ana = await signedInUser();
    const post = await postThroughApi(ana.cookie);
    const key = post.mediaUrl.replace("/media/", "");
    // Watch the order: when R2's delete runs, the row must still exist.
    let rowPresentDuringDelete: boolean | null = null;
    const spyBucket = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === "delete") {
          return async (keys: string | string[]) => {
            rowPresentDuringDelete = (await postRow(post.id)) !== undefined;
            return target.delete(keys);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/posts/${post.id}`, { method: "DELETE", headers: { origin: ORIGIN, cookie: ana.cookie } }),
      { ...env, MEDIA: spyBucket },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(rowPresentDuringDelete).toBe(true);
    expect(await postRow(post.id)).toBeUndefined();
    expect(await env.MEDIA.head(key)).toBeNull();
    const [profile] = await db().select({ n: profiles.postCount }).from(profiles).where(eq(profiles.userId, ana.id));
    expect(profile?.n).toBe(0);
    expect((await api(`/api/posts/${post.id}`)).status).toBe(404);
  });

  it("keeps the row when the stored file cannot be removed", async () => {
    const ana = await signedInUser();
    const post = await postThroughApi(ana.cookie);
    const failing = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === "delete") return async () => Promise.reject(new Error("R2 unavailable"));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/posts/${post.id}`, { method: "DELETE", headers: { origin: ORIGIN, cookie: ana.cookie } }),
      { ...env, MEDIA: failing },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toBe("Failed to delete post. Please try again.");
    expect(await postRow(post.id)).toBeDefined();
    expect(await env.MEDIA.head(post.mediaUrl.replace("/media/", ""))).not.toBeNull();
  });
});

describe("POST /api/posts/:id/views", () => {
  it("records a view with the user and user agent (no IP), for visitors too, and never fails", async () => {
    const ana = await signedInUser();
    const post = await postThroughApi(ana.cookie);
    const signed = await api(`/api/posts/${post.id}/views`, { method: "POST", cookie: ana.cookie, headers: { "user-agent": "Backline/1.0" } });
    expect(signed.status).toBe(204);
    const visitor = await api(`/api/posts/${post.id}/views`, { method: "POST" });
    expect(visitor.status).toBe(204);
    const views = await db().select().from(postViews).where(eq(postViews.postId, post.id));
    expect(views).toHaveLength(2);
    const mine = views.find((v) => v.userId === ana.id);
    expect(mine?.userAgent).toBe("Backline/1.0");
    expect(mine?.ipAddress).toBeNull();
    expect(views.some((v) => v.userId === null)).toBe(true);
    // A view of a post that does not exist is only logged.
    const ghost = crypto.randomUUID();
    expect((await api(`/api/posts/${ghost}/views`, { method: "POST" })).status).toBe(204);
    expect(await db().select().from(postViews).where(eq(postViews.postId, ghost))).toHaveLength(0);
  });

  // Issue #27 item 8 (decision record 0085): nobody can inflate another user's analytics.
  it("counts one view per viewer per post per day: an account, else an IP (an IPv6 /64 as one)", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const post = await postThroughApi(ana.cookie);
    const rows = () => db().select().from(postViews).where(eq(postViews.postId, post.id));
    const view = (headers: Record<string, string>, cookie?: string) => api(`/api/posts/${post.id}/views`, { method: "POST", headers, ...(cookie ? { cookie } : {}) });
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await view({ "cf-connecting-ip": ip })).status).toBe(204);
    expect(await rows()).toHaveLength(1);
    // Every address of one IPv6 /64 is one viewer; the next /64 is another.
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (const host of ["::1", "::2", ":1234:5678:9abc:def0"]) await view({ "cf-connecting-ip": `${prefix}${host}` });
    await view({ "cf-connecting-ip": `${prefix.replace(/:7$/, ":8")}::1` });
    expect(await rows()).toHaveLength(3);
    // A signed-in viewer counts by their account, whatever the IP.
    await view({ "cf-connecting-ip": randomIp() }, ben.cookie);
    await view({ "cf-connecting-ip": randomIp() }, ben.cookie);
    expect((await rows()).filter((v) => v.userId === ben.id)).toHaveLength(1);
    expect(await rows()).toHaveLength(4);
    // The next day, the same viewer counts again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60 * 1000 });
    try {
      await view({ "cf-connecting-ip": ip });
    } finally {
      vi.useRealTimers();
    }
    expect(await rows()).toHaveLength(5);
    expect((await rows()).every((v) => v.ipAddress === null && v.viewerDay !== null && !v.viewerDay.includes(ip))).toBe(true);
  });
});

describe("lists", () => {
  it("serve the feed, all posts, a user's posts and a hashtag's posts, signed in only", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const cy = await signedInUser();
    await db().insert(follows).values({ followerId: ana.id, followingId: ben.id });
    const a = await postThroughApi(ana.cookie, { caption: "mine #studio" });
    const b = await postThroughApi(ben.cookie, { tags: "studio" });
    const c = await postThroughApi(cy.cookie);

    const feed = (await (await api("/api/feed", { cookie: ana.cookie })).json()) as PostPage;
    expect(feed.items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(feed.nextCursor).toBeNull();
    const all = (await (await api("/api/posts?limit=2", { cookie: ana.cookie })).json()) as PostPage;
    expect(all.items.map((p) => p.id)).toEqual([c.id, b.id]);
    const rest = (await (await api(`/api/posts?limit=2&cursor=${all.nextCursor}`, { cookie: ana.cookie })).json()) as PostPage;
    // Earlier tests of this file left posts too; page 2 continues right after page 1.
    expect(rest.items[0]?.id).toBe(a.id);
    const bens = (await (await api(`/api/users/${ben.id}/posts`, { cookie: ana.cookie })).json()) as PostPage;
    expect(bens.items.map((p) => p.id)).toEqual([b.id]);
    const studio = (await (await api("/api/hashtags/%23Studio/posts", { cookie: ana.cookie })).json()) as PostPage;
    expect(studio.items.map((p) => p.id)).toEqual([b.id, a.id]);

    const huge = (await (await api("/api/posts?limit=5000", { cookie: ana.cookie })).json()) as PostPage;
    expect(huge.items.length).toBeGreaterThan(3);
    expect(huge.items.length).toBeLessThanOrEqual(50);
    const badCursor = await api("/api/feed?cursor=bm90LWEtY3Vyc29y", { cookie: ana.cookie });
    expect(badCursor.status).toBe(400);
    expect((await errorOf(badCursor)).message).toBe("Invalid cursor");

    for (const path of ["/api/feed", "/api/posts", "/api/hashtags/studio/posts"]) {
      expect((await api(path)).status, path).toBe(401);
    }
    // A user's posts fill their public profile's Posts tab, which visitors may open (decision
    // record 0026): the same list, with every viewer flag false.
    const visitorView = (await (await api(`/api/users/${ben.id}/posts`)).json()) as PostPage;
    expect(visitorView.items.map((p) => [p.id, p.viewer])).toEqual([[b.id, { liked: false, bookmarked: false, isOwner: false }]]);
  });
});
