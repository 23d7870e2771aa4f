// Download my data (issue #27 item 6, decision record 0084): a request is recorded and limited,
// prepared in the background into PRIVATE_FILES, mailed as a link that only the signed-in owner
// can use, and answers 410 once it expired. The file holds every section of the owner's data and
// nothing private of anyone else.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DataExportState } from "@shared/leaving-api";
import { insertMessage, openConversation } from "../../../worker/db/queries/conversations";
import { comments, dataExports, follows, profiles, reviews } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { prepareRequestedExports } from "../../../worker/services/leaving";
import { logSecurityEvent } from "../../../worker/services/security-events";
import { api, createUser, db, expectError, insertOrder, insertPost, json, outbox, signedInUser, type SignedInUser } from "../helpers";

const cronCtx = (now = Date.now()) => ({ env, db: db(), log: logger, now, origin: "http://localhost" });

/** Asks for an export and runs the 15-minute job as the cron would, until it is ready; its id. */
async function readyExport(user: SignedInUser): Promise<string> {
  const requested = await json<DataExportState>(await api("/api/account/export", { method: "POST", cookie: user.cookie }), 202);
  expect(requested.status).toBe("requested");
  const id = (requested as { id: string }).id;
  // Nothing is prepared before the job runs.
  expect(await db().select().from(dataExports).where(eq(dataExports.id, id))).toMatchObject([{ status: "requested", fileKey: null }]);
  expect(await outbox(user.email)).toEqual([]);
  await prepareRequestedExports(cronCtx());
  expect(await db().select().from(dataExports).where(eq(dataExports.id, id))).toMatchObject([{ status: "ready" }]);
  return id;
}

async function download(user: SignedInUser, id: string) {
  return api(`/api/account/export/${id}`, { cookie: user.cookie });
}

describe("data export", () => {
  it("holds every section of the owner's data, media as links, and nothing private of the other party", async () => {
    const user = await signedInUser();
    const other = await createUser({ bio: "Other's bio" });
    await db().update(profiles).set({ phone: "+1 555 0101" }).where(eq(profiles.userId, user.id));
    await db().update(profiles).set({ phone: "+1 555 0199" }).where(eq(profiles.userId, other.id));
    const postId = await insertPost(user.id, { caption: "My first track" });
    const otherPost = await insertPost(other.id, { caption: "Their post" });
    await db().insert(comments).values([
      { postId: otherPost, userId: user.id, content: "My comment" },
      { postId: postId, userId: other.id, content: "Their comment on mine" },
    ]);
    await db().insert(follows).values({ followerId: user.id, followingId: other.id });
    const conversation = await openConversation(db(), user.id, other.id);
    await insertMessage(db(), { conversationId: conversation.id, senderId: user.id, receiverId: other.id, clientId: crypto.randomUUID(), content: "Mine to them" });
    await insertMessage(db(), { conversationId: conversation.id, senderId: other.id, receiverId: user.id, clientId: crypto.randomUUID(), content: "Theirs to me" });
    // A conversation of two other people must not appear.
    const third = await createUser();
    const foreign = await openConversation(db(), other.id, third.id);
    await insertMessage(db(), { conversationId: foreign.id, senderId: other.id, receiverId: third.id, clientId: crypto.randomUUID(), content: "Not for the export" });
    const orderId = await insertOrder({ buyerId: user.id, sellerId: other.id, status: "completed" });
    await db().insert(reviews).values({ orderId, buyerId: user.id, sellerId: other.id, itemType: "service", itemId: crypto.randomUUID(), itemName: "Mixing", rating: 5, content: "Great mix" });
    await logSecurityEvent(db(), { userId: user.id, eventType: "sign_in", severity: "low", details: { action: "sign_in" } });

    const id = await readyExport(user);
    // The link went out by mail.
    const [mail] = await outbox(user.email);
    expect(mail!.text).toContain(`/api/account/export/${id}`);

    const res = await download(user, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="backline-data-\d{4}-\d{2}-\d{2}\.json"/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      account: { email: string };
      profile: { phone: string };
      posts: { caption: string; mediaUrl: string }[];
      comments: { content: string }[];
      follows: { following: { username: string }[] };
      conversations: { with: { username: string }; messages: { fromMe: boolean; content: string }[] }[];
      orders: { id: string; role: string; totalCents: number; otherParty: string }[];
      reviews: { written: { content: string }[] };
      securityEvents: { eventType: string }[];
    };
    for (const section of ["account", "profile", "posts", "comments", "follows", "conversations", "orders", "reviews", "securityEvents"]) {
      expect(data, section).toHaveProperty(section);
    }
    expect(data.account.email).toBe(user.email);
    expect(data.profile.phone).toBe("+1 555 0101");
    expect(data.posts).toEqual([expect.objectContaining({ caption: "My first track", mediaUrl: `http://localhost/media/post-images/${user.id}/${postId}.jpg` })]);
    expect(data.comments.map((c) => c.content)).toEqual(["My comment"]);
    expect(data.follows.following.map((f) => f.username)).toEqual([other.username]);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.with.username).toBe(other.username);
    expect(data.conversations[0]!.messages.map((m) => [m.fromMe, m.content])).toEqual([
      [true, "Mine to them"],
      [false, "Theirs to me"],
    ]);
    expect(data.orders).toEqual([expect.objectContaining({ id: orderId, role: "buyer", totalCents: 10_500, otherParty: other.username })]);
    expect(data.reviews.written.map((r) => r.content)).toEqual(["Great mix"]);
    expect(data.securityEvents.map((e) => e.eventType)).toContain("sign_in");
    // Nothing private of anyone else: not their address, phone, bio, post or the conversation they had with a third person.
    for (const secret of [other.email, "+1 555 0199", "Other's bio", "Their post", "Not for the export", third.email, "Their comment on mine"]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("is limited to one request a day", async () => {
    const user = await signedInUser();
    await readyExport(user);
    await expectError(await api("/api/account/export", { method: "POST", cookie: user.cookie }), 429);
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, user.id))).toHaveLength(1);
  });

  it("shows its state: none, then ready with its expiry", async () => {
    const user = await signedInUser();
    expect(await json<DataExportState>(await api("/api/account/export", { cookie: user.cookie }), 200)).toEqual({ status: "none" });
    const id = await readyExport(user);
    expect(await json<DataExportState>(await api("/api/account/export", { cookie: user.cookie }), 200)).toMatchObject({ status: "ready", id, expiresAt: expect.any(Number) });
  });

  it("downloads for its owner only: another user and a visitor get nothing", async () => {
    const user = await signedInUser();
    const stranger = await signedInUser();
    const id = await readyExport(user);
    await expectError(await download(stranger, id), 404, "Export not found");
    await expectError(await api(`/api/account/export/${id}`), 401);
    await expectError(await api(`/api/account/export/${crypto.randomUUID()}`, { cookie: user.cookie }), 404, "Export not found");
    await expectError(await api("/api/account/export/not-an-id", { cookie: user.cookie }), 404, "Export not found");
  });

  it("answers 410 once the link expired, and the cron removes the expired file", async () => {
    const user = await signedInUser();
    const id = await readyExport(user);
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, id));
    expect(await env.PRIVATE_FILES.head(row!.fileKey!)).not.toBeNull();
    await db().update(dataExports).set({ expiresAt: Date.now() - 1000 }).where(eq(dataExports.id, id));
    await expectError(await download(user, id), 410, "This download link has expired. Request a new copy from your settings.");
    expect(await json<DataExportState>(await api("/api/account/export", { cookie: user.cookie }), 200)).toMatchObject({ status: "expired", id });
    await prepareRequestedExports(cronCtx());
    expect(await env.PRIVATE_FILES.head(row!.fileKey!)).toBeNull();
    expect(await db().select().from(dataExports).where(eq(dataExports.id, id))).toMatchObject([{ fileKey: null, status: "ready" }]);
    await expectError(await download(user, id), 410);
  });
});
