// Activity reads likes and comments on a user's posts by their post_owner_id (migration 0029,
// issue #33 item 4) instead of joining through the user's posts. These tests hold the new
// statements to the old ones on the same rows — for every viewer, the same items in the same
// order — on a world with ties at the count's edge, blocks both ways, mutes, a muted word, hidden
// posts and comments, replies, self-likes, an unlike, a deleted comment, a deleted post and two
// deleted accounts; and they show the comparison fails when an owner is wrong. The owner triggers
// are checked on their own: a writer cannot plant another owner, by insert or by update.
import { env } from "cloudflare:test";
import { and, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGING_LIMITS } from "@shared/constants";
import { newId } from "../../../worker/db/ids";
import { activityBelongsTo, activitySources } from "../../../worker/db/queries/activity";
import { shownTo } from "../../../worker/db/queries/audience";
import { visibleContent } from "../../../worker/db/queries/visibility";
import { deleteComment, insertComment } from "../../../worker/db/queries/comments";
import { setLike } from "../../../worker/db/queries/likes";
import { deletePostRow } from "../../../worker/db/queries/posts";
import { blocks, comments, mutedWords, mutes, postLikes, posts, profiles } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { deleteAccountNow } from "../../../worker/services/leaving";
import { api, createUser, db, failureOf, insertPost, json, signedInUser, signedInUserWithPost, type TestUser } from "../helpers";

const LIMITS = MESSAGING_LIMITS.activity;

/** The two reads as activity.ts wrote them before migration 0029: through posts, by the post's owner. */
function joinedThroughPosts(userId: string, limits: { likes: number; comments: number } = LIMITS) {
  const actor = { actorUsername: profiles.username, actorDisplayName: profiles.displayName, actorAvatarUrl: profiles.avatarUrl };
  const likes = db()
    .select({ rowId: postLikes.id, actorId: postLikes.userId, ...actor, postId: postLikes.postId, createdAt: postLikes.createdAt })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .leftJoin(profiles, eq(profiles.userId, postLikes.userId))
    .where(and(eq(posts.userId, userId), ne(postLikes.userId, userId), shownTo(userId, postLikes.userId)))
    .orderBy(desc(postLikes.createdAt), desc(postLikes.id))
    .limit(limits.likes);
  const commentRows = db()
    .select({ rowId: comments.id, actorId: comments.userId, ...actor, postId: comments.postId, content: comments.content, createdAt: comments.createdAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(posts.userId, userId), ne(comments.userId, userId), shownTo(userId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limits.comments);
  return { likes, commentRows };
}

/** Both versions of the two reads for `userId`, in the same shape. */
async function bothReads(userId: string) {
  const now = activitySources(db(), userId);
  const before = joinedThroughPosts(userId);
  const [likes, commentRows, oldLikes, oldComments] = await db().batch([now.likes, now.commentRows, before.likes, before.commentRows]);
  const same = <T extends Record<string, unknown>>(rows: T[], keys: readonly string[]) => rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
  const likeKeys = ["rowId", "actorId", "actorUsername", "actorDisplayName", "actorAvatarUrl", "postId", "createdAt"] as const;
  const commentKeys = [...likeKeys, "content"] as const;
  return {
    now: { likes: same(likes, likeKeys), comments: same(commentRows, commentKeys) },
    before: { likes: same(oldLikes, likeKeys), comments: same(oldComments, commentKeys) },
  };
}

/** Whether activityBelongsTo agrees, for every like and comment row, with the old join's answer. */
async function belongsDisagreements(userId: string): Promise<string[]> {
  // Two statements, not a batch: in a batch, two selected columns named user_id shift values.
  const likeRows = await db().select({ id: postLikes.id, liker: postLikes.userId, owner: posts.userId }).from(postLikes).innerJoin(posts, eq(posts.id, postLikes.postId));
  const commentRows = await db().select({ id: comments.id, author: comments.userId, owner: posts.userId }).from(comments).innerJoin(posts, eq(posts.id, comments.postId));
  const wrong: string[] = [];
  for (const row of likeRows) {
    if ((await activityBelongsTo(db(), userId, `like-${row.id}`)) !== (row.owner === userId && row.liker !== userId)) wrong.push(`like-${row.id}`);
  }
  for (const row of commentRows) {
    if ((await activityBelongsTo(db(), userId, `comment-${row.id}`)) !== (row.owner === userId && row.author !== userId)) wrong.push(`comment-${row.id}`);
  }
  return wrong;
}

/** Rows whose post_owner_id is not their post's owner (what the triggers must keep at zero). */
async function drifted() {
  const [likeRows, commentRows] = await db().batch([
    db().select({ id: postLikes.id }).from(postLikes).innerJoin(posts, eq(posts.id, postLikes.postId)).where(ne(postLikes.postOwnerId, posts.userId)),
    db().select({ id: comments.id }).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(ne(comments.postOwnerId, posts.userId)),
  ]);
  return [...likeRows, ...commentRows];
}

const cron = () => ({ env, db: db(), log: logger, now: Date.now() });

interface World {
  author: TestUser;
  other: TestUser;
  leaver: TestUser;
  fans: TestUser[];
  everyone: TestUser[];
  authorPosts: string[];
  otherPost: string;
}

/**
 * The author has five posts (one hidden by moderation) and a fifth that is deleted; another author
 * has one; a third account with a post leaves. Ten fans like and comment on all of them at two or
 * three instants only, so whole runs of rows tie on created_at across the lists' counts and the id
 * decides. The author blocks fan 0, fan 1 blocks the author, the author mutes fan 2 and the word
 * "spoiler" (in some comments); the other author mutes fan 3. Some rows go through the API's write
 * functions, the rest straight in, some of those naming a wrong owner on purpose.
 */
async function buildWorld(): Promise<World> {
  const [author, other, leaver, ...fans] = await Promise.all(Array.from({ length: 13 }, () => createUser()));
  const base = Date.now() - 10_000_000;
  const authorPosts = [];
  for (let i = 0; i < 5; i += 1) authorPosts.push(await insertPost(author!.id, { createdAt: base + i }));
  const doomedPost = await insertPost(author!.id, { createdAt: base + 5 });
  const otherPost = await insertPost(other!.id, { createdAt: base + 6 });
  const leaverPost = await insertPost(leaver!.id, { createdAt: base + 7 });
  await db().update(posts).set({ hiddenAt: base + 100 }).where(eq(posts.id, authorPosts[3]!));
  const targets = [...authorPosts, doomedPost, otherPost, leaverPost];
  const instant = (n: number) => base + 1_000 + (n % 3);
  // The author's second and fourth posts' likes are newer than the others': fewer than a list's
  // count of them are shown, so the list ends inside the older run of equal instants. What the
  // author must not see (their own, the blocked, the blocking, the muted, the muted word) is newer
  // still, so a filter left out would put it at the head of a list.
  const newest = base + 3_000;
  const likedAt = (t: number, f: number) => (f < 3 ? newest : base + 2_000 + (t % 2));
  const commentedAt = (n: number, f: number, content: string) => (f < 3 || content.includes("spoiler") ? newest : instant(n));

  let n = 0;
  for (const [f, fan] of fans.entries()) {
    for (const [t, postId] of targets.entries()) {
      n += 1;
      if ((f + t) % 2 === 0) {
        await setLike(db(), { postId, userId: fan.id, liked: true, now: likedAt(t, f) });
      } else {
        // Straight in, half of them naming someone else as the post's owner.
        await db()
          .insert(postLikes)
          .values({ postId, userId: fan.id, createdAt: likedAt(t, f), ...(n % 4 === 1 ? { postOwnerId: fan.id } : {}) });
      }
      const content = n % 5 === 0 ? `No spoiler here ${n}` : `Comment ${n}`;
      if ((f + t) % 3 === 0) {
        await insertComment(db(), { id: newId(), postId, userId: fan.id, parentId: null, content, now: commentedAt(n, f, content) });
      } else {
        await db()
          .insert(comments)
          .values({ postId, userId: fan.id, content, createdAt: commentedAt(n, f, content), ...(n % 4 === 2 ? { postOwnerId: other!.id } : {}) });
      }
    }
  }
  // The author's own likes and comments, and the leaver's, on the author's posts.
  for (const postId of authorPosts) {
    await setLike(db(), { postId, userId: author!.id, liked: true, now: newest });
    await insertComment(db(), { id: newId(), postId, userId: author!.id, parentId: null, content: "Thanks all", now: newest });
    await setLike(db(), { postId, userId: leaver!.id, liked: true, now: instant(2) });
    await insertComment(db(), { id: newId(), postId, userId: leaver!.id, parentId: null, content: "From the leaver", now: instant(2) });
  }
  // Replies on the author's first post, one hidden by moderation.
  const [top] = await db().select({ id: comments.id }).from(comments).where(eq(comments.postId, authorPosts[0]!)).limit(1);
  for (const [i, fan] of fans.slice(4, 8).entries()) {
    await insertComment(db(), { id: newId(), postId: authorPosts[0]!, userId: fan.id, parentId: top!.id, content: `Reply ${i}`, now: instant(i) });
  }
  await db().update(comments).set({ hiddenAt: base + 200 }).where(eq(comments.content, "Reply 1"));
  await db().insert(blocks).values([
    { blockerId: author!.id, blockedId: fans[0]!.id },
    { blockerId: fans[1]!.id, blockedId: author!.id },
  ]);
  await db().insert(mutes).values([
    { muterId: author!.id, mutedId: fans[2]!.id },
    { muterId: other!.id, mutedId: fans[3]!.id },
  ]);
  await db().insert(mutedWords).values({ userId: author!.id, word: "spoiler" });

  // Leaving and deleting: an unlike, a deleted comment, a deleted post, two deleted accounts (a
  // fan, and the leaver with their post and their likes and comments on the author's posts).
  await setLike(db(), { postId: authorPosts[1]!, userId: fans[5]!.id, liked: false });
  const [gone] = await db().select({ id: comments.id }).from(comments).where(and(eq(comments.postId, authorPosts[2]!), eq(comments.userId, fans[6]!.id))).limit(1);
  await deleteComment(db(), gone!.id, authorPosts[2]!);
  await deletePostRow(db(), doomedPost);
  expect(await deleteAccountNow(cron(), fans[9]!.id)).toBe("deleted");
  expect(await deleteAccountNow(cron(), leaver!.id)).toBe("deleted");
  return { author: author!, other: other!, leaver: leaver!, fans, everyone: [author!, other!, leaver!, ...fans], authorPosts, otherPost };
}

describe("activity by post owner (migration 0029)", () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  }, 60_000);

  it("stores every like's and comment's post owner from its post, whatever the writer gave", async () => {
    expect(await drifted()).toEqual([]);
    const empty = await db().select({ id: postLikes.id }).from(postLikes).where(eq(postLikes.postOwnerId, ""));
    expect(empty).toEqual([]);
    // The world is what the comparison needs: both kinds on the author's posts, more than a list holds.
    const [likes, commentRows] = await db().batch([
      db().select({ id: postLikes.id }).from(postLikes).where(eq(postLikes.postOwnerId, world.author.id)),
      db().select({ id: comments.id }).from(comments).where(eq(comments.postOwnerId, world.author.id)),
    ]);
    expect(likes.length).toBeGreaterThan(LIMITS.likes);
    expect(commentRows.length).toBeGreaterThan(LIMITS.comments);
  });

  it("lists the same likes and comments, in the same order, as the join through posts, for every viewer", async () => {
    for (const viewer of world.everyone) {
      const { now, before } = await bothReads(viewer.id);
      expect(now, viewer.id).toEqual(before);
      expect(await belongsDisagreements(viewer.id), viewer.id).toEqual([]);
    }
    // Not an empty agreement: the author's lists are full, cut inside a run of equal instants, and
    // leave out the blocked, the blocking, the muted, the muted word, their own and the departed.
    const { now } = await bothReads(world.author.id);
    expect(now.likes).toHaveLength(LIMITS.likes);
    expect(now.comments).toHaveLength(LIMITS.comments);
    const all = joinedThroughPosts(world.author.id, { likes: 1000, comments: 1000 });
    const [allLikes, allComments] = await db().batch([all.likes, all.commentRows]);
    expect(allLikes[LIMITS.likes]?.createdAt).toBe(now.likes.at(-1)!.createdAt);
    // Comments through insertComment take a later instant than the post's newest; the rest tie.
    expect(allComments.length).toBeGreaterThan(LIMITS.comments);
    expect(new Set(now.comments.map((row) => row.createdAt)).size).toBeLessThan(LIMITS.comments);
    const excluded = new Set([world.author.id, world.leaver.id, world.fans[0]!.id, world.fans[1]!.id, world.fans[2]!.id, world.fans[9]!.id]);
    expect([...now.likes, ...now.comments].filter((row) => excluded.has(row.actorId as string))).toEqual([]);
    expect(now.comments.filter((row) => String(row.content).includes("spoiler"))).toEqual([]);
    // The other author's own mute holds on their list, and the fan they muted is still in the author's.
    const theirs = (await bothReads(world.other.id)).now;
    expect(theirs.likes.length).toBeGreaterThan(0);
    expect([...theirs.likes, ...theirs.comments].filter((row) => row.actorId === world.fans[3]!.id)).toEqual([]);
  });

  it("a like or comment cannot be given another owner: the triggers put the post's back", async () => {
    const fan = world.fans[4]!;
    const postId = world.authorPosts[0]!;
    await db().update(postLikes).set({ postOwnerId: fan.id }).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, fan.id)));
    await db().update(comments).set({ postOwnerId: fan.id }).where(eq(comments.postId, postId));
    expect(await drifted()).toEqual([]);
    // Moved to another author's post, the row follows that post's owner.
    const id = newId();
    await db().insert(postLikes).values({ id, postId: world.otherPost, userId: world.leaver.id, createdAt: 1 });
    await db().update(postLikes).set({ postId }).where(eq(postLikes.id, id));
    expect(await db().select({ owner: postLikes.postOwnerId }).from(postLikes).where(eq(postLikes.id, id))).toEqual([{ owner: world.author.id }]);
    await db().delete(postLikes).where(eq(postLikes.id, id));
    // A like of a post that does not exist is still refused by the foreign key, not by the owner.
    expect(await failureOf(db().insert(postLikes).values({ postId: newId(), userId: fan.id }))).toMatch(/FOREIGN KEY/);
  });

  it("the API takes no owner from the client", async () => {
    const owner = await signedInUserWithPost();
    const attacker = await signedInUser();
    await json(await api(`/api/posts/${owner.postId}/like`, { cookie: attacker.cookie, method: "PUT", body: { liked: true, postOwnerId: attacker.id } }), 200);
    await json(await api(`/api/posts/${owner.postId}/comments`, { cookie: attacker.cookie, body: { content: "Mine now", postOwnerId: attacker.id, post_owner_id: attacker.id } }), 201);
    const [likeRows, commentRows] = await db().batch([
      db().select({ owner: postLikes.postOwnerId }).from(postLikes).where(eq(postLikes.postId, owner.postId)),
      db().select({ owner: comments.postOwnerId }).from(comments).where(eq(comments.postId, owner.postId)),
    ]);
    expect([...likeRows, ...commentRows]).toEqual([{ owner: owner.id }, { owner: owner.id }]);
    expect((await bothReads(attacker.id)).now).toEqual({ likes: [], comments: [] });
    expect((await bothReads(owner.id)).now.likes.map((row) => row.actorId)).toEqual([attacker.id]);
  });

  // Last: it drops a trigger (and puts it back) to store what the triggers otherwise refuse.
  it("the comparison fails when an owner is wrong", async () => {
    const [trigger] = (await env.DB.prepare("select sql from sqlite_master where type = 'trigger' and name = 'post_likes_owner_ai'").all<{ sql: string }>()).results;
    await env.DB.exec("drop trigger post_likes_owner_ai");
    try {
      // A like of the other author's post, filed under the author, the newest of all.
      await db()
        .insert(postLikes)
        .values({ postId: world.otherPost, userId: world.leaver.id, createdAt: Date.now(), postOwnerId: world.author.id })
        .onConflictDoNothing();
      expect(await drifted(), JSON.stringify(await drifted())).toHaveLength(1);
      const { now, before } = await bothReads(world.author.id);
      expect(now).not.toEqual(before);
      expect(now.likes[0]).toMatchObject({ postId: world.otherPost });
      expect(await belongsDisagreements(world.author.id)).toHaveLength(1);
    } finally {
      await db().delete(postLikes).where(and(eq(postLikes.postId, world.otherPost), eq(postLikes.userId, world.leaver.id)));
      await env.DB.prepare(trigger!.sql).run();
    }
    expect(await drifted()).toEqual([]);
  });
});
