// The abuse limits the security review found missing (issue #27 item 8; decision record 0085).
// For each write, the user's budget is spent first (straight on the limiter, as many attempts as
// the rule allows), then the route must answer 429 and leave the rows exactly as they were.
// Offers pass the content screen and the new-conversation budget; item names reach mail subjects
// on one line.
import { env } from "cloudflare:test";
import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RULES, type RateLimitRuleName } from "@shared/rate-limit-rules";
import { conversationReads, follows, messages, offers, orders, postLikes, posts, profiles, securityEvents, services } from "../../../worker/db/schema";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import { createMailer } from "../../../worker/services/mail";
import {
  api,
  db,
  expectError,
  insertOrder,
  insertPost,
  insertProduct,
  json,
  openConversationWith,
  outbox,
  payableInTestMode,
  SERVICE_BODY,
  signedInUser,
  type SignedInUser,
  unique,
} from "../helpers";

/** Spends a user's whole budget under `rule`, so their next attempt is the one over it. */
async function spend(rule: RateLimitRuleName, userId: string): Promise<void> {
  const subject = rateSubject("user", userId);
  for (let i = 0; i < RULES[rule].limit; i += 1) expect((await consume(env, rule, subject)).allowed).toBe(true);
}

interface Case {
  name: string;
  rule: RateLimitRuleName;
  /** Sets up the world; answers the request to refuse and a reader of the rows it would change. */
  arrange: (me: SignedInUser) => Promise<{ request: () => Promise<Response>; rows: () => Promise<unknown> }>;
}

const CASES: Case[] = [
  {
    name: "follow",
    rule: "follow_toggle",
    arrange: async (me) => {
      const other = await signedInUser();
      return {
        request: () => api(`/api/users/${other.id}/follow`, { method: "PUT", cookie: me.cookie, body: { following: true } }),
        rows: () => db().select().from(follows).where(eq(follows.followerId, me.id)),
      };
    },
  },
  {
    name: "like",
    rule: "like_toggle",
    arrange: async (me) => {
      const postId = await insertPost((await signedInUser()).id);
      return {
        request: () => api(`/api/posts/${postId}/like`, { method: "PUT", cookie: me.cookie, body: { liked: true } }),
        rows: () => db().select().from(postLikes).where(eq(postLikes.postId, postId)),
      };
    },
  },
  {
    name: "create a service",
    rule: "catalogue_write",
    arrange: async (me) => ({
      request: () => api("/api/services", { cookie: me.cookie, body: SERVICE_BODY }),
      rows: () => db().select().from(services).where(eq(services.userId, me.id)),
    }),
  },
  {
    name: "delete a product",
    rule: "catalogue_write",
    arrange: async (me) => {
      const productId = await insertProduct(me.id);
      return {
        request: () => api(`/api/products/${productId}`, { method: "DELETE", cookie: me.cookie }),
        rows: () => api(`/api/products/${productId}`, { cookie: me.cookie }).then((r) => r.status),
      };
    },
  },
  {
    name: "edit the profile",
    rule: "profile_write",
    arrange: async (me) => ({
      request: () => api("/api/profile", { method: "PATCH", cookie: me.cookie, body: { bio: "Changed by a script" } }),
      rows: () => db().select().from(profiles).where(eq(profiles.userId, me.id)),
    }),
  },
  {
    name: "change the username",
    rule: "username_change",
    arrange: async (me) => ({
      request: () => api("/api/profile", { method: "PATCH", cookie: me.cookie, body: { username: unique("renamed").slice(0, 20) } }),
      rows: () => db().select().from(profiles).where(eq(profiles.userId, me.id)),
    }),
  },
  {
    name: "edit a post",
    rule: "post_edit",
    arrange: async (me) => {
      const postId = await insertPost(me.id);
      return {
        request: () => api(`/api/posts/${postId}`, { method: "PATCH", cookie: me.cookie, body: { caption: "Edited again" } }),
        rows: () => db().select().from(posts).where(eq(posts.id, postId)),
      };
    },
  },
  {
    name: "save the portfolio",
    rule: "portfolio_write",
    arrange: async (me) => {
      const postId = await insertPost(me.id);
      return {
        request: () => api("/api/portfolio", { method: "PUT", cookie: me.cookie, body: { items: [{ postId, title: "Session", note: "" }] } }),
        rows: () => api(`/api/users/${me.id}/portfolio`, { cookie: me.cookie }).then((r) => r.json()),
      };
    },
  },
  {
    name: "an order step",
    rule: "order_step",
    arrange: async (me) => {
      const seller = await signedInUser();
      const orderId = await insertOrder({ buyerId: me.id, sellerId: seller.id, status: "delivered" });
      return {
        request: () => api(`/api/orders/${orderId}/complete`, { method: "POST", cookie: me.cookie }),
        rows: () => db().select().from(orders).where(eq(orders.id, orderId)),
      };
    },
  },
  {
    name: "a read marker",
    rule: "read_marker",
    arrange: async (me) => {
      const conversationId = await openConversationWith(me, (await signedInUser()).id);
      return {
        request: () => api(`/api/conversations/${conversationId}/read`, { method: "PUT", cookie: me.cookie }),
        rows: () => db().select().from(conversationReads).where(eq(conversationReads.conversationId, conversationId)),
      };
    },
  },
];

describe("writes over their budget are refused and change nothing", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const me = await signedInUser();
    const { request, rows } = await c.arrange(me);
    const before = await rows();
    await spend(c.rule, me.id);
    await expectError(await request(), 429);
    expect(await rows()).toEqual(before);
  });

  it("counts a username change apart from other profile edits", async () => {
    const me = await signedInUser();
    await spend("username_change", me.id);
    expect((await api("/api/profile", { method: "PATCH", cookie: me.cookie, body: { bio: "Still mine to edit" } })).status).toBe(200);
    // Sending the same username is no change.
    expect((await api("/api/profile", { method: "PATCH", cookie: me.cookie, body: { username: me.username, bio: "Again" } })).status).toBe(200);
  });
});

const OFFER = { title: "Mix and master two songs", description: "Stems included", price: "250.50", deliveryDays: 5 };

describe("custom offers", () => {
  const offerRows = (sellerId: string) => db().select().from(offers).where(eq(offers.sellerId, sellerId));
  const messagesBetween = (a: string, b: string) =>
    db()
      .select()
      .from(messages)
      .where(or(and(eq(messages.senderId, a), eq(messages.receiverId, b)), and(eq(messages.senderId, b), eq(messages.receiverId, a))));

  it("pass the content screen on their title and description: refused, logged, nothing written", async () => {
    const [seller, buyer] = [await signedInUser(), await signedInUser()];
    await payableInTestMode(seller.id);
    for (const change of [{ title: "Free crypto, click here" }, { description: "Pay at https://evil.example.com first" }]) {
      await expectError(await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, ...change, username: buyer.username } }), 400, "Content contains suspicious patterns");
    }
    expect(await offerRows(seller.id)).toEqual([]);
    expect(await messagesBetween(seller.id, buyer.id)).toEqual([]);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, seller.id), eq(securityEvents.eventType, "content_violation")));
    expect(events.map((e) => (e.details as { source?: string } | null)?.source)).toEqual(["offer", "offer"]);
  });

  it("count against the new-conversation budget when they open a conversation, not in an existing one", async () => {
    const [seller, stranger, client] = [await signedInUser(), await signedInUser(), await signedInUser()];
    await payableInTestMode(seller.id);
    await openConversationWith(client, seller.id);
    await spend("conversation_start", seller.id);
    await expectError(await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, username: stranger.username } }), 429);
    expect(await messagesBetween(seller.id, stranger.id)).toEqual([]);
    expect(await offerRows(seller.id)).toEqual([]);
    // A client already in conversation with the seller still gets offers.
    await json(await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, username: client.username } }), 201);
    expect(await messagesBetween(seller.id, client.id)).toHaveLength(1);
  });
});

describe("item names and mail subjects", () => {
  it("keeps service, product and offer names on one line", async () => {
    const seller = await signedInUser();
    await payableInTestMode(seller.id);
    const name = "Mixing\r\nBcc: everyone\n\u2028Now";
    const service = await json<{ name: string }>(await api("/api/services", { cookie: seller.cookie, body: { ...SERVICE_BODY, name } }), 201);
    expect(service.name).toBe("Mixing Bcc: everyone Now");
    const product = await json<{ name: string }>(await api("/api/products", { cookie: seller.cookie, body: { name, category: "beats", price: "19.99", type: "digital" } }), 201);
    expect(product.name).toBe("Mixing Bcc: everyone Now");
    const buyer = await signedInUser();
    const offer = await json<{ title: string }>(await api("/api/offers", { cookie: seller.cookie, body: { ...OFFER, title: name, username: buyer.username } }), 201);
    expect(offer.title).toBe("Mixing Bcc: everyone Now");
  });

  it("sends every subject on one line, whatever reaches the mailer (names stored before the rule)", async () => {
    const to = `${unique("mail")}@example.test`;
    await createMailer(env, db()).send({ to, subject: "Your receipt for Beat\r\nBcc: everyone@example.com\u2028\u0085x", text: "t", html: "<p>t</p>" });
    const [mail] = await outbox(to);
    expect(mail!.subject).toBe("Your receipt for Beat Bcc: everyone@example.com x");
  });
});
