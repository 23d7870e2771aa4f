// The ChatRoom and UserChannel Durable Objects through the Worker (DESIGN.md "Realtime"; second
// document §2 Messages; first document §4 channel states, §9 heartbeat; decision records 0040 and
// 0041): both participants receive a message after the D1 write, typing reaches the other side
// and is never stored, only the two participants may open the room, an evicted room loses
// nothing, and each user's live channel hears about messages, reads and activity.
import { evictDurableObject } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGING_TEXTS } from "@shared/messages";
import type { MessagePage } from "@shared/messaging-api";
import { messages } from "../../../worker/db/schema";
import {
  api,
  chatRoomOf,
  db,
  expectError,
  json,
  listenChat,
  listenUserChannel,
  openConversationWith,
  ORIGIN,
  sentMessage,
  signedInUser,
  signedInUserWithPost,
  sleep,
  upgradeChat,
  userChannelOf,
} from "../helpers";

async function pair() {
  const ana = await signedInUser();
  const ben = await signedInUser();
  const id = await openConversationWith(ana, ben.id);
  return { ana, ben, id };
}

describe("ChatRoom", () => {
  it("welcomes both participants and delivers a message to each after the POST", async () => {
    const { ana, ben, id } = await pair();
    const a = await listenChat(id, ana);
    const b = await listenChat(id, ben);
    for (const l of [a, b]) expect(await l.next("welcome")).toMatchObject({ conversationId: id });
    expect(await chatRoomOf(id).listeners()).toBe(2);
    const sent = await sentMessage(ana, id, "Live hello");
    for (const l of [a, b]) expect((await l.next("message.created")).message).toEqual(sent);
    for (const l of [a, b]) expect(l.rejected).toEqual([]);
    a.close();
    b.close();
  });

  it("relays typing to the other participant only and stores nothing", async () => {
    const { ana, ben, id } = await pair();
    const a = await listenChat(id, ana);
    const b = await listenChat(id, ben);
    await a.next("welcome");
    await b.next("welcome");
    a.send({ type: "typing", typing: true });
    expect(await b.next("typing")).toEqual({ type: "typing", userId: ana.id, typing: true });
    a.send({ type: "ping", t: 7 });
    expect(await a.next("pong")).toEqual({ type: "pong", t: 7 });
    expect(a.messages.some((m) => m.type === "typing")).toBe(false);
    const [row] = await db().select({ n: count() }).from(messages).where(eq(messages.conversationId, id));
    expect(row!.n).toBe(0);
    a.close();
    b.close();
  });

  it("tells the room when the other participant reads", async () => {
    const { ana, ben, id } = await pair();
    const a = await listenChat(id, ana);
    await sentMessage(ana, id, "Read me");
    await json(await api(`/api/conversations/${id}/read`, { cookie: ben.cookie, method: "PUT" }), 200);
    expect(await a.next("read")).toMatchObject({ userId: ben.id });
    a.close();
  });

  it("refuses a third user, a visitor and another site's page, and never opens the room for them", async () => {
    const { ana, id } = await pair();
    const eve = await signedInUser();
    await expectError(await upgradeChat(id, eve.cookie), 404, MESSAGING_TEXTS.conversationNotFound);
    await expectError(await upgradeChat(id, null), 401, "Authentication required");
    await expectError(await upgradeChat(id, ana.cookie, { origin: "https://evil.example" }), 403, "Cross-origin request refused");
    // The same-origin participant is let in.
    const a = await listenChat(id, ana, { origin: ORIGIN });
    await a.next("welcome");
    expect(await chatRoomOf(id).listeners()).toBe(1);
    a.close();
  });

  it("loses nothing when the room is evicted: open sockets still hear, and catch-up fills any gap", async () => {
    const { ana, ben, id } = await pair();
    const b = await listenChat(id, ben);
    await b.next("welcome");
    const before = await sentMessage(ana, id, "Before eviction");
    await b.next("message.created", (m) => m.message.id === before.id);
    await evictDurableObject(chatRoomOf(id));
    const after = await sentMessage(ana, id, "After eviction");
    expect((await b.next("message.created", (m) => m.message.id === after.id)).message.content).toBe("After eviction");
    // A client that was away asks for everything after the last message it saw.
    b.close();
    await b.closed;
    const missed = [await sentMessage(ana, id, "While away 1"), await sentMessage(ana, id, "While away 2")];
    await evictDurableObject(chatRoomOf(id));
    const again = await listenChat(id, ben);
    await again.next("welcome");
    const caught = await json<MessagePage>(await api(`/api/conversations/${id}/messages?since=${after.cursor}`, { cookie: ben.cookie }), 200);
    expect(caught.items.map((m) => m.id)).toEqual(missed.map((m) => m.id));
    again.close();
  });
});

describe("both rooms speak JSON text only", () => {
  it("close a socket that sends a binary frame with 1003, as the comment rooms do", async () => {
    const { ana, id } = await pair();
    const chat = await listenChat(id, ana);
    const channel = await listenUserChannel(ana);
    await Promise.all([chat.next("welcome"), channel.next("welcome")]);
    chat.socket.send(new Uint8Array([1, 2, 3]));
    channel.socket.send(new Uint8Array([1, 2, 3]));
    expect((await chat.closed).code).toBe(1003);
    expect((await channel.closed).code).toBe(1003);
    expect(await chatRoomOf(id).listeners()).toBe(0);
    expect(await userChannelOf(ana.id).listeners()).toBe(0);
  });
});

describe("UserChannel", () => {
  it("tells every tab of both users about a new message, and the reader's tabs about a read", async () => {
    const { ana, ben, id } = await pair();
    const anaTab = await listenUserChannel(ana);
    const benTabs = [await listenUserChannel(ben), await listenUserChannel(ben)];
    for (const l of [anaTab, ...benTabs]) await l.next("welcome");
    expect(await userChannelOf(ben.id).listeners()).toBe(2);
    const sent = await sentMessage(ana, id, "Badge me");
    // A notice only: the message's content travels on the conversation's room (decision record 0077).
    for (const l of [anaTab, ...benTabs]) expect(await l.next("message.created")).toEqual({ type: "message.created", conversationId: id });
    expect(JSON.stringify(anaTab.messages)).not.toContain(sent.content);
    await json(await api(`/api/conversations/${id}/read`, { cookie: ben.cookie, method: "PUT" }), 200);
    for (const l of benTabs) expect(await l.next("conversation.read")).toEqual({ type: "conversation.read", conversationId: id });
    await sleep(20);
    expect(anaTab.messages.some((m) => m.type === "conversation.read")).toBe(false);
    for (const l of [anaTab, ...benTabs]) l.close();
  });

  it("announces likes, comments and follows by others to the owner, never one's own", async () => {
    const owner = await signedInUserWithPost();
    const fan = await signedInUser();
    const tab = await listenUserChannel(owner);
    const fanTab = await listenUserChannel(fan);
    await tab.next("welcome");
    await fanTab.next("welcome");
    await json(await api(`/api/posts/${owner.postId}/like`, { cookie: fan.cookie, method: "PUT", body: { liked: true } }), 200);
    expect(await tab.next("activity.created", (m) => m.activityType === "like")).toBeTruthy();
    await json(await api(`/api/posts/${owner.postId}/comments`, { cookie: fan.cookie, body: { content: "Lovely tone" } }), 201);
    expect(await tab.next("activity.created", (m) => m.activityType === "comment")).toBeTruthy();
    await json(await api(`/api/users/${owner.id}/follow`, { cookie: fan.cookie, method: "PUT", body: { following: true } }), 200);
    expect(await tab.next("activity.created", (m) => m.activityType === "follow")).toBeTruthy();
    // The owner's own like and comment are not activity.
    await json(await api(`/api/posts/${owner.postId}/like`, { cookie: owner.cookie, method: "PUT", body: { liked: true } }), 200);
    await json(await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content: "Thanks all" } }), 201);
    await sleep(20);
    expect(tab.messages.filter((m) => m.type === "activity.created")).toHaveLength(3);
    expect(fanTab.messages.filter((m) => m.type === "activity.created")).toHaveLength(0);
    tab.close();
    fanTab.close();
  });

  it("refuses a visitor and another site's page", async () => {
    const ana = await signedInUser();
    await expectError(await api("/api/live", { headers: { upgrade: "websocket" } }), 401, "Authentication required");
    await expectError(await api("/api/live", { headers: { upgrade: "websocket", origin: "https://evil.example" }, cookie: ana.cookie }), 403, "Cross-origin request refused");
    await expectError(await api("/api/live", { cookie: ana.cookie }), 400, "Expected a WebSocket upgrade");
  });
});
