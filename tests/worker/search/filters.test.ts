// Search with the searcher's filters, and with the viewer's blocks, mutes and muted words
// (issue #32, decision record 0095). A filter is checked on the ranked candidates in score order,
// so a filtered walk reads further (FILTERED_WALK_FACTOR) at no cost per walked row: the best
// filtered matches are found even when they lie past the walk an unfiltered search reads. Blocks,
// mutes and muted words are asked inside each statement (no round trip before it) in every sort.
// The walk is made small here so a test needs a dozen rows, not thousands.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeSearchCursor, type SearchCursor } from "@shared/cursor";
import type { SearchSort } from "@shared/constants";
import type { PostPage } from "@shared/posts-api";
import type { SearchUserPage } from "@shared/search-api";
import { computeSearchTiers } from "../../../worker/cron/search-tiers";
import { type PostSearchOptions, searchPosts, searchUsers } from "../../../worker/db/queries/search";
import { posts, profiles } from "../../../worker/db/schema";
import { api, createUser, db, insertPost, json, searchFilters, signedInUser, type TestUser, uniqueWord } from "../helpers";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser();
});

/** Every match of a word by bm25 among posts in `location` (best first, ties by key), straight from posts_fts: the exhaustive ranking. */
async function exhaustiveIn(word: string, location: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `select p.id from (select rowid as k, bm25(posts_fts) as s from posts_fts where posts_fts match ?1 limit 1000000) f
     join posts p on p.rowid = 1099511627775 - (f.k & 1099511627775) where p.location = ?2 order by f.s, f.k`,
  )
    .bind(`"${word}"*`, location)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

async function allPostPages(options: Omit<PostSearchOptions, "viewerId" | "cursor">): Promise<string[]> {
  const ids: string[] = [];
  let cursor: SearchCursor | null = null;
  for (let i = 0; i < 30; i += 1) {
    const page = await searchPosts(db(), { ...options, viewerId: viewer.id, cursor });
    ids.push(...page.items.map((p) => p.id));
    if (!page.nextCursor) return ids;
    cursor = decodeSearchCursor(page.nextCursor);
  }
  throw new Error("more pages than a test makes");
}

describe("relevance with a filter", () => {
  it("ranks the best filtered matches even when they lie past the walk an unfiltered search reads", async () => {
    const author = await createUser();
    const w = uniqueWord();
    // Twelve short captions saying the word twice fill the best classes; none is in Reykjavík.
    for (let i = 0; i < 12; i += 1) await insertPost(author.id, { caption: `${w} ${w} ${i}` });
    const inCity = async (caption: string) => {
      const id = await insertPost(author.id, { caption });
      await db().update(posts).set({ location: "Reykjavík" }).where(eq(posts.id, id));
      return id;
    };
    // In Reykjavík: two short captions (read next), and one longer caption whose second word
    // starts with the typed one, so the prefix query counts it twice: it scores best of the three
    // but its class (no word repeated, five words) is read after them.
    const short = [await inCity(`${w} alpha beta`), await inCity(`${w} gamma delta`)];
    const best = await inCity(`${w} ${w}tips and more words`);
    await computeSearchTiers({ db: db() });
    expect((await exhaustiveIn(w, "Reykjavík"))[0]).toBe(best);
    // A walk of 14 (the fillers and the two short ones) has candidates enough for a page of one,
    // so it would not walk on; the filter makes it read four times as far and find the best.
    const sizes = { first: 14, max: 64 };
    const filtered = await searchPosts(db(), { filters: searchFilters({ q: w, location: "reykjavík" }), viewerId: viewer.id, limit: 1, walkSizes: sizes });
    expect(filtered.items.map((p) => p.id)).toEqual([best]);
    const pages = await allPostPages({ filters: searchFilters({ q: w, location: "Reykjavík" }), limit: 1, walkSizes: sizes });
    expect(pages).toEqual(await exhaustiveIn(w, "Reykjavík"));
    expect(new Set(pages)).toEqual(new Set([best, ...short]));
  });

  it("people: with a profession filter the exact name comes first, then the filtered ranked matches", async () => {
    const w = uniqueWord();
    const exact = await createUser({ displayName: w });
    await db().update(profiles).set({ profession: "Drummer" }).where(eq(profiles.userId, exact.id));
    for (let i = 0; i < 8; i += 1) await createUser({ bio: `${w} ${w} ${i}` });
    const drummers: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const user = await createUser({ bio: `${w} plays drums in a band with a long name number ${i}` });
      await db().update(profiles).set({ profession: "Drummer" }).where(eq(profiles.userId, user.id));
      drummers.push(user.username);
    }
    await computeSearchTiers({ db: db() });
    const page = await searchUsers(db(), { filters: searchFilters({ q: w, profession: "Drummer" }), viewerId: viewer.id, limit: 20, walkSizes: { first: 3, max: 12 } });
    const names = page.items.map((u) => u.username);
    expect(names[0]).toBe(exact.username);
    expect(new Set(names.slice(1))).toEqual(new Set(drummers));
    expect(names).toHaveLength(3);
  });
});

describe("blocks, mutes and muted words are applied inside the search statements, in every sort", () => {
  const SORTS: SearchSort[] = ["relevance", "popular", "recent", "verified"];

  // With a profession filter the author's checks name the joined profile's user_id (so SQLite asks
  // them only of the profession's posts): the same posts must stay out, a suspended author's too.
  const CASES = SORTS.flatMap((sortBy) => [
    { sortBy, filtered: false },
    { sortBy, filtered: true },
  ]);
  it.each(CASES)("posts, $sortBy, profession filter $filtered: few matches and many (the index walk)", async ({ sortBy, filtered }) => {
    const searcher = await signedInUser();
    const profession = filtered ? `Prof ${uniqueWord()}` : "";
    const author = async (verified = false) => {
      const user = await createUser({ verified });
      if (profession) await db().update(profiles).set({ profession }).where(eq(profiles.userId, user.id));
      return user;
    };
    const [muted, blocker, suspended, plain] = [await author(), await author(), await author(), await author(true)];
    const other = await createUser();
    const w = uniqueWord();
    const mutedWord = uniqueWord();
    const shown: string[] = [];
    for (let i = 0; i < 3; i += 1) shown.push(await insertPost(plain.id, { caption: `${w} fine ${i}` }));
    const hidden = [
      await insertPost(muted.id, { caption: `${w} by a muted account` }),
      await insertPost(blocker.id, { caption: `${w} by someone who blocked the searcher` }),
      await insertPost(suspended.id, { caption: `${w} by a suspended account` }),
      await insertPost(plain.id, { caption: `${w} says ${mutedWord}` }),
    ];
    // Another profession's post: filtered out whatever the rules, or shown without a filter.
    const otherPost = await insertPost(other.id, { caption: `${w} by another profession` });
    if (!filtered) shown.push(otherPost);
    await computeSearchTiers({ db: db() });
    const path = `/api/search/posts?q=${w}&sortBy=${sortBy}${profession ? `&profession=${encodeURIComponent(profession)}` : ""}`;
    // Without rules, the searcher sees every match the filter keeps.
    const before: PostPage = await json(await api(path, { cookie: searcher.cookie }), 200);
    expect(new Set(before.items.map((p) => p.id))).toEqual(new Set([...shown, ...hidden]));
    expect((await api(`/api/users/${muted.id}/mute`, { method: "POST", cookie: searcher.cookie })).status).toBe(200);
    expect((await api("/api/muted-words", { cookie: searcher.cookie, body: { word: mutedWord } })).status).toBeLessThan(300);
    await env.DB.prepare("insert into blocks (blocker_id, blocked_id, created_at) values (?, ?, ?)").bind(blocker.id, searcher.id, Date.now()).run();
    await env.DB.prepare("update users set suspended_at = ? where id = ?").bind(Date.now(), suspended.id).run();
    const after: PostPage = await json(await api(path, { cookie: searcher.cookie }), 200);
    expect(new Set(after.items.map((p) => p.id))).toEqual(new Set(shown));
    // The same through the index walk of recent and popular (a tiny threshold makes these matches "many").
    if (sortBy === "recent" || sortBy === "popular") {
      const walked = await searchPosts(db(), { filters: searchFilters({ q: w, sortBy, profession }), viewerId: searcher.id, limit: 20, fewMatches: 1, walkWindow: 3 });
      expect(new Set(walked.items.map((p) => p.id))).toEqual(new Set(shown));
    }
  });

  it.each(SORTS)("people, %s", async (sortBy) => {
    const searcher = await signedInUser();
    const w = uniqueWord();
    const muted = await createUser({ bio: `${w} muted` });
    const blocker = await createUser({ displayName: w });
    const shown = await createUser({ bio: `${w} shown` });
    await computeSearchTiers({ db: db() });
    const path = `/api/search/users?q=${w}&sortBy=${sortBy}`;
    const before: SearchUserPage = await json(await api(path, { cookie: searcher.cookie }), 200);
    expect(new Set(before.items.map((u) => u.userId))).toEqual(new Set([muted.id, blocker.id, shown.id]));
    expect((await api(`/api/users/${muted.id}/mute`, { method: "POST", cookie: searcher.cookie })).status).toBe(200);
    await env.DB.prepare("insert into blocks (blocker_id, blocked_id, created_at) values (?, ?, ?)").bind(blocker.id, searcher.id, Date.now()).run();
    const after: SearchUserPage = await json(await api(path, { cookie: searcher.cookie }), 200);
    expect(after.items.map((u) => u.userId)).toEqual([shown.id]);
  });
});
