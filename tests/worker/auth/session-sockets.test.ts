// A socket belongs to its session (issue #27 item 7; DESIGN.md "Sessions and sockets"; decision
// record 0085): sign-out, "sign out everywhere", a password reset and a reused refresh token close
// every socket the ended sessions opened (the user channel, each conversation, each post's
// comments) within seconds, and the other sessions' sockets stay open and keep receiving.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE_SESSION_ENDED } from "@shared/realtime";
import { authSessions, users } from "../../../worker/db/schema";
import { REFRESH_RACE_GRACE_MS } from "../../../worker/services/auth/sessions";
import {
  api,
  createUser,
  cookieHeader,
  db,
  type FrameListener,
  insertPost,
  listen,
  listenChat,
  listenUserChannel,
  mailedToken,
  openConversationWith,
  sentMessage,
  signIn,
  signedInUser,
  sleep,
  userChannelOf,
} from "../helpers";

afterEach(() => {
  vi.useRealTimers();
});

const signOut = (who: { cookie: string }, scope: "local" | "global" | "others") => api("/api/auth/sign-out", { cookie: who.cookie, body: { scope } });

/** Resolves with the close code, or fails when the socket is still open after `ms`. */
async function closedWithin(listener: { closed: Promise<CloseEvent> }, ms = 3000): Promise<number> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms));
  return (await Promise.race([listener.closed, timeout])).code;
}

/** True when the socket is still open `ms` later. */
async function stillOpen(listener: { closed: Promise<CloseEvent> }, ms = 300): Promise<boolean> {
  return Promise.race([listener.closed.then(() => false), sleep(ms).then(() => true)]);
}

/** Ana on two devices, Bob, their conversation and a post of Bob's, with the phone listening everywhere. */
async function world() {
  const ana = await createUser();
  const phone = await signIn(ana.email, ana.password);
  const laptop = await signIn(ana.email, ana.password);
  const bob = await signedInUser();
  const conversationId = await openConversationWith(bob, ana.id);
  const postId = await insertPost(bob.id);
  const phoneSockets = {
    channel: await listenUserChannel(phone),
    chat: await listenChat(conversationId, phone),
    comments: await listen(postId, phone),
  };
  const laptopChat = await listenChat(conversationId, laptop);
  return { ana, phone, laptop, bob, conversationId, postId, phoneSockets, laptopChat };
}

const allClosed = async (sockets: Record<string, { closed: Promise<CloseEvent> }>) => Promise.all(Object.values(sockets).map((s) => closedWithin(s)));

function texts(listener: FrameListener<{ type: string }>): string[] {
  return listener.messages.flatMap((m) => ("message" in m && m.message && typeof m.message === "object" && "content" in m.message ? [String(m.message.content)] : []));
}

describe("sockets end with their session", () => {
  it("sign-out on this device closes this device's sockets everywhere and leaves the laptop's open", async () => {
    const w = await world();
    expect((await signOut(w.phone, "local")).status).toBe(200);
    expect(await allClosed(w.phoneSockets)).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);

    // The laptop still hears the conversation; the phone's closed socket heard nothing more.
    expect(await stillOpen(w.laptopChat)).toBe(true);
    await sentMessage(w.bob, w.conversationId, "After the phone signed out");
    await w.laptopChat.next("message.created", (m) => m.message.content === "After the phone signed out");
    expect(texts(w.phoneSockets.chat)).not.toContain("After the phone signed out");
    const rows = await db().select().from(authSessions).where(eq(authSessions.userId, w.ana.id));
    expect(rows.map((r) => r.id === sessionIdOf(w.phone) ? r.revokeReason : r.revokedAt).sort()).toEqual([null, "sign_out"]);
    // A signed-out cookie cannot open a new one.
    expect((await api(`/api/conversations/${w.conversationId}/live`, { cookie: w.phone.cookie, headers: { upgrade: "websocket" } })).status).toBe(401);
    w.laptopChat.close();
  });

  it("'sign out everywhere' closes every session's sockets", async () => {
    const w = await world();
    expect((await signOut(w.laptop, "global")).status).toBe(200);
    await allClosed({ ...w.phoneSockets, laptop: w.laptopChat });
    await sentMessage(w.bob, w.conversationId, "Nobody should read this live");
    await sleep(200);
    expect(texts(w.phoneSockets.chat)).not.toContain("Nobody should read this live");
    expect(texts(w.laptopChat)).not.toContain("Nobody should read this live");
  });

  it("'sign out all other devices' closes the phone's sockets and keeps the laptop's", async () => {
    const w = await world();
    expect((await signOut(w.laptop, "others")).status).toBe(200);
    await allClosed(w.phoneSockets);
    expect(await stillOpen(w.laptopChat)).toBe(true);
    await sentMessage(w.bob, w.conversationId, "Still here on the laptop");
    await w.laptopChat.next("message.created", (m) => m.message.content === "Still here on the laptop");
    w.laptopChat.close();
  });

  it("a password reset closes every socket, so an old session reads no new message", async () => {
    const w = await world();
    await api("/api/auth/password-reset", { body: { email: w.ana.email } });
    const token = await mailedToken(w.ana.email, "reset");
    expect((await api("/api/auth/password-reset/confirm", { body: { token, password: "Brand-New-Pass-5!" } })).status).toBe(200);
    await allClosed({ ...w.phoneSockets, laptop: w.laptopChat });
    await sentMessage(w.bob, w.conversationId, "Secret after the reset");
    await sleep(200);
    expect([...texts(w.phoneSockets.chat), ...texts(w.laptopChat)]).not.toContain("Secret after the reset");
  });

  it("a reused refresh token ends its session's sockets", async () => {
    const w = await world();
    expect((await api("/api/auth/refresh", { method: "POST", cookie: w.phone.cookie })).status).toBe(200);
    // Presented again after the tab-race grace: a copy exists somewhere, the family and its sockets end.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFRESH_RACE_GRACE_MS + 1000 });
    expect((await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: w.phone.refresh }) })).status).toBe(401);
    vi.useRealTimers();
    await allClosed(w.phoneSockets);
    expect(await stillOpen(w.laptopChat)).toBe(true);
    w.laptopChat.close();
  });

  it("rooms come off the user's list when their last socket there closes", async () => {
    const ana = await signedInUser();
    const bob = await signedInUser();
    const conversationId = await openConversationWith(bob, ana.id);
    const chat = await listenChat(conversationId, ana);
    expect(await userChannelOf(ana.id).trackedRooms()).toEqual([{ kind: "chat", name: conversationId }]);
    chat.close();
    await chat.closed;
    for (let i = 0; i < 20 && (await userChannelOf(ana.id).trackedRooms()).length > 0; i += 1) await sleep(50);
    expect(await userChannelOf(ana.id).trackedRooms()).toEqual([]);
  });

  it("a moderator's suspension closes every socket of the account (decision record 0083)", async () => {
    const w = await world();
    const moderator = await signedInUser();
    await db().update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
    const res = await api("/api/moderation/actions", { cookie: moderator.cookie, body: { targetType: "profile", targetId: w.ana.id, action: "suspend" } });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    expect(await allClosed({ ...w.phoneSockets, laptopChat: w.laptopChat })).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
  });

  it("asking to delete the account closes every socket at once (decision record 0084)", async () => {
    const w = await world();
    expect((await api("/api/account/delete", { cookie: w.phone.cookie, body: { password: w.ana.password } })).status).toBe(200);
    expect(await allClosed({ ...w.phoneSockets, laptopChat: w.laptopChat })).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
  });
});

/** The session id a signed-in device's access token names (its `sid` claim). */
function sessionIdOf(who: { access: string }): string {
  const payload = JSON.parse(atob(who.access.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string };
  return payload.sid;
}
