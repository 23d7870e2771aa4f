// Comments carry their own catch-up cursor (decision record 0006): the SPA sends back the
// `cursor` of the newest comment it knows of as ?since= and never builds one. The same cursor is
// in the POST answer, the first page's `latest` mark, the catch-up list and the live frame; page
// entries leave it out (decision record 0061), since a page is read with its own cursors.
import { describe, expect, it } from "vitest";
import type { Comment } from "@shared/realtime";
import type { CommentPage, CommentsSince } from "@shared/social-api";
import { api, json, listen, signedInUser, signedInUserWithPost } from "../helpers";

const add = (who: { cookie: string }, postId: string, content: string, parentId?: string) =>
  api(`/api/posts/${postId}/comments`, { cookie: who.cookie, body: { content, ...(parentId ? { parentId } : {}) } });

describe("comment cursors", () => {
  it("are handed out with every comment and are all a client needs to catch up", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const socket = await listen(owner.postId, fan);
    await socket.next("welcome");
    const first = await json<Comment>(await add(fan, owner.postId, "First"), 201);
    const frame = await socket.next("comment.created", (m) => m.comment.id === first.id);
    const second = await json<Comment>(await add(owner, owner.postId, "Reply", first.id), 201);
    const third = await json<Comment>(await add(fan, owner.postId, "Third"), 201);

    expect(first.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(frame.comment.cursor).toBe(first.cursor);
    const list = await json<CommentPage>(await api(`/api/posts/${owner.postId}/comments`), 200);
    expect(list.items.map((c) => c.id)).toEqual([first.id, third.id]);
    expect(list.items[0]!.replies.map((r) => r.id)).toEqual([second.id]);
    // The page's mark is the newest comment's own cursor, reply or not.
    expect(list.latest).toEqual({ cursor: third.cursor, createdAt: third.createdAt });
    expect(list.items.every((c) => !("cursor" in c) && c.replies.every((r) => !("cursor" in r)))).toBe(true);
    const fromMark = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${list.latest!.cursor}`), 200);
    expect(fromMark).toEqual({ items: [], hasMore: false });
    const afterReply = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${second.cursor}`), 200);
    expect(afterReply.items.map((c) => c.id)).toEqual([third.id]);

    const since = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${first.cursor}`, { cookie: fan.cookie }), 200);
    expect(since.items.map((c) => [c.id, c.cursor])).toEqual([
      [second.id, second.cursor],
      [third.id, third.cursor],
    ]);
    const none = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${third.cursor}`, { cookie: fan.cookie }), 200);
    expect(none.items).toEqual([]);
    socket.close();
  });
});
