// Comments carry their own catch-up cursor (decision record 0006): the SPA sends back the
// `cursor` of the newest comment it holds as ?since= and never builds one. The same cursor is in
// the POST answer, the list, the catch-up list and the live frame.
import { describe, expect, it } from "vitest";
import type { Comment } from "../../../shared/realtime";
import type { CommentList, CommentsSince } from "../../../shared/social-api";
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
    const list = await json<CommentList>(await api(`/api/posts/${owner.postId}/comments`), 200);
    expect(list.items.map((c) => c.cursor)).toEqual([first.cursor, third.cursor]);
    expect(list.items[0]!.replies[0]!.cursor).toBe(second.cursor);

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
