// Recommendations (spec §2 Explore, §3 user_recommendations and "recommendation shown", §7
// generate_user_recommendations, §9: 10 people, 15 posts, score 0–10; decision record 0033): each
// reason from its signal, never oneself or someone followed, expiry, the refresh limit and the
// nightly job.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DAY_MS } from "@shared/constants";
import type { Recommendations } from "@shared/search-api";
import { CRON_JOBS } from "../../../worker/cron";
import { refreshRecommendations } from "../../../worker/cron/recommendations";
import { recordInteraction } from "../../../worker/db/queries/interactions";
import { follows, hashtags, postHashtags, postLikes, profiles, userRecommendations } from "../../../worker/db/schema";
import { createLogger } from "../../../worker/lib/logger";
import { generateRecommendations, readRecommendations, RECOMMENDATION_TTL_MS } from "../../../worker/services/recommendations";
import { api, createUser, db, expectError, insertHashtag, insertPost, insertService, json, signedInUser, type TestUser } from "../helpers";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

function word(): string {
  return `w${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 10)}`;
}

async function setProfile(user: TestUser, fields: Partial<typeof profiles.$inferInsert>) {
  await db().update(profiles).set(fields).where(eq(profiles.userId, user.id));
}

async function follow(follower: TestUser, following: TestUser) {
  await db().insert(follows).values({ followerId: follower.id, followingId: following.id });
}

async function tag(postId: string, name: string) {
  const [existing] = await db().select({ id: hashtags.id }).from(hashtags).where(eq(hashtags.name, name));
  const hashtagId = existing?.id ?? (await insertHashtag(name));
  await db().insert(postHashtags).values({ postId, hashtagId });
}

async function computed(user: TestUser, now = Date.now()): Promise<Recommendations> {
  await generateRecommendations(db(), user.id, now);
  return readRecommendations(db(), user.id, now);
}

const reasonOf = (recs: Recommendations, userId: string) => recs.users.find((u) => u.userId === userId)?.reason;

describe("people", () => {
  it("recommends people followed by those one follows, for mutual connections", async () => {
    const me = await createUser();
    const friend = await createUser();
    const friendOfFriend = await createUser();
    await follow(me, friend);
    await follow(friend, friendOfFriend);
    const recs = await computed(me);
    expect(reasonOf(recs, friendOfFriend.id)).toBe("mutual_connections");
  });

  it("recommends people of one's profession or with one's hashtags for similar interests, and of one's place for location", async () => {
    const w = word();
    const me = await createUser();
    await setProfile(me, { profession: `Theremin ${w}`, location: `Town ${w}` });
    const peer = await createUser();
    await setProfile(peer, { profession: `Theremin ${w}` });
    const neighbour = await createUser();
    await setProfile(neighbour, { location: `TOWN ${w.toUpperCase()}` });
    const tagger = await createUser();
    await tag(await insertPost(me.id), `${w}tag`);
    await tag(await insertPost(tagger.id), `${w}tag`);
    const recs = await computed(me);
    expect(reasonOf(recs, peer.id)).toBe("similar_interests");
    expect(reasonOf(recs, tagger.id)).toBe("similar_interests");
    expect(reasonOf(recs, neighbour.id)).toBe("location_based");
  });

  it("counts profile visits, service views and likes as interest in a person", async () => {
    const me = await createUser();
    const seller = await createUser();
    const now = Date.now();
    await recordInteraction(db(), { userId: me.id, interactionType: "profile_visit", targetUserId: seller.id, now });
    await recordInteraction(db(), { userId: me.id, interactionType: "service_view", serviceId: await insertService(seller.id, { name: "Mixdown" }), now });
    await db().insert(postLikes).values({ postId: await insertPost(seller.id), userId: me.id });
    const recs = await computed(me, now);
    const pick = recs.users.find((u) => u.userId === seller.id);
    expect(pick).toMatchObject({ reason: "similar_interests" });
    expect(pick!.score).toBeGreaterThanOrEqual(3);
  });

  it("falls back to popular people, for trending, when nothing else is known", async () => {
    const me = await createUser();
    const star = await createUser();
    for (let i = 0; i < 5; i += 1) await follow(await createUser(), star);
    const recs = await computed(me);
    expect(reasonOf(recs, star.id)).toBe("trending");
  });

  it("never recommends oneself or someone one follows, even one followed after the list was made", async () => {
    const me = await createUser();
    const friend = await createUser();
    const later = await createUser();
    await follow(me, friend);
    await follow(friend, later);
    await follow(later, me);
    for (let i = 0; i < 3; i += 1) await follow(await createUser(), me);
    const recs = await computed(me);
    const ids = recs.users.map((u) => u.userId);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(friend.id);
    expect(ids).toContain(later.id);
    await follow(me, later);
    expect((await readRecommendations(db(), me.id, Date.now())).users.map((u) => u.userId)).not.toContain(later.id);
  });

  it("keeps at most 10 people with scores from 0 to 10 and the match percentage", async () => {
    const w = word();
    const me = await createUser();
    await setProfile(me, { profession: `Kazoo ${w}` });
    for (let i = 0; i < 14; i += 1) await setProfile(await createUser(), { profession: `Kazoo ${w}` });
    const recs = await computed(me);
    expect(recs.users).toHaveLength(10);
    for (const rec of recs.users) {
      expect(rec.score).toBeGreaterThan(0);
      expect(rec.score).toBeLessThanOrEqual(10);
      expect(rec.matchPercent).toBe(Math.round(rec.score * 10));
      expect(rec.profile).toMatchObject({ userId: rec.userId, viewer: { isSelf: false, following: false } });
    }
    expect(recs.users.map((u) => u.score)).toEqual([...recs.users.map((u) => u.score)].sort((a, b) => b - a));
  });
});

describe("posts", () => {
  it("recommends posts with one's hashtags, never one's own, a followed person's or one already liked", async () => {
    const w = word();
    const me = await createUser();
    const followed = await createUser();
    const stranger = await createUser();
    await follow(me, followed);
    const mine = await insertPost(me.id);
    await tag(mine, `${w}x`);
    const fromFollowed = await insertPost(followed.id);
    await tag(fromFollowed, `${w}x`);
    const liked = await insertPost(stranger.id);
    await tag(liked, `${w}x`);
    await db().insert(postLikes).values({ postId: liked, userId: me.id });
    const match = await insertPost(stranger.id);
    await tag(match, `${w}x`);
    const recs = await computed(me);
    const ids = recs.posts.map((p) => p.postId);
    expect(recs.posts.find((p) => p.postId === match)).toMatchObject({ reason: "similar_interests", post: { id: match, author: { userId: stranger.id } } });
    expect(ids).not.toContain(mine);
    expect(ids).not.toContain(fromFollowed);
    expect(ids).not.toContain(liked);
    expect(recs.posts.length).toBeLessThanOrEqual(15);
  });

  it("recommends posts with trending hashtags, for trending", async () => {
    const w = word();
    const me = await createUser();
    const author = await createUser();
    const post = await insertPost(author.id);
    await tag(post, `${w}hot`);
    await db().update(hashtags).set({ trendingScore: 40 }).where(eq(hashtags.name, `${w}hot`));
    const recs = await computed(me);
    expect(recs.posts.find((p) => p.postId === post)?.reason).toBe("trending");
  });
});

describe("expiry and storage", () => {
  it("stores the lists with an expiry, hides them once expired, and replaces them on the next run", async () => {
    const me = await createUser();
    const friend = await createUser();
    await follow(me, friend);
    await follow(friend, await createUser());
    const now = Date.now();
    const recs = await computed(me, now);
    expect(recs.generatedAt).toBe(now);
    expect(recs.expiresAt).toBe(now + RECOMMENDATION_TTL_MS);
    const rows = await db().select().from(userRecommendations).where(eq(userRecommendations.userId, me.id));
    expect(rows.length).toBe(recs.users.length + recs.posts.length);
    expect(rows.every((r) => r.expiresAt === now + RECOMMENDATION_TTL_MS)).toBe(true);
    expect(await readRecommendations(db(), me.id, now + RECOMMENDATION_TTL_MS + 1)).toEqual({ users: [], posts: [], generatedAt: null, expiresAt: null });
    await computed(me, now + 1000);
    const again = await db().select().from(userRecommendations).where(eq(userRecommendations.userId, me.id));
    expect(again.length).toBe(rows.length);
    expect(again.every((r) => r.createdAt === now + 1000)).toBe(true);
  });
});

describe("the routes", () => {
  it("GET computes the lists on a first look and reads them after", async () => {
    const me = await signedInUser();
    const friend = await createUser();
    const friendOfFriend = await createUser();
    await follow(me, friend);
    await follow(friend, friendOfFriend);
    const first = await json<Recommendations>(await api("/api/recommendations", { cookie: me.cookie }), 200);
    expect(first.users.map((u) => u.userId)).toContain(friendOfFriend.id);
    const second = await json<Recommendations>(await api("/api/recommendations", { cookie: me.cookie }), 200);
    expect(second.generatedAt).toBe(first.generatedAt);
  });

  it("POST /refresh recomputes, up to 5 times an hour, then 'Too Many Attempts'", async () => {
    const me = await signedInUser();
    const first = await json<Recommendations>(await api("/api/recommendations/refresh", { method: "POST", cookie: me.cookie }), 200);
    expect(first.generatedAt).toEqual(expect.any(Number));
    for (let i = 0; i < 4; i += 1) expect((await api("/api/recommendations/refresh", { method: "POST", cookie: me.cookie })).status).toBe(200);
    await expectError(await api("/api/recommendations/refresh", { method: "POST", cookie: me.cookie }), 429, "Please wait 60 minutes before trying again");
  });
});

describe("the nightly job", () => {
  it("is registered at 04:00 and refreshes signed-in users whose lists are missing or expiring, then drops expired rows", async () => {
    expect(CRON_JOBS["0 4 * * *"].map((job) => job.name)).toEqual(expect.arrayContaining(["refresh-recommendations", "purge-old-interactions"]));
    const active = await signedInUser();
    const friend = await createUser();
    await follow(active, friend);
    await follow(friend, await createUser());
    const now = Date.now();
    const stale = await createUser();
    await generateRecommendations(db(), stale.id, now - 3 * DAY_MS);
    const result = await refreshRecommendations({ db: db(), now, log: createLogger({}) });
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(userRecommendations).where(eq(userRecommendations.userId, active.id));
    expect(rows.length).toBeGreaterThan(0);
    const staleRows = await env.DB.prepare("select count(*) as n from user_recommendations where user_id = ?").bind(stale.id).first<number>("n");
    expect(staleRows).toBe(0);
  });
});
