// Follows (spec social-feed-search §4 Follow, §6 own row, §7 follows; DESIGN.md public-profile
// Follow follows): set-state with the target's counts, self-follow refused, unknown profiles,
// status for the caller, and the feed reflecting a follow at once.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PostPage } from "@shared/posts-api";
import { SOCIAL_TEXTS } from "@shared/messages";
import type { FollowState } from "@shared/social-api";
import { follows, profiles } from "../../../worker/db/schema";
import { api, db, expectError, insertPost, json, signedInUser, type SignedInUser } from "../helpers";

const follow = (who: SignedInUser | null, userId: string, following: unknown) =>
  api(`/api/users/${userId}/follow`, { cookie: who?.cookie, method: "PUT", body: { following } });

async function counts(userId: string) {
  const [row] = await db()
    .select({ followerCount: profiles.followerCount, followingCount: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

async function followRows(followerId: string, followingId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return row!.n;
}

describe("PUT /api/users/:userId/follow", () => {
  it("follows and unfollows, answering the target's counts", async () => {
    const fan = await signedInUser();
    const artist = await signedInUser();
    expect(await json<FollowState>(await follow(fan, artist.id, true), 200)).toEqual({ following: true, followerCount: 1, followingCount: 0 });
    // Again: still one row, same counts.
    expect(await json<FollowState>(await follow(fan, artist.id, true), 200)).toEqual({ following: true, followerCount: 1, followingCount: 0 });
    expect(await followRows(fan.id, artist.id)).toBe(1);
    expect(await counts(fan.id)).toEqual({ followerCount: 0, followingCount: 1 });

    // The artist follows back: the answer is still about the target.
    expect(await json<FollowState>(await follow(artist, fan.id, true), 200)).toEqual({ following: true, followerCount: 1, followingCount: 1 });

    expect(await json<FollowState>(await follow(fan, artist.id, false), 200)).toEqual({ following: false, followerCount: 0, followingCount: 1 });
    expect(await json<FollowState>(await follow(fan, artist.id, false), 200)).toEqual({ following: false, followerCount: 0, followingCount: 1 });
    expect(await followRows(fan.id, artist.id)).toBe(0);
    expect(await counts(fan.id)).toEqual({ followerCount: 1, followingCount: 0 });
  });

  it("keeps follower_count equal to the rows when many follow at once", async () => {
    const artist = await signedInUser();
    const fans = await Promise.all(Array.from({ length: 25 }, () => signedInUser()));
    await Promise.all(fans.map((f) => follow(f, artist.id, true).then((r) => json<FollowState>(r, 200))));
    const [rows] = await db().select({ n: count() }).from(follows).where(eq(follows.followingId, artist.id));
    expect(rows!.n).toBe(25);
    expect((await counts(artist.id))?.followerCount).toBe(25);
  });

  it("refuses following yourself with 400 'You cannot follow yourself'", async () => {
    const fan = await signedInUser();
    await expectError(await follow(fan, fan.id, true), 400, SOCIAL_TEXTS.followSelf);
    await expectError(await follow(fan, fan.id, false), 400, SOCIAL_TEXTS.followSelf);
    expect(await counts(fan.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it("answers 404 'Profile not found' for an unknown or malformed user, 400 for a bad body", async () => {
    const fan = await signedInUser();
    await expectError(await follow(fan, crypto.randomUUID(), true), 404, "Profile not found");
    await expectError(await follow(fan, "no such user!", true), 404, "Profile not found");
    await expectError(await api(`/api/users/${crypto.randomUUID()}/follow`, { cookie: fan.cookie }), 404, "Profile not found");
    const artist = await signedInUser();
    await expectError(await follow(fan, artist.id, "sure"), 400);
    expect(await counts(fan.id)).toEqual({ followerCount: 0, followingCount: 0 });
  });

  it("refuses visitors (401) and cross-site requests (403); the follower comes from the session", async () => {
    const fan = await signedInUser();
    const artist = await signedInUser();
    const victim = await signedInUser();
    await expectError(await follow(null, artist.id, true), 401, "Authentication required");
    await expectError(await api(`/api/users/${artist.id}/follow`), 401, "Authentication required");
    await expectError(await api(`/api/users/${artist.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true }, origin: "https://evil.example" }), 403);
    await json(await api(`/api/users/${artist.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true, followerId: victim.id } }), 200);
    expect(await followRows(victim.id, artist.id)).toBe(0);
    expect(await followRows(fan.id, artist.id)).toBe(1);
  });
});

describe("GET /api/users/:userId/follow", () => {
  it("tells the caller whether they follow the user", async () => {
    const fan = await signedInUser();
    const artist = await signedInUser();
    expect(await json(await api(`/api/users/${artist.id}/follow`, { cookie: fan.cookie }), 200)).toEqual({ following: false });
    await json(await follow(fan, artist.id, true), 200);
    expect(await json(await api(`/api/users/${artist.id}/follow`, { cookie: fan.cookie }), 200)).toEqual({ following: true });
    // It is per caller: the artist does not follow the fan.
    expect(await json(await api(`/api/users/${fan.id}/follow`, { cookie: artist.cookie }), 200)).toEqual({ following: false });
    expect(await json(await api(`/api/users/${fan.id}/follow`, { cookie: fan.cookie }), 200)).toEqual({ following: false });
  });
});

describe("the feed reflects follows immediately", () => {
  it("shows a followed user's posts in the next GET /api/feed and hides them after unfollowing", async () => {
    const fan = await signedInUser();
    const artist = await signedInUser();
    const mine = await insertPost(fan.id, { createdAt: Date.now() - 5000 });
    const theirs = await insertPost(artist.id);
    const feed = async () => (await json<PostPage>(await api("/api/feed", { cookie: fan.cookie }), 200)).items.map((p) => p.id);

    expect(await feed()).toEqual([mine]);
    await json(await follow(fan, artist.id, true), 200);
    expect(await feed()).toEqual([theirs, mine]);
    await json(await follow(fan, artist.id, false), 200);
    expect(await feed()).toEqual([mine]);
  });
});
