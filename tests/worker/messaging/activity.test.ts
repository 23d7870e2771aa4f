// The activity feed (second document §2 Activity, §3, §7 Activity rows, §9 counts 20/20/20/10
// capped at 50; DESIGN.md read state on the server; decision record 0041): only my items, never
// my own actions, the per-kind counts, the cap and the order, marking one and all read, and the
// unread count the Activity tab shows.
import { describe, expect, it } from "vitest";
import { MESSAGING_TEXTS } from "@shared/messages";
import type { ActivityFeed, UnreadCounts } from "@shared/messaging-api";
import { newId } from "../../../worker/db/ids";
import { eq } from "drizzle-orm";
import { comments, conversations, follows, messages, postLikes, users } from "../../../worker/db/schema";
import { api, createUser, db, expectError, insertPost, json, openConversationWith, sentMessage, signedInUser, signedInUserWithPost, type SignedInUser } from "../helpers";

const feed = async (who: SignedInUser) => json<ActivityFeed>(await api("/api/activity", { cookie: who.cookie }), 200);
const markOne = (who: SignedInUser, id: string) => api(`/api/activity/${encodeURIComponent(id)}/read`, { cookie: who.cookie, method: "PUT" });
const markAll = (who: SignedInUser) => api("/api/activity/read-all", { cookie: who.cookie, method: "POST" });

describe("GET /api/activity", () => {
  it("lists likes and comments on my posts, follows of me and messages to me, by others only", async () => {
    const me = await signedInUserWithPost();
    const fan = await signedInUser({ displayName: "Fay Fan" });
    const stranger = await signedInUserWithPost();
    await json(await api(`/api/posts/${me.postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true } }), 200);
    await json(await api(`/api/posts/${me.postId}/comments`, { cookie: fan.cookie, body: { content: "Huge drums" } }), 201);
    await json(await api(`/api/users/${me.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true } }), 200);
    const conversationId = await openConversationWith(fan, me.id);
    const message = await sentMessage(fan, conversationId, "Can we collab?");
    // My own actions, and things that happen to others, are never my activity.
    await json(await api(`/api/posts/${me.postId}/like`, { cookie: me.cookie, method: "PUT", body: { liked: true } }), 200);
    await json(await api(`/api/posts/${me.postId}/comments`, { cookie: me.cookie, body: { content: "Thanks!" } }), 201);
    await sentMessage(me, conversationId, "Sure");
    await json(await api(`/api/posts/${stranger.postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true } }), 200);
    await json(await api(`/api/users/${stranger.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true } }), 200);

    const { items, unreadCount } = await feed(me);
    expect(items.map((i) => i.type).sort()).toEqual(["comment", "follow", "like", "message"]);
    expect(items.every((i) => i.user.userId === fan.id && i.user.displayName === "Fay Fan" && !i.isRead)).toBe(true);
    expect(unreadCount).toBe(4);
    expect(items.find((i) => i.type === "like")).toMatchObject({ postId: me.postId, conversationId: null, content: null });
    expect(items.find((i) => i.type === "comment")).toMatchObject({ postId: me.postId, content: "Huge drums" });
    expect(items.find((i) => i.type === "message")).toMatchObject({ id: `message-${message.id}`, conversationId, content: "Can we collab?" });
    // The fan's feed has Ana's reply, and nothing else of this.
    expect((await feed(fan)).items.map((i) => i.type)).toEqual(["message"]);
    await expectError(await api("/api/activity"), 401, "Authentication required");
  });

  it("drops a comment hidden by moderation, or by a suspended author, from the post owner's activity and its unread count, as from the post's comments", async () => {
    const me = await signedInUserWithPost();
    const fan = await signedInUser();
    const troll = await signedInUser();
    const kept = await json<{ id: string }>(await api(`/api/posts/${me.postId}/comments`, { cookie: fan.cookie, body: { content: "Kept" } }), 201);
    const hidden = await json<{ id: string }>(await api(`/api/posts/${me.postId}/comments`, { cookie: fan.cookie, body: { content: "Hidden by a moderator" } }), 201);
    await json(await api(`/api/posts/${me.postId}/comments`, { cookie: troll.cookie, body: { content: "By a suspended account" } }), 201);
    const before = await feed(me);
    expect(before.items.map((i) => i.content).sort()).toEqual(["By a suspended account", "Hidden by a moderator", "Kept"]);
    expect(before.unreadCount).toBe(3);

    await db().update(comments).set({ hiddenAt: Date.now() }).where(eq(comments.id, hidden.id));
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, troll.id));
    const after = await feed(me);
    expect(after.items.map((i) => i.id)).toEqual([`comment-${kept.id}`]);
    expect(after.unreadCount).toBe(1);
    // The same comments the post's own list shows.
    const list = await json<{ items: { id: string }[] }>(await api(`/api/posts/${me.postId}/comments`, { cookie: me.cookie }), 200);
    expect(list.items.map((c) => c.id)).toEqual([kept.id]);
  });

  it("drops the likes and follows of a suspended account, whose profile is hidden, and keeps its messages; unsuspending brings them back", async () => {
    const me = await signedInUserWithPost();
    const fan = await signedInUser();
    const troll = await signedInUser();
    for (const who of [fan, troll]) {
      await json(await api(`/api/posts/${me.postId}/like`, { cookie: who.cookie, method: "PUT", body: { liked: true } }), 200);
      await json(await api(`/api/users/${me.id}/follow`, { cookie: who.cookie, method: "PUT", body: { following: true } }), 200);
    }
    const message = await sentMessage(troll, await openConversationWith(troll, me.id), "Still in our conversation");
    const kinds = (f: ActivityFeed) => f.items.map((i) => `${i.type}:${i.user.userId === troll.id ? "troll" : "fan"}`).sort();
    expect(kinds(await feed(me))).toEqual(["follow:fan", "follow:troll", "like:fan", "like:troll", "message:troll"]);

    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, troll.id));
    const suspended = await feed(me);
    expect(kinds(suspended)).toEqual(["follow:fan", "like:fan", "message:troll"]);
    expect(suspended.unreadCount).toBe(3);
    expect(suspended.items.find((i) => i.type === "message")).toMatchObject({ id: `message-${message.id}` });

    await db().update(users).set({ suspendedAt: null }).where(eq(users.id, troll.id));
    expect(kinds(await feed(me))).toHaveLength(5);
  });

  it("takes 20 likes, 20 comments, 20 follows and 10 messages, newest first, capped at 50", async () => {
    const me = await signedInUser();
    const postId = await insertPost(me.id);
    const others = await Promise.all(Array.from({ length: 25 }, () => createUser()));
    const base = Date.now() - 1_000_000;
    const expected: { id: string; createdAt: number }[] = [];
    const likes = others.map((u, i) => ({ id: newId(), postId, userId: u.id, createdAt: base + i * 4 }));
    const commentRows = others.map((u, i) => ({ id: newId(), postId, userId: u.id, content: `Comment ${i}`, createdAt: base + i * 4 + 1 }));
    const followRows = others.map((u, i) => ({ id: newId(), followerId: u.id, followingId: me.id, createdAt: base + i * 4 + 2 }));
    // Few enough rows a statement to stay under D1's 100 bound values.
    for (let i = 0; i < 25; i += 5) {
      await db().insert(postLikes).values(likes.slice(i, i + 5));
      await db().insert(comments).values(commentRows.slice(i, i + 5));
      await db().insert(follows).values(followRows.slice(i, i + 5));
    }
    const messageRows = others.slice(0, 12).map((u, i) => {
      const [user1Id, user2Id] = u.id < me.id ? [u.id, me.id] : [me.id, u.id];
      return {
        conversation: { id: newId(), user1Id, user2Id, createdAt: base },
        message: { id: newId(), senderId: u.id, receiverId: me.id, content: `Message ${i}`, createdAt: base + 1000 + i, seq: 1 },
      };
    });
    await db().insert(conversations).values(messageRows.map((r) => r.conversation));
    // Nine bound values a row: two statements stay under D1's 100.
    const messageValues = messageRows.map((r) => ({ ...r.message, conversationId: r.conversation.id }));
    await db().insert(messages).values(messageValues.slice(0, 6));
    await db().insert(messages).values(messageValues.slice(6));

    const newest = <T extends { id: string; createdAt: number }>(rows: T[], n: number, kind: string) =>
      [...rows].sort((a, b) => b.createdAt - a.createdAt).slice(0, n).map((r) => ({ id: `${kind}-${r.id}`, createdAt: r.createdAt }));
    expected.push(
      ...newest(likes, 20, "like"),
      ...newest(commentRows, 20, "comment"),
      ...newest(followRows, 20, "follow"),
      ...newest(messageRows.map((r) => r.message), 10, "message"),
    );
    expected.sort((a, b) => b.createdAt - a.createdAt);

    const { items, unreadCount } = await feed(me);
    expect(items).toHaveLength(50);
    expect(unreadCount).toBe(50);
    expect(items.map((i) => i.id)).toEqual(expected.slice(0, 50).map((e) => e.id));
    // The twelve messages are the newest rows, yet only ten are taken; 40 of the other 60 follow.
    expect(items.slice(0, 10).every((i) => i.type === "message")).toBe(true);
    expect(items.filter((i) => i.type === "message")).toHaveLength(10);
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort((a, b) => b - a));
  });
});

describe("read state", () => {
  it("marks one item read on the server and keeps it read", async () => {
    const me = await signedInUserWithPost();
    const fan = await signedInUser();
    await json(await api(`/api/posts/${me.postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true } }), 200);
    await json(await api(`/api/users/${me.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true } }), 200);
    const [first, second] = (await feed(me)).items;
    expect(await json(await markOne(me, first!.id), 200)).toEqual({ id: first!.id, isRead: true });
    expect(await json(await markOne(me, first!.id), 200)).toEqual({ id: first!.id, isRead: true });
    const after = await feed(me);
    expect(after.items.map((i) => i.isRead)).toEqual([true, false]);
    expect(after.unreadCount).toBe(1);
    expect(await json<UnreadCounts>(await api("/api/unread", { cookie: me.cookie }), 200)).toEqual({ messages: 0, activity: 1 });
    // Someone else's item, an unknown one and a malformed id are all "not found".
    await expectError(await markOne(fan, second!.id), 404, MESSAGING_TEXTS.activityNotFound);
    await expectError(await markOne(me, `like-${crypto.randomUUID()}`), 404, MESSAGING_TEXTS.activityNotFound);
    await expectError(await markOne(me, "share-abc"), 404, MESSAGING_TEXTS.activityNotFound);
    expect((await feed(me)).unreadCount).toBe(1);
  });

  it("marks all read; what arrives afterwards is unread", async () => {
    const me = await signedInUserWithPost();
    const fans = [await signedInUser(), await signedInUser()];
    for (const fan of fans) await json(await api(`/api/posts/${me.postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true } }), 200);
    expect((await feed(me)).unreadCount).toBe(2);
    expect(await json(await markAll(me), 200)).toEqual({ unreadCount: 0 });
    expect((await feed(me)).items.every((i) => i.isRead)).toBe(true);
    await json(await api(`/api/users/${me.id}/follow`, { cookie: fans[0]!.cookie, method: "PUT", body: { following: true } }), 200);
    const after = await feed(me);
    expect(after.unreadCount).toBe(1);
    expect(after.items[0]).toMatchObject({ type: "follow", isRead: false });
  });
});
