// PUT /api/posts/:postId/like (spec social-feed-search §4 Like, §7 post_likes, §8 'Post not
// found'): set-state semantics, the count read back from the trigger, concurrency, security.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Post } from "@shared/posts-api";
import type { LikeState } from "@shared/social-api";
import { postLikes } from "../../../worker/db/schema";
import { api, db, expectError, json, postCounts, signedInUser, type SignedInUser, signedInUserWithPost } from "../helpers";

async function likeRows(postId: string, userId?: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(postLikes)
    .where(userId ? and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)) : eq(postLikes.postId, postId));
  return row!.n;
}

const like = (who: SignedInUser | null, postId: string, liked: unknown) =>
  api(`/api/posts/${postId}/like`, { cookie: who?.cookie, method: "PUT", body: { liked } });

describe("PUT /api/posts/:postId/like — happy path", () => {
  it("likes, stays liked when repeated, and unlikes, with the count from the rows", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();

    expect(await json<LikeState>(await like(fan, postId, true), 200)).toEqual({ liked: true, likesCount: 1 });
    // Idempotent: the same state again changes nothing.
    expect(await json<LikeState>(await like(fan, postId, true), 200)).toEqual({ liked: true, likesCount: 1 });
    expect(await likeRows(postId, fan.id)).toBe(1);

    const post = await json<Post>(await api(`/api/posts/${postId}`, { cookie: fan.cookie }), 200);
    expect(post.viewer.liked).toBe(true);
    expect(post.likesCount).toBe(1);

    expect(await json<LikeState>(await like(fan, postId, false), 200)).toEqual({ liked: false, likesCount: 0 });
    expect(await json<LikeState>(await like(fan, postId, false), 200)).toEqual({ liked: false, likesCount: 0 });
    expect(await likeRows(postId)).toBe(0);
    expect((await postCounts(postId))?.likes).toBe(0);
  });

  it("lets the owner like their own post", async () => {
    const owner = await signedInUserWithPost();
    expect(await json<LikeState>(await like(owner, owner.postId, true), 200)).toEqual({ liked: true, likesCount: 1 });
  });

  it("keeps likes_count equal to the rows when 40 users like at once", async () => {
    const { postId } = await signedInUserWithPost();
    const fans = await Promise.all(Array.from({ length: 40 }, () => signedInUser()));
    const results = await Promise.all(fans.map((fan) => like(fan, postId, true).then((res) => json<LikeState>(res, 200))));
    expect(results.every((r) => r.liked)).toBe(true);
    // Every answer is a count some transaction saw; the last one to commit saw all 40.
    expect(Math.max(...results.map((r) => r.likesCount))).toBe(40);
    expect(await likeRows(postId)).toBe(40);
    expect((await postCounts(postId))?.likes).toBe(40);

    // And half of them unliking at once, while the other half like again, lands on 20.
    await Promise.all(fans.map((fan, i) => like(fan, postId, i % 2 === 0).then((res) => json<LikeState>(res, 200))));
    expect(await likeRows(postId)).toBe(20);
    expect((await postCounts(postId))?.likes).toBe(20);
  });

  it("ends in the last state after rapid like/unlike from one user", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const taps = [true, false, true, true, false, false, true, false, true];
    let last: LikeState | null = null;
    for (const liked of taps) last = await json<LikeState>(await like(fan, postId, liked), 200);
    expect(last).toEqual({ liked: true, likesCount: 1 });
    expect(await likeRows(postId, fan.id)).toBe(1);
    expect((await postCounts(postId))?.likes).toBe(1);

    // The same taps fired without waiting never leave more than one row or a drifting count.
    await Promise.all(taps.map((liked) => like(fan, postId, liked).then((res) => res.text())));
    const rows = await likeRows(postId, fan.id);
    expect(rows).toBeLessThanOrEqual(1);
    expect((await postCounts(postId))?.likes).toBe(rows);
    // A final request with the collapsed state settles it.
    expect(await json<LikeState>(await like(fan, postId, false), 200)).toEqual({ liked: false, likesCount: 0 });
  });
});

describe("PUT /api/posts/:postId/like — errors", () => {
  it("answers 404 'Post not found' for a missing post or a malformed id, writing nothing", async () => {
    const fan = await signedInUser();
    await expectError(await like(fan, crypto.randomUUID(), true), 404, "Post not found");
    await expectError(await like(fan, "not a valid id!", true), 404, "Post not found");
    const [row] = await db().select({ n: count() }).from(postLikes).where(eq(postLikes.userId, fan.id));
    expect(row!.n).toBe(0);
  });

  it("refuses a body without a boolean state", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    await expectError(await like(fan, postId, "yes"), 400);
    await expectError(await api(`/api/posts/${postId}/like`, { cookie: fan.cookie, method: "PUT", body: {} }), 400);
    await expectError(await api(`/api/posts/${postId}/like`, { cookie: fan.cookie, method: "PUT", body: "{not json" }), 400);
    expect(await likeRows(postId)).toBe(0);
  });
});

describe("PUT /api/posts/:postId/like — security", () => {
  it("refuses visitors with 401 and cross-site requests with 403", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    await expectError(await like(null, postId, true), 401, "Authentication required");
    await expectError(await api(`/api/posts/${postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true }, origin: "https://evil.example" }), 403);
    expect(await likeRows(postId)).toBe(0);
  });

  it("takes the liker from the session only: a userId in the body changes nothing", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const victim = await signedInUser();
    const res = await api(`/api/posts/${postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true, userId: victim.id } });
    expect(await json<LikeState>(res, 200)).toEqual({ liked: true, likesCount: 1 });
    expect(await likeRows(postId, victim.id)).toBe(0);
    expect(await likeRows(postId, fan.id)).toBe(1);
    // One user's unlike never removes another's like.
    await json(await like(victim, postId, false), 200);
    expect(await likeRows(postId, fan.id)).toBe(1);
  });
});
