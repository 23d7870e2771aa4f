// Relevance over the ranked walk (decision record 0095): bm25 with its real IDF, every match
// eligible whatever its age (the walk reads rows best rank class first, not newest first), exact
// names first for people, and pages that follow each other exactly. The walk is made small here so
// a test needs a dozen rows, not thousands; computeSearchTiers gives the rows their classes as the
// search-tier job does.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeSearchCursor, type SearchCursor } from "@shared/cursor";
import { computeSearchTiers } from "../../../worker/cron/search-tiers";
import { type PostSearchOptions, searchPosts, searchUsers } from "../../../worker/db/queries/search";
import { createUser, db, insertPost, searchFilters, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let author: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  author = await createUser();
  viewer = await createUser();
});

const SMALL_WALK = { first: 3, max: 3 };

/** Every page of a post search, as ids. */
async function allPostPages(options: Omit<PostSearchOptions, "viewerId" | "cursor">): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: SearchCursor | null = null;
  for (let i = 0; i < 30; i += 1) {
    const page = await searchPosts(db(), { ...options, viewerId: viewer.id, cursor });
    pages.push(page.items.map((p) => p.id));
    if (!page.nextCursor) return pages;
    cursor = decodeSearchCursor(page.nextCursor);
  }
  throw new Error("more pages than a test makes");
}

/** Every match of a word by bm25 (best first, ties by key), straight from posts_fts: the exhaustive ranking. */
async function exhaustive(word: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `select p.id from (select rowid as k, bm25(posts_fts) as s from posts_fts where posts_fts match ?1 limit 1000000) f
     join posts p on p.rowid = 1099511627775 - (f.k & 1099511627775) order by f.s, f.k`,
  )
    .bind(`"${word}"*`)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

describe("post relevance", () => {
  it("finds an old best match before many newer ones once classes are computed; before that it reads newest first", async () => {
    const w = uniqueWord();
    const old = await insertPost(author.id, { caption: `${w} ${w}`, createdAt: Date.now() - 400 * 86_400_000 });
    const newer: string[] = [];
    for (let i = 0; i < 8; i += 1) newer.push(await insertPost(author.id, { caption: `${w} and a much longer caption about the ${i}th mix of the night` }));
    // Before the search-tier job, every row is class 0: the walk reads the newest three.
    const before = await searchPosts(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 2, walkSizes: SMALL_WALK });
    expect(before.items.map((p) => p.id)).not.toContain(old);
    await computeSearchTiers({ db: db() });
    // After it, the short caption that says the word twice is in the best class and read first.
    const after = await searchPosts(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 2, walkSizes: SMALL_WALK });
    expect(after.items[0]?.id).toBe(old);
    // And every page together is the exhaustive bm25 ranking.
    const pages = await allPostPages({ filters: searchFilters({ q: w }), limit: 2 });
    expect(pages.flat()).toEqual(await exhaustive(w));
    expect(pages.flat()).toHaveLength(9);
  });

  it("weighs words by their real IDF: the rarer word counts for more", async () => {
    const rare = uniqueWord();
    const common = uniqueWord();
    for (let i = 0; i < 30; i += 1) await insertPost(author.id, { caption: `${common} filler ${i}` });
    const rareTwice = await insertPost(author.id, { caption: `${rare} ${rare} ${common}` });
    const commonTwice = await insertPost(author.id, { caption: `${rare} ${common} ${common}` });
    await computeSearchTiers({ db: db() });
    // Both captions count three matches in three words; only the IDF tells them apart.
    const page = await searchPosts(db(), { filters: searchFilters({ q: `${rare} ${common}` }), viewerId: viewer.id, limit: 5 });
    expect(page.items.map((p) => p.id)).toEqual([rareTwice, commonTwice]);
  });

  it("pages through a walk longer than a page with the same order as one long page, with filters", async () => {
    const w = uniqueWord();
    for (let i = 0; i < 11; i += 1) {
      const caption = i % 3 === 0 ? `${w} ${w} short ${i}` : `${w} in a caption of some length number ${i}`;
      await insertPost(author.id, { caption, contentType: i % 2 === 0 ? "audio" : "image" });
    }
    await computeSearchTiers({ db: db() });
    const small = await allPostPages({ filters: searchFilters({ q: w }), limit: 2, walkSizes: { first: 4, max: 64 } });
    expect(small.flat()).toEqual(await exhaustive(w));
    const audio = await allPostPages({ filters: searchFilters({ q: w, contentType: "audio" }), limit: 2, walkSizes: { first: 2, max: 64 } });
    const one = await searchPosts(db(), { filters: searchFilters({ q: w, contentType: "audio" }), viewerId: viewer.id, limit: 20 });
    expect(audio.flat()).toEqual(one.items.map((p) => p.id));
    expect(audio.flat()).toHaveLength(6);
  });
});

describe("people relevance", () => {
  it("puts an exact username, then exact display names, before ranked matches, however old", async () => {
    const w = uniqueWord();
    const byName = await createUser({ displayName: `${w} Satō` });
    const byUsername = await createUser({ username: `${w}_sato` });
    const mentions: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) mentions.push(await createUser({ displayName: `${w} Sato Fans ${i}`, bio: `${w} sato ${w} sato` }));
    await computeSearchTiers({ db: db() });
    const names = async (q: string) => (await searchUsers(db(), { filters: searchFilters({ q }), viewerId: viewer.id, limit: 20, walkSizes: SMALL_WALK })).items.map((u) => u.username);
    expect((await names(`${w} Satō`))[0]).toBe(byName.username);
    expect((await names(`@${w.toUpperCase()}_SATO`))[0]).toBe(byUsername.username);
    // With the walk at its size every match is listed once, the exact one first.
    const all = (await searchUsers(db(), { filters: searchFilters({ q: `${w} Satō` }), viewerId: viewer.id, limit: 20 })).items.map((u) => u.username);
    expect(all[0]).toBe(byName.username);
    expect(new Set(all)).toEqual(new Set([byName.username, byUsername.username, ...mentions.map((m) => m.username)]));
    expect(all).toHaveLength(6);
  });

  it("pages the exact and the ranked phases one after the other", async () => {
    const w = uniqueWord();
    const exact = await createUser({ displayName: w });
    const others: string[] = [];
    for (let i = 0; i < 5; i += 1) others.push((await createUser({ bio: `${w} fan number ${i}` })).username);
    const ids: string[] = [];
    let cursor: SearchCursor | null = null;
    for (let i = 0; i < 10; i += 1) {
      const page = await searchUsers(db(), { filters: searchFilters({ q: w }), viewerId: viewer.id, limit: 2, cursor, walkSizes: { first: 2, max: 16 } });
      ids.push(...page.items.map((u) => u.username));
      if (!page.nextCursor) break;
      cursor = decodeSearchCursor(page.nextCursor);
    }
    expect(ids[0]).toBe(exact.username);
    expect(ids.slice(1).sort()).toEqual([...others].sort());
  });
});
