// A message hidden by moderation (issue #27 gap 3; decision record 0083): it disappears for its
// receiver everywhere they could read it (the conversation, the catch-up after a reconnect, the
// list's preview, the unread counts, activity, their data export) and their open tabs are told at
// once; the sender keeps seeing their own message, as an owner keeps their hidden posts. Restored,
// it comes back for the receiver. The row itself stays, only marked hidden.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DataExportState } from "@shared/leaving-api";
import type { ActivityFeed, ConversationPage, MessagePage, UnreadCounts } from "@shared/messaging-api";
import { messages, users } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { prepareRequestedExports } from "../../../worker/services/leaving";
import {
  api,
  createUser,
  db,
  type FrameListener,
  json,
  listenUserChannel,
  openConversationWith,
  sentMessage,
  signedInUser,
  signIn,
  type SignedInUser,
} from "../helpers";
import type { UserChannelServerMessage } from "@shared/messaging-realtime";

vi.setConfig({ testTimeout: 30_000 });

async function signedInModerator(): Promise<SignedInUser> {
  const user = await createUser();
  await db().update(users).set({ role: "moderator" }).where(eq(users.id, user.id));
  return { ...user, ...(await signIn(user.email, user.password)) };
}

const act = (who: { cookie: string }, body: unknown) => api("/api/moderation/actions", { cookie: who.cookie, body });

interface World {
  ana: SignedInUser;
  bob: SignedInUser;
  moderator: SignedInUser;
  conversationId: string;
  keptId: string;
  hiddenId: string;
  bobChannel: FrameListener<UserChannelServerMessage>;
}

let w: World;

beforeEach(async () => {
  const [ana, bob, moderator] = await Promise.all([signedInUser(), signedInUser(), signedInModerator()]);
  const conversationId = await openConversationWith(ana, bob.id);
  const kept = await sentMessage(ana, conversationId, "First hello");
  const hidden = await sentMessage(ana, conversationId, "A message to hide");
  const bobChannel = await listenUserChannel(bob);
  // Bob reports it; a moderator hides it.
  await json(await api("/api/reports", { cookie: bob.cookie, body: { targetType: "message", targetId: hidden.id, reason: "harassment" } }), 201);
  await json(await act(moderator, { targetType: "message", targetId: hidden.id, action: "hide" }), 200);
  w = { ana, bob, moderator, conversationId, keptId: kept.id, hiddenId: hidden.id, bobChannel };
});

const contents = (page: MessagePage) => page.items.map((m) => m.content);

describe("a message hidden by moderation", () => {
  it("tells the receiver's open tabs at once, by id and never by text", async () => {
    const frame = await w.bobChannel.next("message.hidden");
    expect(frame).toEqual({ type: "message.hidden", conversationId: w.conversationId, messageId: w.hiddenId });
    expect(JSON.stringify(w.bobChannel.messages)).not.toContain("A message to hide");
  });

  it("is gone from the receiver's conversation, catch-up, list preview, unread counts and activity; the row stays", async () => {
    const page = await json<MessagePage>(await api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.bob.cookie }), 200);
    expect(contents(page)).toEqual(["First hello"]);
    const since = await json<MessagePage>(await api(`/api/conversations/${w.conversationId}/messages?since=${encodeURIComponent(page.items[0]!.cursor)}`, { cookie: w.bob.cookie }), 200);
    expect(since.items).toEqual([]);

    const list = await json<ConversationPage>(await api("/api/conversations", { cookie: w.bob.cookie }), 200);
    const mine = list.items.find((item) => item.id === w.conversationId)!;
    expect(mine.lastMessage?.content).toBe("First hello");
    expect(mine.unreadCount).toBe(1);
    expect(await json<UnreadCounts>(await api("/api/unread", { cookie: w.bob.cookie }), 200)).toMatchObject({ messages: 1 });

    const activity = await json<ActivityFeed>(await api("/api/activity", { cookie: w.bob.cookie }), 200);
    expect(activity.items.filter((item) => item.type === "message").map((item) => item.content)).toEqual(["First hello"]);

    const [row] = await db().select({ hiddenAt: messages.hiddenAt, content: messages.content }).from(messages).where(eq(messages.id, w.hiddenId));
    expect(row).toEqual({ hiddenAt: expect.any(Number), content: "A message to hide" });
  });

  it("stays visible to its sender, in the conversation and the list's preview", async () => {
    const page = await json<MessagePage>(await api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.ana.cookie }), 200);
    expect(contents(page)).toEqual(["First hello", "A message to hide"]);
    const list = await json<ConversationPage>(await api("/api/conversations", { cookie: w.ana.cookie }), 200);
    expect(list.items.find((item) => item.id === w.conversationId)!.lastMessage?.content).toBe("A message to hide");
  });

  it("is left out of the receiver's data export, and kept in the sender's", async () => {
    for (const who of [w.bob, w.ana]) await json<DataExportState>(await api("/api/account/export", { method: "POST", cookie: who.cookie }), 202);
    await prepareRequestedExports({ env, db: db(), log: logger, now: Date.now(), origin: "http://localhost" });
    const exported = async (who: SignedInUser) => {
      const state = await json<DataExportState>(await api("/api/account/export", { cookie: who.cookie }), 200);
      const res = await api(`/api/account/export/${(state as { id: string }).id}`, { cookie: who.cookie });
      expect(res.status).toBe(200);
      const data = (await res.json()) as { conversations: { messages: { content: string }[] }[] };
      return data.conversations.flatMap((c) => c.messages.map((m) => m.content));
    };
    expect(await exported(w.bob)).toEqual(["First hello"]);
    expect(await exported(w.ana)).toEqual(["First hello", "A message to hide"]);
  });

  it("comes back for the receiver when a moderator restores it, and their tabs are told to fetch again", async () => {
    await json(await act(w.moderator, { targetType: "message", targetId: w.hiddenId, action: "restore" }), 200);
    await w.bobChannel.next("message.created", (m) => m.conversationId === w.conversationId);
    const page = await json<MessagePage>(await api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.bob.cookie }), 200);
    expect(contents(page)).toEqual(["First hello", "A message to hide"]);
    const [row] = await db().select({ hiddenAt: messages.hiddenAt }).from(messages).where(eq(messages.id, w.hiddenId));
    expect(row!.hiddenAt).toBeNull();
  });
});
