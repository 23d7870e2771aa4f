// The ranked sorts read only the newest window of matches (decision 0070): inside the window bm25
// still decides, the newest matches are found even when older ones would outrank them, matches
// older than the window are left out, and an exact username is found however old. The window is
// made small here so a test needs a handful of rows, not a thousand.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { searchPosts, searchUsers } from "../../../worker/db/queries/search";
import { profiles } from "../../../worker/db/schema";
import { createUser, db, insertPost, searchFilters, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let author: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  author = await createUser();
  viewer = await createUser();
});



describe("post search window", () => {
  /** Five matches, oldest first: strong ones (the word three times) and weak ones (once, in a long caption). */
  async function fivePosts(w: string) {
    const strong = `${w} ${w} ${w}`;
    const weak = `${w} with a long caption about the session and the band and the mix`;
    const ids: string[] = [];
    for (const caption of [strong, strong, weak, strong, weak]) ids.push(await insertPost(author.id, { caption }));
    return ids as [string, string, string, string, string];
  }

  it("ranks by bm25 inside the newest window and finds its newest match though older ones outrank it", async () => {
    const w = uniqueWord();
    const [oldStrong1, oldStrong2, weak3, strong4, weak5] = await fivePosts(w);
    const page = await searchPosts(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 2, rankWindow: 3 });
    // The window is the three newest matches: the strong one first, then the newest weak one.
    expect(page.items.map((p) => p.id)).toEqual([strong4, weak5]);
    const all = await searchPosts(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 20, rankWindow: 3 });
    expect(all.items.map((p) => p.id)).toEqual([strong4, weak5, weak3]);
    expect(all.items.map((p) => p.id)).not.toContain(oldStrong1);
    expect(all.items.map((p) => p.id)).not.toContain(oldStrong2);
    // With the default window every one of the five is inside it, strong ones first.
    const whole = await searchPosts(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 20 });
    expect(new Set(whole.items.slice(0, 3).map((p) => p.id))).toEqual(new Set([oldStrong1, oldStrong2, strong4]));
    expect(whole.items).toHaveLength(5);
  });

  it("the verified sort reads the same window; recent and popular still read every match", async () => {
    const w = uniqueWord();
    const ids = await fivePosts(w);
    const verified = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "verified" }), viewerId: viewer.id, limit: 20, rankWindow: 3 });
    expect(verified.items.map((p) => p.id)).toEqual([ids[3], ids[4], ids[2]]);
    const recent = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "recent" }), viewerId: viewer.id, limit: 20, rankWindow: 3 });
    expect(recent.items).toHaveLength(5);
    const popular = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "popular" }), viewerId: viewer.id, limit: 20, rankWindow: 3 });
    expect(popular.items).toHaveLength(5);
  });
});

describe("people search window", () => {
  it("finds an exact username older than the window first, and the newest matches after it", async () => {
    const w = uniqueWord();
    const exact = await createUser({ username: w });
    const others: TestUser[] = [];
    for (let i = 0; i < 3; i += 1) others.push(await createUser({ displayName: `${w} Studio ${i}` }));
    const page = await searchUsers(db(), { filters: searchFilters({ q: `@${w.toUpperCase()}` }), viewerId: viewer.id, limit: 20, rankWindow: 2 });
    const names = page.items.map((u) => u.username);
    expect(names[0]).toBe(exact.username);
    expect(new Set(names.slice(1))).toEqual(new Set([others[1]!.username, others[2]!.username]));
    expect(names).toHaveLength(3);
    // The limit still holds with the exact profile placed in front.
    const one = await searchUsers(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 1, rankWindow: 2 });
    expect(one.items.map((u) => u.username)).toEqual([exact.username]);
  });

  it("the exact username obeys the filters like every other result", async () => {
    const w = uniqueWord();
    await createUser({ username: w });
    const verifiedOne = await createUser({ displayName: `${w} Verified` });
    await createUser({ displayName: `${w} Newest` });
    await db().update(profiles).set({ verified: true }).where(eq(profiles.userId, verifiedOne.id));
    const page = await searchUsers(db(), { filters: searchFilters({ q: w, verified: true }), viewerId: viewer.id, limit: 20, rankWindow: 2 });
    expect(page.items.map((u) => u.username)).toEqual([verifiedOne.username]);
  });
});
