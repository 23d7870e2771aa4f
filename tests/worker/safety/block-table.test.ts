// Block and mute on every route they touch (issue #27; DESIGN.md "Block" and "Mute"; decision
// record 0082): a table of route × relation, like the security table. For each row a fresh world:
// A owns a post (with A's own comment), a service, a product and a conversation with B; B is
// signed in and follows A. Then the relation between them is made through the API:
//   normal      nothing
//   muted       B muted A
//   blocked     B blocked A (B is the blocker)
//   blockedBy   A blocked B (B is the one blocked)
// Each cell says what B (the caller, or the one acted on) observes: status, text and whether A's
// content is in the answer; writes also say whether a row reached the database. A blocked caller
// must get exactly what a missing thing gets, so the texts are the areas' own "not found" texts.
import { and, count, eq, like, or } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CHECKOUT_TEXTS, MARKET_TEXTS, PAYMENTS_TEXTS, POST_ERRORS, PROFILE_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import { comments, conversations, follows, messages, offers, orders, postLikes } from "../../../worker/db/schema";
import type { CommentRoomServerMessage } from "@shared/realtime";
import { api, db, expectError, insertPost, insertPricedService, insertProduct, listen, signedInUser, type SignedInUser, unique } from "../helpers";

vi.setConfig({ testTimeout: 30_000 });

const RELATIONS = ["normal", "muted", "blocked", "blockedBy"] as const;
type Relation = (typeof RELATIONS)[number];

interface World {
  a: SignedInUser;
  b: SignedInUser;
  word: string;
  postId: string;
  commentId: string;
  serviceId: string;
  productId: string;
  conversationId: string;
}

async function world(relation: Relation): Promise<World> {
  const word = unique("w").toLowerCase();
  const [a, b] = await Promise.all([signedInUser({ bio: `bio ${word}` }), signedInUser()]);
  const postId = await insertPost(a.id, { caption: `A post about ${word}` });
  const comment = await api(`/api/posts/${postId}/comments`, { cookie: a.cookie, body: { content: `A comment by the author` } });
  const { id: commentId } = (await comment.json()) as { id: string };
  const [serviceId, productId] = await Promise.all([insertPricedService(a.id), insertProduct(a.id, { file: null })]);
  const opened = await api("/api/conversations", { cookie: a.cookie, body: { userId: b.id } });
  const { id: conversationId } = (await opened.json()) as { id: string };
  expect((await api(`/api/users/${a.id}/follow`, { method: "PUT", cookie: b.cookie, body: { following: true } })).status).toBe(200);
  if (relation === "muted") expect((await api(`/api/users/${a.id}/mute`, { method: "POST", cookie: b.cookie })).status).toBe(200);
  if (relation === "blocked") expect((await api(`/api/users/${a.id}/block`, { method: "POST", cookie: b.cookie })).status).toBe(200);
  if (relation === "blockedBy") expect((await api(`/api/users/${b.id}/block`, { method: "POST", cookie: a.cookie })).status).toBe(200);
  return { a, b, word, postId, commentId, serviceId, productId, conversationId };
}

/** What B observes: a status, the error text for a refusal, or whether A's thing is in the list. */
interface Cell {
  status: number;
  message?: string;
  /** For a list: A's item is in it (true) or not (false). */
  shows?: boolean;
  /** For a write: the row is in the database afterwards. */
  written?: boolean;
}

interface Row {
  name: string;
  run: (w: World) => Promise<Response>;
  /** Whether A's item is in the answer (for lists). */
  shows?: (w: World, body: unknown) => boolean;
  /** Whether the write reached the database. */
  written?: (w: World) => Promise<boolean>;
  expect: Record<Relation, Cell>;
}

const ok = (status: number, extra: Omit<Cell, "status"> = {}): Cell => ({ status, ...extra });
const hiddenBoth = (status: number, message: string, extra: Omit<Cell, "status" | "message"> = {}) => ({
  blocked: { status, message, ...extra },
  blockedBy: { status, message, ...extra },
});
const includesId = (id: string) => (body: unknown) => JSON.stringify(body).includes(id);

async function rows(query: PromiseLike<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

const TABLE: Row[] = [
  {
    name: "GET /api/users/:userId (A's profile)",
    run: (w) => api(`/api/users/${w.a.id}`, { cookie: w.b.cookie }),
    expect: { normal: ok(200), muted: ok(200), ...hiddenBoth(404, PROFILE_TEXTS.notFound) },
  },
  {
    name: "GET /api/posts/:postId (A's post)",
    run: (w) => api(`/api/posts/${w.postId}`, { cookie: w.b.cookie }),
    expect: { normal: ok(200), muted: ok(200), ...hiddenBoth(404, POST_ERRORS.postNotFound) },
  },
  {
    name: "GET /api/feed",
    run: (w) => api("/api/feed", { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.postId)(body),
    // A block also ended B's follow of A, so the feed would not carry A anyway; the filter is the
    // backstop (and the search row below proves it without a follow).
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/posts (all posts)",
    run: (w) => api("/api/posts?limit=50", { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.postId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/users/:userId/posts (A's posts tab)",
    run: (w) => api(`/api/users/${w.a.id}/posts`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.postId)(body),
    // Muting hides, it does not forbid: a muted account's own profile still shows its posts.
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: true }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/search/posts?q=",
    run: (w) => api(`/api/search/posts?q=${w.word}`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.postId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/search/users?q=",
    run: (w) => api(`/api/search/users?q=${w.word}`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.a.id)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/search/services",
    // Newest first without a query: A's service, made last, heads the list unless it is left out.
    run: (w) => api("/api/search/services", { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.serviceId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/posts/:postId/comments",
    run: (w) => api(`/api/posts/${w.postId}/comments`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.commentId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), ...hiddenBoth(404, POST_ERRORS.postNotFound) },
  },
  {
    name: "GET /api/posts/:postId/comments (reply count of C's thread where A replied)",
    // C's post and thread, so nothing of A's own is in the way; A's reply is the only one. The
    // count a thread shows is the replies the viewer can open (issue #27 gap 2).
    run: async (w) => {
      const c = await signedInUser();
      const post = await insertPost(c.id);
      const top = await api(`/api/posts/${post}/comments`, { cookie: c.cookie, body: { content: "C asks a question" } });
      const { id: threadId } = (await top.json()) as { id: string };
      expect((await api(`/api/posts/${post}/comments`, { cookie: w.a.cookie, body: { content: `A answers about ${w.word}`, parentId: threadId } })).status).toBe(201);
      return api(`/api/posts/${post}/comments`, { cookie: w.b.cookie });
    },
    shows: (_w, body) => {
      const [thread] = (body as { items: { replyCount: number; replies: unknown[] }[] }).items;
      expect(thread!.replyCount).toBe(thread!.replies.length);
      return thread!.replyCount === 1;
    },
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/posts/:postId/comments/live (B opens the live room of A's post)",
    run: async (w) => {
      const res = await api(`/api/posts/${w.postId}/comments/live`, { cookie: w.b.cookie, headers: { upgrade: "websocket" } });
      if (!res.webSocket) return res;
      // An opened socket (101, which cannot be cloned) is closed and reported as { upgraded: true }.
      res.webSocket.accept();
      res.webSocket.close(1000, "done");
      return Response.json({ upgraded: res.status === 101 });
    },
    shows: (_w, body) => (body as { upgraded?: boolean }).upgraded === true,
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: true }), ...hiddenBoth(404, POST_ERRORS.postNotFound) },
  },
  {
    name: "live comment.created of A's comment on C's post, to B's open socket",
    // What B's socket heard, as the answer: A comments, then C (the sentinel: the room sends in
    // the order the POSTs are answered, so once C's frame is in, A's would have been too).
    run: async (w) => {
      const c = await signedInUser();
      const post = await insertPost(c.id);
      const socket = await listen(post, w.b);
      expect((await api(`/api/posts/${post}/comments`, { cookie: w.a.cookie, body: { content: `Live from A about ${w.word}` } })).status).toBe(201);
      expect((await api(`/api/posts/${post}/comments`, { cookie: c.cookie, body: { content: "Sentinel from C" } })).status).toBe(201);
      await socket.next("comment.created", (m) => m.comment.content === "Sentinel from C");
      socket.close();
      return Response.json(socket.messages);
    },
    shows: (w, body) => (body as CommentRoomServerMessage[]).some((m) => m.type === "comment.created" && m.comment.userId === w.a.id),
    // Stored either way: the filter is on the frame, not the write.
    written: async (w) => (await rows(db().select({ n: count() }).from(comments).where(and(eq(comments.userId, w.a.id), like(comments.content, "Live from A%"))))) > 0,
    expect: {
      normal: ok(200, { shows: true, written: true }),
      muted: ok(200, { shows: false, written: true }),
      blocked: ok(200, { shows: false, written: true }),
      blockedBy: ok(200, { shows: false, written: true }),
    },
  },
  {
    name: "live comment.deleted of A's comment on C's post, to B's open socket",
    run: async (w) => {
      const c = await signedInUser();
      const post = await insertPost(c.id);
      const made = await api(`/api/posts/${post}/comments`, { cookie: w.a.cookie, body: { content: "A comment A deletes" } });
      const { id } = (await made.json()) as { id: string };
      const socket = await listen(post, w.b);
      expect((await api(`/api/comments/${id}`, { method: "DELETE", cookie: w.a.cookie })).status).toBe(200);
      expect((await api(`/api/posts/${post}/comments`, { cookie: c.cookie, body: { content: "Sentinel from C" } })).status).toBe(201);
      await socket.next("comment.created", (m) => m.comment.content === "Sentinel from C");
      socket.close();
      return Response.json(socket.messages);
    },
    shows: (_w, body) => (body as CommentRoomServerMessage[]).some((m) => m.type === "comment.deleted"),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "PUT /api/posts/:postId/like",
    run: (w) => api(`/api/posts/${w.postId}/like`, { method: "PUT", cookie: w.b.cookie, body: { liked: true } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(postLikes).where(and(eq(postLikes.postId, w.postId), eq(postLikes.userId, w.b.id))))) > 0,
    expect: { normal: ok(200, { written: true }), muted: ok(200, { written: true }), ...hiddenBoth(404, POST_ERRORS.postNotFound, { written: false }) },
  },
  {
    name: "POST /api/posts/:postId/comments",
    run: (w) => api(`/api/posts/${w.postId}/comments`, { cookie: w.b.cookie, body: { content: "Nice one" } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(comments).where(and(eq(comments.postId, w.postId), eq(comments.userId, w.b.id))))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(404, POST_ERRORS.postNotFound, { written: false }) },
  },
  {
    name: "PUT /api/users/:userId/follow (B follows A again)",
    run: async (w) => {
      await api(`/api/users/${w.a.id}/follow`, { method: "PUT", cookie: w.b.cookie, body: { following: false } });
      return api(`/api/users/${w.a.id}/follow`, { method: "PUT", cookie: w.b.cookie, body: { following: true } });
    },
    written: async (w) => (await rows(db().select({ n: count() }).from(follows).where(and(eq(follows.followerId, w.b.id), eq(follows.followingId, w.a.id))))) > 0,
    expect: { normal: ok(200, { written: true }), muted: ok(200, { written: true }), ...hiddenBoth(404, PROFILE_TEXTS.notFound, { written: false }) },
  },
  {
    name: "GET /api/users/:userId/follow",
    run: (w) => api(`/api/users/${w.a.id}/follow`, { cookie: w.b.cookie }),
    expect: { normal: ok(200), muted: ok(200), ...hiddenBoth(404, PROFILE_TEXTS.notFound) },
  },
  {
    name: "GET /api/services/:serviceId",
    run: (w) => api(`/api/services/${w.serviceId}`, { cookie: w.b.cookie }),
    expect: { normal: ok(200), muted: ok(200), ...hiddenBoth(404, MARKET_TEXTS.serviceNotFound) },
  },
  {
    name: "GET /api/products/:productId",
    run: (w) => api(`/api/products/${w.productId}`, { cookie: w.b.cookie }),
    expect: { normal: ok(200), muted: ok(200), ...hiddenBoth(404, MARKET_TEXTS.productNotFound) },
  },
  {
    name: "GET /api/users/:userId/services",
    run: (w) => api(`/api/users/${w.a.id}/services`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.serviceId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: true }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/users/:userId/products",
    run: (w) => api(`/api/users/${w.a.id}/products`, { cookie: w.b.cookie }),
    shows: (w, body) => includesId(w.productId)(body),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: true }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "POST /api/checkout/create-payment (B buys A's service)",
    run: (w) => api("/api/checkout/create-payment", { cookie: w.b.cookie, body: { itemType: "service", itemId: w.serviceId } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(orders).where(eq(orders.buyerId, w.b.id)))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(404, CHECKOUT_TEXTS.serviceNotFound, { written: false }) },
  },
  {
    name: "POST /api/checkout/create-embedded-payment (B buys A's product)",
    run: (w) => api("/api/checkout/create-embedded-payment", { cookie: w.b.cookie, body: { itemType: "product", itemId: w.productId } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(orders).where(eq(orders.buyerId, w.b.id)))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(404, CHECKOUT_TEXTS.productNotFound, { written: false }) },
  },
  {
    name: "POST /api/offers (A sends B a custom offer)",
    run: (w) =>
      api("/api/offers", { cookie: w.a.cookie, body: { username: w.b.username, title: "Mix of one song", description: "Stems in, mix out", price: "120", deliveryDays: 5 } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(offers).where(eq(offers.buyerId, w.b.id)))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(404, PAYMENTS_TEXTS.userNotFound, { written: false }) },
  },
  {
    name: "POST /api/conversations/:conversationId/messages (B writes in the existing conversation)",
    run: (w) => api(`/api/conversations/${w.conversationId}/messages`, { cookie: w.b.cookie, body: { content: "Hello again", clientId: crypto.randomUUID() } }),
    written: async (w) => (await rows(db().select({ n: count() }).from(messages).where(eq(messages.senderId, w.b.id)))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(403, SAFETY_TEXTS.cannotReply, { written: false }) },
  },
  {
    name: "POST /api/conversations (B starts a new conversation with A)",
    run: async (w) => {
      await db().delete(conversations).where(eq(conversations.id, w.conversationId));
      return api("/api/conversations", { cookie: w.b.cookie, body: { userId: w.a.id } });
    },
    written: async (w) =>
      (await rows(db().select({ n: count() }).from(conversations).where(or(eq(conversations.user1Id, w.b.id), eq(conversations.user2Id, w.b.id))))) > 0,
    expect: { normal: ok(201, { written: true }), muted: ok(201, { written: true }), ...hiddenBoth(404, PROFILE_TEXTS.notFound, { written: false }) },
  },
  {
    name: "GET /api/conversations/:conversationId (canReply)",
    run: (w) => api(`/api/conversations/${w.conversationId}`, { cookie: w.b.cookie }),
    shows: (_w, body) => (body as { canReply?: boolean }).canReply === true,
    // Still readable (it is B's own history), with the composer replaced by the neutral text.
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: true }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
  {
    name: "GET /api/activity (A's follow of B)",
    run: async (w) => {
      await api(`/api/users/${w.b.id}/follow`, { method: "PUT", cookie: w.a.cookie, body: { following: true } });
      return api("/api/activity", { cookie: w.b.cookie });
    },
    shows: (w, body) => (body as { items: { type: string; user: { userId: string } }[] }).items.some((i) => i.type === "follow" && i.user.userId === w.a.id),
    expect: { normal: ok(200, { shows: true }), muted: ok(200, { shows: false }), blocked: ok(200, { shows: false }), blockedBy: ok(200, { shows: false }) },
  },
];

describe.each(TABLE)("$name", (row) => {
  it.each(RELATIONS)("as %s", async (relation) => {
    const w = await world(relation);
    const expected = row.expect[relation];
    const res = await row.run(w);
    if (expected.message !== undefined) {
      const envelope = await expectError(res, expected.status, expected.message);
      // The refusal names nobody: neither the other user's handle nor the word "block".
      expect(JSON.stringify(envelope)).not.toMatch(/block/i);
      expect(JSON.stringify(envelope)).not.toContain(w.a.username);
    } else {
      expect(res.status, await res.clone().text()).toBe(expected.status);
    }
    if (expected.shows !== undefined && row.shows) expect(row.shows(w, await res.json())).toBe(expected.shows);
    if (expected.written !== undefined && row.written) expect(await row.written(w)).toBe(expected.written);
  });
});
