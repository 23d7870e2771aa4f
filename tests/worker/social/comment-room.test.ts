// The CommentRoom Durable Object through the Worker (DESIGN.md "Realtime"; spec §4 "New comments
// from anyone cause the list for that post to refetch", realtime channel states; §9 heartbeat and
// reconnect; decision record 0009): several listeners receive every broadcast after the D1 write,
// each with its own canDelete; a client that drops and reconnects catches up with ?since=; an
// evicted room keeps its hibernated sockets and loses nothing.
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Comment } from "@shared/realtime";
import type { CommentPage, CommentsSince } from "@shared/social-api";
import { commentRoomPath } from "@shared/realtime";
import { api, expectError, json, listen, ORIGIN, roomOf, signedInUser, type SignedInUser, signedInUserWithPost, sleep } from "../helpers";

function cursorOf(comment: Pick<Comment, "createdAt" | "id">): string {
  return btoa(`${comment.createdAt}.${comment.id}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

const addComment = (who: SignedInUser | null, postId: string, content: string, parentId?: string) =>
  api(`/api/posts/${postId}/comments`, { cookie: who?.cookie, body: { content, ...(parentId ? { parentId } : {}) } });

describe("CommentRoom — listening", () => {
  it("welcomes each socket and delivers a new comment to every listener after the POST", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const reader = await signedInUser();
    const listeners = await Promise.all([listen(owner.postId, owner), listen(owner.postId, author), listen(owner.postId, reader), listen(owner.postId, null)]);
    for (const l of listeners) {
      const welcome = await l.next("welcome");
      expect(welcome.postId).toBe(owner.postId);
      expect(Math.abs(welcome.serverTime - Date.now())).toBeLessThan(60_000);
    }
    expect(await roomOf(owner.postId).listeners()).toBe(4);

    const created = await json<Comment>(await addComment(author, owner.postId, "Great mix on the low end"), 201);
    const received = await Promise.all(listeners.map((l) => l.next("comment.created", (m) => m.comment.id === created.id)));
    for (const message of received) {
      expect(message.comment).toMatchObject({ id: created.id, postId: owner.postId, userId: author.id, content: "Great mix on the low end", parentId: null });
      expect(message.comment.author.username).toBe(author.username);
    }
    // viewer.canDelete is tailored per reader: the post owner and the author may delete it.
    expect(received.map((m) => m.comment.viewer.canDelete)).toEqual([true, true, false, false]);
    for (const l of listeners) expect(l.rejected).toEqual([]);
    for (const l of listeners) l.close();
  });

  it("broadcasts a deletion to every listener", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const a = await listen(owner.postId, null);
    const b = await listen(owner.postId, author);
    const created = await json<Comment>(await addComment(author, owner.postId, "Delete me later"), 201);
    await a.next("comment.created");
    await json(await api(`/api/comments/${created.id}`, { cookie: owner.cookie, method: "DELETE" }), 200);
    for (const l of [a, b]) {
      // With the post's count after the delete, so a client whose pages miss the comment still counts right.
      expect(await l.next("comment.deleted")).toEqual({ type: "comment.deleted", commentId: created.id, postId: owner.postId, commentsCount: 0 });
    }
    a.close();
    b.close();
  });

  it("answers a ping with a pong carrying the same t, and ignores frames it does not know", async () => {
    const { postId } = await signedInUserWithPost();
    const l = await listen(postId, null);
    await l.next("welcome");
    l.send({ type: "subscribe", channel: "everything" });
    l.send("not json");
    l.send({ type: "ping", t: 12345 });
    expect(await l.next("pong")).toEqual({ type: "pong", t: 12345 });
    // An oversized frame is dropped too; the socket stays usable.
    l.send({ type: "ping", t: 1, pad: "x".repeat(5000) });
    l.send({ type: "ping", t: 67890 });
    expect(await l.next("pong", (m) => m.t === 67890)).toEqual({ type: "pong", t: 67890 });
    expect(l.messages.filter((m) => m.type === "pong")).toHaveLength(2);
    l.close();
  });

  it("closes a socket that sends a binary frame with 1003", async () => {
    const { postId } = await signedInUserWithPost();
    const l = await listen(postId, null);
    await l.next("welcome");
    l.socket.send(new Uint8Array([1, 2, 3]));
    expect((await l.closed).code).toBe(1003);
    expect(await roomOf(postId).listeners()).toBe(0);
  });

  it("only broadcasts to the post's own room", async () => {
    const first = await signedInUserWithPost();
    const second = await signedInUserWithPost();
    const onFirst = await listen(first.postId, null);
    const onSecond = await listen(second.postId, null);
    const created = await json<Comment>(await addComment(first, first.postId, "Only for the first post"), 201);
    await onFirst.next("comment.created", (m) => m.comment.id === created.id);
    const ping = Date.now();
    onSecond.send({ type: "ping", t: ping });
    await onSecond.next("pong", (m) => m.t === ping);
    expect(onSecond.messages.some((m) => m.type === "comment.created")).toBe(false);
    onFirst.close();
    onSecond.close();
  });

  it("refuses an upgrade for a missing post (404) and a plain GET on the live path (400)", async () => {
    const fan = await signedInUser();
    const res = await api(commentRoomPath(crypto.randomUUID()), { headers: { upgrade: "websocket" }, cookie: fan.cookie });
    await expectError(res, 404, "Post not found");
    const { postId } = await signedInUserWithPost();
    await expectError(await api(commentRoomPath(postId)), 400, "Expected a WebSocket upgrade");
  });

  it("serves a socket opened from another site as a visitor (no canDelete for the signed-in user)", async () => {
    const owner = await signedInUserWithPost();
    const foreign = await listen(owner.postId, owner, { origin: "https://evil.example" });
    const own = await listen(owner.postId, owner, { origin: ORIGIN });
    const created = await json<Comment>(await addComment(owner, owner.postId, "Owner speaking"), 201);
    expect((await foreign.next("comment.created", (m) => m.comment.id === created.id)).comment.viewer.canDelete).toBe(false);
    expect((await own.next("comment.created", (m) => m.comment.id === created.id)).comment.viewer.canDelete).toBe(true);
    foreign.close();
    own.close();
  });

  it("ignores a room header sent by a client: the reader comes from the session only", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const forged = await listen(owner.postId, null, { "x-backline-room-user": owner.id });
    const created = await json<Comment>(await addComment(author, owner.postId, "Who may delete me?"), 201);
    expect((await forged.next("comment.created", (m) => m.comment.id === created.id)).comment.viewer.canDelete).toBe(false);
    forged.close();
  });
});

describe("CommentRoom — reconnecting and restarts", () => {
  it("lets a client that missed a comment while disconnected catch up with ?since=", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const reader = await signedInUser();
    let socket = await listen(owner.postId, reader);
    const first = await json<Comment>(await addComment(author, owner.postId, "First take"), 201);
    const seen = await socket.next("comment.created", (m) => m.comment.id === first.id);

    socket.close();
    await socket.closed;
    // While the reader is away, two comments arrive (one of them a reply).
    const missed1 = await json<Comment>(await addComment(author, owner.postId, "Second take"), 201);
    const missed2 = await json<Comment>(await addComment(owner, owner.postId, "Thanks!", first.id), 201);

    // The reader reconnects and asks for everything after the newest comment it holds.
    socket = await listen(owner.postId, reader);
    await socket.next("welcome");
    const since = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${cursorOf(seen.comment)}`, { cookie: reader.cookie }), 200);
    expect(since.items.map((c) => c.id)).toEqual([missed1.id, missed2.id]);
    expect(since.items[1]).toMatchObject({ parentId: first.id, viewer: { canDelete: false } });
    // Nothing the reconnected socket missed is lost, and new comments flow again.
    const after = await json<Comment>(await addComment(author, owner.postId, "Third take"), 201);
    await socket.next("comment.created", (m) => m.comment.id === after.id);
    expect(socket.messages.some((m) => m.type === "comment.created" && m.comment.id === missed1.id)).toBe(false);
    socket.close();
  });

  it("survives eviction: hibernated sockets keep their state and still receive broadcasts", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const sockets = await Promise.all([listen(owner.postId, owner), listen(owner.postId, null), listen(owner.postId, author)]);
    for (const s of sockets) await s.next("welcome");
    const stub = roomOf(owner.postId);
    await evictDurableObject(stub);

    // A fresh instance rebuilds everything from getWebSockets() and the attachments.
    const created = await json<Comment>(await addComment(author, owner.postId, "After the restart"), 201);
    const got = await Promise.all(sockets.map((s) => s.next("comment.created", (m) => m.comment.id === created.id)));
    expect(got.map((m) => m.comment.viewer.canDelete)).toEqual([true, false, true]);
    expect(await stub.listeners()).toBe(3);
    sockets[1]!.send({ type: "ping", t: 42 });
    expect(await sockets[1]!.next("pong", (m) => m.t === 42)).toEqual({ type: "pong", t: 42 });
    for (const s of sockets) s.close();
  });

  it("loses nothing when an eviction closes the sockets: reconnect, then ?since= returns what was missed", async () => {
    const owner = await signedInUserWithPost();
    const author = await signedInUser();
    const socket = await listen(owner.postId, null);
    const before = await json<Comment>(await addComment(author, owner.postId, "Before the restart"), 201);
    await socket.next("comment.created", (m) => m.comment.id === before.id);

    await evictDurableObject(roomOf(owner.postId), { webSockets: "close" });
    await socket.closed;
    // Written while nobody was listening: the room has nothing to deliver it to, D1 has it.
    const during = await json<Comment>(await addComment(author, owner.postId, "During the restart"), 201);

    const again = await listen(owner.postId, null);
    await again.next("welcome");
    const since = await json<CommentsSince>(await api(`/api/posts/${owner.postId}/comments?since=${cursorOf(before)}`), 200);
    expect(since.items.map((c) => c.id)).toEqual([during.id]);
    const list = await json<CommentPage>(await api(`/api/posts/${owner.postId}/comments`), 200);
    expect(list.items.map((c) => c.id)).toEqual([before.id, during.id]);
    again.close();
  });

  it("the POST succeeds even when nobody listens, and the room stays empty", async () => {
    const owner = await signedInUserWithPost();
    await json<Comment>(await addComment(owner, owner.postId, "Into the void"), 201);
    expect(await roomOf(owner.postId).listeners()).toBe(0);
    await sleep(0);
  });
});
