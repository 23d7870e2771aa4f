// Recent and popular post search with a query (decision 0095): a query with many matches walks
// the sort's index and probes the FTS index per post, stopping at a window; the matches past the
// window are then sorted; a query with few matches sorts them all. Every path must answer the
// same rows in the same order, page after page. The thresholds are made small here so a test
// needs a dozen rows, not thousands; the posts are dated years in the future so they lead both
// orders whatever else the database holds.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeSearchCursor } from "@shared/cursor";
import { type PostSearchOptions, searchPosts } from "../../../worker/db/queries/search";
import { posts } from "../../../worker/db/schema";
import { createUser, db, insertPost, searchFilters, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let author: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  author = await createUser();
  viewer = await createUser();
});



/** The paths: sorting every match, walking with a window that holds them all, and a walk of three posts that must continue past its window. */
const PATHS: Record<string, Pick<PostSearchOptions, "fewMatches" | "walkWindow">> = {
  "sorted matches": {},
  "index walk": { fewMatches: 1, walkWindow: 1000 },
  "short walk, then the matches past it": { fewMatches: 1, walkWindow: 3 },
};

/** Every page of a search, as ids, following nextCursor. */
async function allPages(options: Omit<PostSearchOptions, "viewerId">): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor = null;
  for (let i = 0; i < 20; i += 1) {
    const page = await searchPosts(db(), { ...options, viewerId: viewer.id, cursor });
    pages.push(page.items.map((p) => p.id));
    if (!page.nextCursor) return pages;
    cursor = decodeSearchCursor(page.nextCursor);
  }
  throw new Error("more pages than a test makes");
}

/**
 * Twelve posts a minute apart in the future, newest first in `captions`' order: the newest four
 * do not match, so a three-post window finds nothing and the search continues past it.
 */
async function twelvePosts(w: string): Promise<{ ids: string[]; matching: string[] }> {
  const base = Date.now() + 10 * 365 * 86_400_000;
  const matches = [false, false, false, false, true, false, true, true, false, true, true, true];
  const ids: string[] = [];
  for (const [i, match] of matches.entries()) {
    const caption = match ? `${w} take ${i}` : `another take ${i}`;
    ids.push(await insertPost(author.id, { caption, createdAt: base - i * 60_000, contentType: i % 2 === 0 ? "audio" : "image" }));
  }
  return { ids, matching: ids.filter((_, i) => matches[i]) };
}

describe("recent with a query", () => {
  it.each(Object.entries(PATHS))("%s: every match newest first, paged by the cursor", async (_, path) => {
    const w = uniqueWord();
    const { matching } = await twelvePosts(w);
    const pages = await allPages({ filters: searchFilters({ q: w, sortBy: "recent" }), limit: 2, ...path });
    expect(pages).toEqual([matching.slice(0, 2), matching.slice(2, 4), matching.slice(4, 6)]);
  });

  it.each(Object.entries(PATHS))("%s: the filters apply on every path", async (_, path) => {
    const w = uniqueWord();
    const { ids, matching } = await twelvePosts(w);
    const audio = matching.filter((id) => ids.indexOf(id) % 2 === 0);
    const pages = await allPages({ filters: searchFilters({ q: w, contentType: "audio", sortBy: "recent" }), limit: 2, ...path });
    expect(pages.flat()).toEqual(audio);
  });
});

describe("popular with a query", () => {
  it.each(Object.entries(PATHS))("%s: every match by the stated blend (a day per doubling of engagement), paged", async (_, path) => {
    const w = uniqueWord();
    const { ids, matching } = await twelvePosts(w);
    // Engagement 2^n − 1 adds n days: post 11 (eleven minutes older than post 0) with 2^11 − 1
    // likes ranks first; posts 6 and 7 get the same engagement and go by the minute between them.
    const likes = [0, 0, 0, 0, 3, 0, 255, 255, 0, 63, 1, 2047];
    for (const [i, id] of ids.entries()) await db().update(posts).set({ likesCount: likes[i] }).where(eq(posts.id, id));
    const rows = await db().select({ id: posts.id, createdAt: posts.createdAt, likes: posts.likesCount, rank: posts.popularRank }).from(posts);
    const stated = new Map(rows.map((row) => [row.id, row.createdAt / 86_400_000 + Math.log2(1 + row.likes)]));
    // The column is the stated formula.
    for (const row of rows.filter((r) => ids.includes(r.id))) expect(row.rank).toBeCloseTo(stated.get(row.id)!, 9);
    const expected = [...matching].sort((a, b) => stated.get(b)! - stated.get(a)!);
    expect(expected).toEqual([ids[11], ids[6], ids[7], ids[9], ids[4], ids[10]]);
    const pages = await allPages({ filters: searchFilters({ q: w, sortBy: "popular" }), limit: 4, ...path });
    expect(pages).toEqual([expected.slice(0, 4), expected.slice(4)]);
  });

  it("comments count twice: one comment weighs as two likes", async () => {
    const w = uniqueWord();
    const at = Date.now() + 11 * 365 * 86_400_000;
    const liked = await insertPost(author.id, { caption: `${w} liked`, createdAt: at });
    const discussed = await insertPost(author.id, { caption: `${w} discussed`, createdAt: at - 1 });
    await db().update(posts).set({ likesCount: 5 }).where(eq(posts.id, liked));
    await db().update(posts).set({ commentsCount: 3 }).where(eq(posts.id, discussed));
    const page = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "popular" }), viewerId: viewer.id, limit: 2 });
    // 1 + 2 × 3 = 7 beats 1 + 5 = 6 by more than the millisecond between them.
    expect(page.items.map((p) => p.id)).toEqual([discussed, liked]);
  });
});
