// /api/portfolio and the profile's portfolio (decision record 0053): the owner saves the whole
// ordered list, only their own posts, within the limits; anyone reads it in that order.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Portfolio } from "@shared/portfolio-api";
import { portfolioItems, posts } from "../../../worker/db/schema";
import { api, db, expectError, insertPost, json, signedInUser } from "../helpers";

async function rowsOf(userId: string) {
  return db().select().from(portfolioItems).where(eq(portfolioItems.userId, userId)).orderBy(portfolioItems.position);
}

function save(cookie: string, items: { postId: string; title: string; note?: string }[]) {
  return api("/api/portfolio", { method: "PUT", cookie, body: { items: items.map((item) => ({ note: "", ...item })) } });
}

describe("PUT /api/portfolio", () => {
  it("saves the items in the order given and a reorder rewrites the positions", async () => {
    const ana = await signedInUser();
    const [first, second, third] = [await insertPost(ana.id), await insertPost(ana.id, { contentType: "audio" }), await insertPost(ana.id, { contentType: "video" })];
    const saved = await json<Portfolio>(
      await save(ana.cookie, [
        { postId: first, title: "  Album cover  ", note: "Shot in Lisbon" },
        { postId: second, title: "Demo" },
        { postId: third, title: "Live set" },
      ]),
      200,
    );
    expect(saved.items.map((item) => [item.postId, item.position, item.title])).toEqual([
      [first, 0, "Album cover"],
      [second, 1, "Demo"],
      [third, 2, "Live set"],
    ]);
    expect(saved.items[1]!.post.contentType).toBe("audio");

    // Moved the last to the top and dropped the middle one.
    await json<Portfolio>(await save(ana.cookie, [{ postId: third, title: "Live set" }, { postId: first, title: "Album cover", note: "Shot in Lisbon" }]), 200);
    expect((await rowsOf(ana.id)).map((row) => [row.postId, row.position, row.note])).toEqual([
      [third, 0, ""],
      [first, 1, "Shot in Lisbon"],
    ]);
    // An empty list clears it.
    await json<Portfolio>(await save(ana.cookie, []), 200);
    expect(await rowsOf(ana.id)).toEqual([]);
  });

  it("refuses another user's post and a missing post, and writes nothing", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    const mine = await insertPost(ana.id);
    const bens = await insertPost(ben.id);
    await json<Portfolio>(await save(ana.cookie, [{ postId: mine, title: "Mine" }]), 200);
    await expectError(await save(ana.cookie, [{ postId: mine, title: "Mine" }, { postId: bens, title: "Not mine" }]), 403, "You can only feature your own posts");
    await expectError(await save(ana.cookie, [{ postId: crypto.randomUUID(), title: "Gone" }]), 404, "Post not found");
    expect((await rowsOf(ana.id)).map((row) => row.postId)).toEqual([mine]);
    expect(await rowsOf(ben.id)).toEqual([]);
  });

  it("holds the limits with clear texts: a title, its length, the note's, the count and no repeats", async () => {
    const ana = await signedInUser();
    const postId = await insertPost(ana.id);
    await expectError(await save(ana.cookie, [{ postId, title: "   " }]), 400, "Give each item a title");
    await expectError(await save(ana.cookie, [{ postId, title: "x".repeat(81) }]), 400, "A title can be at most 80 characters");
    await expectError(await save(ana.cookie, [{ postId, title: "Ok", note: "n".repeat(501) }]), 400, "A note can be at most 500 characters");
    await expectError(await save(ana.cookie, Array.from({ length: 13 }, () => ({ postId, title: "Ok" }))), 400, "A portfolio holds at most 12 items");
    await expectError(await save(ana.cookie, [{ postId, title: "One" }, { postId, title: "Two" }]), 400, "A post can be featured only once");
    expect(await rowsOf(ana.id)).toEqual([]);
  });
});

describe("GET /api/users/:userId/portfolio", () => {
  it("shows anyone the items in order, without a deleted post, and nothing for an unknown user", async () => {
    const ana = await signedInUser();
    const [kept, deleted] = [await insertPost(ana.id), await insertPost(ana.id)];
    await json<Portfolio>(await save(ana.cookie, [{ postId: deleted, title: "Old" }, { postId: kept, title: "New", note: "Best so far" }]), 200);
    await db().delete(posts).where(eq(posts.id, deleted));

    const visitorView = await json<Portfolio>(await api(`/api/users/${ana.id}/portfolio`), 200);
    expect(visitorView.items.map((item) => [item.postId, item.title, item.note])).toEqual([[kept, "New", "Best so far"]]);
    expect(visitorView.items[0]!.post.viewer.isOwner).toBe(false);
    expect(await json<Portfolio>(await api(`/api/users/${crypto.randomUUID()}/portfolio`), 200)).toEqual({ items: [] });
    expect(await json<Portfolio>(await api("/api/users/not-an-id!/portfolio"), 200)).toEqual({ items: [] });
    // The owner's own list is the same, read through /api/portfolio.
    const own = await json<Portfolio>(await api("/api/portfolio", { cookie: ana.cookie }), 200);
    expect(own.items.map((item) => item.postId)).toEqual([kept]);
  });
});
