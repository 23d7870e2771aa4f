// Reports and moderation (issue #27 items 3 and 4; decision record 0083): what a reporter, the
// reported account, other people and a moderator see, and what the database holds afterwards.
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityFeed } from "@shared/messaging-api";
import type { ModerationActionResult, ModerationQueue, ReportReceipt } from "@shared/moderation-api";
import { authSessions, comments, moderationActions, orders, payoutAccounts, posts, reports, users } from "../../../worker/db/schema";
import {
  api,
  createUser,
  db,
  expectError,
  insertPricedService,
  insertProduct,
  json,
  openConversationWith,
  payableInTestMode,
  sentMessage,
  signedInUser,
  signedInUserWithPost,
  signIn,
  type SignedInUser,
} from "../helpers";

vi.setConfig({ testTimeout: 30_000 });

const report = (who: { cookie: string }, body: unknown) => api("/api/reports", { cookie: who.cookie, body });
const act = (who: { cookie: string }, body: unknown) => api("/api/moderation/actions", { cookie: who.cookie, body });

/** The moderator role, written straight into D1 as `npm run moderator -- grant` does: never through the API. */
async function signedInModerator(): Promise<SignedInUser> {
  const user = await createUser();
  await db().update(users).set({ role: "moderator" }).where(eq(users.id, user.id));
  return { ...user, ...(await signIn(user.email, user.password)) };
}

async function reportsOn(targetId: string) {
  return db().select().from(reports).where(eq(reports.targetId, targetId)).orderBy(reports.createdAt);
}

async function postHiddenAt(postId: string): Promise<number | null> {
  const [row] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, postId));
  return row!.hiddenAt;
}

describe("POST /api/reports", () => {
  let owner: SignedInUser & { postId: string };
  let reporter: SignedInUser;
  beforeEach(async () => {
    owner = await signedInUserWithPost();
    reporter = await signedInUser();
  });

  it("files a report whose owner the server resolves, and answers a repeat with the open one", async () => {
    // A forged owner in the body is not part of the contract and changes nothing.
    const first = await json<ReportReceipt>(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "spam", targetUserId: reporter.id }), 201);
    expect(first).toMatchObject({ targetType: "post", targetId: owner.postId, reason: "spam", status: "open" });
    const again = await json<ReportReceipt>(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "scam" }), 200);
    expect(again.id).toBe(first.id);
    const rows = await reportsOn(owner.postId);
    expect(rows.map((row) => [row.reporterId, row.targetUserId, row.reason, row.status])).toEqual([[reporter.id, owner.id, "spam", "open"]]);
  });

  it("refuses bad input with our words and writes nothing", async () => {
    await expectError(await report(reporter, { targetType: "post", targetId: owner.postId }), 400, "Please choose a reason");
    await expectError(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "other" }), 400, "Please tell us what is wrong");
    await expectError(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "other", details: "   " }), 400, "Please tell us what is wrong");
    await expectError(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "other", details: "x".repeat(501) }), 400, "Details must be 500 characters or less");
    await expectError(await report(reporter, { targetType: "order", targetId: owner.postId, reason: "spam" }), 400, "This content cannot be reported");
    expect(await reportsOn(owner.postId)).toEqual([]);
    const withWords = await json<ReportReceipt>(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "other", details: "  Stolen artwork  " }), 201);
    const [row] = await reportsOn(owner.postId);
    expect([row!.id, row!.reason, row!.details]).toEqual([withWords.id, "other", "Stolen artwork"]);
  });

  it("refuses one's own content, missing content and a message sent to someone else", async () => {
    await expectError(await report(owner, { targetType: "post", targetId: owner.postId, reason: "spam" }), 400, "You cannot report your own content");
    await expectError(await report(owner, { targetType: "profile", targetId: owner.id, reason: "spam" }), 400, "You cannot report your own content");
    await expectError(await report(reporter, { targetType: "post", targetId: crypto.randomUUID(), reason: "spam" }), 404, "This content is no longer available");

    const conversationId = await openConversationWith(owner, reporter.id);
    const message = await sentMessage(owner, conversationId, "Buy my followers package");
    const outsider = await signedInUser();
    await expectError(await report(outsider, { targetType: "message", targetId: message.id, reason: "spam" }), 404, "This content is no longer available");
    await expectError(await report(owner, { targetType: "message", targetId: message.id, reason: "spam" }), 400, "You cannot report your own content");
    expect(await reportsOn(owner.postId)).toEqual([]);
    expect(await reportsOn(message.id)).toEqual([]);
    // The person it was sent to can report it.
    await json(await report(reporter, { targetType: "message", targetId: message.id, reason: "spam" }), 201);
    expect((await reportsOn(message.id)).map((row) => row.targetUserId)).toEqual([owner.id]);
  });

  it("hides content reported by three distinct accounts, never by one account reporting again", async () => {
    const follower = await signedInUser();
    await api(`/api/users/${owner.id}/follow`, { method: "PUT", cookie: follower.cookie, body: { following: true } });

    await json(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "spam" }), 201);
    await json(await report(reporter, { targetType: "post", targetId: owner.postId, reason: "spam" }), 200);
    await json(await report(await signedInUser(), { targetType: "post", targetId: owner.postId, reason: "harassment" }), 201);
    expect(await postHiddenAt(owner.postId)).toBeNull();
    expect((await api(`/api/posts/${owner.postId}`)).status).toBe(200);

    await json(await report(await signedInUser(), { targetType: "post", targetId: owner.postId, reason: "scam" }), 201);
    expect(await postHiddenAt(owner.postId)).toEqual(expect.any(Number));
    // Missing to visitors, to others and in a follower's feed; its owner still sees it.
    await expectError(await api(`/api/posts/${owner.postId}`), 404);
    await expectError(await api(`/api/posts/${owner.postId}`, { cookie: follower.cookie }), 404);
    const feed = await json<{ items: { id: string }[] }>(await api("/api/feed", { cookie: follower.cookie }), 200);
    expect(feed.items.map((post) => post.id)).not.toContain(owner.postId);
    const userPosts = await json<{ items: { id: string }[] }>(await api(`/api/users/${owner.id}/posts`), 200);
    expect(userPosts.items).toEqual([]);
    expect((await json<{ id: string }>(await api(`/api/posts/${owner.postId}`, { cookie: owner.cookie }), 200)).id).toBe(owner.postId);
    // Hidden content cannot be reported further.
    await expectError(await report(await signedInUser(), { targetType: "post", targetId: owner.postId, reason: "spam" }), 404, "This content is no longer available");
    expect(await reportsOn(owner.postId)).toHaveLength(3);
  });
});

describe("moderation", () => {
  it("is open to moderators only, and no route grants the role", async () => {
    const member = await signedInUser();
    await expectError(await api("/api/moderation/queue", { cookie: member.cookie }), 404, "Not found");
    // Neither the profile form nor sign-up takes a role.
    await api("/api/profile", { method: "PATCH", cookie: member.cookie, body: { bio: "Hi", role: "moderator" } });
    const email = `newcomer${crypto.randomUUID().slice(0, 8)}@example.test`;
    const signUp = await api("/api/auth/sign-up", { body: { email, password: "Tuning-Fork-42!", username: `newcomer${Date.now() % 100000}`, displayName: "New Comer", role: "moderator" } });
    expect(signUp.status).toBe(201);
    const roles = await db().select({ email: users.email, role: users.role }).from(users).where(inArray(users.email, [member.email, email]));
    expect(roles.map((row) => row.role)).toEqual(["member", "member"]);
    await expectError(await api("/api/moderation/queue", { cookie: member.cookie }), 404, "Not found");
    const session = await json<{ user: { isModerator: boolean } }>(await api("/api/auth/session", { cookie: member.cookie }), 200);
    expect(session.user.isModerator).toBe(false);
    const moderator = await signedInModerator();
    expect((await json<{ user: { isModerator: boolean } }>(await api("/api/auth/session", { cookie: moderator.cookie }), 200)).user.isModerator).toBe(true);
  });

  it("shows open reports grouped by target, with the content and the account's history", async () => {
    const moderator = await signedInModerator();
    const owner = await signedInUserWithPost();
    await db().update(posts).set({ caption: "Cheap plays, DM me" }).where(eq(posts.id, owner.postId));
    const [c, d] = [await signedInUser(), await signedInUser()];
    await json(await report(c, { targetType: "post", targetId: owner.postId, reason: "spam" }), 201);
    await json(await report(d, { targetType: "post", targetId: owner.postId, reason: "other", details: "Sells fake streams" }), 201);
    await json(await report(c, { targetType: "profile", targetId: owner.id, reason: "impersonation" }), 201);

    const queue = await json<ModerationQueue>(await api("/api/moderation/queue", { cookie: moderator.cookie }), 200);
    const mine = queue.items.filter((item) => item.account.userId === owner.id);
    expect(mine.map((item) => [item.targetType, item.targetId, item.reporterCount])).toEqual([
      ["post", owner.postId, 2],
      ["profile", owner.id, 1],
    ]);
    const post = mine[0]!;
    expect(post.content).toMatchObject({ text: "Cheap plays, DM me", path: `/post/${owner.postId}`, hiddenAt: null });
    expect(post.reports.map((r) => [r.reason, r.details])).toEqual([
      ["spam", null],
      ["other", "Sells fake streams"],
    ]);
    expect(post.account).toMatchObject({ username: owner.username, reportCount: 3, suspendedAt: null, earlierActions: [] });
    expect(post.account.joinedAt).toBeGreaterThan(0);
    // The queue never names the reporters.
    expect(JSON.stringify(queue)).not.toContain(c.id);
  });

  it("hides content, resolves its reports, logs the action and tells each reporter in /activity", async () => {
    const moderator = await signedInModerator();
    const owner = await signedInUserWithPost();
    const [c, d] = [await signedInUser(), await signedInUser()];
    for (const who of [c, d]) await json(await report(who, { targetType: "post", targetId: owner.postId, reason: "harassment" }), 201);

    const result = await json<ModerationActionResult>(await act(moderator, { targetType: "post", targetId: owner.postId, action: "hide", note: "Targets a person" }), 200);
    expect(result).toEqual({ action: "hide", targetType: "post", targetId: owner.postId, resolvedReports: 2 });
    expect(await postHiddenAt(owner.postId)).toEqual(expect.any(Number));
    await expectError(await api(`/api/posts/${owner.postId}`, { cookie: c.cookie }), 404);
    expect((await reportsOn(owner.postId)).map((row) => [row.status, row.outcome])).toEqual([
      ["resolved", "action"],
      ["resolved", "action"],
    ]);
    const log = await db().select().from(moderationActions).where(eq(moderationActions.targetId, owner.postId));
    expect(log.map((row) => [row.moderatorId, row.action, row.targetType, row.targetUserId, row.note])).toEqual([[moderator.id, "hide", "post", owner.id, "Targets a person"]]);

    const feed = await json<ActivityFeed>(await api("/api/activity", { cookie: c.cookie }), 200);
    const outcome = feed.items.find((item) => item.type === "report");
    expect(outcome).toMatchObject({ content: "Thanks — we reviewed your report and took action", isRead: false, user: { userId: c.id } });
    // The reporter marks it read; another account cannot.
    await expectError(await api(`/api/activity/${outcome!.id}/read`, { method: "PUT", cookie: d.cookie }), 404);
    await json(await api(`/api/activity/${outcome!.id}/read`, { method: "PUT", cookie: c.cookie }), 200);
    // The reported account sees nothing of the sort.
    const ownerFeed = await json<ActivityFeed>(await api("/api/activity", { cookie: owner.cookie }), 200);
    expect(ownerFeed.items.filter((item) => item.type === "report")).toEqual([]);
    // The queue is empty of it, and the account's history shows the action.
    await json(await report(c, { targetType: "profile", targetId: owner.id, reason: "spam" }), 201);
    const queue = await json<ModerationQueue>(await api("/api/moderation/queue", { cookie: moderator.cookie }), 200);
    const mine = queue.items.filter((item) => item.account.userId === owner.id);
    expect(mine.map((item) => item.targetType)).toEqual(["profile"]);
    expect(mine[0]!.account.earlierActions).toMatchObject([{ action: "hide", targetType: "post", note: "Targets a person" }]);
  });

  it("a hidden reply leaves its thread's reply count with it, for its author too, and comes back on restore", async () => {
    const moderator = await signedInModerator();
    const owner = await signedInUserWithPost();
    const [replier, reader] = [await signedInUser(), await signedInUser()];
    const thread = await json<{ id: string }>(await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content: "Top comment" } }), 201);
    const kept = await json<{ id: string }>(await api(`/api/posts/${owner.postId}/comments`, { cookie: reader.cookie, body: { content: "A kept reply", parentId: thread.id } }), 201);
    const hidden = await json<{ id: string }>(await api(`/api/posts/${owner.postId}/comments`, { cookie: replier.cookie, body: { content: "A reply to hide", parentId: thread.id } }), 201);
    await json(await act(moderator, { targetType: "comment", targetId: hidden.id, action: "hide" }), 200);

    type Page = { items: { id: string; replyCount: number; replies: { id: string }[]; repliesCursor: string | null }[] };
    const threadAs = async (who: { cookie: string } | null) => {
      const page = await json<Page>(await api(`/api/posts/${owner.postId}/comments`, who ? { cookie: who.cookie } : {}), 200);
      return page.items.find((item) => item.id === thread.id)!;
    };
    // Everyone, the hidden reply's author included, is promised exactly the replies they can open.
    for (const who of [null, reader, replier, owner]) {
      const seen = await threadAs(who);
      expect(seen.replyCount).toBe(1);
      expect(seen.replies.map((r) => r.id)).toEqual([kept.id]);
      expect(seen.repliesCursor).toBeNull();
    }
    // The row is still there, only hidden.
    const [row] = await db().select({ hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, hidden.id));
    expect(row!.hiddenAt).toEqual(expect.any(Number));

    await json(await act(moderator, { targetType: "comment", targetId: hidden.id, action: "restore" }), 200);
    expect((await threadAs(reader)).replyCount).toBe(2);
  });

  it("dismisses: content hidden pending review comes back and reporters hear no violation was found", async () => {
    const moderator = await signedInModerator();
    const owner = await signedInUserWithPost();
    const reporters = [await signedInUser(), await signedInUser(), await signedInUser()];
    for (const who of reporters) await json(await report(who, { targetType: "post", targetId: owner.postId, reason: "spam" }), 201);
    expect(await postHiddenAt(owner.postId)).not.toBeNull();

    await json(await act(moderator, { targetType: "post", targetId: owner.postId, action: "dismiss" }), 200);
    expect(await postHiddenAt(owner.postId)).toBeNull();
    expect((await api(`/api/posts/${owner.postId}`)).status).toBe(200);
    expect((await reportsOn(owner.postId)).map((row) => row.outcome)).toEqual(["no_violation", "no_violation", "no_violation"]);
    const feed = await json<ActivityFeed>(await api("/api/activity", { cookie: reporters[0]!.cookie }), 200);
    expect(feed.items.filter((item) => item.type === "report").map((item) => item.content)).toEqual(["Thanks — we reviewed your report and found no violation"]);
    // Restore does not apply to a profile; nothing is logged for a refusal.
    await json(await report(reporters[0]!, { targetType: "profile", targetId: owner.id, reason: "spam" }), 201);
    await expectError(await act(moderator, { targetType: "profile", targetId: owner.id, action: "restore" }), 400, "This action does not apply to this content");
    await expectError(await act(moderator, { targetType: "post", targetId: crypto.randomUUID(), action: "hide" }), 404, "This content is no longer available");
    const log = await db().select().from(moderationActions).where(eq(moderationActions.targetUserId, owner.id));
    expect(log.map((row) => row.action)).toEqual(["dismiss"]);
  });

  it("a hidden service cannot be bought, even through a kept link, and no order is written", async () => {
    const moderator = await signedInModerator();
    const seller = await signedInUser();
    const serviceId = await insertPricedService(seller.id);
    const buyer = await signedInUser();
    await json(await act(moderator, { targetType: "service", targetId: serviceId, action: "hide" }), 200);
    await expectError(await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } }), 404, "Service not found");
    expect(await db().select().from(orders).where(eq(orders.buyerId, buyer.id))).toEqual([]);
    // Restored, it sells again.
    await json(await act(moderator, { targetType: "service", targetId: serviceId, action: "restore" }), 200);
    expect((await api("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId } })).status).toBe(201);
  });

  it("suspends: sessions revoked, sign-in refused, posts, listings and profile hidden, payouts untouched; unsuspend undoes it", async () => {
    const moderator = await signedInModerator();
    const owner = await signedInUserWithPost();
    await payableInTestMode(owner.id);
    const productId = await insertProduct(owner.id);
    const payoutBefore = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
    const c = await signedInUser();
    await json(await report(c, { targetType: "profile", targetId: owner.id, reason: "scam" }), 201);

    await json(await act(moderator, { targetType: "profile", targetId: owner.id, action: "suspend", note: "Scam wave" }), 200);
    const [account] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, owner.id));
    expect(account!.suspendedAt).toEqual(expect.any(Number));
    const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, owner.id));
    expect(sessions.map((row) => [row.revokedAt !== null, row.revokeReason])).toEqual([[true, "suspension"]]);
    await expectError(await api("/api/profile", { cookie: owner.cookie }), 401);
    await expectError(await api("/api/auth/sign-in", { body: { email: owner.email, password: owner.password } }), 403, "This account has been suspended. If you think this is a mistake, contact support.");
    // A wrong password still hears the ordinary refusal: the suspension is said only to the owner.
    await expectError(await api("/api/auth/sign-in", { body: { email: owner.email, password: "Wrong-Password-1!" } }), 400);

    await expectError(await api(`/api/posts/${owner.postId}`, { cookie: c.cookie }), 404);
    await expectError(await api(`/api/users/${owner.id}`, { cookie: c.cookie }), 404);
    await expectError(await api(`/api/products/${productId}`, { cookie: c.cookie }), 404);
    expect((await json<{ items: unknown[] }>(await api(`/api/users/${owner.id}/products`), 200)).items).toEqual([]);
    // Nor can it be bought through a link kept from before, and no order is written.
    await expectError(await api("/api/checkout/create-payment", { cookie: c.cookie, body: { itemType: "product", itemId: productId } }), 404, "Product not found");
    expect(await db().select().from(orders).where(eq(orders.buyerId, c.id))).toEqual([]);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id))).toEqual(payoutBefore);
    // The post itself is not marked hidden: lifting the suspension brings everything back.
    expect(await postHiddenAt(owner.postId)).toBeNull();

    await json(await act(moderator, { targetType: "profile", targetId: owner.id, action: "unsuspend" }), 200);
    await signIn(owner.email, owner.password);
    expect((await api(`/api/posts/${owner.postId}`, { cookie: c.cookie })).status).toBe(200);
    expect((await api(`/api/users/${owner.id}`)).status).toBe(200);
    expect((await api(`/api/products/${productId}`)).status).toBe(200);
    const log = await db().select().from(moderationActions).where(eq(moderationActions.targetUserId, owner.id));
    expect(log.map((row) => [row.action, row.note]).sort()).toEqual([
      ["suspend", "Scam wave"],
      ["unsuspend", null],
    ]);
  });

  it("refuses a moderator suspending their own account", async () => {
    const moderator = await signedInModerator();
    await expectError(await act(moderator, { targetType: "profile", targetId: moderator.id, action: "suspend" }), 400, "This action does not apply to this content");
    const [row] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, moderator.id));
    expect(row!.suspendedAt).toBeNull();
  });
});
