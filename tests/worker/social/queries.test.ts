// The social queries without HTTP: index-backed plans for every list and for the comment
// insert's timestamp probe, and the insert guards that make races answer "nothing written"
// instead of a foreign-key error.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookmarkPageQuery } from "../../../worker/db/queries/bookmarks";
import {
  commentsSinceQuery,
  insertComment,
  latestCommentQuery,
  replyCountsQuery,
  replyPageQuery,
  replyPreviewsQuery,
  topLevelPageQuery,
} from "../../../worker/db/queries/comments";
import { setFollow } from "../../../worker/db/queries/follows";
import { setLike } from "../../../worker/db/queries/likes";
import { setBookmark } from "../../../worker/db/queries/bookmarks";
import { comments } from "../../../worker/db/schema";
import { createUser, db, insertPost } from "../helpers";

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

describe("query plans", () => {
  // The SQL the comments route runs (listCommentPage, listReplies), not a hand-written copy.
  it("pages a post's top-level comments from the replies-free partial index, as a range, without a sort", async () => {
    for (const cursor of [undefined, { createdAt: 1, id: "x" }]) {
      const text = await plan(topLevelPageQuery(db(), "p", cursor, 20));
      expect(text).toMatch(cursor ? /comments_post_top_created_idx \(post_id=\? AND \(created_at,id\)>\(\?,\?\)\)/ : /comments_post_top_created_idx \(post_id=\?\)/);
      expect(text).not.toContain("TEMP B-TREE");
    }
  });

  it("reads a thread's replies from comments_parent_created_idx, as a range, without a sort", async () => {
    for (const cursor of [undefined, { createdAt: 1, id: "x" }]) {
      const text = await plan(replyPageQuery(db(), "c", cursor, 3));
      expect(text).toMatch(cursor ? /comments_parent_created_idx \(parent_id=\? AND \(created_at,id\)>\(\?,\?\)\)/ : /comments_parent_created_idx \(parent_id=\?\)/);
      expect(text).not.toContain("TEMP B-TREE");
    }
  });

  it("reads a page's first replies in one statement: a limited index range per thread, then rows by key", async () => {
    const text = await plan(replyPreviewsQuery(db(), ["a", "b", "c"], 3));
    expect(text).toMatch(/SEARCH thread USING COVERING INDEX sqlite_autoindex_comments_1 \(id=\?\)/);
    expect(text).toMatch(/CORRELATED LIST SUBQUERY/);
    expect(text).toMatch(/SEARCH picked USING COVERING INDEX comments_parent_created_idx \(parent_id=\?\)/);
    expect(text).toMatch(/SEARCH comments USING INDEX sqlite_autoindex_comments_1 \(id=\?\)/);
    expect(text).not.toMatch(/SCAN /);
  });

  it("counts the replies of a page's threads from comments_parent_created_idx, for a visitor and for a viewer", async () => {
    // Not covering any more: a hidden reply, or one the viewer's block, mute or muted word leaves
    // out, is not counted, so each counted row is read by key.
    for (const viewer of [null, "v"]) {
      const text = await plan(replyCountsQuery(db(), ["a", "b", "c"], viewer));
      expect(text).toMatch(/comments_parent_created_idx \(parent_id=\?\)/);
      expect(text).not.toMatch(/SCAN comments\b/);
    }
  });

  it("finds a post's newest comment with one probe of comments_post_created_idx", async () => {
    const text = await plan(latestCommentQuery(db(), "p"));
    expect(text).toContain("comments_post_created_idx (post_id=?)");
    expect(text).not.toContain("TEMP B-TREE");
  });

  it("reads the catch-up after a cursor as an index range without a sort", async () => {
    const text = await plan(commentsSinceQuery(db(), "p", { createdAt: 1, id: "x" }));
    expect(text).toMatch(/comments_post_created_idx \(post_id=\? AND \(created_at,id\)>\(\?,\?\)\)/);
    expect(text).not.toContain("TEMP B-TREE");
  });

  it("pages bookmarks through bookmarks_user_created_idx without a sort", async () => {
    const text = await plan(bookmarkPageQuery(db(), "u", { createdAt: 1, id: "x" }, 10));
    expect(text).toContain("bookmarks_user_created_idx");
    expect(text).not.toContain("TEMP B-TREE");
  });

  it("finds the newest comment of a post for the insert's timestamp with one index probe", async () => {
    const { results } = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT max(created_at) FROM comments WHERE post_id = ?").bind("p").all<{ detail: string }>();
    expect(results.map((r) => r.detail).join("\n")).toContain("comments_post_created_idx");
  });
});

describe("insert guards", () => {
  it("writes no comment when the post is gone, the parent is gone, or the parent is itself a reply", async () => {
    const author = await createUser();
    const postId = await insertPost(author.id);
    const top = await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: null, content: "top" });
    expect(top?.parentId).toBeNull();
    const reply = await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: top!.id, content: "reply" });
    expect(reply?.parentId).toBe(top!.id);

    expect(await insertComment(db(), { id: crypto.randomUUID(), postId: crypto.randomUUID(), userId: author.id, parentId: null, content: "x" })).toBeUndefined();
    expect(await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: crypto.randomUUID(), content: "x" })).toBeUndefined();
    // Nesting stays one level deep even if a caller forgets to resolve the parent.
    expect(await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: reply!.id, content: "x" })).toBeUndefined();
    expect(await db().select().from(comments).where(eq(comments.postId, postId))).toHaveLength(2);
  });

  it("gives comments strictly increasing timestamps per post even when the clock goes backwards", async () => {
    const author = await createUser();
    const postId = await insertPost(author.id);
    const at = Date.now();
    const a = await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: null, content: "a", now: at });
    const b = await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: null, content: "b", now: at - 5000 });
    const c = await insertComment(db(), { id: crypto.randomUUID(), postId, userId: author.id, parentId: null, content: "c", now: at });
    expect([a!.createdAt, b!.createdAt, c!.createdAt]).toEqual([at, at + 1, at + 2]);
    // Another post is not affected by this one's timeline.
    const other = await insertPost(author.id);
    const d = await insertComment(db(), { id: crypto.randomUUID(), postId: other, userId: author.id, parentId: null, content: "d", now: at - 5000 });
    expect(d!.createdAt).toBe(at - 5000);
  });

  it("answers null for likes, bookmarks and follows of things that do not exist", async () => {
    const user = await createUser();
    expect(await setLike(db(), { postId: crypto.randomUUID(), userId: user.id, liked: true })).toBeNull();
    expect(await setBookmark(db(), { postId: crypto.randomUUID(), userId: user.id, bookmarked: true })).toBe(false);
    expect(await setFollow(db(), { followerId: user.id, followingId: crypto.randomUUID(), following: true })).toBeNull();
  });
});
