// Delete my account (issue #27 item 5, decision record 0084): the password is re-entered, open
// orders refuse, every session ends at once, signing in during the grace period cancels, and the
// daily job then deletes the content (rows and R2 objects) while messages and orders stay with
// "Deleted user", after which the address can sign up again.
import { env } from "cloudflare:test";
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "@shared/constants";
import { app } from "../../../worker/app";
import { insertMessage, openConversation } from "../../../worker/db/queries/conversations";
import {
  blocks,
  mutedWords,
  mutes,
  reports,
  accountDeletions,
  authSessions,
  bookmarks,
  comments,
  follows,
  messages,
  orders,
  postLikes,
  posts,
  products,
  profiles,
  retainedProductFiles,
  reviews,
  securityEvents,
  services,
  users,
} from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { deleteAccountNow, deleteDueAccounts, DELETION_GRACE_MS } from "../../../worker/services/leaving";
import {
  api,
  apiRequest,
  createUser,
  db,
  expectError,
  insertCompletedReview,
  insertOrder,
  insertPost,
  insertProduct,
  insertService,
  json,
  mailedToken,
  setCookies,
  signedInUser,
  signIn,
  type SignedInUser,
} from "../helpers";

const cronCtx = (now = Date.now()) => ({ env, db: db(), log: logger, now });

function requestDeletion(user: SignedInUser, password = user.password) {
  return api("/api/account/delete", { cookie: user.cookie, body: { password } });
}

async function deletionRow(userId: string) {
  const [row] = await db().select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
  return row ?? null;
}

async function liveSessions(userId: string) {
  return (await db().select().from(authSessions).where(eq(authSessions.userId, userId))).filter((s) => s.revokedAt === null);
}

/** A user with content of every kind, stored objects included, and a stranger who interacted with it. */
async function populatedUser() {
  const user = await signedInUser();
  const other = await createUser();
  const postId = await insertPost(user.id);
  const mediaKey = `post-images/${user.id}/${postId}.jpg`;
  await env.MEDIA.put(mediaKey, "image bytes");
  const avatarKey = `avatars/${user.id}/avatar.jpg`;
  await env.MEDIA.put(avatarKey, "avatar bytes");
  await db().update(profiles).set({ avatarUrl: `/media/${avatarKey}`, bio: "My bio", phone: "+49 30 1234" }).where(eq(profiles.userId, user.id));
  const otherPostId = await insertPost(other.id);
  await db().insert(comments).values({ postId: otherPostId, userId: user.id, content: "My comment" });
  await db().insert(postLikes).values({ postId: otherPostId, userId: user.id });
  await db().insert(bookmarks).values({ postId: otherPostId, userId: user.id });
  await db().insert(follows).values([
    { followerId: user.id, followingId: other.id },
    { followerId: other.id, followingId: user.id },
  ]);
  const serviceId = await insertService(user.id, { name: "Mixing" });
  // A product nobody bought (image and file go) and one a completed order still downloads (file kept).
  const unsoldId = await insertProduct(user.id);
  const imageKey = `product-images/${user.id}/${unsoldId}.png`;
  await env.MEDIA.put(imageKey, "png");
  await db().update(products).set({ imageKey }).where(eq(products.id, unsoldId));
  const [unsold] = await db().select().from(products).where(eq(products.id, unsoldId));
  const soldId = await insertProduct(user.id);
  const [sold] = await db().select().from(products).where(eq(products.id, soldId));
  const soldOrderId = await insertOrder({ buyerId: other.id, sellerId: user.id, itemType: "product", itemId: soldId, productType: "digital", fileKey: sold!.fileKey, status: "completed" });
  // A completed purchase of theirs, reviewed by them; and a review of their work by someone else.
  const boughtOrderId = await insertOrder({ buyerId: user.id, sellerId: other.id, status: "completed" });
  await db().insert(reviews).values({ orderId: boughtOrderId, buyerId: user.id, sellerId: other.id, itemType: "service", itemId: serviceId, itemName: "Mixing", rating: 4, content: "My review" });
  const receivedReviewId = await insertCompletedReview({ buyerId: other.id, sellerId: user.id });
  const conversation = await openConversation(db(), user.id, other.id);
  const { message } = await insertMessage(db(), { conversationId: conversation.id, senderId: user.id, receiverId: other.id, clientId: crypto.randomUUID(), content: "Hello from me" });
  return { user, other, postId, mediaKey, avatarKey, imageKey, unsoldFileKey: unsold!.fileKey!, soldFileKey: sold!.fileKey!, soldOrderId, boughtOrderId, receivedReviewId, messageId: message.id, serviceId };
}

describe("POST /api/account/delete", () => {
  it("refuses a wrong password with nothing recorded and the sessions untouched", async () => {
    const user = await signedInUser();
    await expectError(await requestDeletion(user, "Not-The-Password-1!"), 403, "Incorrect password");
    expect(await deletionRow(user.id)).toBeNull();
    expect(await liveSessions(user.id)).toHaveLength(1);
    expect((await api("/api/auth/session", { cookie: user.cookie }).then((r) => r.json())) as { user: unknown }).toMatchObject({ user: { id: user.id } });
  });

  it("refuses while an order is open on either side, listing it, and records nothing", async () => {
    const seller = await signedInUser();
    const buyer = await signedInUser();
    await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "in_progress" });
    const sellerRefusal = await expectError(await requestDeletion(seller), 409);
    expect(sellerRefusal.error.message).toContain("Inserted item (sold, in progress)");
    const buyerRefusal = await expectError(await requestDeletion(buyer), 409);
    expect(buyerRefusal.error.message).toContain("Inserted item (bought, in progress)");
    expect(await deletionRow(seller.id)).toBeNull();
    expect(await deletionRow(buyer.id)).toBeNull();
    expect(await liveSessions(seller.id)).toHaveLength(1);
  });

  it("does not count a pending payment, or a settled order, as open", async () => {
    const user = await signedInUser();
    const other = await createUser();
    await insertOrder({ buyerId: user.id, sellerId: other.id, status: "pending" });
    await insertOrder({ buyerId: other.id, sellerId: user.id, status: "completed" });
    await insertOrder({ buyerId: other.id, sellerId: user.id, status: "refunded" });
    await json(await requestDeletion(user), 200);
    expect(await deletionRow(user.id)).not.toBeNull();
  });

  it("points a Google-only account to Google, or to setting a password where Google sign-in is not configured", async () => {
    const user = await createUser();
    const session = await signIn(user.email, user.password);
    await db().update(users).set({ passwordHash: null, googleSub: `google-${user.id}` }).where(eq(users.id, user.id));
    // The Google confirmation itself: tests/worker/account/google-reauth.test.ts.
    await expectError(await api("/api/account/delete", { cookie: session.cookie, body: { password: "anything" } }), 403, "Your account has no password. Confirm with Google instead.");
    const withoutGoogle = { ...env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await app.fetch(apiRequest("/api/account/delete", { cookie: session.cookie, body: { password: "anything" } }), withoutGoogle, ctx);
    await expectError(res, 403, "Set a password first: use “Forgot password?” on the sign-in page, then try again.");
    expect(await deletionRow(user.id)).toBeNull();
  });

  it("records the request and ends every session at once, clearing this device's cookies", async () => {
    const user = await signedInUser();
    const second = await signIn(user.email, user.password);
    const res = await requestDeletion(user);
    await json(res, 200);
    expect(setCookies(res).bl_access).toBe("");
    expect(await deletionRow(user.id)).toMatchObject({ userId: user.id, completedAt: null });
    expect(await liveSessions(user.id)).toEqual([]);
    // Both devices are signed out: the old cookies no longer reach anything.
    for (const cookie of [user.cookie, second.cookie]) {
      expect(await api("/api/account/export", { cookie }).then((r) => r.status)).toBe(401);
    }
    // The content is still there during the grace period.
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(1);
  });

  it("is cancelled by signing in during the grace period, and the sign-in answer says so", async () => {
    const user = await signedInUser();
    await json(await requestDeletion(user), 200);
    const again = await signIn(user.email, user.password);
    expect(await again.res.json()).toMatchObject({ user: { id: user.id }, deletionCancelled: true });
    expect(await deletionRow(user.id)).toBeNull();
    // Nothing is deleted by the job after the grace period.
    await deleteDueAccounts(cronCtx(Date.now() + DELETION_GRACE_MS + DAY_MS));
    expect(await db().select().from(users).where(eq(users.id, user.id))).toMatchObject([{ email: user.email }]);
    // An ordinary sign-in says nothing was cancelled.
    expect(await (await signIn(user.email, user.password)).res.json()).toMatchObject({ deletionCancelled: false });
  });
});

describe("the deletion after the grace period", () => {
  it("waits out the grace period", async () => {
    const user = await signedInUser();
    await json(await requestDeletion(user), 200);
    await deleteDueAccounts(cronCtx(Date.now() + DELETION_GRACE_MS - DAY_MS));
    expect(await deletionRow(user.id)).toMatchObject({ completedAt: null });
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id))).toMatchObject([{ username: user.username }]);
  });

  it("deletes the content and stored objects, keeps messages and orders under Deleted user, and frees the address", async () => {
    const f = await populatedUser();
    // A report the account made, an open one about it and a resolved one about it (decision record 0083).
    const now = Date.now();
    const report = (reporterId: string, targetUserId: string, status: "open" | "resolved") => ({
      id: crypto.randomUUID(),
      reporterId,
      targetType: "profile" as const,
      targetId: targetUserId,
      targetUserId,
      reason: "spam" as const,
      status,
      createdAt: now,
    });
    const made = report(f.user.id, f.other.id, "open");
    const openAbout = report(f.other.id, f.user.id, "open");
    const resolvedAbout = report(f.other.id, f.user.id, "resolved");
    await db().insert(reports).values([made, openAbout, resolvedAbout]);
    await db().insert(blocks).values({ blockerId: f.other.id, blockedId: f.user.id, createdAt: now });
    await db().insert(mutes).values({ muterId: f.user.id, mutedId: f.other.id, createdAt: now });
    await db().insert(mutedWords).values({ id: crypto.randomUUID(), userId: f.user.id, word: "encore", createdAt: now });
    await json(await requestDeletion(f.user), 200);
    const result = await deleteDueAccounts(cronCtx(Date.now() + DELETION_GRACE_MS + 1000));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const id = f.user.id;

    // Gone: rows…
    expect(await db().select().from(posts).where(eq(posts.userId, id))).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.userId, id))).toEqual([]);
    expect(await db().select().from(postLikes).where(eq(postLikes.userId, id))).toEqual([]);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, id))).toEqual([]);
    expect(await db().select().from(follows).where(or(eq(follows.followerId, id), eq(follows.followingId, id)))).toEqual([]);
    expect(await db().select().from(services).where(eq(services.userId, id))).toEqual([]);
    expect(await db().select().from(products).where(eq(products.userId, id))).toEqual([]);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, id))).toEqual([]);
    expect(await db().select().from(securityEvents).where(eq(securityEvents.userId, id))).toEqual([]);
    expect(await db().select().from(reviews).where(eq(reviews.buyerId, id))).toEqual([]);
    expect(await db().select().from(blocks).where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id)))).toEqual([]);
    expect(await db().select().from(mutes).where(or(eq(mutes.muterId, id), eq(mutes.mutedId, id)))).toEqual([]);
    expect(await db().select().from(mutedWords).where(eq(mutedWords.userId, id))).toEqual([]);
    expect((await db().select({ id: reports.id }).from(reports).where(inArray(reports.id, [made.id, openAbout.id, resolvedAbout.id]))).map((r) => r.id)).toEqual([resolvedAbout.id]);
    // …and objects.
    expect(await env.MEDIA.head(f.mediaKey)).toBeNull();
    expect(await env.MEDIA.head(f.avatarKey)).toBeNull();
    expect(await env.MEDIA.head(f.imageKey)).toBeNull();
    expect(await env.PRIVATE_FILES.head(f.unsoldFileKey)).toBeNull();
    expect((await env.MEDIA.list({ prefix: `post-images/${id}/` })).objects).toEqual([]);

    // Kept: the file a completed order downloads, for its buyer (decision record 0035).
    expect(await env.PRIVATE_FILES.head(f.soldFileKey)).not.toBeNull();
    expect(await db().select().from(retainedProductFiles).where(eq(retainedProductFiles.fileKey, f.soldFileKey))).toHaveLength(1);
    // Orders with amounts and the other party; the review the other person wrote.
    const kept = await db().select().from(orders).where(or(eq(orders.id, f.soldOrderId), eq(orders.id, f.boughtOrderId)));
    expect(kept).toHaveLength(2);
    expect(kept.find((o) => o.id === f.soldOrderId)).toMatchObject({ buyerId: f.other.id, sellerId: id, totalCents: 10_500, status: "completed" });
    expect(await db().select().from(reviews).where(eq(reviews.id, f.receivedReviewId))).toHaveLength(1);
    // The message stays; its sender reads "Deleted user", with no personal data left on the profile.
    expect(await db().select().from(messages).where(eq(messages.id, f.messageId))).toMatchObject([{ senderId: id, content: "Hello from me" }]);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(profile).toMatchObject({ displayName: "Deleted user", avatarUrl: null, bio: null, phone: null });
    expect(profile!.username).not.toBe(f.user.username);
    const [account] = await db().select().from(users).where(eq(users.id, id));
    expect(account).toMatchObject({ passwordHash: null, googleSub: null });
    expect(account!.email).not.toBe(f.user.email);
    expect(await deletionRow(id)).toMatchObject({ completedAt: expect.any(Number) });

    // The other person's own things are untouched.
    expect(await db().select().from(users).where(eq(users.id, f.other.id))).toHaveLength(1);
    expect(await db().select().from(posts).where(eq(posts.userId, f.other.id))).toHaveLength(1);

    // The old credentials no longer sign in, and the address signs up anew.
    await expectError(await api("/api/auth/sign-in", { body: { email: f.user.email, password: f.user.password } }), 400);
    expect((await api("/api/auth/sign-up", { body: { email: f.user.email, password: "Fresh-Start-Pass-9!", username: `again${id.slice(0, 8)}`, displayName: "Again" } })).status).toBe(201);
    await mailedToken(f.user.email, "confirm");
    const [fresh] = await db().select().from(users).where(eq(users.email, f.user.email));
    expect(fresh!.id).not.toBe(id);
  });

  it("waits while an order paid during the grace period is open, then goes on once it settles", async () => {
    const user = await signedInUser();
    const buyer = await createUser();
    await json(await requestDeletion(user), 200);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: user.id, status: "paid" });
    const later = cronCtx(Date.now() + DELETION_GRACE_MS + 1000);
    expect(await deleteAccountNow(later, user.id)).toBe("postponed");
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id))).toMatchObject([{ username: user.username }]);
    await db().update(orders).set({ status: "completed" }).where(eq(orders.id, orderId));
    expect(await deleteAccountNow(later, user.id)).toBe("deleted");
  });

  it("is idempotent: a second run after a finished deletion changes nothing and fails nothing", async () => {
    const f = await populatedUser();
    await json(await requestDeletion(f.user), 200);
    const later = cronCtx(Date.now() + DELETION_GRACE_MS + 1000);
    expect(await deleteAccountNow(later, f.user.id)).toBe("deleted");
    const [before] = await db().select().from(users).where(eq(users.id, f.user.id));
    expect(await deleteAccountNow(later, f.user.id)).toBe("deleted");
    const [after] = await db().select().from(users).where(eq(users.id, f.user.id));
    expect(after).toMatchObject({ email: before!.email, passwordHash: null });
    expect(await db().select().from(orders).where(eq(orders.id, f.soldOrderId))).toHaveLength(1);
    expect(await env.PRIVATE_FILES.head(f.soldFileKey)).not.toBeNull();
  });
});
