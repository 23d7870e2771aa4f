// The post queries without HTTP: keyset pages that stay stable while posts arrive, the feed's
// membership, hashtag extraction and the index behind every list (EXPLAIN QUERY PLAN).
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cursorSchema, decodeCursor, encodeCursor } from "@shared/cursor";
import { decodeWaveform } from "@shared/waveform";
import {
  createPost,
  feedPageQuery,
  getPost,
  hashtagPageQuery,
  listAllPosts,
  listFeed,
  listHashtagPosts,
  listQuery,
  listUserPosts,
  updatePost,
} from "../../../worker/db/queries/posts";
import { bookmarks, follows, hashtags, postHashtags, postLikes, posts } from "../../../worker/db/schema";
import { newId } from "../../../worker/db/ids";
import { createUser, db, insertPost } from "../helpers";

async function walk(list: (cursor: string | null) => Promise<{ items: { id: string }[]; nextCursor: string | null }>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const page = await list(cursor);
    ids.push(...page.items.map((p) => p.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids;
}

describe("cursors", () => {
  it("round-trips and refuses anything it did not issue", () => {
    const cursor = { createdAt: 1_700_000_000_123, id: newId() };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeNull();
    for (const bad of ["%%%", btoa("abc.def"), btoa("12.'; drop table posts"), "x".repeat(300)]) {
      expect(decodeCursor(bad), bad).toBeNull();
      expect(cursorSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe("Invalid cursor");
    }
  });
});

describe("all posts", () => {
  it("pages newest first and stays stable while newer posts arrive", async () => {
    const { id: author } = await createUser();
    const base = Date.now() - 1_000_000;
    const original: string[] = [];
    // 25 posts, two sharing each timestamp so the id tie-break matters.
    for (let i = 0; i < 25; i += 1) original.push(await insertPost(author, { createdAt: base + Math.floor(i / 2) * 1000 }));
    const d = db();
    const expected = (await d.select({ id: posts.id }).from(posts).orderBy(sql`created_at desc, id desc`)).map((r) => r.id);

    const page1 = await listAllPosts(d, { limit: 10 });
    expect(page1.items.map((p) => p.id)).toEqual(expected.slice(0, 10));
    expect(page1.nextCursor).not.toBeNull();

    // New posts arrive between page 1 and page 2; they must not shift or repeat anything.
    for (let i = 0; i < 5; i += 1) await insertPost(author, { createdAt: Date.now() + i });

    const page2 = await listAllPosts(d, { limit: 10, cursor: decodeCursor(page1.nextCursor) });
    expect(page2.items.map((p) => p.id)).toEqual(expected.slice(10, 20));
    const page3 = await listAllPosts(d, { limit: 10, cursor: decodeCursor(page2.nextCursor) });
    expect(page3.items.map((p) => p.id)).toEqual(expected.slice(20));
    expect(page3.nextCursor).toBeNull();
    expect(new Set([...page1.items, ...page2.items, ...page3.items].map((p) => p.id)).size).toBe(25);
  });
});

describe("feed", () => {
  it.each(["merge", "walk"] as const)("holds the user's own posts and those of people they follow, nobody else's (%s plan)", async (plan) => {
    const { id: me } = await createUser();
    const { id: followed } = await createUser();
    const { id: stranger } = await createUser();
    const d = db();
    await d.insert(follows).values({ followerId: me, followingId: followed });
    // Someone following me does not put their posts in my feed.
    await d.insert(follows).values({ followerId: stranger, followingId: me });
    const mine = await insertPost(me, { createdAt: 1000 });
    const theirs = await insertPost(followed, { createdAt: 2000 });
    await insertPost(stranger, { createdAt: 3000 });
    for (let i = 0; i < 12; i += 1) await insertPost(followed, { createdAt: 10_000 + i });

    const ids = await walk(async (cursor) => listFeed(d, { userId: me, limit: 5, cursor: decodeCursor(cursor), plan }));
    expect(ids).toHaveLength(14);
    expect(ids.at(-1)).toBe(mine);
    expect(ids.at(-2)).toBe(theirs);
    const authors = await d.select({ id: posts.id, userId: posts.userId }).from(posts);
    const byId = new Map(authors.map((a) => [a.id, a.userId]));
    expect(ids.every((id) => byId.get(id) === me || byId.get(id) === followed)).toBe(true);
  });

  it("returns a user's posts only, with author and viewer state", async () => {
    const { id: author } = await createUser({ username: "Beatsmith", verified: true });
    const { id: viewer } = await createUser();
    const liked = await insertPost(author, { createdAt: 5 });
    await insertPost(author, { createdAt: 6 });
    await insertPost(viewer, { createdAt: 7 });
    const d = db();
    await d.insert(postLikes).values({ postId: liked, userId: viewer });
    await d.insert(bookmarks).values({ postId: liked, userId: viewer });
    const page = await listUserPosts(d, { userId: author, limit: 10, viewerId: viewer });
    expect(page.items).toHaveLength(2);
    const post = page.items.find((p) => p.id === liked)!;
    expect(post.author).toMatchObject({ userId: author, username: "Beatsmith", verified: true });
    expect(post.viewer).toEqual({ liked: true, bookmarked: true, isOwner: false });
    expect(post.likesCount).toBe(1);
    expect(page.items.find((p) => p.id !== liked)!.viewer.liked).toBe(false);
    const own = await getPost(d, liked, author);
    expect(own?.viewer).toEqual({ liked: false, bookmarked: false, isOwner: true });
    const anonymous = await getPost(d, liked, null);
    expect(anonymous?.viewer).toEqual({ liked: false, bookmarked: false, isOwner: false });
  });
});

describe("hashtags", () => {
  it("extracts hashtags from tags and #words of the caption, and lists posts by them", async () => {
    const { id: author } = await createUser();
    const d = db();
    const id = newId();
    await createPost(d, {
      id,
      userId: author,
      contentType: "audio",
      mediaKey: `post-audio/${author}/${id}.mp3`,
      mimeType: "audio/mpeg",
      sizeBytes: 10,
      thumbnailKey: null,
      width: null,
      height: null,
      durationMs: null,
      waveform: [0.1, 0.5],
      caption: "New #LoFi beat, mixed in C# #lofi #Night_Drive",
      location: null,
      tags: ["Hip Hop", "lofi", "#Chill"],
    });
    const names = (
      await d
        .select({ name: hashtags.name, usage: hashtags.usageCount })
        .from(postHashtags)
        .innerJoin(hashtags, eq(hashtags.id, postHashtags.hashtagId))
        .where(eq(postHashtags.postId, id))
    )
      .map((r) => `${r.name}:${r.usage}`)
      .sort();
    expect(names).toEqual(["chill:1", "hiphop:1", "lofi:1", "night_drive:1"]);

    const other = await insertPost(author, { createdAt: 1 });
    const page = await listHashtagPosts(d, { name: "#LOFI", limit: 10 });
    expect(page.items.map((p) => p.id)).toEqual([id]);
    // The stored floats travel as one byte a peak (decision record 0060).
    expect(decodeWaveform(page.items[0]!.waveform!)).toEqual([expect.closeTo(0.1, 2), expect.closeTo(0.5, 2)]);
    expect((await listHashtagPosts(d, { name: "nothing", limit: 10 })).items).toEqual([]);
    expect(other).toBeTruthy();

    // Editing recomputes the links; usage counts follow by trigger.
    await updatePost(d, id, { caption: "New #LoFi beat", tags: ["Hip Hop"] }, { caption: "now #jazz", tags: [] });
    expect((await listHashtagPosts(d, { name: "lofi", limit: 10 })).items).toEqual([]);
    expect((await listHashtagPosts(d, { name: "jazz", limit: 10 })).items.map((p) => p.id)).toEqual([id]);
    const [lofi] = await d.select({ usage: hashtags.usageCount }).from(hashtags).where(eq(hashtags.name, "lofi"));
    expect(lofi?.usage).toBe(0);
  });

  it("caps a post at 30 hashtags without exceeding D1's parameter limit", async () => {
    const { id: author } = await createUser();
    const d = db();
    const id = newId();
    const tags = Array.from({ length: 45 }, (_, i) => `tag${i}x`);
    await createPost(d, {
      id,
      userId: author,
      contentType: "image",
      mediaKey: `post-images/${author}/${id}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: 10,
      thumbnailKey: null,
      width: 10,
      height: 10,
      durationMs: null,
      waveform: null,
      caption: null,
      location: null,
      tags,
    });
    const links = await d.select().from(postHashtags).where(eq(postHashtags.postId, id));
    expect(links).toHaveLength(30);
  });
});

describe("every list is served by an index", () => {
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const { sql: text, params } = query.toSQL();
    const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    return result.results.map((r) => r.detail).join("\n");
  }
  const cursor = { createdAt: Date.now(), id: newId() };
  const viewerId = newId();

  it("all posts: posts_created_idx in index order, no sort", async () => {
    const p = await plan(listQuery(db(), undefined, { limit: 10, cursor, viewerId }));
    expect(p).toContain("posts_created_idx");
    expect(p).not.toMatch(/TEMP B-TREE/);
    expect(p).not.toMatch(/SCAN (p|posts)$/m);
  });

  it("a user's posts: posts_user_created_idx in index order, no sort", async () => {
    const p = await plan(listQuery(db(), eq(posts.userId, viewerId), { limit: 10, cursor, viewerId }));
    expect(p).toContain("posts_user_created_idx");
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("feed, merge plan: follows by index, then posts_user_created_idx per followed user", async () => {
    const p = await plan(feedPageQuery(db(), { userId: viewerId, limit: 10, cursor, viewerId }, "merge"));
    expect(p).toContain("posts_user_created_idx");
    expect(p).toMatch(/follows_(pair_unique|follower_created_idx)/);
    expect(p).not.toMatch(/SCAN (f|follows)$/m);
    expect(p).not.toMatch(/SCAN (p|posts)$/m);
  });

  it("feed, walk plan: posts_created_idx in index order with a follows_pair_unique probe, no sort", async () => {
    const p = await plan(feedPageQuery(db(), { userId: viewerId, limit: 10, cursor, viewerId }, "walk"));
    expect(p).toContain("posts_created_idx");
    expect(p).toContain("follows_pair_unique");
    expect(p).not.toMatch(/TEMP B-TREE/);
    expect(p).not.toMatch(/SCAN (f|follows)$/m);
  });

  it("hashtag posts: hashtags_name_unique, post_hashtags_hashtag_created_idx in index order, then posts by primary key", async () => {
    const p = await plan(hashtagPageQuery(db(), { name: "lofi", limit: 10, cursor, viewerId }));
    expect(p).toContain("hashtags_name_unique");
    expect(p).toContain("post_hashtags_hashtag_created_idx");
    expect(p).not.toMatch(/TEMP B-TREE/);
    expect(p).not.toMatch(/SCAN (ph|post_hashtags)$/m);
  });

  it("viewer flags probe unique indexes", async () => {
    const p = await plan(listQuery(db(), undefined, { limit: 10, viewerId }));
    expect(p).toMatch(/post_likes_post_user_unique/);
    expect(p).toMatch(/sqlite_autoindex_bookmarks_1|bookmarks/);
    expect(p).not.toMatch(/SCAN (pl|post_likes|b|bookmarks)$/m);
  });
});
