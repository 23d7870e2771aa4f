// Keyset-paged comment threads on a busy post (decision record 0061): 5,000 comments,
// four in five of them replies, many written long after their thread. Walking the pages and each
// thread's reply cursor reaches every comment exactly once, in the spec's order (§2: top-level
// oldest first, replies nested one level, oldest first), with every page and response bounded.
import { describe, expect, it } from "vitest";
import type { Comment } from "@shared/realtime";
import {
  COMMENT_PAGE_DEFAULT,
  COMMENT_PAGE_MAX,
  type CommentEntry,
  type CommentPage,
  type CommentsSince,
  REPLY_PREVIEW,
  type ReplyPage,
} from "@shared/social-api";
import { api, expectError, json, signedInUser, type SignedInUser, signedInUserWithPost } from "../helpers";
import { insertBusyPost } from "./comment-dataset";

/**
 * The first page of a 5,000-comment post must stay under this many bytes (it was 928,485 before
 * paging): at most 20 threads × (1 + 3 replies) of ~100-character comments, ~340 bytes each.
 */
const FIRST_PAGE_MAX_BYTES = 32_000;

const byTime = (a: Pick<CommentEntry, "createdAt" | "id">, b: Pick<CommentEntry, "createdAt" | "id">) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);

async function getJson<T>(path: string, who?: SignedInUser): Promise<{ body: T; bytes: number }> {
  const res = await api(path, { cookie: who?.cookie });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { body: JSON.parse(text) as T, bytes: new TextEncoder().encode(text).length };
}

describe("a post with 5,000 comments", () => {
  it("pages every comment exactly once, in order, each page and thread bounded", async () => {
    const busy = await insertBusyPost(5000);
    const first = await getJson<CommentPage>(`/api/posts/${busy.postId}/comments`);
    console.info(`first page of a 5,000-comment post: ${first.bytes} bytes, ${first.body.items.length} threads`);
    expect(first.bytes).toBeLessThan(FIRST_PAGE_MAX_BYTES);
    expect(first.body.items).toHaveLength(COMMENT_PAGE_DEFAULT);
    expect(first.body.total).toBe(5000);
    expect(first.body.latest?.createdAt).toBeGreaterThan(first.body.items.at(-1)!.createdAt);
    // Each author once, in the map; entries carry only the id.
    expect(Object.keys(first.body.authors).length).toBeLessThanOrEqual(busy.authorIds.length);
    expect(first.body.items.every((t) => !("author" in t) && t.replies.every((r) => !("author" in r)))).toBe(true);

    const seen = new Map<string, string | null>();
    const tops: CommentEntry[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const { body: page }: { body: CommentPage } = await getJson<CommentPage>(`/api/posts/${busy.postId}/comments?limit=${COMMENT_PAGE_MAX}&cursor=${cursor}`);
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(COMMENT_PAGE_MAX);
      // Only the first page carries the catch-up mark.
      if (cursor !== "") expect(page.latest).toBeNull();
      for (const thread of page.items) {
        expect(thread.parentId).toBeNull();
        tops.push(thread);
        seen.set(thread.id, null);
        expect(thread.replies.length).toBeLessThanOrEqual(REPLY_PREVIEW);
        const replies = [...thread.replies];
        let more = thread.repliesCursor;
        while (more !== null) {
          const { body: next }: { body: ReplyPage } = await getJson<ReplyPage>(`/api/comments/${thread.id}/replies?limit=${COMMENT_PAGE_MAX}&cursor=${more}`);
          expect(next.items.length).toBeLessThanOrEqual(COMMENT_PAGE_MAX);
          for (const reply of next.items) expect(next.authors[reply.userId]?.userId).toBe(reply.userId);
          replies.push(...next.items);
          more = next.nextCursor;
        }
        expect(replies.length).toBe(thread.replyCount);
        expect([...replies].sort(byTime)).toEqual(replies);
        for (const reply of replies) {
          expect(reply.parentId).toBe(thread.id);
          expect(seen.has(reply.id)).toBe(false);
          seen.set(reply.id, reply.parentId);
        }
      }
      for (const entry of page.items.flatMap((t) => [t, ...t.replies])) expect(page.authors[entry.userId]?.userId).toBe(entry.userId);
      cursor = page.nextCursor;
    }
    expect(pages).toBe(1000 / COMMENT_PAGE_MAX);
    // None lost, none invented, each under the parent it was written to.
    expect(seen).toEqual(busy.parents);
    expect(tops.map((t) => t.id)).toEqual(Array.from({ length: 1000 }, (_, j) => busy.idOf(j * 5)));
    expect([...tops].sort(byTime)).toEqual(tops);
  }, 120_000);

  it("keeps a reply to an old thread: its count, its cursor and the catch-up all reach it", async () => {
    const busy = await insertBusyPost(500);
    const fan = await signedInUser();
    const before = (await getJson<CommentPage>(`/api/posts/${busy.postId}/comments`)).body;
    const oldest = before.items[0]!;
    const reply = await json<Comment>(await api(`/api/posts/${busy.postId}/comments`, { cookie: fan.cookie, body: { content: "Late to this one", parentId: oldest.id } }), 201);

    const caughtUp = (await getJson<CommentsSince>(`/api/posts/${busy.postId}/comments?since=${before.latest!.cursor}`)).body;
    expect(caughtUp).toMatchObject({ items: [{ id: reply.id, parentId: oldest.id }], hasMore: false });

    const after = (await getJson<CommentPage>(`/api/posts/${busy.postId}/comments`)).body;
    expect(after.total).toBe(before.total + 1);
    expect(after.latest).toEqual({ cursor: reply.cursor, createdAt: reply.createdAt });
    const thread = after.items[0]!;
    expect(thread.replyCount).toBe(oldest.replyCount + 1);
    const tail: CommentEntry[] = [];
    for (let more = thread.repliesCursor; more !== null; ) {
      const page: ReplyPage = (await getJson<ReplyPage>(`/api/comments/${thread.id}/replies?cursor=${more}`)).body;
      tail.push(...page.items);
      more = page.nextCursor;
    }
    expect(tail.at(-1)).toMatchObject({ id: reply.id, userId: fan.id, viewer: { canDelete: false } });
  });

  it("tells a client that was away too long to read its pages again", async () => {
    const busy = await insertBusyPost(150);
    const since = (await getJson<CommentsSince>(`/api/posts/${busy.postId}/comments?since=${btoa(`1.${busy.idOf(0)}`).replace(/=+$/, "")}`)).body;
    expect(since.items).toHaveLength(100);
    expect(since.hasMore).toBe(true);
    expect(since.items.map((c) => c.id)).toEqual(Array.from({ length: 100 }, (_, i) => busy.idOf(i)));
  });

  it("clamps the page size and refuses cursors it did not issue", async () => {
    const busy = await insertBusyPost(400);
    expect((await getJson<CommentPage>(`/api/posts/${busy.postId}/comments?limit=100000`)).body.items).toHaveLength(COMMENT_PAGE_MAX);
    expect((await getJson<CommentPage>(`/api/posts/${busy.postId}/comments?limit=0`)).body.items).toHaveLength(1);
    expect((await getJson<ReplyPage>(`/api/comments/${busy.idOf(0)}/replies?limit=2`)).body.items).toHaveLength(2);
    await expectError(await api(`/api/posts/${busy.postId}/comments?cursor=%%%`), 400, "Invalid cursor");
    await expectError(await api(`/api/comments/${busy.idOf(0)}/replies?cursor=${btoa("yesterday")}`), 400, "Invalid cursor");
  });
});

describe("GET /api/comments/:commentId/replies", () => {
  it("answers each reader's delete rights, as the page does", async () => {
    const owner = await signedInUserWithPost();
    const a = await signedInUser();
    const b = await signedInUser();
    const add = (who: SignedInUser, content: string, parentId?: string) =>
      api(`/api/posts/${owner.postId}/comments`, { cookie: who.cookie, body: { content, parentId } }).then((r) => json<Comment>(r, 201));
    const top = await add(a, "Top");
    const replies: Comment[] = [];
    for (let i = 0; i < REPLY_PREVIEW + 2; i += 1) replies.push(await add(i % 2 ? a : b, `Reply ${i}`, top.id));
    const page = (await getJson<CommentPage>(`/api/posts/${owner.postId}/comments`)).body;
    expect(page.items[0]).toMatchObject({ replyCount: REPLY_PREVIEW + 2 });
    expect(page.items[0]!.replies.map((r) => r.id)).toEqual(replies.slice(0, REPLY_PREVIEW).map((r) => r.id));
    const rights = async (who?: SignedInUser) => {
      const rest = (await getJson<ReplyPage>(`/api/comments/${top.id}/replies?cursor=${page.items[0]!.repliesCursor}`, who)).body;
      expect(rest.items.map((r) => r.id)).toEqual(replies.slice(REPLY_PREVIEW).map((r) => r.id));
      expect(rest.nextCursor).toBeNull();
      return rest.items.map((r) => r.viewer.canDelete);
    };
    expect(await rights(owner)).toEqual([true, true]);
    expect(await rights(b)).toEqual([false, true]);
    expect(await rights(a)).toEqual([true, false]);
    expect(await rights()).toEqual([false, false]);
    // A reply has no replies of its own.
    expect((await getJson<ReplyPage>(`/api/comments/${replies[0]!.id}/replies`)).body).toEqual({ items: [], authors: {}, nextCursor: null });
  });

  it("answers 404 'Comment not found' for an unknown or malformed comment", async () => {
    await expectError(await api(`/api/comments/${crypto.randomUUID()}/replies`), 404, "Comment not found");
    await expectError(await api(`/api/comments/bad%20id/replies`), 404, "Comment not found");
  });
});
