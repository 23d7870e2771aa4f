// The dev route that resets a ChatRoom mid-chat (issue #33's fault; worker/lib/modes.ts
// "roomEviction"): in the test and e2e modes it drops the room's sockets as an eviction or a crash
// does, and the conversation loses nothing — a reconnected socket hears new messages, typing and
// read markers again, and catch-up brings what was sent while it was away. Anywhere else the path
// is a 404 and the room is untouched.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessagePage } from "@shared/messaging-api";
import { app } from "../../../worker/app";
import { messages } from "../../../worker/db/schema";
import { api, chatRoomOf, db, json, listenChat, openConversationWith, ORIGIN, sentMessage, signedInUser } from "../helpers";

async function evict(conversationId: string, ENVIRONMENT?: string): Promise<Response> {
  const request = new Request(`${ORIGIN}/dev/rooms/chat/${conversationId}/evict`, { method: "POST" });
  if (ENVIRONMENT === undefined) return api(`/dev/rooms/chat/${conversationId}/evict`, { method: "POST" });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, ENVIRONMENT, APP_ORIGIN: ORIGIN }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function pair() {
  const ana = await signedInUser();
  const ben = await signedInUser();
  return { ana, ben, id: await openConversationWith(ana, ben.id) };
}

describe("POST /dev/rooms/chat/:conversationId/evict", () => {
  it("drops every socket of the room; reconnected sockets hear messages, typing and reads, and catch-up loses nothing", async () => {
    const { ana, ben, id } = await pair();
    const a = await listenChat(id, ana);
    const b = await listenChat(id, ben);
    await Promise.all([a.next("welcome"), b.next("welcome")]);
    const before = await sentMessage(ana, id, "Before the reset");
    await b.next("message.created", (m) => m.message.id === before.id);

    expect((await evict(id)).status).toBe(204);
    await Promise.all([a.closed, b.closed]);
    expect(await chatRoomOf(id).listeners()).toBe(0);

    // Sent while nobody was connected: stored, and found by catch-up after the reconnect.
    const away = await sentMessage(ana, id, "While the room was down");
    const a2 = await listenChat(id, ana);
    const b2 = await listenChat(id, ben);
    await Promise.all([a2.next("welcome"), b2.next("welcome")]);
    const caught = await json<MessagePage>(await api(`/api/conversations/${id}/messages?since=${before.cursor}`, { cookie: ben.cookie }), 200);
    expect(caught.items.map((m) => m.id)).toEqual([away.id]);

    const after = await sentMessage(ana, id, "After the reset");
    expect((await b2.next("message.created", (m) => m.message.id === after.id)).message.content).toBe("After the reset");
    a2.send({ type: "typing", typing: true });
    expect(await b2.next("typing")).toEqual({ type: "typing", userId: ana.id, typing: true });
    await json(await api(`/api/conversations/${id}/read`, { cookie: ben.cookie, method: "PUT" }), 200);
    expect(await a2.next("read")).toMatchObject({ userId: ben.id });

    const [row] = await db().select({ n: count() }).from(messages).where(eq(messages.conversationId, id));
    expect(row!.n).toBe(3);
    a2.close();
    b2.close();
  });

  it("is a 404 in production, development and any other mode, and leaves the room's sockets open", async () => {
    const { ana, id } = await pair();
    const a = await listenChat(id, ana);
    await a.next("welcome");
    for (const mode of ["production", "development", "preview", ""]) {
      const res = await evict(id, mode);
      expect({ mode, status: res.status }).toEqual({ mode, status: 404 });
      await res.body?.cancel();
    }
    expect(await chatRoomOf(id).listeners()).toBe(1);
    a.close();
  });

  it("answers a malformed conversation id with a 404, not a 500", async () => {
    const res = await evict("not%20an%20id");
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });
});
