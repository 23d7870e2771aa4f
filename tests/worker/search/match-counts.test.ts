// Whether a query has many matches is counted once and kept for ten minutes per database
// (worker/db/queries/search/match-counts.ts, decision record 0095): it picks recent's and
// popular's plan, never their rows. A kept count that has gone stale must still answer every
// match, in order, on either plan.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hasManyMatches, searchPosts } from "../../../worker/db/queries/search";
import { posts } from "../../../worker/db/schema";
import { createUser, db, insertPost, searchFilters, type TestUser, uniqueWord } from "../helpers";

let author: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  author = await createUser();
  viewer = await createUser();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** `count` posts with the word, a minute apart, dated years ahead so they lead the recent order; newest first. */
async function postsWith(w: string, count: number, from: number): Promise<string[]> {
  const base = Date.now() + 12 * 365 * 86_400_000;
  const ids: string[] = [];
  for (let i = from; i < from + count; i += 1) ids.push(await insertPost(author.id, { caption: `${w} take ${i}`, createdAt: base - i * 60_000 }));
  return ids;
}

async function recentIds(w: string, fewMatches: number): Promise<string[]> {
  const page = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "recent" }), viewerId: viewer.id, limit: 20, fewMatches });
  return page.items.map((p) => p.id);
}

describe("the kept match count", () => {
  it("is counted once, kept for ten minutes, and counted again for another threshold or after", async () => {
    const w = uniqueWord();
    const match = `"${w}"*`;
    await postsWith(w, 2, 0);
    expect(await hasManyMatches(db(), "posts_fts", match, 3)).toBe(false);
    await postsWith(w, 2, 2);
    // Four posts match now, but the count of two is kept.
    expect(await hasManyMatches(db(), "posts_fts", match, 3)).toBe(false);
    // Another threshold is another count.
    expect(await hasManyMatches(db(), "posts_fts", match, 4)).toBe(true);
    // Ten minutes on, the count is taken again.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 10 * 60_000 + 1);
    expect(await hasManyMatches(db(), "posts_fts", match, 3)).toBe(true);
  });

  it("counts people apart from posts", async () => {
    const w = uniqueWord();
    await postsWith(w, 3, 0);
    expect(await hasManyMatches(db(), "posts_fts", `"${w}"*`, 2)).toBe(true);
    expect(await hasManyMatches(db(), "profiles_fts", `"${w}"*`, 2)).toBe(false);
  });

  it("a stale count of few still finds every match, newest first, on the sorted plan", async () => {
    const w = uniqueWord();
    const first = await postsWith(w, 2, 0);
    expect(await recentIds(w, 3)).toEqual(first);
    // Three more: the matches are many now, but the kept count says few.
    const more = await postsWith(w, 3, 2);
    expect(await recentIds(w, 3)).toEqual([...first, ...more]);
    // Counted again, the walk of the index answers the same.
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10 * 60_000 + 1);
    expect(await hasManyMatches(db(), "posts_fts", `"${w}"*`, 3)).toBe(true);
    expect(await recentIds(w, 3)).toEqual([...first, ...more]);
  });

  it("a stale count of many still finds every match on the walk, after most matches are gone", async () => {
    const w = uniqueWord();
    const ids = await postsWith(w, 4, 0);
    expect(await recentIds(w, 3)).toEqual(ids);
    for (const id of ids.slice(0, 3)) await db().delete(posts).where(eq(posts.id, id));
    // One match is left, below the threshold, but the kept count says many: the walk finds it.
    expect(await recentIds(w, 3)).toEqual(ids.slice(3));
  });
});
