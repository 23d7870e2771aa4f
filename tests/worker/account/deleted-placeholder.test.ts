// A deleted account's placeholder (issue #27 gap 4; decision record 0084). Its "Deleted user"
// profile row stays so that messages and orders keep their other party, but it is nobody one can
// find or reach: the profile answers the ordinary "not found", people search and recommendations
// pass over it, and a follow, a message, an offer, a booking or a purchase to it is refused with
// the texts a missing person or thing gets, writing nothing. An existing conversation stays
// readable and read-only, with the neutral text a block shows.
import { env } from "cloudflare:test";
import { and, count, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BOOKING_TEXTS, CHECKOUT_TEXTS, LEAVING_TEXTS, PAYMENTS_TEXTS, PROFILE_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import { bookings, conversations, follows, messages, offers, orders, profiles, userRecommendations } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { deleteAccountNow } from "../../../worker/services/leaving";
import {
  api,
  db,
  expectError,
  insertOrder,
  insertPricedService,
  json,
  openConversationWith,
  payableInTestMode,
  sentMessage,
  signedInUser,
  type SignedInUser,
} from "../helpers";

vi.setConfig({ testTimeout: 30_000 });

async function rows(query: PromiseLike<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

interface World {
  gone: SignedInUser;
  /** Ana had a conversation and a completed order with the deleted account, and a stale suggestion of it. */
  ana: SignedInUser;
  /** Someone who never wrote to it. */
  stranger: SignedInUser;
  placeholder: string;
  conversationId: string;
  orderId: string;
  serviceId: string;
}

let w: World;

beforeAll(async () => {
  const [gone, ana, stranger] = await Promise.all([signedInUser({ displayName: "Gone Soon" }), signedInUser(), signedInUser()]);
  const conversationId = await openConversationWith(ana, gone.id);
  await sentMessage(ana, conversationId, "Hello before you leave");
  await sentMessage(gone, conversationId, "Bye for now");
  const serviceId = await insertPricedService(gone.id);
  const orderId = await insertOrder({ buyerId: ana.id, sellerId: gone.id, itemId: serviceId, status: "completed" });
  await payableInTestMode(ana.id);
  await db()
    .insert(userRecommendations)
    .values({ userId: ana.id, recommendationType: "user", recommendedUserId: gone.id, reason: "trending", score: 0.9, expiresAt: Date.now() + 86_400_000 });

  expect((await api("/api/account/delete", { cookie: gone.cookie, body: { password: gone.password } })).status).toBe(200);
  expect(await deleteAccountNow({ env, db: db(), log: logger, now: Date.now() }, gone.id)).toBe("deleted");
  const [row] = await db().select({ username: profiles.username, displayName: profiles.displayName }).from(profiles).where(eq(profiles.userId, gone.id));
  // The placeholder is there, as decision record 0084 keeps it.
  expect(row!.displayName).toBe(LEAVING_TEXTS.deletedUser);
  w = { gone, ana, stranger, placeholder: row!.username, conversationId, orderId, serviceId };
});

describe("a deleted account's placeholder", () => {
  it("answers its profile and its follow state as not found, to visitors and to the people it knew", async () => {
    await expectError(await api(`/api/users/${w.gone.id}`), 404, PROFILE_TEXTS.notFound);
    await expectError(await api(`/api/users/${w.gone.id}`, { cookie: w.ana.cookie }), 404, PROFILE_TEXTS.notFound);
    await expectError(await api(`/api/users/${w.gone.id}/follow`, { cookie: w.ana.cookie }), 404, PROFILE_TEXTS.notFound);
  });

  it("is absent from people search, by its placeholder name or handle, and from recommendations", async () => {
    for (const q of ["Deleted user", w.placeholder, "Deleted"]) {
      const body = await json<{ items: { userId: string }[] }>(await api(`/api/search/users?q=${encodeURIComponent(q)}`, { cookie: w.stranger.cookie }), 200);
      expect(body.items.map((item) => item.userId)).not.toContain(w.gone.id);
    }
    const suggested = await json<{ users: { userId: string }[] }>(await api("/api/recommendations", { cookie: w.ana.cookie }), 200);
    expect(suggested.users.map((item) => item.userId)).not.toContain(w.gone.id);
  });

  it("cannot be followed: not found, and no follows row", async () => {
    await expectError(await api(`/api/users/${w.gone.id}/follow`, { method: "PUT", cookie: w.stranger.cookie, body: { following: true } }), 404, PROFILE_TEXTS.notFound);
    expect(await rows(db().select({ n: count() }).from(follows).where(eq(follows.followingId, w.gone.id)))).toBe(0);
  });

  it("cannot be written to: no new conversation, and the old one is read-only with the neutral text", async () => {
    await expectError(await api("/api/conversations", { cookie: w.stranger.cookie, body: { userId: w.gone.id } }), 404, PROFILE_TEXTS.notFound);
    expect(
      await rows(
        db()
          .select({ n: count() })
          .from(conversations)
          .where(or(and(eq(conversations.user1Id, w.stranger.id), eq(conversations.user2Id, w.gone.id)), and(eq(conversations.user1Id, w.gone.id), eq(conversations.user2Id, w.stranger.id)))),
      ),
    ).toBe(0);

    // Ana's history stays, under "Deleted user", and says she cannot reply.
    const summary = await json<{ canReply: boolean; otherUser: { displayName: string } }>(await api(`/api/conversations/${w.conversationId}`, { cookie: w.ana.cookie }), 200);
    expect(summary).toMatchObject({ canReply: false, otherUser: { displayName: LEAVING_TEXTS.deletedUser } });
    const page = await json<{ items: { content: string }[] }>(await api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.ana.cookie }), 200);
    expect(page.items.map((m) => m.content).sort()).toEqual(["Bye for now", "Hello before you leave"]);
    const before = await rows(db().select({ n: count() }).from(messages).where(eq(messages.conversationId, w.conversationId)));
    const refused = await expectError(
      await api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.ana.cookie, body: { content: "Are you there?", clientId: crypto.randomUUID() } }),
      403,
      SAFETY_TEXTS.cannotReply,
    );
    expect(JSON.stringify(refused)).not.toMatch(/delet/i);
    expect(await rows(db().select({ n: count() }).from(messages).where(eq(messages.conversationId, w.conversationId)))).toBe(before);
  });

  it("cannot be sent an offer: the unknown user's text, and no offer row", async () => {
    await expectError(
      await api("/api/offers", { cookie: w.ana.cookie, body: { username: w.placeholder, title: "Mix of one song", description: "Stems in, mix out", price: "120", deliveryDays: 5 } }),
      404,
      PAYMENTS_TEXTS.userNotFound,
    );
    expect(await rows(db().select({ n: count() }).from(offers).where(eq(offers.buyerId, w.gone.id)))).toBe(0);
  });

  it("cannot be booked through an earlier order: the answer a seller with no free time gives, and no booking row", async () => {
    await expectError(await api("/api/booking/bookings", { cookie: w.ana.cookie, body: { orderId: w.orderId, startsAt: Date.now() + 3 * 86_400_000 } }), 409, BOOKING_TEXTS.slotUnavailable);
    expect(await rows(db().select({ n: count() }).from(bookings).where(eq(bookings.orderId, w.orderId)))).toBe(0);
  });

  it("cannot be bought from: its service is gone, and no order is written", async () => {
    const ordersBefore = await rows(db().select({ n: count() }).from(orders).where(eq(orders.buyerId, w.stranger.id)));
    await expectError(await api("/api/checkout/create-payment", { cookie: w.stranger.cookie, body: { itemType: "service", itemId: w.serviceId } }), 404, CHECKOUT_TEXTS.serviceNotFound);
    expect(await rows(db().select({ n: count() }).from(orders).where(eq(orders.buyerId, w.stranger.id)))).toBe(ordersBefore);
    // The earlier order is kept for Ana, with the amounts and the other party (decision record 0084).
    expect(await rows(db().select({ n: count() }).from(orders).where(eq(orders.id, w.orderId)))).toBe(1);
  });
});
