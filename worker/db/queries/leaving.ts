// Leaving (issue #27 items 5 and 6, decision record 0084): the deletion request, the deletion's
// bounded steps, and the rows a data export reads. Every delete here removes at most `limit`
// rows per statement, so a large account is deleted over many short statements (and, if a run
// stops half-way, the next run simply goes on: each step is "delete what is still there").
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import { exportNotificationQueries } from "./notification-settings";
import {
  blocks,
  mutedWords,
  mutes,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  reports,
  accountDeletions,
  activityReads,
  analyticsDaily,
  analyticsServiceDaily,
  authSessions,
  availabilityRules,
  bookmarks,
  comments,
  conversationReads,
  conversations,
  dataExports,
  emailTokens,
  follows,
  messages,
  offers,
  orderFiles,
  orders,
  orderVersions,
  payoutAccounts,
  portfolioItems,
  postLikes,
  posts,
  postViews,
  products,
  profiles,
  refreshTokens,
  retainedProductFiles,
  reviews,
  revisionNotes,
  securityEvents,
  services,
  uploads,
  userInteractions,
  userRecommendations,
  users,
} from "../schema";

// ---- The request -------------------------------------------------------------------------------

/** Order states that stop a deletion: money has moved and the order is not settled yet. */
const OPEN_ORDER_STATUSES = ["paid", "in_progress", "shipped", "delivered"] as const;

export interface OpenOrder {
  id: string;
  itemName: string;
  status: string;
  role: "buyer" | "seller";
}

/** The account's unsettled orders on either side (an open card dispute counts, whatever the state). */
export async function listOpenOrders(db: Db, userId: string): Promise<OpenOrder[]> {
  const rows = await db
    .select({ id: orders.id, itemName: orders.itemName, status: orders.status, buyerId: orders.buyerId })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        or(inArray(orders.status, [...OPEN_ORDER_STATUSES]), eq(orders.disputeStatus, "open")),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(20);
  return rows.map((row) => ({ id: row.id, itemName: row.itemName, status: row.status, role: row.buyerId === userId ? "buyer" : "seller" }));
}

/** Records (or renews) the request; a completed deletion is never reopened. */
export async function recordDeletionRequest(db: Db, userId: string, now: number): Promise<void> {
  await db
    .insert(accountDeletions)
    .values({ userId, requestedAt: now })
    .onConflictDoUpdate({ target: accountDeletions.userId, set: { requestedAt: now }, setWhere: isNull(accountDeletions.completedAt) });
}

/** Withdraws the account's open custom offers either way, so none can be paid while it is being deleted. */
export async function withdrawOpenOffers(db: Db, userId: string): Promise<void> {
  await db
    .update(offers)
    .set({ status: "withdrawn" })
    .where(and(eq(offers.status, "open"), or(eq(offers.sellerId, userId), eq(offers.buyerId, userId))));
}

/** Cancels a pending request (a sign-in during the grace period); true when there was one. */
export async function cancelDeletionRequest(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.completedAt)))
    .returning({ userId: accountDeletions.userId });
  return removed.length > 0;
}

/** Requests whose grace period ended before `before` and whose deletion has not finished (account_deletions_due_idx). */
export async function listDueDeletions(db: Db, before: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.completedAt), lte(accountDeletions.requestedAt, before)))
    .orderBy(asc(accountDeletions.requestedAt))
    .limit(limit);
  return rows.map((row) => row.userId);
}

// ---- The deletion's steps ----------------------------------------------------------------------

/** Deletes up to `limit` rows of `table` matching `where` (every table here has a rowid); returns how many. */
async function deleteSome(db: Db, table: SQLiteTable, where: SQL, limit: number): Promise<number> {
  const result = await db.run(sql`delete from ${table} where rowid in (select rowid from ${table} where ${where} limit ${limit})`);
  return result.meta.changes ?? 0;
}

/**
 * The account's rows that go with it, one table per entry, in an order where nothing deleted
 * later is needed by something deleted earlier. Posts and products are not here: their stored
 * objects go first (see the service), then the rows.
 */
export function accountRowSteps(userId: string): { name: string; table: SQLiteTable; where: SQL }[] {
  return [
    { name: "comments", table: comments, where: eq(comments.userId, userId) },
    { name: "post_likes", table: postLikes, where: eq(postLikes.userId, userId) },
    { name: "bookmarks", table: bookmarks, where: eq(bookmarks.userId, userId) },
    { name: "follows", table: follows, where: or(eq(follows.followerId, userId), eq(follows.followingId, userId))! },
    { name: "portfolio_items", table: portfolioItems, where: eq(portfolioItems.userId, userId) },
    { name: "services", table: services, where: eq(services.userId, userId) },
    { name: "analytics_service_daily", table: analyticsServiceDaily, where: eq(analyticsServiceDaily.userId, userId) },
    { name: "analytics_daily", table: analyticsDaily, where: eq(analyticsDaily.userId, userId) },
    { name: "user_interactions", table: userInteractions, where: or(eq(userInteractions.userId, userId), eq(userInteractions.targetUserId, userId))! },
    {
      name: "user_recommendations",
      table: userRecommendations,
      where: or(eq(userRecommendations.userId, userId), eq(userRecommendations.recommendedUserId, userId))!,
    },
    { name: "activity_reads", table: activityReads, where: eq(activityReads.userId, userId) },
    { name: "conversation_reads", table: conversationReads, where: eq(conversationReads.userId, userId) },
    // Notifications (issue #30). The users row stays, so nothing cascades: the account's devices
    // (already gone with its sessions when it asked, unless one registered since), its settings
    // and the events recorded for it (their sends go with them by cascade). Events it caused for
    // others go too: they carry its name for pushes and digests not yet sent.
    { name: "push_subscriptions", table: pushSubscriptions, where: eq(pushSubscriptions.userId, userId) },
    { name: "notification_preferences", table: notificationPreferences, where: eq(notificationPreferences.userId, userId) },
    { name: "notifications", table: notifications, where: eq(notifications.userId, userId) },
    { name: "notifications_caused", table: notifications, where: eq(notifications.actorId, userId) },
    { name: "availability_rules", table: availabilityRules, where: eq(availabilityRules.userId, userId) },
    { name: "uploads", table: uploads, where: eq(uploads.userId, userId) },
    { name: "post_views", table: postViews, where: eq(postViews.userId, userId) },
    // Revision notes the account drafted and never sent: nobody else ever saw them. Sent notes are
    // part of their order's history and stay with it, as the history's notes do (decision record
    // 0091). Found through the account's purchases (orders_buyer_created_idx, then
    // revision_notes_order_requested_idx): only an order's buyer writes notes.
    {
      name: "revision_note_drafts",
      table: revisionNotes,
      where: and(isNull(revisionNotes.requestedAt), sql`${revisionNotes.orderId} in (select ${orders.id} from ${orders} where ${orders.buyerId} = ${userId})`)!,
    },
    // The words the account wrote about others' work; reviews others wrote about its work stay.
    { name: "reviews_written", table: reviews, where: eq(reviews.buyerId, userId) },
    { name: "payout_accounts", table: payoutAccounts, where: eq(payoutAccounts.userId, userId) },
    { name: "email_tokens", table: emailTokens, where: eq(emailTokens.userId, userId) },
    { name: "refresh_tokens", table: refreshTokens, where: eq(refreshTokens.userId, userId) },
    { name: "auth_sessions", table: authSessions, where: eq(authSessions.userId, userId) },
    { name: "security_events", table: securityEvents, where: eq(securityEvents.userId, userId) },
    { name: "data_exports", table: dataExports, where: eq(dataExports.userId, userId) },
    // Reports the account made go with it; open reports about it have nothing left to review.
    // Resolved reports about it and the moderation audit log stay (decision record 0083).
    // The users row stays (anonymised), so its blocks, mutes and muted words go by hand (decision record 0082).
    { name: "blocks", table: blocks, where: or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))! },
    { name: "mutes", table: mutes, where: or(eq(mutes.muterId, userId), eq(mutes.mutedId, userId))! },
    { name: "muted_words", table: mutedWords, where: eq(mutedWords.userId, userId) },
    { name: "reports_made", table: reports, where: eq(reports.reporterId, userId) },
    { name: "reports_open_about", table: reports, where: and(eq(reports.targetUserId, userId), eq(reports.status, "open"))! },
  ];
}

/** One bounded delete of an accountRowSteps entry; returns how many rows went. */
export function deleteAccountRows(db: Db, step: { table: SQLiteTable; where: SQL }, limit: number): Promise<number> {
  return deleteSome(db, step.table, step.where, limit);
}

/** The next `limit` of the account's posts with their stored objects. */
export function listPostMedia(db: Db, userId: string, limit: number) {
  return db
    .select({ id: posts.id, mediaKey: posts.mediaKey, thumbnailKey: posts.thumbnailKey })
    .from(posts)
    .where(eq(posts.userId, userId))
    .limit(limit);
}

export async function deletePostRows(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(posts).where(and(eq(posts.userId, userId), inArray(posts.id, ids)));
}

/** The next `limit` of the account's products, whole rows (the service decides what each file needs). */
export function listProducts(db: Db, userId: string, limit: number) {
  return db.select().from(products).where(eq(products.userId, userId)).limit(limit);
}

/** The private files orders or kept-file rows still point at, among `keys`: these survive the deletion. */
export async function privateKeysStillNeeded(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [kept, ordered] = await db.batch([
    db.select({ key: retainedProductFiles.fileKey }).from(retainedProductFiles).where(inArray(retainedProductFiles.fileKey, keys)),
    db.select({ key: orders.fileKey }).from(orders).where(inArray(orders.fileKey, keys)),
  ]);
  return new Set([...kept, ...ordered].map((row) => row.key).filter((key): key is string => key !== null));
}

/**
 * The last step: the profile becomes a placeholder named `displayName` (so the messages and
 * orders that still point at it read "Deleted user"), the address and credentials are dropped so
 * the email can sign up again, and the request is marked done. One batch: all or nothing.
 */
export async function anonymiseAccount(db: Db, userId: string, input: { displayName: string; now: number }): Promise<void> {
  await db.batch([
    db
      .update(profiles)
      .set({
        // New searched texts: the rank class is computed again (decision record 0095).
        searchTier: null,
        username: `deleted-${userId.replaceAll("-", "")}`,
        displayName: input.displayName,
        avatarUrl: null,
        bio: null,
        profession: null,
        location: null,
        verified: false,
        websiteUrl: null,
        skills: [],
        phone: null,
        yearsExperience: null,
        hourlyRateCents: null,
        onboardedAt: input.now,
      })
      .where(eq(profiles.userId, userId)),
    db
      .update(users)
      .set({ email: `deleted-${userId.toLowerCase()}@deleted.invalid`, emailVerifiedAt: null, passwordHash: null, googleSub: null })
      .where(eq(users.id, userId)),
    db.update(accountDeletions).set({ completedAt: input.now }).where(eq(accountDeletions.userId, userId)),
  ]);
}

// ---- Data exports ------------------------------------------------------------------------------

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertDataExport(db: Db, userId: string, now: number): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId, createdAt: now }).returning();
  return row!;
}

export async function getDataExport(db: Db, id: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row ?? null;
}

export async function latestDataExport(db: Db, userId: string): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** Exports still waiting to be prepared, oldest first (data_exports_status_created_idx). */
export async function listRequestedExports(db: Db, limit: number): Promise<DataExportRow[]> {
  return db.select().from(dataExports).where(eq(dataExports.status, "requested")).orderBy(asc(dataExports.createdAt)).limit(limit);
}

/** Marks a requested export ready; false when another run got there first (then its mail went out already). */
export async function markExportReady(db: Db, id: string, input: { fileKey: string; sizeBytes: number; now: number; expiresAt: number }): Promise<boolean> {
  const updated = await db
    .update(dataExports)
    .set({ status: "ready", fileKey: input.fileKey, sizeBytes: input.sizeBytes, readyAt: input.now, expiresAt: input.expiresAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, "requested")))
    .returning({ id: dataExports.id });
  return updated.length > 0;
}

/** Ready exports past their expiry whose file is still stored. */
export async function listExpiredExportFiles(db: Db, now: number, limit: number): Promise<{ id: string; fileKey: string }[]> {
  const rows = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, now), isNotNull(dataExports.fileKey)))
    .limit(limit);
  return rows.filter((row): row is { id: string; fileKey: string } => row.fileKey !== null);
}

/** The row stays (settings says "expired"); only the file's key goes, once the object is deleted. */
export async function forgetExportFile(db: Db, id: string): Promise<void> {
  await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, id));
}

export async function markExportFailed(db: Db, id: string): Promise<void> {
  await db.update(dataExports).set({ status: "failed" }).where(and(eq(dataExports.id, id), eq(dataExports.status, "requested")));
}

/** Everything one account's export holds, read in one batch. Only the account's own rows, and of others only their public names. */
export async function readExportRows(db: Db, userId: string) {
  const mine = or(eq(orders.buyerId, userId), eq(orders.sellerId, userId));
  const [
    account,
    profile,
    ownPosts,
    ownComments,
    following,
    followers,
    convs,
    msgs,
    buyerOrders,
    sellerOrders,
    reviewsWritten,
    reviewsReceived,
    events,
    ownServices,
    ownProducts,
    portfolio,
    versions,
    notes,
    notificationPreferenceRows,
    pushDevices,
    notificationEvents,
  ] = await db.batch([
      db.select({ id: users.id, email: users.email, createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)),
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db
        .select({
          id: posts.id,
          contentType: posts.contentType,
          mediaKey: posts.mediaKey,
          thumbnailKey: posts.thumbnailKey,
          caption: posts.caption,
          location: posts.location,
          tags: posts.tags,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .where(eq(posts.userId, userId))
        .orderBy(asc(posts.createdAt)),
      db
        .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId, content: comments.content, createdAt: comments.createdAt, atMs: comments.atMs })
        .from(comments)
        .where(eq(comments.userId, userId))
        .orderBy(asc(comments.createdAt)),
      db
        .select({ username: profiles.username, since: follows.createdAt })
        .from(follows)
        .innerJoin(profiles, eq(profiles.userId, follows.followingId))
        .where(eq(follows.followerId, userId)),
      db
        .select({ username: profiles.username, since: follows.createdAt })
        .from(follows)
        .innerJoin(profiles, eq(profiles.userId, follows.followerId))
        .where(eq(follows.followingId, userId)),
      db
        .select({ id: conversations.id, user1Id: conversations.user1Id, user2Id: conversations.user2Id, createdAt: conversations.createdAt })
        .from(conversations)
        .where(or(eq(conversations.user1Id, userId), eq(conversations.user2Id, userId))),
      db
        .select({
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          content: messages.content,
          messageType: messages.messageType,
          createdAt: messages.createdAt,
          seq: messages.seq,
        })
        .from(messages)
        // Every message the account sent, hidden or not (its own words), and those it received
        // unless moderation hid them: someone else's hidden content is not its to take along (0083).
        .where(or(eq(messages.senderId, userId), and(eq(messages.receiverId, userId), isNull(messages.hiddenAt))))
        .orderBy(asc(messages.conversationId), asc(messages.seq)),
      orderRows(db, "buyer", userId),
      orderRows(db, "seller", userId),
      db
        .select({ orderId: reviews.orderId, itemName: reviews.itemName, rating: reviews.rating, content: reviews.content, answer: reviews.answer, createdAt: reviews.createdAt })
        .from(reviews)
        .where(eq(reviews.buyerId, userId)),
      db
        .select({ orderId: reviews.orderId, itemName: reviews.itemName, rating: reviews.rating, content: reviews.content, answer: reviews.answer, createdAt: reviews.createdAt })
        .from(reviews)
        .where(eq(reviews.sellerId, userId)),
      db
        .select({
          eventType: securityEvents.eventType,
          severity: securityEvents.severity,
          details: securityEvents.details,
          ipAddress: securityEvents.ipAddress,
          userAgent: securityEvents.userAgent,
          count: securityEvents.count,
          createdAt: securityEvents.createdAt,
        })
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(asc(securityEvents.createdAt)),
      db.select().from(services).where(eq(services.userId, userId)),
      db.select().from(products).where(eq(products.userId, userId)),
      db
        .select({ postId: portfolioItems.postId, position: portfolioItems.position, title: portfolioItems.title, note: portfolioItems.note })
        .from(portfolioItems)
        .where(eq(portfolioItems.userId, userId))
        .orderBy(asc(portfolioItems.position)),
      // The audio versions and revision notes of the account's orders, either side (decision
      // record 0091); the service keeps what each side may see.
      db
        .select({ version: orderVersions, fileName: orderFiles.name, fileSize: orderFiles.size, buyerId: orders.buyerId })
        .from(orderVersions)
        .innerJoin(orders, eq(orders.id, orderVersions.orderId))
        .leftJoin(orderFiles, eq(orderFiles.id, orderVersions.fileId))
        .where(mine)
        .orderBy(asc(orderVersions.orderId), asc(orderVersions.number)),
      db
        .select({ note: revisionNotes, buyerId: orders.buyerId })
        .from(revisionNotes)
        .innerJoin(orders, eq(orders.id, revisionNotes.orderId))
        .where(mine)
        .orderBy(asc(revisionNotes.orderId), asc(revisionNotes.createdAt), asc(revisionNotes.id)),
      ...exportNotificationQueries(db, userId),
    ]);
  return {
    account: account[0] ?? null,
    profile: profile[0] ?? null,
    posts: ownPosts,
    comments: ownComments,
    following,
    followers,
    conversations: convs,
    messages: msgs,
    orders: [...buyerOrders.map((row) => ({ ...row, role: "buyer" as const })), ...sellerOrders.map((row) => ({ ...row, role: "seller" as const }))],
    reviewsWritten,
    reviewsReceived,
    securityEvents: events,
    services: ownServices,
    products: ownProducts,
    portfolio,
    versions,
    notes,
    notificationPreferences: notificationPreferenceRows[0] ?? null,
    pushDevices,
    notificationEvents,
  };
}

/** One side's orders with the other party's public name (never their email). */
function orderRows(db: Db, side: "buyer" | "seller", userId: string) {
  const mine = side === "buyer" ? orders.buyerId : orders.sellerId;
  const theirs = side === "buyer" ? orders.sellerId : orders.buyerId;
  return db
    .select({
      id: orders.id,
      itemType: orders.itemType,
      itemName: orders.itemName,
      packageLabel: orders.packageLabel,
      priceCents: orders.priceCents,
      feeCents: orders.feeCents,
      totalCents: orders.totalCents,
      currency: orders.currency,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      otherParty: profiles.username,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, theirs))
    .where(eq(mine, userId))
    .orderBy(asc(orders.createdAt));
}

/** Public names of the given users, for the export's conversations. */
export async function publicNames(db: Db, userIds: string[]): Promise<Map<string, { username: string; displayName: string }>> {
  const names = new Map<string, { username: string; displayName: string }>();
  // D1 binds at most 100 parameters per statement: ask in slices.
  for (let start = 0; start < userIds.length; start += 90) {
    const rows = await db
      .select({ userId: profiles.userId, username: profiles.username, displayName: profiles.displayName })
      .from(profiles)
      .where(inArray(profiles.userId, userIds.slice(start, start + 90)));
    for (const row of rows) names.set(row.userId, { username: row.username, displayName: row.displayName });
  }
  return names;
}
