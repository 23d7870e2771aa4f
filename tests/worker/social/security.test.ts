// Likes, bookmarks, comments and follows against the security table (CONVENTIONS.md example 9):
// each write refuses visitors, forged or tampered sessions and cross-site requests, and nothing
// reaches the database; the public reads (a post's comments and its live room) stay open to
// visitors.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, json, listen, runCommonRouteTests, signedInUserWithPost } from "../helpers";
import { SOCIAL_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(SOCIAL_ROUTES);

describe("public reads", () => {
  let owner: Awaited<ReturnType<typeof signedInUserWithPost>>;
  let commentId: string;

  beforeAll(async () => {
    owner = await signedInUserWithPost();
    const res = await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content: "The one comment" } });
    ({ id: commentId } = await json<{ id: string }>(res, 201));
  });

  it("lets visitors read a post's comments and listen to its room", async () => {
    const list = await json<{ items: { id: string; viewer: { canDelete: boolean } }[] }>(await api(`/api/posts/${owner.postId}/comments`), 200);
    expect(list.items.map((c) => [c.id, c.viewer.canDelete])).toEqual([[commentId, false]]);
    const socket = await listen(owner.postId, null);
    expect((await socket.next("welcome")).postId).toBe(owner.postId);
    socket.close();
  });
});
