// Sessions end by themselves too (issue #27 item 7 and its gap 5; decision record 0085): a session
// that expires or idles out has no request to act on, yet its sockets (the user channel, each
// conversation, each post's comments) close within seconds with CLOSE_SESSION_ENDED and hear
// nothing more. Each room sets an alarm for the earliest moment one of its sockets' sessions can
// end, and looks again before it sends; a session used or refreshed meanwhile keeps its sockets.
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { SECURITY_SETTINGS } from "@shared/constants";
import { CLOSE_SESSION_ENDED } from "@shared/realtime";
import { authSessions } from "../../../worker/db/schema";
import {
  api,
  createUser,
  db,
  type FrameListener,
  insertPost,
  listen,
  listenChat,
  listenUserChannel,
  openConversationWith,
  roomOf,
  sentMessage,
  signIn,
  signedInUser,
  sleep,
} from "../helpers";

vi.setConfig({ testTimeout: 30_000 });

/** Resolves with the close code, or fails when the socket is still open after `ms`. */
async function closedWithin(listener: { closed: Promise<CloseEvent> }, ms: number): Promise<number> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms));
  return (await Promise.race([listener.closed, timeout])).code;
}

async function stillOpen(listener: { closed: Promise<CloseEvent> }, ms = 300): Promise<boolean> {
  return Promise.race([listener.closed.then(() => false), sleep(ms).then(() => true)]);
}

function texts(listener: FrameListener<{ type: string }>): string[] {
  return listener.messages.flatMap((m) => ("message" in m && m.message && typeof m.message === "object" && "content" in m.message ? [String(m.message.content)] : []));
}

async function sessionOf(userId: string) {
  const [row] = await db().select().from(authSessions).where(eq(authSessions.userId, userId));
  return row!;
}

/**
 * Ana signed in once, Bob, their conversation and Bob's post. Ana's session is made to expire
 * `expiresInMs` from now (as if its 30 days ran out then) before her phone opens its sockets.
 */
async function world(expiresInMs: number) {
  const ana = await createUser();
  const phone = await signIn(ana.email, ana.password);
  const bob = await signedInUser();
  const conversationId = await openConversationWith(bob, ana.id);
  const postId = await insertPost(bob.id);
  const expiresAt = Date.now() + expiresInMs;
  await db().update(authSessions).set({ expiresAt }).where(eq(authSessions.userId, ana.id));
  const sockets = {
    channel: await listenUserChannel(phone),
    chat: await listenChat(conversationId, phone),
    comments: await listen(postId, phone),
  };
  return { ana, phone, bob, conversationId, postId, expiresAt, sockets };
}

const codes = (sockets: Record<string, { closed: Promise<CloseEvent> }>, ms: number) => Promise.all(Object.values(sockets).map((s) => closedWithin(s, ms)));

describe("sockets of a session that ends by itself", () => {
  it("an expired session's quiet sockets close with 4401 within seconds, and hear nothing more", async () => {
    const w = await world(2500);
    expect(await codes(w.sockets, 8000)).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
    // Closed when the session ended, not before, and within seconds after.
    const lag = Date.now() - w.expiresAt;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(3000);

    await sentMessage(w.bob, w.conversationId, "After the session expired");
    const comment = await api(`/api/posts/${w.postId}/comments`, { cookie: w.bob.cookie, body: { content: "After the session expired" } });
    expect(comment.status).toBe(201);
    await sleep(200);
    expect(texts(w.sockets.chat)).not.toContain("After the session expired");
    expect(w.sockets.comments.messages.map((m) => m.type)).toEqual(["welcome"]);
    expect(w.sockets.channel.messages.map((m) => m.type)).toEqual(["welcome"]);
    // The reconnect is refused: the session is over.
    expect((await api("/api/live", { cookie: w.phone.cookie, headers: { upgrade: "websocket" } })).status).toBe(401);
    // The row says it ended by expiring: nobody revoked it.
    const row = await sessionOf(w.ana.id);
    expect(row.revokedAt).toBeNull();
    expect(row.expiresAt).toBe(w.expiresAt);
  });

  it("a session that idled out closes its sockets the same way", async () => {
    // Opening three sockets on a busy machine takes a while: the first look comes well after.
    const w = await world(2500);
    // Before the rooms look (at the old expiry), the session is refreshed far ahead but has been
    // idle for longer than the timeout: it ended by idling out.
    await db()
      .update(authSessions)
      .set({ expiresAt: Date.now() + 86_400_000, lastActiveAt: Date.now() - SECURITY_SETTINGS.sessionTimeoutMs - 1000 })
      .where(eq(authSessions.userId, w.ana.id));
    expect(await codes(w.sockets, 8000)).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
  });

  it("a session used or refreshed meanwhile keeps its sockets, and they keep hearing", async () => {
    const w = await world(2500);
    // As a refresh does: a later expiry and fresh activity.
    await db()
      .update(authSessions)
      .set({ expiresAt: Date.now() + 86_400_000, lastActiveAt: Date.now() })
      .where(eq(authSessions.userId, w.ana.id));
    // Past the old expiry, when the rooms looked and found the session live.
    await sleep(Math.max(0, w.expiresAt - Date.now()) + 1000);
    for (const socket of Object.values(w.sockets)) expect(await stillOpen(socket, 50)).toBe(true);
    await sentMessage(w.bob, w.conversationId, "Still here");
    await w.sockets.chat.next("message.created", (m) => m.message.content === "Still here");
    await w.sockets.channel.next("message.created", (m) => m.conversationId === w.conversationId);
    // The room looks again at the session's new end, no sooner.
    const alarm = await runInDurableObject(roomOf(w.postId), (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it("a send after the session ended closes the socket instead of delivering, even before the alarm rings", async () => {
    const w = await world(1500);
    // Take the comment room's alarm away: only the check before sending is left.
    await runInDurableObject(roomOf(w.postId), (_instance, state) => state.storage.deleteAlarm());
    await sleep(Math.max(0, w.expiresAt - Date.now()) + 200);
    const comment = await api(`/api/posts/${w.postId}/comments`, { cookie: w.bob.cookie, body: { content: "Sent after the end" } });
    expect(comment.status).toBe(201);
    expect(await closedWithin(w.sockets.comments, 2000)).toBe(CLOSE_SESSION_ENDED);
    expect(w.sockets.comments.messages.map((m) => m.type)).toEqual(["welcome"]);
  });

  it("a room only visitors watch sets no alarm", async () => {
    const bob = await signedInUser();
    const postId = await insertPost(bob.id);
    const visitor = await listen(postId, null);
    expect(await runInDurableObject(roomOf(postId), (_instance, state) => state.storage.getAlarm())).toBeNull();
    visitor.close();
  });
});
