// What live frames carry across a block or a mute (issue #27 gap 1; DESIGN.md "Block" and "Mute";
// decision record 0082), with real sockets opened through the Worker. The rows of route × relation
// for the comment room are in block-table.test.ts; here are the cases the table's world has no
// room for: a muted word, a block made while a socket is open, the chat room's typing and read
// frames, and the user channel's activity notices.
//
// Absence is proven against a sentinel wherever the order is certain: a POST answers after its
// frames are sent, so once a later frame is in, an earlier one would have been too.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { comments, conversationReads, messages, reviewRequests } from "../../../worker/db/schema";
import { api, db, insertOrder, insertPost, listen, listenChat, listenUserChannel, openConversationWith, sentMessage, signedInUser, sleep, unique } from "../helpers";

vi.setConfig({ testTimeout: 30_000 });

const comment = async (who: { cookie: string }, postId: string, content: string) => {
  const res = await api(`/api/posts/${postId}/comments`, { cookie: who.cookie, body: { content } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

describe("the comment room", () => {
  it("does not push a comment with a word the reader muted; the same author's other comments and visitors are unaffected", async () => {
    const [author, reader, owner] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const word = unique("spoiler").toLowerCase();
    expect((await api("/api/muted-words", { cookie: reader.cookie, body: { word } })).status).toBe(201);
    const postId = await insertPost(owner.id);
    const [mine, visitor] = await Promise.all([listen(postId, reader), listen(postId, null)]);

    const hiddenId = await comment(author, postId, `The ending is a #${word[0]!.toUpperCase()}${word.slice(1)}!`);
    await comment(author, postId, "Nothing to hide here");
    await mine.next("comment.created", (m) => m.comment.content === "Nothing to hide here");
    await visitor.next("comment.created", (m) => m.comment.content === "Nothing to hide here");

    expect(mine.messages.filter((m) => m.type === "comment.created").map((m) => m.type === "comment.created" && m.comment.content)).toEqual(["Nothing to hide here"]);
    expect(visitor.messages.some((m) => m.type === "comment.created" && m.comment.id === hiddenId)).toBe(true);
    // Stored all the same: the filter is the reader's, not the author's.
    expect(await db().select({ id: comments.id }).from(comments).where(eq(comments.id, hiddenId))).toHaveLength(1);
    // And the HTTP list agrees with the frames.
    const list = (await (await api(`/api/posts/${postId}/comments`, { cookie: reader.cookie })).json()) as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).not.toContain(hiddenId);
  });

  it("stops pushing a post's comments to a reader the owner blocks while their socket is open", async () => {
    const [owner, reader, other] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const postId = await insertPost(owner.id);
    const [socket, visitor] = await Promise.all([listen(postId, reader), listen(postId, null)]);
    await comment(other, postId, "Before the block");
    await socket.next("comment.created", (m) => m.comment.content === "Before the block");

    expect((await api(`/api/users/${reader.id}/block`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    await comment(other, postId, "After the block");
    await visitor.next("comment.created", (m) => m.comment.content === "After the block");
    await sleep(100);
    expect(socket.messages.filter((m) => m.type === "comment.created").map((m) => m.type === "comment.created" && m.comment.content)).toEqual(["Before the block"]);
    // A new socket is refused like a missing post.
    expect((await api(`/api/posts/${postId}/comments/live`, { cookie: reader.cookie, headers: { upgrade: "websocket" } })).status).toBe(404);
  });
});

describe("the chat room across a block", () => {
  it("relays typing and read markers before a block and neither after it; the marker is still stored", async () => {
    const [ana, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const conversationId = await openConversationWith(ana, bob.id);
    await sentMessage(ana, conversationId, "Hi Bob");
    const [anaChat, bobChat] = await Promise.all([listenChat(conversationId, ana), listenChat(conversationId, bob)]);

    // Before: Bob hears Ana typing, Ana hears Bob read.
    anaChat.send({ type: "typing", typing: true });
    await bobChat.next("typing", (m) => m.userId === ana.id && m.typing);
    expect((await api(`/api/conversations/${conversationId}/read`, { method: "PUT", cookie: bob.cookie })).status).toBe(200);
    await anaChat.next("read", (m) => m.userId === bob.id);

    expect((await api(`/api/users/${ana.id}/block`, { method: "POST", cookie: bob.cookie })).status).toBe(200);
    const [typingBefore, readBefore] = [bobChat.messages.filter((m) => m.type === "typing").length, anaChat.messages.filter((m) => m.type === "read").length];
    anaChat.send({ type: "typing", typing: false });
    const read = await api(`/api/conversations/${conversationId}/read`, { method: "PUT", cookie: bob.cookie });
    expect(read.status).toBe(200);
    // The typing frame is relayed within milliseconds when it is relayed at all (above).
    await sleep(500);
    expect(bobChat.messages.filter((m) => m.type === "typing")).toHaveLength(typingBefore);
    expect(anaChat.messages.filter((m) => m.type === "read")).toHaveLength(readBefore);
    const [marker] = await db()
      .select()
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, bob.id)));
    expect(marker!.lastReadAt).toBe(((await read.json()) as { lastReadAt: number }).lastReadAt);
  });
});

describe("the user channel", () => {
  it("tells nobody of a like, a follow or a comment by an account they muted, or of a comment with a word they muted", async () => {
    const [owner, muted, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const word = unique("noise").toLowerCase();
    expect((await api(`/api/users/${muted.id}/mute`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    expect((await api("/api/muted-words", { cookie: owner.cookie, body: { word } })).status).toBe(201);
    const postId = await insertPost(owner.id);
    const channel = await listenUserChannel(owner);

    expect((await api(`/api/posts/${postId}/like`, { method: "PUT", cookie: muted.cookie, body: { liked: true } })).status).toBe(200);
    expect((await api(`/api/users/${owner.id}/follow`, { method: "PUT", cookie: muted.cookie, body: { following: true } })).status).toBe(200);
    await comment(muted, postId, "A comment from a muted account");
    await comment(stranger, postId, `A comment about ${word}`);
    // The sentinel: a like by someone not muted.
    expect((await api(`/api/posts/${postId}/like`, { method: "PUT", cookie: stranger.cookie, body: { liked: true } })).status).toBe(200);
    await channel.next("activity.created", (m) => m.activityType === "like");

    expect(channel.messages.filter((m) => m.type === "activity.created")).toEqual([{ type: "activity.created", activityType: "like" }]);
    // What was done is stored; only the notice is left out. /activity agrees: only the stranger's like.
    const activity = (await (await api("/api/activity", { cookie: owner.cookie })).json()) as { items: { type: string; user: { userId: string } }[] };
    expect(activity.items.map((i) => [i.type, i.user.userId])).toEqual([["like", stranger.id]]);
  });
});

describe("app messages across a block", () => {
  it("a review request from a seller the buyer blocked is recorded and answered as usual, but reaches neither the inbox nor the channel", async () => {
    const [seller, buyer, friend] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed" });
    expect((await api(`/api/users/${seller.id}/block`, { method: "POST", cookie: buyer.cookie })).status).toBe(200);
    const channel = await listenUserChannel(buyer);

    const asked = await api(`/api/reviews/orders/${orderId}/request`, { method: "POST", cookie: seller.cookie });
    expect(asked.status).toBe(201);
    // The sentinel: a friend's message, announced after the request would have been.
    const friendly = await openConversationWith(friend, buyer.id);
    await sentMessage(friend, friendly, "Hi there");
    await channel.next("message.created", (m) => m.conversationId === friendly);

    expect(channel.messages.filter((m) => m.type !== "welcome" && !("conversationId" in m && m.conversationId === friendly))).toEqual([]);
    expect(await db().select().from(messages).where(and(eq(messages.receiverId, buyer.id), eq(messages.messageType, "review_request")))).toEqual([]);
    expect(await db().select({ orderId: reviewRequests.orderId }).from(reviewRequests).where(eq(reviewRequests.orderId, orderId))).toEqual([{ orderId }]);
  });
});
