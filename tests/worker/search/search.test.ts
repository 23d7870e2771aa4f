// Search as a user sees it (spec social-feed-search §2 Search and explore, §3 search filters, §4
// sorts, §7 search calls, §9 limits): ranking, prefixes as one types, folded diacritics, every
// filter and sort, the limits and pages, follow state on people, and hostile query strings.
// Every test searches for a word of its own, so rows of other tests never match.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PostPage } from "@shared/posts-api";
import type { ExploreResults, HashtagList, SearchUserPage, ServiceSearchPage } from "@shared/search-api";
import { follows, hashtags, posts, profiles, services } from "../../../worker/db/schema";
import { api, createUser, db, insertHashtag, insertPost, insertService, json, signedInUser, type SignedInUser, type TestUser } from "../helpers";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let viewer: SignedInUser;

beforeAll(async () => {
  viewer = await signedInUser();
});

/** A word nobody else's rows contain: letters only, so the tokenizer keeps it whole. */
function word(): string {
  return `zq${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 10)}`;
}

async function get<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString();
  return json<T>(await api(`${path}${query ? `?${query}` : ""}`, { cookie: viewer.cookie }), 200);
}

async function setProfile(user: TestUser, fields: Partial<typeof profiles.$inferInsert>) {
  await db().update(profiles).set(fields).where(eq(profiles.userId, user.id));
}

async function follow(followerId: string, followingId: string) {
  await db().insert(follows).values({ followerId, followingId });
}

const usernames = (page: { items: { username: string }[] }) => page.items.map((u) => u.username);

describe("GET /api/search/users", () => {
  it("ranks an exact username above display names and bio mentions", async () => {
    const w = word();
    const bioOnly = await createUser({ bio: `Big fan of ${w} and friends` });
    const display = await createUser({ displayName: `${w} Studio` });
    const exact = await createUser({ username: w });
    const page = await get<SearchUserPage>("/api/search/users", { q: w });
    expect(usernames(page)).toEqual([exact.username, display.username, bioOnly.username]);
    // The same with an @ in front and in another case.
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: `@${w.toUpperCase()}` }))[0]).toBe(exact.username);
  });

  it("matches prefixes as the user types, and folds diacritics both ways", async () => {
    const w = word();
    const zoe = await createUser({ displayName: `Zoë Müller ${w}` });
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: w.slice(0, 5) }))).toContain(zoe.username);
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: `zoe mull ${w}` }))).toEqual([zoe.username]);
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: `ZOË MÜLLER ${w}` }))).toEqual([zoe.username]);
    const jose = await createUser({ displayName: `Jose ${w}` });
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: `José ${w}` }))).toEqual([jose.username]);
  });

  it("finds a username with an underscore by its parts", async () => {
    const w = word();
    const dj = await createUser({ username: `dj_${w}` });
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: `dj_${w.slice(0, 6)}` }))).toEqual([dj.username]);
  });

  it("filters by location (contains, any case), profession, verified and has services", async () => {
    const w = word();
    const berlin = await createUser({ bio: w });
    await setProfile(berlin, { location: "Berlin, Germany", profession: "DJ" });
    const verified = await createUser({ bio: w, verified: true });
    await setProfile(verified, { location: "Paris", profession: "Singer" });
    const seller = await createUser({ bio: w });
    await setProfile(seller, { location: "berlin", profession: "Singer" });
    await insertService(seller.id, { name: `Mixing ${word()}` });

    const search = (filters: Record<string, string>) => get<SearchUserPage>("/api/search/users", { q: w, ...filters }).then(usernames);
    expect((await search({})).sort()).toEqual([berlin.username, verified.username, seller.username].sort());
    expect((await search({ location: "BERLIN" })).sort()).toEqual([berlin.username, seller.username].sort());
    expect(await search({ profession: "DJ" })).toEqual([berlin.username]);
    expect(await search({ verified: "true" })).toEqual([verified.username]);
    expect(await search({ hasServices: "true" })).toEqual([seller.username]);
    expect(await search({ location: "berlin", profession: "Singer", hasServices: "true" })).toEqual([seller.username]);
    // Filters without a query search everyone by them (most followed first).
    expect(await get<SearchUserPage>("/api/search/users", { location: "berlin", profession: "DJ" }).then(usernames)).toContain(berlin.username);
  });

  it("sorts by popular (followers), recent (newest profile) and verified", async () => {
    const w = word();
    const old = await createUser({ bio: w });
    const popular = await createUser({ bio: w });
    const badge = await createUser({ bio: w, verified: true });
    const now = Date.now();
    await setProfile(old, { createdAt: now - 3000 });
    await setProfile(popular, { createdAt: now - 2000 });
    await setProfile(badge, { createdAt: now - 1000 });
    const fans = await Promise.all([createUser(), createUser()]);
    for (const fan of fans) await follow(fan.id, popular.id);
    await follow(fans[0]!.id, old.id);

    const sorted = (sortBy: string) => get<SearchUserPage>("/api/search/users", { q: w, sortBy }).then(usernames);
    expect(await sorted("popular")).toEqual([popular.username, old.username, badge.username]);
    expect(await sorted("recent")).toEqual([badge.username, popular.username, old.username]);
    expect((await sorted("verified"))[0]).toBe(badge.username);
  });

  it("answers at most 20 a page, and pages every sort with a cursor", async () => {
    const w = word();
    const base = Date.now() - 100_000;
    const made = [];
    for (let i = 0; i < 25; i += 1) {
      const user = await createUser({ bio: `${w} number ${i}` });
      await setProfile(user, { createdAt: base + i });
      made.push(user.username);
    }
    const relevance = await get<SearchUserPage>("/api/search/users", { q: w });
    expect(relevance.items).toHaveLength(20);
    const rest = await get<SearchUserPage>("/api/search/users", { q: w, cursor: relevance.nextCursor! });
    expect(new Set([...usernames(relevance), ...usernames(rest)])).toEqual(new Set(made));
    expect(rest.nextCursor).toBeNull();
    for (const sortBy of ["popular", "verified"]) {
      const first = await get<SearchUserPage>("/api/search/users", { q: w, sortBy });
      const second = await get<SearchUserPage>("/api/search/users", { q: w, sortBy, cursor: first.nextCursor! });
      expect(new Set([...usernames(first), ...usernames(second)])).toEqual(new Set(made));
    }
    const first = await get<SearchUserPage>("/api/search/users", { q: w, sortBy: "recent" });
    expect(usernames(first)).toEqual(made.slice(5).reverse());
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get<SearchUserPage>("/api/search/users", { q: w, sortBy: "recent", cursor: first.nextCursor! });
    expect(usernames(second)).toEqual(made.slice(0, 5).reverse());
    expect(second.nextCursor).toBeNull();
  });

  it("says whether the viewer follows each person, and marks the viewer's own row", async () => {
    const w = word();
    const followed = await createUser({ bio: w });
    const stranger = await createUser({ bio: w });
    await follow(viewer.id, followed.id);
    await setProfile(viewer, { bio: `me and ${w}` });
    const page = await get<SearchUserPage>("/api/search/users", { q: w });
    const byName = new Map(page.items.map((u) => [u.username, u.viewer]));
    expect(byName.get(followed.username)).toEqual({ isSelf: false, following: true });
    expect(byName.get(stranger.username)).toEqual({ isSelf: false, following: false });
    expect(byName.get(viewer.username)).toEqual({ isSelf: true, following: false });
    await setProfile(viewer, { bio: null });
  });

  it("lists nobody before anything is typed ('Start typing to search for users')", async () => {
    expect(await get<SearchUserPage>("/api/search/users")).toEqual({ items: [], nextCursor: null });
  });
});

describe("GET /api/search/posts", () => {
  it("matches captions, filters by content type, location, the author's profession and badge", async () => {
    const w = word();
    const dj = await createUser({ verified: true });
    await setProfile(dj, { profession: "DJ" });
    const other = await createUser();
    const image = await insertPost(dj.id, { caption: `Late set ${w}` });
    const audio = await insertPost(other.id, { caption: `Demo ${w}`, contentType: "audio" });
    await db().update(posts).set({ location: "Lisbon, Portugal" }).where(eq(posts.id, audio));
    await insertPost(other.id, { caption: "unrelated words" });

    const ids = (filters: Record<string, string>) => get<PostPage>("/api/search/posts", { q: w, ...filters }).then((p) => p.items.map((x) => x.id).sort());
    expect(await ids({})).toEqual([image, audio].sort());
    expect(await ids({ contentType: "audio" })).toEqual([audio]);
    expect(await ids({ contentType: "image" })).toEqual([image]);
    expect(await ids({ contentType: "video" })).toEqual([]);
    expect(await ids({ location: "lisbon" })).toEqual([audio]);
    expect(await ids({ profession: "DJ" })).toEqual([image]);
    expect(await ids({ verified: "true" })).toEqual([image]);
  });

  it("sorts by popular (likes) and recent, and answers at most 20 with the viewer's flags", async () => {
    const w = word();
    const author = await createUser();
    const now = Date.now();
    const made: string[] = [];
    for (let i = 0; i < 22; i += 1) made.push(await insertPost(author.id, { caption: `${w} take ${i}`, createdAt: now - 10_000 + i }));
    await db().update(posts).set({ likesCount: 50 }).where(eq(posts.id, made[3]!));
    await db().update(posts).set({ likesCount: 20 }).where(eq(posts.id, made[7]!));

    const popular = await get<PostPage>("/api/search/posts", { q: w, sortBy: "popular" });
    expect(popular.items).toHaveLength(20);
    expect(popular.items.slice(0, 2).map((p) => p.id)).toEqual([made[3], made[7]]);
    expect(popular.items[0]!.viewer).toEqual({ liked: false, bookmarked: false, isOwner: false });
    const recent = await get<PostPage>("/api/search/posts", { q: w, sortBy: "recent" });
    expect(recent.items.map((p) => p.id)).toEqual(made.slice(2).reverse());
    const rest = await get<PostPage>("/api/search/posts", { q: w, sortBy: "recent", cursor: recent.nextCursor! });
    expect(rest.items.map((p) => p.id)).toEqual(made.slice(0, 2).reverse());
  });

  it("without a query, lists by the filters alone", async () => {
    const author = await createUser();
    await setProfile(author, { profession: "Composer", location: `Town ${word()}` });
    const post = await insertPost(author.id, { caption: "no words in common", contentType: "video" });
    const page = await get<PostPage>("/api/search/posts", { contentType: "video", profession: "Composer", sortBy: "recent" });
    expect(page.items.map((p) => p.id)).toContain(post);
    expect(page.items.every((p) => p.contentType === "video")).toBe(true);
    const verifiedFirst = await get<PostPage>("/api/search/posts", { contentType: "video", sortBy: "verified" });
    expect(verifiedFirst.items.map((p) => p.id)).toContain(post);
  });
});

describe("GET /api/search/services", () => {
  it("ranks a name match above a description match and carries what the Services tab shows", async () => {
    const w = word();
    const seller = await createUser();
    const inDescription = await insertService(seller.id, { name: "Vocal tuning", description: `Fast ${w} turnaround` });
    const inName = await insertService(seller.id, { name: `${w} mastering`, category: "mixing" });
    await db().update(services).set({ needsScheduling: true, pricingModel: "per_session", priceCents: 12000 }).where(eq(services.id, inName));
    const page = await get<ServiceSearchPage>("/api/search/services", { q: w });
    expect(page.items.map((s) => s.id)).toEqual([inName, inDescription]);
    expect(page.items[0]).toMatchObject({
      id: inName,
      name: `${w} mastering`,
      category: "mixing",
      needsScheduling: true,
      pricingModel: "per_session",
      priceCents: 12000,
      priceLabel: "$120/session",
      turnaroundDays: 3,
      author: { userId: seller.id, username: seller.username, displayName: seller.displayName },
    });
    expect(page.nextCursor).toBeNull();
  });

  it("matches a category, and lists every service newest first (15 a page) without a query", async () => {
    const seller = await createUser();
    const lesson = await insertService(seller.id, { name: `Piano ${word()}`, category: "lessons" });
    expect((await get<ServiceSearchPage>("/api/search/services", { q: "lessons" })).items.map((s) => s.id)).toContain(lesson);
    for (let i = 0; i < 16; i += 1) await insertService(seller.id, { name: `Session ${i}` });
    const first = await get<ServiceSearchPage>("/api/search/services");
    expect(first.items).toHaveLength(15);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get<ServiceSearchPage>("/api/search/services", { cursor: first.nextCursor! });
    const seen = new Set(first.items.map((s) => s.id));
    expect(second.items.every((s) => !seen.has(s.id))).toBe(true);
  });
});

describe("GET /api/search/hashtags", () => {
  it("matches any part of the name in any case, by usage, at most 10", async () => {
    const w = word();
    const names = Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(97 + i)}${w}x`);
    for (const [i, name] of names.entries()) {
      const id = await insertHashtag(name);
      await db().update(hashtags).set({ usageCount: i + 1 }).where(eq(hashtags.id, id));
    }
    const list = await get<HashtagList>("/api/search/hashtags", { q: `#${w.slice(2, 8).toUpperCase()}` });
    expect(list.items.map((h) => h.name)).toEqual(names.slice(2).reverse());
    expect(list.items[0]).toMatchObject({ usageCount: 12, trendingScore: 0 });
  });

  it("takes % and _ as characters, and an empty query as nothing", async () => {
    const id = await insertHashtag(`lofi${word()}`);
    await db().update(hashtags).set({ usageCount: 1 }).where(eq(hashtags.id, id));
    expect((await get<HashtagList>("/api/search/hashtags", { q: "%" })).items).toEqual([]);
    expect((await get<HashtagList>("/api/search/hashtags", { q: "_" })).items).toEqual([]);
    expect((await get<HashtagList>("/api/search/hashtags", { q: "  " })).items).toEqual([]);
  });
});

describe("GET /api/search/explore", () => {
  it("matches people by name only, with posts and hashtags; nothing without a query or filter", async () => {
    const w = word();
    const named = await createUser({ displayName: `${w} Band` });
    await createUser({ bio: `I play with ${w}` });
    const post = await insertPost(named.id, { caption: `New single ${w}` });
    const tag = await insertHashtag(`${w}tour`);
    await db().update(hashtags).set({ usageCount: 3 }).where(eq(hashtags.id, tag));
    const results = await get<ExploreResults>("/api/search/explore", { q: w });
    expect(usernames({ items: results.users })).toEqual([named.username]);
    expect(results.posts.map((p) => p.id)).toEqual([post]);
    expect(results.hashtags.map((h) => h.name)).toEqual([`${w}tour`]);
    expect(await get<ExploreResults>("/api/search/explore")).toEqual({ users: [], posts: [], hashtags: [], postsNextCursor: null });
    expect(await get<ExploreResults>("/api/search/explore", { sortBy: "recent" })).toEqual({ users: [], posts: [], hashtags: [], postsNextCursor: null });
  });

  it("falls back to the defaults for unknown filter values instead of refusing the link", async () => {
    const w = word();
    const named = await createUser({ displayName: `${w} Trio` });
    const results = await get<ExploreResults>("/api/search/explore", { q: w, sortBy: "loudest", contentType: "hologram", verified: "maybe" });
    expect(usernames({ items: results.users })).toEqual([named.username]);
  });
});

describe("hostile query strings", () => {
  const HOSTILE = ['"', '""', "AND(", "OR", "NOT x", "NEAR(a b", "{bio}:x", "bio:x", "*", "^x", "x*y", "'", "\\", "%", "a AND", "(", ")", "-", "+", "\u0301", "💥", "x".repeat(500), 'ab" OR "cd'];
  const ROUTES = ["/api/search/users", "/api/search/posts", "/api/search/services", "/api/search/hashtags", "/api/search/explore"];

  it.each(ROUTES)("%s answers 200 for every one", async (route) => {
    for (const q of HOSTILE) {
      const res = await api(`${route}?${new URLSearchParams({ q, sortBy: "relevance" })}`, { cookie: viewer.cookie });
      expect(res.status, `q=${q}`).toBe(200);
      await res.json();
    }
  });

  it("searches for the words inside operators, never the operators", async () => {
    const w = word();
    const user = await createUser({ bio: `bio ${w}` });
    // `{bio}:` would restrict the search to the bio column if it were syntax; quoted, it is words.
    const page = await get<SearchUserPage>("/api/search/users", { q: `{bio}:${w}` });
    expect(usernames(page)).toEqual([user.username]);
    expect((await get<SearchUserPage>("/api/search/users", { q: `${w} OR zzzzzzzz` })).items).toEqual([]);
  });
});

describe("the FTS index follows edits", () => {
  it("finds a profile by its new name and not its old one", async () => {
    const before = word();
    const after = word();
    const user = await createUser({ displayName: `${before} Quartet` });
    await setProfile(user, { displayName: `${after} Quartet` });
    expect((await get<SearchUserPage>("/api/search/users", { q: before })).items).toEqual([]);
    expect(usernames(await get<SearchUserPage>("/api/search/users", { q: after }))).toEqual([user.username]);
  });
});
