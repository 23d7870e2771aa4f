// Bookmarks (spec social-feed-search §2 bookmarks list, §4 "a duplicate-insert conflict is treated
// as already bookmarked", §7 bookmarks "newest first"; marketplace-messaging-account §2
// /bookmarks): set-state, the duplicate rule, the saved list's order, paging and privacy.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PostPage } from "@shared/posts-api";
import type { BookmarkState } from "@shared/social-api";
import { bookmarks } from "../../../worker/db/schema";
import { api, db, expectError, insertPost, json, signedInUser, type SignedInUser, signedInUserWithPost } from "../helpers";

const mark = (who: SignedInUser | null, postId: string, bookmarked: unknown) =>
  api(`/api/posts/${postId}/bookmark`, { cookie: who?.cookie, method: "PUT", body: { bookmarked } });

async function bookmarkRows(userId: string, postId?: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(bookmarks)
    .where(postId ? and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)) : eq(bookmarks.userId, userId));
  return row!.n;
}

describe("PUT /api/posts/:postId/bookmark", () => {
  it("bookmarks and removes a bookmark, reflected in the post's viewer flags", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    expect(await json<BookmarkState>(await mark(fan, postId, true), 200)).toEqual({ bookmarked: true });
    expect(await bookmarkRows(fan.id, postId)).toBe(1);
    expect((await json<{ viewer: { bookmarked: boolean } }>(await api(`/api/posts/${postId}`, { cookie: fan.cookie }), 200)).viewer.bookmarked).toBe(true);
    expect(await json<BookmarkState>(await mark(fan, postId, false), 200)).toEqual({ bookmarked: false });
    expect(await bookmarkRows(fan.id, postId)).toBe(0);
    // Removing a bookmark that is not there is not an error either.
    expect(await json<BookmarkState>(await mark(fan, postId, false), 200)).toEqual({ bookmarked: false });
  });

  it("treats a duplicate bookmark as already bookmarked: 200, one row, its date unchanged", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    // A row already there (e.g. from another device), then the same request twice at once.
    await db().insert(bookmarks).values({ userId: fan.id, postId, createdAt: 1_700_000_000_000 });
    const answers = await Promise.all([mark(fan, postId, true), mark(fan, postId, true)]);
    for (const res of answers) expect(await json<BookmarkState>(res, 200)).toEqual({ bookmarked: true });
    const rows = await db().select().from(bookmarks).where(eq(bookmarks.userId, fan.id));
    expect(rows).toEqual([expect.objectContaining({ postId, createdAt: 1_700_000_000_000 })]);
  });

  it("answers 404 'Post not found' for a missing post, 400 for a bad body, storing nothing", async () => {
    const fan = await signedInUser();
    await expectError(await mark(fan, crypto.randomUUID(), true), 404, "Post not found");
    await expectError(await mark(fan, "%20", true), 404, "Post not found");
    const { postId } = await signedInUserWithPost();
    await expectError(await mark(fan, postId, 1), 400);
    expect(await bookmarkRows(fan.id)).toBe(0);
  });

  it("refuses visitors (401) and cross-site requests (403); the user comes from the session", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const victim = await signedInUser();
    await expectError(await mark(null, postId, true), 401, "Authentication required");
    await expectError(await api(`/api/posts/${postId}/bookmark`, { cookie: fan.cookie, method: "PUT", body: { bookmarked: true }, origin: "https://evil.example" }), 403);
    await json(await api(`/api/posts/${postId}/bookmark`, { cookie: fan.cookie, method: "PUT", body: { bookmarked: true, userId: victim.id } }), 200);
    expect(await bookmarkRows(victim.id)).toBe(0);
    expect(await bookmarkRows(fan.id)).toBe(1);
  });
});

describe("GET /api/bookmarks", () => {
  it("lists the caller's saved posts newest bookmark first, as full Posts", async () => {
    const author = await signedInUser();
    const fan = await signedInUser();
    // Posts created oldest → newest, bookmarked in a different order.
    const older = await insertPost(author.id, { createdAt: Date.now() - 30_000, caption: "older" });
    const newer = await insertPost(author.id, { createdAt: Date.now() - 10_000, caption: "newer" });
    const own = await insertPost(fan.id, { caption: "mine" });
    await json(await mark(fan, newer, true), 200);
    await json(await mark(fan, own, true), 200);
    await json(await mark(fan, older, true), 200);
    // Another user's bookmarks never show.
    const other = await signedInUser();
    await json(await mark(other, newer, true), 200);

    const page = await json<PostPage>(await api("/api/bookmarks", { cookie: fan.cookie }), 200);
    expect(page.items.map((p) => p.id)).toEqual([older, own, newer]);
    expect(page.nextCursor).toBeNull();
    expect(page.items.every((p) => p.viewer.bookmarked)).toBe(true);
    const mine = page.items.find((p) => p.id === own)!;
    expect(mine).toMatchObject({ userId: fan.id, caption: "mine", viewer: { isOwner: true }, author: { userId: fan.id, username: fan.username } });
    expect(page.items.find((p) => p.id === older)).toMatchObject({ author: { userId: author.id }, viewer: { isOwner: false, liked: false } });
    expect(mine.mediaUrl).toMatch(/^\/media\/post-images\//);
  });

  it("pages with a stable cursor while new bookmarks arrive", async () => {
    const author = await signedInUser();
    const fan = await signedInUser();
    const ids: string[] = [];
    const base = Date.now() - 100_000;
    for (let i = 0; i < 7; i += 1) {
      const id = await insertPost(author.id);
      ids.push(id);
      // Distinct, increasing bookmark times, inserted directly to control them.
      await db().insert(bookmarks).values({ userId: fan.id, postId: id, createdAt: base + i * 1000 });
    }
    const newestFirst = [...ids].reverse();
    const first = await json<PostPage>(await api("/api/bookmarks?limit=3", { cookie: fan.cookie }), 200);
    expect(first.items.map((p) => p.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.nextCursor).toEqual(expect.any(String));

    // A bookmark made now lands at the top and does not shift the next pages.
    await json(await mark(fan, await insertPost(author.id), true), 200);
    const second = await json<PostPage>(await api(`/api/bookmarks?limit=3&cursor=${first.nextCursor}`, { cookie: fan.cookie }), 200);
    expect(second.items.map((p) => p.id)).toEqual(newestFirst.slice(3, 6));
    const third = await json<PostPage>(await api(`/api/bookmarks?limit=3&cursor=${second.nextCursor}`, { cookie: fan.cookie }), 200);
    expect(third.items.map((p) => p.id)).toEqual(newestFirst.slice(6));
    expect(third.nextCursor).toBeNull();
  });

  it("drops a bookmark whose post was deleted (cascade) and answers an empty list for none", async () => {
    const author = await signedInUserWithPost();
    const fan = await signedInUser();
    expect(await json<PostPage>(await api("/api/bookmarks", { cookie: fan.cookie }), 200)).toEqual({ items: [], nextCursor: null });
    await json(await mark(fan, author.postId, true), 200);
    await json(await api(`/api/posts/${author.postId}`, { cookie: author.cookie, method: "DELETE" }), 200);
    expect(await json<PostPage>(await api("/api/bookmarks", { cookie: fan.cookie }), 200)).toEqual({ items: [], nextCursor: null });
    expect(await bookmarkRows(fan.id)).toBe(0);
  });

  it("refuses visitors and malformed cursors", async () => {
    const fan = await signedInUser();
    await expectError(await api("/api/bookmarks"), 401, "Authentication required");
    await expectError(await api("/api/bookmarks?cursor=***", { cookie: fan.cookie }), 400, "Invalid cursor");
  });
});
