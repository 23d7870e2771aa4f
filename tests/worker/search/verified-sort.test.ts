// The verified sort with a query (decision record 0095, migration 0028): badge holders first, each
// part in bm25 order with the whole table's IDF. Badge holders' rows are keyed apart in posts_fts
// and profiles_fts, so the first phase walks only theirs and finds a badge holder's best match
// however many better-classed rows of others the word has; the profile's badge moves its rows
// (and its owner's posts) between the parts when it is given or taken away. The walk is made small
// here, so a dozen rows stand for the thousands a real walk passes over.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeSearchCursor, type SearchCursor } from "@shared/cursor";
import { computeSearchTiers } from "../../../worker/cron/search-tiers";
import { type PostSearchOptions, searchPosts, searchUsers } from "../../../worker/db/queries/search";
import { profiles, users } from "../../../worker/db/schema";
import { createUser, db, insertPost, searchFilters, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser();
});

/**
 * A first walk shorter than the better-classed matches of others (ten in each test), so a badge
 * holder's rows sit past it in the whole key order, but as long as each test's badge holders'
 * matches: their part is then ranked whole, and the lists are the exhaustive order. (A part longer
 * than its walk is ranked over its best classes, as relevance is.)
 */
const SMALL_WALK = { first: 8, max: 64 };

/** A caption in a worse rank class than `${w} x`: long, the word once or twice. */
function longCaption(w: string, i: number, repeats = 1): string {
  return `${Array.from({ length: repeats }, () => w).join(" ")} a long caption about the session in the studio with the band and the engineer take ${i}`;
}

/** Every page of a post search, as ids; `between` runs after the first page. */
async function postPages(options: Omit<PostSearchOptions, "viewerId" | "cursor">, between: () => Promise<void> = async () => {}): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: SearchCursor | null = null;
  for (let i = 0; i < 60; i += 1) {
    const page = await searchPosts(db(), { ...options, viewerId: viewer.id, cursor });
    pages.push(page.items.map((p) => p.id));
    if (i === 0) await between();
    if (!page.nextCursor) return pages;
    cursor = decodeSearchCursor(page.nextCursor);
  }
  throw new Error("more pages than a test makes");
}

async function userPages(options: Omit<Parameters<typeof searchUsers>[1], "viewerId" | "cursor">): Promise<string[]> {
  const ids: string[] = [];
  let cursor: SearchCursor | null = null;
  for (let i = 0; i < 60; i += 1) {
    const page = await searchUsers(db(), { ...options, viewerId: viewer.id, cursor });
    ids.push(...page.items.map((u) => u.userId));
    if (!page.nextCursor) return ids;
    cursor = decodeSearchCursor(page.nextCursor);
  }
  throw new Error("more pages than a test makes");
}

/** The exhaustive verified order of a word's posts: badge holders' first, each part by bm25 over the whole table, ties by key. */
async function exhaustivePosts(w: string): Promise<{ holders: string[]; rest: string[] }> {
  const { results } = await env.DB.prepare(
    `select p.id, coalesce(pr.verified, 0) as verified from (select rowid as k, bm25(posts_fts) as s from posts_fts where posts_fts match ?1 limit 1000000) f
     join posts p on p.rowid = 1099511627775 - (f.k & 1099511627775) left join profiles pr on pr.user_id = p.user_id order by f.s, f.k`,
  )
    .bind(`"${w}"*`)
    .all<{ id: string; verified: number }>();
  return { holders: results.filter((r) => r.verified).map((r) => r.id), rest: results.filter((r) => !r.verified).map((r) => r.id) };
}

async function exhaustivePeople(w: string): Promise<{ holders: string[]; rest: string[] }> {
  const { results } = await env.DB.prepare(
    `select pr.user_id as id, pr.verified from (select rowid as k, bm25(profiles_fts, 10.0, 6.0, 1.0) as s from profiles_fts where profiles_fts match ?1 limit 1000000) f
     join profiles pr on pr.rowid = 1099511627775 - (f.k & 1099511627775) order by f.s, f.k`,
  )
    .bind(`"${w}"*`)
    .all<{ id: string; verified: number }>();
  return { holders: results.filter((r) => r.verified).map((r) => r.id), rest: results.filter((r) => !r.verified).map((r) => r.id) };
}

/**
 * FTS5's own check of posts_fts, profiles_fts and the names' trigram index against their content
 * views: it fails ("database disk image is malformed") when a row is indexed under a key its row no
 * longer computes, which is what a badge change that did not move its rows would leave.
 */
async function expectIndexesMatchRows() {
  for (const table of ["posts_fts", "profiles_fts", "profiles_names_trigram"]) {
    await expect(env.DB.prepare(`insert into ${table}(${table}, rank) values('integrity-check', 1)`).run()).resolves.toBeDefined();
  }
}

async function setBadge(userId: string, verified: boolean) {
  await db().update(profiles).set({ verified }).where(eq(profiles.userId, userId));
}

describe("verified posts with a query", () => {
  it("finds a badge holder's best matches past the walk of everyone's, first, in bm25 order; the rest follows in its own order", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    // Ten short captions (the best class) by someone without the badge, and the badge holder's
    // long ones, older, in worse classes: a walk of the whole key order reads the short ones first.
    const rest: string[] = [];
    for (let i = 0; i < 10; i += 1) rest.push(await insertPost(others.id, { caption: `${w} x${i}`, createdAt: Date.now() - i * 60_000 }));
    const held: string[] = [];
    for (let i = 0; i < 4; i += 1) held.push(await insertPost(holder.id, { caption: longCaption(w, i, 1 + (i % 3)), createdAt: Date.now() - 30 * 86_400_000 - i * 60_000 }));
    await computeSearchTiers({ db: db() });

    const filters = searchFilters({ q: w, sortBy: "verified" });
    const first = await searchPosts(db(), { filters, viewerId: viewer.id, limit: 2, walkSizes: SMALL_WALK });
    const expected = await exhaustivePosts(w);
    expect(new Set(expected.holders)).toEqual(new Set(held));
    // The badge holder's best match leads the list.
    expect(first.items[0]?.id).toBe(expected.holders[0]);
    expect(first.items[0]?.author.verified).toBe(true);
    // Page after page: every badge holder's match in bm25 order, then everyone else's.
    const pages = await postPages({ filters, limit: 2, walkSizes: SMALL_WALK });
    expect(pages.flat()).toEqual([...expected.holders, ...expected.rest]);
    expect(pages.flat()).toHaveLength(14);
  });

  it("relevance still weighs the badge holders' matches with everyone's (one order, no part first)", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    for (let i = 0; i < 8; i += 1) await insertPost(others.id, { caption: longCaption(w, i), createdAt: Date.now() - i * 60_000 });
    const best = await insertPost(holder.id, { caption: `${w} ${w}`, createdAt: Date.now() - 40 * 86_400_000 });
    await insertPost(holder.id, { caption: longCaption(w, 99), createdAt: Date.now() - 41 * 86_400_000 });
    await computeSearchTiers({ db: db() });
    const pages = await postPages({ filters: searchFilters({ q: w }), limit: 3, walkSizes: SMALL_WALK });
    const { results } = await env.DB.prepare(
      `select p.id from (select rowid as k, bm25(posts_fts) as s from posts_fts where posts_fts match ?1 limit 1000000) f
       join posts p on p.rowid = 1099511627775 - (f.k & 1099511627775) order by f.s, f.k`,
    )
      .bind(`"${w}"*`)
      .all<{ id: string }>();
    expect(pages.flat()[0]).toBe(best);
    expect(pages.flat()).toEqual(results.map((r) => r.id));
  });

  it("pages stay stable while badge holders' and others' posts arrive between pages", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    for (let i = 0; i < 10; i += 1) await insertPost(others.id, { caption: `${w} ${i % 3 === 0 ? w : ""} y${i}`, createdAt: Date.now() - (i + 1) * 60_000 });
    for (let i = 0; i < 7; i += 1) await insertPost(holder.id, { caption: longCaption(w, i, 1 + (i % 2)), createdAt: Date.now() - 20 * 86_400_000 - i * 60_000 });
    await computeSearchTiers({ db: db() });
    const options = { filters: searchFilters({ q: w, sortBy: "verified" as const }), limit: 3, walkSizes: SMALL_WALK };
    const before = (await postPages(options)).flat();
    const expected = await exhaustivePosts(w);
    expect(before).toEqual([...expected.holders, ...expected.rest]);

    const read = await postPages(options, async () => {
      // A badge holder's post that outranks every other, ordinary ones of both kinds, and the word
      // again elsewhere (its IDF moves every score).
      await insertPost(holder.id, { caption: `${w} ${w} ${w}` });
      for (let i = 0; i < 3; i += 1) await insertPost(holder.id, { caption: longCaption(w, 50 + i) });
      for (let i = 0; i < 5; i += 1) await insertPost(others.id, { caption: `${w} arriving ${i}` });
    });
    const all = read.flat();
    expect(read[0]).toEqual(before.slice(0, 3));
    // No row repeats, none of the old ones goes missing, and they keep their order.
    expect(new Set(all).size).toBe(all.length);
    const known = new Set(before);
    expect(all.filter((id) => known.has(id))).toEqual(before);
  });
});

describe("verified posts with a query, round trips", () => {
  it("once a query's badge holders were found to fit in a page, a first page sends both walks in one batch and nothing else", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    const held = await insertPost(holder.id, { caption: `${w} held` });
    const rest: string[] = [];
    for (let i = 0; i < 3; i += 1) rest.push(await insertPost(others.id, { caption: `${w} rest ${i}`, createdAt: Date.now() - (i + 1) * 60_000 }));
    const expected = await exhaustivePosts(w);
    const options = { filters: searchFilters({ q: w, sortBy: "verified" }), viewerId: viewer.id, limit: 10 };
    // The first search walks the badge holders' part alone and keeps how much it held.
    expect((await searchPosts(db(), options)).items.map((p) => p.id)).toEqual([held, ...expected.rest]);
    const batches = vi.spyOn(env.DB, "batch");
    const statements = vi.spyOn(env.DB, "prepare");
    try {
      const page = await searchPosts(db(), options);
      expect(page.items.map((p) => p.id)).toEqual([held, ...expected.rest]);
      expect(new Set(page.items.slice(1).map((p) => p.id))).toEqual(new Set(rest));
      expect(batches).toHaveBeenCalledTimes(1);
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      batches.mockRestore();
      statements.mockRestore();
    }
  });

  it("a kept count that has gone stale (the badge holders now fill the page) reads the rest ahead for nothing, and the list is unchanged", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    for (let i = 0; i < 2; i += 1) await insertPost(holder.id, { caption: `${w} held ${i}` });
    for (let i = 0; i < 3; i += 1) await insertPost(others.id, { caption: `${w} rest ${i}`, createdAt: Date.now() - (i + 1) * 60_000 });
    const filters = searchFilters({ q: w, sortBy: "verified" });
    await searchPosts(db(), { filters, viewerId: viewer.id, limit: 4 });
    for (let i = 2; i < 8; i += 1) await insertPost(holder.id, { caption: `${w} held ${i}` });
    const expected = await exhaustivePosts(w);
    expect(expected.holders).toHaveLength(8);
    const first = await searchPosts(db(), { filters, viewerId: viewer.id, limit: 4 });
    expect(first.items.map((p) => p.id)).toEqual(expected.holders.slice(0, 4));
    expect((await postPages({ filters, limit: 4 })).flat()).toEqual([...expected.holders, ...expected.rest]);
  });
});

describe("verified people with a query", () => {
  it("finds a badge holder whose match is only in a long bio, first, past the walk of everyone's names", async () => {
    const w = uniqueWord();
    const rest: string[] = [];
    for (let i = 0; i < 10; i += 1) rest.push((await createUser({ displayName: `${w} Studio ${i}` })).id);
    const holders: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      holders.push((await createUser({ verified: true, bio: `Producer and engineer, mixing records for many years, now ${w} sessions ${i} in Lisbon and Berlin` })).id);
    }
    await computeSearchTiers({ db: db() });
    const expected = await exhaustivePeople(w);
    expect(new Set(expected.holders)).toEqual(new Set(holders));
    const ids = await userPages({ filters: searchFilters({ q: w, sortBy: "verified" }), limit: 2, walkSizes: SMALL_WALK });
    expect(ids).toEqual([...expected.holders, ...expected.rest]);
  });
});

describe("verified posts with a query, read ahead", () => {
  it("badge holders with more matches than a page, whom a filter thins to fewer: the rest still follows, in order", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const holder = await createUser({ verified: true });
    const image = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const id = await insertPost(holder.id, { caption: `${w} held ${i}`, contentType: i < 2 ? "image" : "audio" });
      if (i < 2) image.add(id);
    }
    for (let i = 0; i < 6; i += 1) {
      const id = await insertPost(others.id, { caption: `${w} other ${i}`, contentType: i % 2 === 0 ? "image" : "audio", createdAt: Date.now() - (i + 1) * 60_000 });
      if (i % 2 === 0) image.add(id);
    }
    const expected = await exhaustivePosts(w);
    const filters = searchFilters({ q: w, sortBy: "verified", contentType: "image" });
    const page = await searchPosts(db(), { filters, viewerId: viewer.id, limit: 4 });
    // Eight badge holders' matches (more than the page): the rest's walk is not read ahead; two
    // are images, so the page goes on to the rest's images.
    expect(page.items.map((p) => p.id)).toEqual([...expected.holders.filter((id) => image.has(id)), ...expected.rest.filter((id) => image.has(id))].slice(0, 4));
    expect((await postPages({ filters, limit: 4 })).flat()).toEqual([...expected.holders.filter((id) => image.has(id)), ...expected.rest.filter((id) => image.has(id))]);
  });
});

describe("verified people with a query, round trips", () => {
  it("once a query's badge holders were found to fit in a page, a first page sends both parts' exact names and walks in one batch and nothing else", async () => {
    const w = uniqueWord();
    const holder = await createUser({ verified: true, displayName: `${w} Holder` });
    const rest: string[] = [];
    for (let i = 0; i < 3; i += 1) rest.push((await createUser({ displayName: `${w} Person ${i}` })).id);
    const expected = await exhaustivePeople(w);
    const options = { filters: searchFilters({ q: w, sortBy: "verified" }), viewerId: viewer.id, limit: 10 };
    expect((await searchUsers(db(), options)).items.map((u) => u.userId)).toEqual([holder.id, ...expected.rest]);
    const batches = vi.spyOn(env.DB, "batch");
    const statements = vi.spyOn(env.DB, "prepare");
    try {
      const page = await searchUsers(db(), options);
      expect(page.items.map((u) => u.userId)).toEqual([holder.id, ...expected.rest]);
      expect(new Set(expected.rest)).toEqual(new Set(rest));
      expect(batches).toHaveBeenCalledTimes(1);
      expect(statements).toHaveBeenCalledTimes(4);
    } finally {
      batches.mockRestore();
      statements.mockRestore();
    }
  });
});

describe("the badge moves a user's rows", () => {
  it("given: the user's posts and profile join the badge holders' part; taken away: they go back; the indexes match their rows throughout", async () => {
    const w = uniqueWord();
    const others = await createUser();
    const person = await createUser({ bio: `Session drummer and teacher, touring with many bands for years, ${w} on every record` });
    for (let i = 0; i < 10; i += 1) await insertPost(others.id, { caption: `${w} z${i}` });
    const theirs: string[] = [];
    for (let i = 0; i < 3; i += 1) theirs.push(await insertPost(person.id, { caption: longCaption(w, i), createdAt: Date.now() - 60 * 86_400_000 - i * 60_000 }));
    for (let i = 0; i < 8; i += 1) await createUser({ displayName: `${w} Band ${i}` });
    await computeSearchTiers({ db: db() });
    const postOptions = { filters: searchFilters({ q: w, sortBy: "verified" as const }), limit: 4, walkSizes: SMALL_WALK };
    const peopleOptions = { filters: searchFilters({ q: w, sortBy: "verified" as const }), limit: 4, walkSizes: SMALL_WALK };

    // Without the badge, their posts are in the rest, after the better matches.
    let posts = (await postPages(postOptions)).flat();
    expect(posts.slice(0, 3).some((id) => theirs.includes(id))).toBe(false);
    expect(posts).toEqual((await exhaustivePosts(w)).rest);
    expect(posts).toHaveLength(13);

    await setBadge(person.id, true);
    await expectIndexesMatchRows();
    posts = (await postPages(postOptions)).flat();
    expect(posts.slice(0, 3)).toEqual((await exhaustivePosts(w)).holders);
    expect(new Set(posts.slice(0, 3))).toEqual(new Set(theirs));
    expect(posts).toHaveLength(13);
    let people = await userPages(peopleOptions);
    expect(people[0]).toBe(person.id);
    expect(people).toHaveLength(9);

    await setBadge(person.id, false);
    await expectIndexesMatchRows();
    posts = (await postPages(postOptions)).flat();
    const expected = await exhaustivePosts(w);
    expect(expected.holders).toEqual([]);
    expect(posts).toEqual(expected.rest);
    people = await userPages(peopleOptions);
    expect(people).toEqual((await exhaustivePeople(w)).rest);
    expect(people).toContain(person.id);
  });

  it("a badge holder's account deleted (posts and profile go by cascade, in either order) leaves the indexes matching their rows", async () => {
    const w = uniqueWord();
    const holder = await createUser({ verified: true });
    for (let i = 0; i < 3; i += 1) await insertPost(holder.id, { caption: `${w} gone ${i}` });
    await computeSearchTiers({ db: db() });
    expect((await exhaustivePosts(w)).holders).toHaveLength(3);
    await db().delete(users).where(eq(users.id, holder.id));
    await expectIndexesMatchRows();
    expect(await exhaustivePosts(w)).toEqual({ holders: [], rest: [] });
    const page = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "verified" }), viewerId: viewer.id, limit: 5 });
    expect(page.items).toEqual([]);
  });

  it("a badge holder's profile deleted before their posts (the other order of a cascade) moves the posts to the rest", async () => {
    const w = uniqueWord();
    const holder = await createUser({ verified: true });
    await insertPost(holder.id, { caption: `${w} stays` });
    await db().delete(profiles).where(eq(profiles.userId, holder.id));
    await expectIndexesMatchRows();
    const { results } = await env.DB.prepare("select rowid as k from posts_fts where posts_fts match ?1").bind(`"${w}"*`).all<{ k: number }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.k).toBeGreaterThan(0);
    await db().delete(users).where(eq(users.id, holder.id));
    await expectIndexesMatchRows();
    expect(await exhaustivePosts(w)).toEqual({ holders: [], rest: [] });
  });

  it("a profile made after its user's posts, with the badge, moves those posts to the badge holders' part", async () => {
    const w = uniqueWord();
    const late = await createUser({ profile: false });
    const post = await insertPost(late.id, { caption: `${w} early post` });
    await db().insert(profiles).values({ userId: late.id, username: late.username, displayName: late.displayName, verified: true });
    await expectIndexesMatchRows();
    const { results } = await env.DB.prepare("select rowid as k from posts_fts where posts_fts match ?1").bind(`"${w}"*`).all<{ k: number }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.k).toBeLessThan(0);
    const page = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy: "verified" }), viewerId: viewer.id, limit: 5 });
    expect(page.items.map((p) => p.id)).toEqual([post]);
  });
});
