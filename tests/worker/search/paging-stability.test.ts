// Every search sort pages, and its cursors are stable (issue #32 item 3, decision record 0095):
// rows that arrive between two pages, ranking above, among or below the rows already listed (and,
// for relevance, changing every score through the IDF), never make a row of the list repeat or go
// missing. Each test lists a word's matches page by page through the API, adds new matching rows
// after the first page, reads the rest, and compares with the list as it was.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchSort } from "@shared/constants";
import type { PostPage } from "@shared/posts-api";
import type { SearchUserPage } from "@shared/search-api";
import { computeSearchTiers } from "../../../worker/cron/search-tiers";
import { posts, profiles } from "../../../worker/db/schema";
import { api, createUser, db, insertPost, json, signedInUser, type SignedInUser, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

let viewer: SignedInUser;
let author: TestUser;

beforeAll(async () => {
  viewer = await signedInUser();
  author = await createUser({ verified: true });
});

const SORTS: SearchSort[] = ["relevance", "popular", "recent", "verified"];

/** Reads pages of `path` (20 a page, the route's limit) until none is left; `between` runs after the first. */
async function pages<T>(path: string, idOf: (item: T) => string, between: () => Promise<void>): Promise<{ first: string[]; all: string[] }> {
  const all: string[] = [];
  let first: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i += 1) {
    const page: { items: T[]; nextCursor: string | null } = await json(await api(`${path}${cursor ? `&cursor=${cursor}` : ""}`, { cookie: viewer.cookie }), 200);
    all.push(...page.items.map(idOf));
    if (i === 0) {
      first = [...all];
      await between();
    }
    if (!page.nextCursor) return { first, all };
    cursor = page.nextCursor;
  }
  throw new Error("more pages than a test makes");
}

/** The list read in one go (everything fits in the pages a test reads). */
async function whole<T>(path: string, idOf: (item: T) => string): Promise<string[]> {
  return (await pages<T>(path, idOf, async () => {})).all;
}

/** `after`, without the rows that were not in `before`: the old rows, in the order they came. */
function oldRows(after: string[], before: string[]): string[] {
  const known = new Set(before);
  return after.filter((id) => known.has(id));
}

describe("post search pages stay stable when posts arrive between pages", () => {
  it.each(SORTS)("%s", async (sortBy) => {
    const w = uniqueWord();
    const unverified = await createUser();
    // 45 matches over three pages: lengths, repeats, likes and badges all differ.
    for (let i = 0; i < 45; i += 1) {
      const caption = `${w} ${"and more words ".repeat(i % 5)}${i % 7 === 0 ? w : ""} take ${i}`;
      const id = await insertPost(i % 3 === 0 ? author.id : unverified.id, { caption, createdAt: Date.now() - (i + 1) * 60_000 });
      await db().update(posts).set({ likesCount: (i * 37) % 11 }).where(eq(posts.id, id));
    }
    await computeSearchTiers({ db: db() });
    const path = `/api/search/posts?q=${w}&sortBy=${sortBy}`;
    const before = await whole<PostPage["items"][number]>(path, (p) => p.id);
    expect(before).toHaveLength(45);
    expect(new Set(before).size).toBe(45);

    const read = await pages<PostPage["items"][number]>(path, (p) => p.id, async () => {
      // New matches: one that outranks everything (the word three times, many likes, newest),
      // a few ordinary ones, and the word again and again elsewhere (its IDF falls).
      const top = await insertPost(author.id, { caption: `${w} ${w} ${w}` });
      await db().update(posts).set({ likesCount: 500 }).where(eq(posts.id, top));
      for (let i = 0; i < 6; i += 1) await insertPost(unverified.id, { caption: `${w} arriving later ${i}`, createdAt: Date.now() - i * 90_000 });
    });
    expect(read.first).toEqual(before.slice(0, 20));
    // No row of the list repeats, none goes missing, and the old rows keep their order.
    expect(new Set(read.all).size).toBe(read.all.length);
    expect(oldRows(read.all, before)).toEqual(before);
  });
});

describe("people search pages stay stable when people arrive between pages", () => {
  it.each(SORTS)("%s", async (sortBy) => {
    const w = uniqueWord();
    for (let i = 0; i < 45; i += 1) {
      const user = await createUser({ displayName: `${w} ${"Studio ".repeat(i % 4)}${i}`, bio: i % 6 === 0 ? `${w} ${w} ${w}` : null, verified: i % 5 === 0 });
      await db().update(profiles).set({ followerCount: (i * 13) % 17 }).where(eq(profiles.userId, user.id));
    }
    await computeSearchTiers({ db: db() });
    const path = `/api/search/users?q=${w}&sortBy=${sortBy}`;
    const before = await whole<SearchUserPage["items"][number]>(path, (u) => u.userId);
    expect(before).toHaveLength(45);

    const read = await pages<SearchUserPage["items"][number]>(path, (u) => u.userId, async () => {
      const star = await createUser({ username: `${w}_star`, displayName: `${w}`, bio: `${w} ${w}`, verified: true });
      await db().update(profiles).set({ followerCount: 1000 }).where(eq(profiles.userId, star.id));
      for (let i = 0; i < 6; i += 1) await createUser({ displayName: `${w} newcomer ${i}` });
    });
    expect(read.first).toEqual(before.slice(0, 20));
    expect(new Set(read.all).size).toBe(read.all.length);
    expect(oldRows(read.all, before)).toEqual(before);
  });
});

describe("filtered post search pages stay stable when posts arrive between pages", () => {
  // The filters read the ranked candidates in score order (decision record 0095): a page stops at
  // its last candidate, and the next page continues after that row's current score. A location
  // that keeps one post in three, with rows arriving in and out of it between pages.
  it.each(SORTS)("%s, in one location", async (sortBy) => {
    const w = uniqueWord();
    const unverified = await createUser();
    const place = async (id: string, i: number) => db().update(posts).set({ location: i % 3 === 0 ? "Lisbon" : "Nairobi" }).where(eq(posts.id, id));
    for (let i = 0; i < 120; i += 1) {
      const caption = `${w} ${"and more words ".repeat(i % 5)}${i % 7 === 0 ? w : ""} take ${i}`;
      const id = await insertPost(i % 4 === 0 ? author.id : unverified.id, { caption, createdAt: Date.now() - (i + 1) * 60_000 });
      await place(id, i);
      await db().update(posts).set({ likesCount: (i * 37) % 11 }).where(eq(posts.id, id));
    }
    await computeSearchTiers({ db: db() });
    const path = `/api/search/posts?q=${w}&sortBy=${sortBy}&location=lisbon`;
    const before = await whole<PostPage["items"][number]>(path, (p) => p.id);
    expect(before).toHaveLength(40);
    const read = await pages<PostPage["items"][number]>(path, (p) => p.id, async () => {
      for (let i = 0; i < 9; i += 1) {
        const id = await insertPost(i % 2 === 0 ? author.id : unverified.id, { caption: i % 3 === 0 ? `${w} ${w} ${w}` : `${w} arriving later ${i}`, createdAt: Date.now() - i * 90_000 });
        await place(id, i);
      }
    });
    expect(read.first).toEqual(before.slice(0, 20));
    expect(new Set(read.all).size).toBe(read.all.length);
    expect(oldRows(read.all, before)).toEqual(before);
  });
});
