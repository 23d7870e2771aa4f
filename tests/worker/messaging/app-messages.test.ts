// The app's own messages (worker/services/app-messages.ts): a custom offer, a booking or a review
// request lands in the pair's one conversation with its kind and link, the receiver sees it in the
// list, the page and the unread count like any message, and a retry of the same event stores it once.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ConversationPage, MessagePage, UnreadCounts } from "@shared/messaging-api";
import { messages } from "../../../worker/db/schema";
import { createLogger } from "../../../worker/lib/logger";
import { sendAppMessage } from "../../../worker/services/app-messages";
import { api, db, json, signedInUser } from "../helpers";

describe("sendAppMessage", () => {
  it("stores the message with its kind and link once, and the receiver sees it", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    const ctx = { env, db: db(), log: createLogger({ test: "app-messages" }), now: Date.now() };
    const input = {
      senderId: seller.userId,
      receiverId: buyer.userId,
      kind: "offer" as const,
      content: "Custom offer: Mix and master, $120.00",
      linkPath: "/orders/abc",
      dedupeKey: "offer:abc",
    };
    const first = await sendAppMessage(ctx, input);
    const retry = await sendAppMessage(ctx, input);
    expect(first.created).toBe(true);
    expect(retry.created).toBe(false);
    expect(retry.message.id).toBe(first.message.id);

    const rows = await db().select().from(messages).where(and(eq(messages.senderId, seller.userId), eq(messages.receiverId, buyer.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messageType: "offer", linkPath: "/orders/abc", content: input.content });

    const list = await json<ConversationPage>(await api("/api/conversations", { cookie: buyer.cookie }), 200);
    expect(list.items).toHaveLength(1);
    const conversationId = list.items[0]!.id;
    const page = await json<MessagePage>(await api(`/api/conversations/${conversationId}/messages`, { cookie: buyer.cookie }), 200);
    expect(page.items.map((m) => ({ kind: m.kind, linkPath: m.linkPath }))).toEqual([{ kind: "offer", linkPath: "/orders/abc" }]);
    const unread = await json<UnreadCounts>(await api("/api/unread", { cookie: buyer.cookie }), 200);
    expect(unread.messages).toBe(1);
  });
});
