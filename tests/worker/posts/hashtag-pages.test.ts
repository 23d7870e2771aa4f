// A hashtag's posts page on post_hashtags_hashtag_created_idx (decision record 0058): each link
// carries its post's created_at, written with the post, kept through an edit, filled by the
// trigger for a writer that leaves it out, and the pages are newest first with the id as
// tie-break, stable while newer posts arrive.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeCursor } from "@shared/cursor";
import { newId } from "../../../worker/db/ids";
import { createPost, listHashtagPosts, updatePost } from "../../../worker/db/queries/posts";
import { postHashtags } from "../../../worker/db/schema";
import { createUser, db, insertHashtag, insertPost } from "../helpers";

async function newPost(userId: string, tags: string[], now: number): Promise<string> {
  const id = newId();
  await createPost(db(), {
    id,
    userId,
    contentType: "image",
    mediaKey: `post-images/${userId}/${id}.jpg`,
    mimeType: "image/jpeg",
    sizeBytes: 10,
    thumbnailKey: null,
    width: null,
    height: null,
    durationMs: null,
    waveform: null,
    caption: null,
    location: null,
    tags,
    now,
  });
  return id;
}

async function linkTimes(postId: string): Promise<number[]> {
  const rows = await db().select({ createdAt: postHashtags.createdAt }).from(postHashtags).where(eq(postHashtags.postId, postId));
  return rows.map((r) => r.createdAt);
}

describe("a hashtag's pages", () => {
  it("carries the post's created_at on every link, through an edit that changes the tags", async () => {
    const { id: author } = await createUser();
    const at = 1_720_000_000_000;
    const id = await newPost(author, ["pagesone", "pagestwo"], at);
    expect(await linkTimes(id)).toEqual([at, at]);
    await updatePost(db(), id, { caption: null, tags: ["pagesone", "pagestwo"] }, { tags: ["pagesthree"], caption: "#pagesfour" }, at + 60_000);
    expect(await linkTimes(id)).toEqual([at, at]);
  });

  it("fills created_at from the post for a writer that leaves it at its default", async () => {
    const { id: author } = await createUser();
    const post = await insertPost(author, { createdAt: 1_730_000_000_000 });
    const hashtagId = await insertHashtag(`pagesraw${Date.now()}`);
    await db().insert(postHashtags).values({ postId: post, hashtagId });
    const [row] = await db()
      .select({ createdAt: postHashtags.createdAt })
      .from(postHashtags)
      .where(and(eq(postHashtags.postId, post), eq(postHashtags.hashtagId, hashtagId)));
    expect(row?.createdAt).toBe(1_730_000_000_000);
  });

  it("pages newest first with the id as tie-break, stable while newer tagged posts arrive", async () => {
    const { id: author } = await createUser();
    const base = 1_740_000_000_000;
    const rows: Array<{ id: string; at: number }> = [];
    for (let i = 0; i < 9; i += 1) {
      const at = base + Math.floor(i / 3) * 1_000;
      rows.push({ id: await newPost(author, ["pagesorder"], at), at });
    }
    await newPost(author, ["pagesother"], base + 5_000);
    const expected = [...rows].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((r) => r.id);

    const page1 = await listHashtagPosts(db(), { name: "#PagesOrder", limit: 4 });
    expect(page1.items.map((p) => p.id)).toEqual(expected.slice(0, 4));
    await newPost(author, ["pagesorder"], base + 10_000);
    const page2 = await listHashtagPosts(db(), { name: "pagesorder", limit: 4, cursor: decodeCursor(page1.nextCursor) });
    expect(page2.items.map((p) => p.id)).toEqual(expected.slice(4, 8));
    const page3 = await listHashtagPosts(db(), { name: "pagesorder", limit: 4, cursor: decodeCursor(page2.nextCursor) });
    expect(page3.items.map((p) => p.id)).toEqual(expected.slice(8));
    expect(page3.nextCursor).toBeNull();
  });
});
