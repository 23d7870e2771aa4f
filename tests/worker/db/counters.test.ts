// Counters maintained by the triggers in migrations/0001_triggers_fts.sql must equal the rows they
// count after any series of inserts and deletes, including cascades, and never go below zero.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import { comments, follows, postHashtags, postLikes, posts, profiles, users } from "../../../worker/db/schema";
import { createUser, db, insertHashtag, insertPost, postCounts, profileCounts, usageCount } from "../helpers";

describe("posts.likes_count", () => {
  it("follows inserts and deletes of post_likes", async () => {
    const d = db();
    const { id: author } = await createUser();
    const [a, b, c] = [(await createUser()).id, (await createUser()).id, (await createUser()).id];
    const post = await insertPost(author);

    await d.insert(postLikes).values([
      { postId: post, userId: a },
      { postId: post, userId: b },
      { postId: post, userId: c },
    ]);
    expect(await postCounts(post)).toEqual({ likes: 3, comments: 0 });

    await d.delete(postLikes).where(and(eq(postLikes.postId, post), eq(postLikes.userId, b)));
    expect((await postCounts(post))?.likes).toBe(2);

    await d.insert(postLikes).values({ postId: post, userId: b });
    await d.delete(postLikes).where(eq(postLikes.userId, a));
    expect((await postCounts(post))?.likes).toBe(2);

    await d.delete(postLikes).where(eq(postLikes.postId, post));
    expect((await postCounts(post))?.likes).toBe(0);
  });

  it("never goes below zero, even when the counter was already wrong", async () => {
    const d = db();
    const { id: author } = await createUser();
    const { id: liker } = await createUser();
    const post = await insertPost(author);
    await d.insert(postLikes).values({ postId: post, userId: liker });
    // Simulate drift (e.g. a manual fix gone wrong): the like exists, the counter says 0.
    await d.update(posts).set({ likesCount: 0 }).where(eq(posts.id, post));
    await d.delete(postLikes).where(eq(postLikes.postId, post));
    expect((await postCounts(post))?.likes).toBe(0);
  });
});

describe("posts.comments_count", () => {
  it("counts comments and replies, and replies deleted with their parent", async () => {
    const d = db();
    const { id: author } = await createUser();
    const { id: other } = await createUser();
    const post = await insertPost(author);
    const top = newId();
    const lone = newId();
    await d.insert(comments).values({ id: top, postId: post, userId: other, content: "first" });
    await d.insert(comments).values([
      { postId: post, userId: author, parentId: top, content: "reply 1" },
      { postId: post, userId: other, parentId: top, content: "reply 2" },
      { id: lone, postId: post, userId: author, content: "second" },
    ]);
    expect((await postCounts(post))?.comments).toBe(4);

    await d.delete(comments).where(eq(comments.id, lone));
    expect((await postCounts(post))?.comments).toBe(3);

    // Deleting the parent cascades to its two replies; each delete fires the trigger.
    await d.delete(comments).where(eq(comments.id, top));
    expect(await d.$count(comments, eq(comments.postId, post))).toBe(0);
    expect((await postCounts(post))?.comments).toBe(0);
  });
});

describe("profiles.post_count", () => {
  it("follows a user's posts", async () => {
    const d = db();
    const { id: u } = await createUser();
    const p1 = await insertPost(u);
    await insertPost(u);
    const p3 = await insertPost(u);
    expect((await profileCounts(u))?.posts).toBe(3);
    await d.delete(posts).where(eq(posts.id, p1));
    await d.delete(posts).where(eq(posts.id, p3));
    expect((await profileCounts(u))?.posts).toBe(1);
  });

  it("starts from existing rows when the profile is created after posting and following", async () => {
    const d = db();
    const { id: u } = await createUser({ profile: false });
    const { id: x } = await createUser();
    const { id: y } = await createUser();
    await insertPost(u);
    await insertPost(u);
    await d.insert(follows).values([
      { followerId: u, followingId: x },
      { followerId: u, followingId: y },
      { followerId: x, followingId: u },
    ]);
    await d.insert(profiles).values({ userId: u, username: "latecomer", displayName: "Late Comer" });
    expect(await profileCounts(u)).toEqual({ posts: 2, followers: 1, following: 2 });
  });
});

describe("profiles.follower_count / following_count", () => {
  it("follow both sides of every follow and unfollow", async () => {
    const d = db();
    const [a, b, c] = [(await createUser()).id, (await createUser()).id, (await createUser()).id];
    await d.insert(follows).values([
      { followerId: a, followingId: b },
      { followerId: a, followingId: c },
      { followerId: b, followingId: c },
      { followerId: c, followingId: a },
    ]);
    expect(await profileCounts(a)).toEqual({ posts: 0, followers: 1, following: 2 });
    expect(await profileCounts(b)).toEqual({ posts: 0, followers: 1, following: 1 });
    expect(await profileCounts(c)).toEqual({ posts: 0, followers: 2, following: 1 });

    await d.delete(follows).where(and(eq(follows.followerId, a), eq(follows.followingId, c)));
    expect(await profileCounts(a)).toEqual({ posts: 0, followers: 1, following: 1 });
    expect(await profileCounts(c)).toEqual({ posts: 0, followers: 1, following: 1 });

    // Deleting a user cascades to their follows; the others' counters drop accordingly.
    await d.delete(users).where(eq(users.id, b));
    expect(await profileCounts(a)).toEqual({ posts: 0, followers: 1, following: 0 });
    expect(await profileCounts(c)).toEqual({ posts: 0, followers: 0, following: 1 });
  });
});

describe("hashtags.usage_count", () => {
  it("follows post_hashtags, including links removed by deleting a post", async () => {
    const d = db();
    const { id: u } = await createUser();
    const mixing = await insertHashtag("mixing");
    const vinyl = await insertHashtag("vinyl");
    const p1 = await insertPost(u);
    const p2 = await insertPost(u);
    const p3 = await insertPost(u);
    await d.insert(postHashtags).values([
      { postId: p1, hashtagId: mixing },
      { postId: p2, hashtagId: mixing },
      { postId: p3, hashtagId: mixing },
      { postId: p1, hashtagId: vinyl },
    ]);
    expect(await usageCount(mixing)).toBe(3);
    expect(await usageCount(vinyl)).toBe(1);

    await d.delete(postHashtags).where(and(eq(postHashtags.postId, p2), eq(postHashtags.hashtagId, mixing)));
    expect(await usageCount(mixing)).toBe(2);

    await d.delete(posts).where(eq(posts.id, p1));
    expect(await usageCount(mixing)).toBe(1);
    expect(await usageCount(vinyl)).toBe(0);
    expect(await d.$count(postHashtags)).toBe(1);
  });
});

describe("deleting a post", () => {
  it("cascades to likes, comments, bookmarks, hashtag links and views, and every counter stays right", async () => {
    const d = db();
    const { id: author } = await createUser();
    const { id: fan } = await createUser();
    const tag = await insertHashtag("drums");
    const keep = await insertPost(author);
    const doomed = await insertPost(author);
    await d.insert(postLikes).values([
      { postId: doomed, userId: fan },
      { postId: doomed, userId: author },
      { postId: keep, userId: fan },
    ]);
    await d.insert(comments).values([
      { postId: doomed, userId: fan, content: "nice" },
      { postId: keep, userId: fan, content: "also nice" },
    ]);
    await d.insert(postHashtags).values([
      { postId: doomed, hashtagId: tag },
      { postId: keep, hashtagId: tag },
    ]);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bookmarks (user_id, post_id) VALUES (?, ?)").bind(fan, doomed),
      env.DB.prepare("INSERT INTO post_views (id, post_id, user_id) VALUES (?, ?, ?)").bind(newId(), doomed, fan),
      env.DB.prepare("INSERT INTO post_views (id, post_id) VALUES (?, ?)").bind(newId(), doomed),
    ]);
    expect((await profileCounts(author))?.posts).toBe(2);
    expect(await usageCount(tag)).toBe(2);

    await d.delete(posts).where(eq(posts.id, doomed));

    const left = await env.DB.prepare(
      `SELECT
         (SELECT count(*) FROM post_likes WHERE post_id = ?1) AS likes,
         (SELECT count(*) FROM comments WHERE post_id = ?1) AS comments,
         (SELECT count(*) FROM bookmarks WHERE post_id = ?1) AS bookmarks,
         (SELECT count(*) FROM post_hashtags WHERE post_id = ?1) AS links,
         (SELECT count(*) FROM post_views WHERE post_id = ?1) AS views`,
    )
      .bind(doomed)
      .first();
    expect(left).toEqual({ likes: 0, comments: 0, bookmarks: 0, links: 0, views: 0 });
    expect((await profileCounts(author))?.posts).toBe(1);
    expect(await usageCount(tag)).toBe(1);
    expect(await postCounts(keep)).toEqual({ likes: 1, comments: 1 });
  });
});

describe("a random series of operations", () => {
  it("leaves every counter equal to a fresh count of its rows", async () => {
    const d = db();
    const people = [(await createUser()).id, (await createUser()).id, (await createUser()).id, (await createUser()).id];
    const tags = [await insertHashtag("lofi"), await insertHashtag("techno")];
    const postIds: string[] = [];
    // A deterministic pseudo-random sequence so a failure can be replayed.
    let state = 42;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let step = 0; step < 120; step++) {
      const who = people[rand(people.length)]!;
      const op = rand(7);
      if (op === 0 || postIds.length === 0) {
        const p = await insertPost(who);
        postIds.push(p);
        await d.insert(postHashtags).values({ postId: p, hashtagId: tags[rand(2)]! });
      } else if (op === 1) {
        const p = postIds.splice(rand(postIds.length), 1)[0]!;
        await d.delete(posts).where(eq(posts.id, p));
      } else if (op === 2) {
        await d.insert(postLikes).values({ postId: postIds[rand(postIds.length)]!, userId: who }).onConflictDoNothing();
      } else if (op === 3) {
        await d.delete(postLikes).where(and(eq(postLikes.postId, postIds[rand(postIds.length)]!), eq(postLikes.userId, who)));
      } else if (op === 4) {
        await d.insert(comments).values({ postId: postIds[rand(postIds.length)]!, userId: who, content: `c${step}` });
      } else if (op === 5) {
        const other = people[rand(people.length)]!;
        if (other !== who) await d.insert(follows).values({ followerId: who, followingId: other }).onConflictDoNothing();
      } else {
        await d.delete(follows).where(eq(follows.followerId, who));
      }
    }
    const drift = await env.DB.prepare(
      `SELECT
         (SELECT count(*) FROM posts p WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)) AS likes,
         (SELECT count(*) FROM posts p WHERE p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)) AS comments,
         (SELECT count(*) FROM profiles f WHERE f.post_count <> (SELECT count(*) FROM posts p WHERE p.user_id = f.user_id)) AS posts,
         (SELECT count(*) FROM profiles f WHERE f.follower_count <> (SELECT count(*) FROM follows x WHERE x.following_id = f.user_id)) AS followers,
         (SELECT count(*) FROM profiles f WHERE f.following_count <> (SELECT count(*) FROM follows x WHERE x.follower_id = f.user_id)) AS following,
         (SELECT count(*) FROM hashtags h WHERE h.usage_count <> (SELECT count(*) FROM post_hashtags ph WHERE ph.hashtag_id = h.id)) AS usage,
         (SELECT count(*) FROM posts WHERE user_id IN (?1, ?2, ?3, ?4)) AS total_posts,
         (SELECT sum(post_count) FROM profiles WHERE user_id IN (?1, ?2, ?3, ?4)) AS counted_posts`,
    )
      .bind(...people)
      .first<Record<string, number>>();
    expect(drift).toMatchObject({ likes: 0, comments: 0, posts: 0, followers: 0, following: 0, usage: 0 });
    expect(drift?.counted_posts).toBe(drift?.total_posts);
    expect(drift?.total_posts).toBe(postIds.length);
  });
});
