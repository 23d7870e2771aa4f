// Comments over HTTP (spec social-feed-search §2 comments dialog, §4 comment reply, §5 comments
// and content screen, §7 comments, §8 'Post not found', §9 comment limit 20 per 60 minutes and
// length 1000): threads, replies one level deep, catch-up cursor, limits, screen, delete rights.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Comment } from "@shared/realtime";
import type { CommentPage, CommentsSince } from "@shared/social-api";
import { comments } from "../../../worker/db/schema";
import { api, db, eventsOf, expectError, insertPost, json, postCounts, signedInUser, type SignedInUser, signedInUserWithPost } from "../helpers";
import { SOCIAL_TEXTS } from "@shared/messages";

const add = (who: SignedInUser | null, postId: string, body: Record<string, unknown>) =>
  api(`/api/posts/${postId}/comments`, { cookie: who?.cookie, body });

function cursorOf(comment: Pick<Comment, "createdAt" | "id">): string {
  return btoa(`${comment.createdAt}.${comment.id}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function commentRows(postId: string) {
  return db().select().from(comments).where(eq(comments.postId, postId));
}

describe("POST /api/posts/:postId/comments — happy path", () => {
  it("stores the trimmed text and answers the Comment with its author", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const created = await json<Comment>(await add(fan, owner.postId, { content: "   Love the reverb tail\non this one  " }), 201);
    expect(created).toMatchObject({
      postId: owner.postId,
      userId: fan.id,
      parentId: null,
      content: "Love the reverb tail\non this one",
      author: { userId: fan.id, username: fan.username, verified: false },
      viewer: { canDelete: true },
    });
    expect(typeof created.createdAt).toBe("number");
    const rows = await commentRows(owner.postId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, userId: fan.id, content: "Love the reverb tail\non this one", parentId: null });
    expect((await postCounts(owner.postId))?.comments).toBe(1);
  });

  it("cuts the text to 1000 characters", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    expect(words.length).toBeGreaterThan(1000);
    const created = await json<Comment>(await add(fan, postId, { content: words }), 201);
    expect(created.content.length).toBeLessThanOrEqual(1000);
    expect(words.startsWith(created.content)).toBe(true);
    expect((await commentRows(postId))[0]!.content).toBe(created.content);
  });

  it("ignores ids and owners in the body: the author is the session's user", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    const victim = await signedInUser();
    const created = await json<Comment>(
      await add(fan, postId, { content: "Mine", userId: victim.id, id: "chosen-id", postId: crypto.randomUUID(), createdAt: 1 }),
      201,
    );
    expect(created.userId).toBe(fan.id);
    expect(created.id).not.toBe("chosen-id");
    expect(created.postId).toBe(postId);
    expect(created.createdAt).toBeGreaterThan(1_000_000);
  });
});

describe("replies", () => {
  it("nests replies one level: a reply to a reply lands under the top-level comment", async () => {
    const owner = await signedInUserWithPost();
    const a = await signedInUser();
    const b = await signedInUser();
    const top = await json<Comment>(await add(a, owner.postId, { content: "Top-level thought" }), 201);
    const reply = await json<Comment>(await add(b, owner.postId, { content: "A reply", parentId: top.id }), 201);
    const deeper = await json<Comment>(await add(owner, owner.postId, { content: "Reply to the reply", parentId: reply.id }), 201);
    expect(reply.parentId).toBe(top.id);
    expect(deeper.parentId).toBe(top.id);
    expect((await db().select().from(comments).where(eq(comments.id, deeper.id)))[0]?.parentId).toBe(top.id);

    const second = await json<Comment>(await add(b, owner.postId, { content: "Another top-level one" }), 201);
    const list = await json<CommentPage>(await api(`/api/posts/${owner.postId}/comments`, { cookie: a.cookie }), 200);
    // Top-level oldest first, replies oldest first under their parent.
    expect(list.items.map((t) => t.id)).toEqual([top.id, second.id]);
    expect(list.items[0]!.replies.map((r) => r.id)).toEqual([reply.id, deeper.id]);
    expect(list.items[0]!.replies.every((r) => !("replies" in r))).toBe(true);
    expect(list.items[1]!.replies).toEqual([]);
  });

  it("refuses a parent from another post or one that does not exist, storing nothing", async () => {
    const owner = await signedInUserWithPost();
    const otherPost = await insertPost(owner.id);
    const fan = await signedInUser();
    const elsewhere = await json<Comment>(await add(fan, otherPost, { content: "On the other post" }), 201);
    await expectError(await add(fan, owner.postId, { content: "Hi", parentId: elsewhere.id }), 400, SOCIAL_TEXTS.replyTargetMissing);
    await expectError(await add(fan, owner.postId, { content: "Hi", parentId: crypto.randomUUID() }), 400, SOCIAL_TEXTS.replyTargetMissing);
    await expectError(await add(fan, owner.postId, { content: "Hi", parentId: "../../etc" }), 400);
    expect(await commentRows(owner.postId)).toHaveLength(0);
  });
});

describe("POST — validation, screen and limit", () => {
  it("refuses empty or blank text with 'Comment cannot be empty'", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    await expectError(await add(fan, postId, { content: "" }), 400, SOCIAL_TEXTS.commentEmpty);
    await expectError(await add(fan, postId, { content: "   \n\t  " }), 400, SOCIAL_TEXTS.commentEmpty);
    await expectError(await add(fan, postId, {}), 400, SOCIAL_TEXTS.commentEmpty);
    await expectError(await add(fan, postId, { content: 42 }), 400, SOCIAL_TEXTS.commentEmpty);
    await expectError(await add(fan, postId, { content: "x".repeat(10_001) }), 400, SOCIAL_TEXTS.commentTooLong);
    expect(await commentRows(postId)).toHaveLength(0);
  });

  it("refuses text the content screen rejects, with its message and a content_violation event", async () => {
    const { postId } = await signedInUserWithPost();
    const fan = await signedInUser();
    await expectError(await add(fan, postId, { content: "This is not spam, I promise" }), 400, "Content contains prohibited words");
    await expectError(await add(fan, postId, { content: "Free beats at beatz.xyz" }), 400, "Content contains suspicious patterns");
    await expectError(await add(fan, postId, { content: Array(11).fill("loop").join(" ") }), 400, "Excessive word repetition detected");
    await expectError(await add(fan, postId, { content: "THIS TRACK IS ABSOLUTELY AMAZING" }), 400, "Excessive uppercase text detected");
    expect(await commentRows(postId)).toHaveLength(0);
    const events = await eventsOf({ userId: fan.id, eventType: "content_violation" });
    expect(events).toHaveLength(4);
    expect(events.map((e) => (e.details as { reason: string }).reason).sort()).toEqual(
      [
        "Content contains prohibited words",
        "Content contains suspicious patterns",
        "Excessive uppercase text detected",
        "Excessive word repetition detected",
      ].sort(),
    );
    expect(events[0]).toMatchObject({ severity: "medium" });
  });

  it("allows the 20th comment in 60 minutes and refuses the 21st with the spec's texts", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    for (let i = 1; i <= 20; i += 1) {
      await json<Comment>(await add(fan, owner.postId, { content: `Comment number ${i}` }), 201);
    }
    const refused = await add(fan, owner.postId, { content: "One too many" });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await expectError(refused, 429, "Please wait 60 minutes before trying again");
    expect(body.error.details).toMatchObject({ title: "Too Many Attempts" });
    expect(await commentRows(owner.postId)).toHaveLength(20);
    expect((await postCounts(owner.postId))?.comments).toBe(20);
    expect(await eventsOf({ userId: fan.id, eventType: "rate_limit_exceeded" })).toHaveLength(1);
    // The limit is per user: someone else still comments.
    await json<Comment>(await add(owner, owner.postId, { content: "Owner still here" }), 201);
  });

  it("answers 404 'Post not found' for a missing post or a malformed id", async () => {
    const fan = await signedInUser();
    await expectError(await add(fan, crypto.randomUUID(), { content: "Hello" }), 404, "Post not found");
    await expectError(await add(fan, "bad id!", { content: "Hello" }), 404, "Post not found");
    await expectError(await api(`/api/posts/${crypto.randomUUID()}/comments`, { cookie: fan.cookie }), 404, "Post not found");
  });
});

describe("GET /api/posts/:postId/comments", () => {
  it("says who may delete each comment: its author and the post owner", async () => {
    const owner = await signedInUserWithPost();
    const a = await signedInUser();
    const b = await signedInUser();
    const byA = await json<Comment>(await add(a, owner.postId, { content: "From A" }), 201);
    await json<Comment>(await add(b, owner.postId, { content: "From B", parentId: byA.id }), 201);
    const canDelete = async (who: SignedInUser | null) => {
      const list = await json<CommentPage>(await api(`/api/posts/${owner.postId}/comments`, { cookie: who?.cookie }), 200);
      return [list.items[0]!.viewer.canDelete, list.items[0]!.replies[0]!.viewer.canDelete];
    };
    expect(await canDelete(owner)).toEqual([true, true]);
    expect(await canDelete(a)).toEqual([true, false]);
    expect(await canDelete(b)).toEqual([false, true]);
    // Posts are public (share links): a visitor reads the comments and may delete none.
    expect(await canDelete(null)).toEqual([false, false]);
  });

  it("answers an empty list for a post without comments", async () => {
    const { postId } = await signedInUserWithPost();
    expect(await json<CommentPage>(await api(`/api/posts/${postId}/comments`), 200)).toEqual({
      postId,
      items: [],
      authors: {},
      nextCursor: null,
      latest: null,
      total: 0,
    });
  });

  it("returns exactly the comments after a ?since= cursor, flat and oldest first", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const made: Comment[] = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(await json<Comment>(await add(i % 2 ? owner : fan, owner.postId, { content: `Take ${i}`, ...(i === 3 ? { parentId: made[0]!.id } : {}) }), 201));
    }
    // created_at strictly increases within a post, even for comments written in the same millisecond.
    for (let i = 1; i < made.length; i += 1) expect(made[i]!.createdAt).toBeGreaterThan(made[i - 1]!.createdAt);
    const since = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${cursorOf(made[2]!)}`, { cookie: fan.cookie }), 200);
    expect(since.items.map((c) => c.id)).toEqual([made[3]!.id, made[4]!.id, made[5]!.id]);
    expect(since.items[0]!.parentId).toBe(made[0]!.id);
    const none = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${cursorOf(made[5]!)}`, { cookie: fan.cookie }), 200);
    expect(none.items).toEqual([]);
    await expectError(await api(`/api/posts/${owner.postId}/comments?since=%%%`, { cookie: fan.cookie }), 400, "Invalid cursor");
    await expectError(await api(`/api/posts/${owner.postId}/comments?since=${btoa("yesterday")}`, { cookie: fan.cookie }), 400, "Invalid cursor");
  });

  it("keeps comments written in the same millisecond in commit order", async () => {
    const owner = await signedInUserWithPost();
    const fans = await Promise.all(Array.from({ length: 8 }, () => signedInUser()));
    const made = await Promise.all(fans.map((f, i) => add(f, owner.postId, { content: `Burst ${i}` }).then((r) => json<Comment>(r, 201))));
    const stamps = made.map((c) => c.createdAt);
    expect(new Set(stamps).size).toBe(stamps.length);
    const list = await json<CommentPage>(await api(`/api/posts/${owner.postId}/comments`), 200);
    const ordered = [...made].sort((x, y) => x.createdAt - y.createdAt).map((c) => c.id);
    expect(list.items.map((c) => c.id)).toEqual(ordered);
  });
});

describe("DELETE /api/comments/:commentId", () => {
  it("lets the author delete their comment", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const mine = await json<Comment>(await add(fan, owner.postId, { content: "Oops" }), 201);
    expect(await json(await api(`/api/comments/${mine.id}`, { cookie: fan.cookie, method: "DELETE" }), 200)).toEqual({ ok: true, commentId: mine.id });
    expect(await commentRows(owner.postId)).toHaveLength(0);
    expect((await postCounts(owner.postId))?.comments).toBe(0);
    await expectError(await api(`/api/comments/${mine.id}`, { cookie: fan.cookie, method: "DELETE" }), 404, SOCIAL_TEXTS.commentNotFound);
  });

  it("lets the post owner delete anyone's comment, its replies going with it", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const top = await json<Comment>(await add(fan, owner.postId, { content: "Top" }), 201);
    await json<Comment>(await add(fan, owner.postId, { content: "Reply", parentId: top.id }), 201);
    const keep = await json<Comment>(await add(fan, owner.postId, { content: "Keep me" }), 201);
    await json(await api(`/api/comments/${top.id}`, { cookie: owner.cookie, method: "DELETE" }), 200);
    expect((await commentRows(owner.postId)).map((r) => r.id)).toEqual([keep.id]);
    expect((await postCounts(owner.postId))?.comments).toBe(1);
  });

  it("refuses anyone else with 403 'You can only delete your own comments', and visitors with 401", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const stranger = await signedInUser();
    const theirs = await json<Comment>(await add(fan, owner.postId, { content: "Not yours" }), 201);
    await expectError(await api(`/api/comments/${theirs.id}`, { cookie: stranger.cookie, method: "DELETE" }), 403, SOCIAL_TEXTS.deleteOthersComment);
    await expectError(await api(`/api/comments/${theirs.id}`, { method: "DELETE" }), 401, "Authentication required");
    await expectError(await api(`/api/comments/${theirs.id}`, { cookie: fan.cookie, method: "DELETE", origin: "https://evil.example" }), 403);
    // A commenter on a post does not own the other comments on it.
    const other = await json<Comment>(await add(stranger, owner.postId, { content: "Someone else" }), 201);
    await expectError(await api(`/api/comments/${other.id}`, { cookie: fan.cookie, method: "DELETE" }), 403, SOCIAL_TEXTS.deleteOthersComment);
    const [row] = await db().select({ n: count() }).from(comments).where(eq(comments.postId, owner.postId));
    expect(row!.n).toBe(2);
  });

  it("answers 404 for an unknown or malformed comment id", async () => {
    const fan = await signedInUser();
    await expectError(await api(`/api/comments/${crypto.randomUUID()}`, { cookie: fan.cookie, method: "DELETE" }), 404, SOCIAL_TEXTS.commentNotFound);
    await expectError(await api(`/api/comments/bad%20id`, { cookie: fan.cookie, method: "DELETE" }), 404, SOCIAL_TEXTS.commentNotFound);
  });
});
