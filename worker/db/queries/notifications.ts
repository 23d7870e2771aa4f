// The notifications pipeline's queries (issue #30; decision record 0096): the events the queue
// consumer recorded, the devices a push goes to and the pushes already made, the rows quiet hours
// held, the digest's unread messages, and the retention of all of it. Plain functions of a Db,
// called by the consumer (worker/services/notifications/consumer.ts) and the crons.
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { ACTIVE_DEVICE_MS } from "@shared/notifications-api";
import type { Db } from "../client";
import { newId } from "../ids";
import { conversationReads, messages, notificationPreferences, notifications, notificationSends, profiles, pushSubscriptions, users } from "../schema";
import { accountPresent } from "./visibility";

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationStatus = NotificationRow["status"];
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A row that a flush may push now: waiting for its collapse window, or held by quiet hours that have ended. */
function due(now: number) {
  return or(eq(notifications.status, "pending"), and(eq(notifications.status, "held"), lte(notifications.heldUntil, now)));
}

// ---------------------------------------------------------------------------------------------
// Recording an event

export interface NewNotification {
  userId: string;
  eventKey: string;
  type: string;
  category: string;
  actorId: string | null;
  path: string;
  params: string;
  collapseKey: string;
  createdAt: number;
}

/**
 * Records the event once per recipient and key (notifications_event_unique): a replayed job finds
 * the row the first delivery stored. Returns the row and whether this call created it. An actor
 * whose account is gone by now is stored as null (the foreign key would refuse the id).
 */
export async function recordNotification(db: Db, input: NewNotification): Promise<{ row: NotificationRow; created: boolean } | null> {
  const actorId = input.actorId ? sql<string | null>`(select au.id from users au where au.id = ${input.actorId})` : sql<string | null>`null`;
  // INSERT … SELECT names every column in the table's order; selecting from users stores nothing
  // for a recipient whose account is gone.
  const insert = db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          userId: users.id,
          eventKey: sql<string>`${input.eventKey}`.as("event_key"),
          type: sql<string>`${input.type}`.as("type"),
          category: sql<string>`${input.category}`.as("category"),
          actorId: actorId.as("actor_id"),
          path: sql<string>`${input.path}`.as("path"),
          params: sql<string>`${input.params}`.as("params"),
          collapseKey: sql<string>`${input.collapseKey}`.as("collapse_key"),
          status: sql<NotificationStatus>`'pending'`.as("status"),
          heldUntil: sql<number | null>`null`.as("held_until"),
          pushedAt: sql<number | null>`null`.as("pushed_at"),
          emailedAt: sql<number | null>`null`.as("emailed_at"),
          createdAt: sql<number>`${input.createdAt}`.as("created_at"),
        })
        .from(users)
        .where(eq(users.id, input.userId)),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  const [inserted, rows] = await db.batch([
    insert,
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, input.userId), eq(notifications.eventKey, input.eventKey)))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) return null;
  return { row, created: inserted.some((created) => created.id === row.id) };
}

// ---------------------------------------------------------------------------------------------
// Who may notify whom (worker/services/notifications/rules.ts reads these)

export interface AudienceFacts {
  /** The recipient is suspended or deleted (or no longer exists). */
  recipientGone: boolean;
  /** The actor's account is suspended or deleted. */
  actorGone: boolean;
  /** A block either way between the two. */
  blocked: boolean;
  /** The recipient muted the actor. */
  muted: boolean;
}

/** The facts behind mayNotify, in one statement of primary-key probes. */
export function audienceFactsQuery(db: Db, recipientId: string, actorId: string | null) {
  const recipient = sql`${recipientId}`;
  const actor = sql`${actorId}`;
  return db
    .select({
      recipientGone: sql<number>`not exists(select 1 from users ru where ru.id = ${recipient}) or not (${accountPresent(recipient)})`,
      actorGone: actorId ? sql<number>`not exists(select 1 from users au where au.id = ${actor}) or not (${accountPresent(actor)})` : sql<number>`0`,
      blocked: actorId
        ? sql<number>`exists(select 1 from blocks bk where bk.blocker_id = ${recipient} and bk.blocked_id = ${actor}) or exists(select 1 from blocks bk where bk.blocker_id = ${actor} and bk.blocked_id = ${recipient})`
        : sql<number>`0`,
      muted: actorId ? sql<number>`exists(select 1 from mutes mt where mt.muter_id = ${recipient} and mt.muted_id = ${actor})` : sql<number>`0`,
    })
    .from(sql`(select 1)`);
}

export function toAudienceFacts(row: { recipientGone: number; actorGone: number; blocked: number; muted: number } | undefined): AudienceFacts {
  // No answer at all reads as "gone": nothing is sent on a doubt.
  if (!row) return { recipientGone: true, actorGone: false, blocked: false, muted: false };
  return { recipientGone: Boolean(row.recipientGone), actorGone: Boolean(row.actorGone), blocked: Boolean(row.blocked), muted: Boolean(row.muted) };
}

/** The person's stored choices (no row: the defaults) and when their last digest went out. */
export function preferenceQuery(db: Db, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
}

/** Every push device of the person, most recently seen first. */
export function devicesQuery(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.lastSeenAt));
}

/** A device counts as active when it registered again within ACTIVE_DEVICE_MS (each app start does). */
export function isActiveDevice(device: Pick<PushSubscriptionRow, "lastSeenAt">, now: number): boolean {
  return device.lastSeenAt >= now - ACTIVE_DEVICE_MS;
}

/** The recipient's address, for mail. */
export function recipientQuery(db: Db, userId: string) {
  return db.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
}

/** Names and avatars of the people a push or a mail names. */
export async function peopleNames(db: Db, userIds: readonly string[]): Promise<Map<string, { displayName: string | null; username: string | null; avatarUrl: string | null }>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, { displayName: string | null; username: string | null; avatarUrl: string | null }>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ userId: profiles.userId, displayName: profiles.displayName, username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(inArray(profiles.userId, ids.slice(i, i + 90)));
    for (const row of rows) out.set(row.userId, row);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A row's life

/** Moves a row that is still `from` on; false when something else moved it first. */
export async function moveNotification(
  db: Db,
  input: { id: string; from: readonly NotificationStatus[]; to: NotificationStatus; heldUntil?: number | null; pushedAt?: number | null },
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ status: input.to, ...(input.heldUntil !== undefined ? { heldUntil: input.heldUntil } : {}), ...(input.pushedAt !== undefined ? { pushedAt: input.pushedAt } : {}) })
    .where(and(eq(notifications.id, input.id), inArray(notifications.status, [...input.from])))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Whether this pending row is the oldest pending one of its (recipient, collapse key): the one
 * whose consumer schedules the window's flush. Decided by (created_at, id), so of two events
 * recorded at once by two consumers exactly one is first, whichever looks first.
 */
export async function isFirstPending(db: Db, row: Pick<NotificationRow, "id" | "userId" | "collapseKey" | "createdAt">): Promise<boolean> {
  const older = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, row.userId),
        eq(notifications.collapseKey, row.collapseKey),
        eq(notifications.status, "pending"),
        or(lt(notifications.createdAt, row.createdAt), and(eq(notifications.createdAt, row.createdAt), lt(notifications.id, row.id))),
      ),
    )
    .limit(1);
  return older.length === 0;
}

/** The rows of one (recipient, collapse key) a flush may push now, newest first (at most `limit`). */
export function dueRows(db: Db, input: { userId: string; collapseKey: string; now: number; limit: number }): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, input.userId), eq(notifications.collapseKey, input.collapseKey), due(input.now)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit);
}

/** Marks due rows skipped (the actor blocked or muted since, the push turned off, no device). */
export async function skipDue(db: Db, ids: readonly string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ status: "skipped" })
    .where(and(inArray(notifications.id, [...ids]), due(now)));
}

/** Holds due rows until quiet hours end. */
export async function holdDue(db: Db, ids: readonly string[], input: { now: number; until: number }): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ status: "held", heldUntil: input.until })
    .where(and(inArray(notifications.id, [...ids]), due(input.now)));
}

/**
 * Claims a burst for one push, in one transaction: the lead becomes 'sent', the rest 'collapsed'
 * (both with pushed_at). Only rows still due are taken, so two flushes racing for one key push
 * once. Returns the rows this call claimed (the lead first), or nothing when another flush won.
 */
export async function claimBurst(db: Db, input: { leadId: string; otherIds: readonly string[]; now: number }): Promise<{ lead: NotificationRow | null; collapsed: string[] }> {
  const lead = db
    .update(notifications)
    .set({ status: "sent", pushedAt: input.now, heldUntil: null })
    .where(and(eq(notifications.id, input.leadId), due(input.now)))
    .returning();
  if (input.otherIds.length === 0) {
    const [claimed] = await lead;
    return { lead: claimed ?? null, collapsed: [] };
  }
  const others = db
    .update(notifications)
    .set({ status: "collapsed", pushedAt: input.now, heldUntil: null })
    .where(
      and(
        inArray(notifications.id, [...input.otherIds]),
        due(input.now),
        // Carried by this lead only if this call claimed it (same pushed_at, same transaction).
        sql`exists(select 1 from notifications l where l.id = ${input.leadId} and l.status = 'sent' and l.pushed_at = ${input.now})`,
      ),
    )
    .returning({ id: notifications.id });
  const [leadRows, otherRows] = await db.batch([lead, others]);
  const claimed = leadRows[0] ?? null;
  return { lead: claimed, collapsed: claimed ? otherRows.map((row) => row.id) : [] };
}

/** The newest lead of one (recipient, collapse key) pushed since `since`: what a retried flush resumes. */
export async function recentLead(db: Db, input: { userId: string; collapseKey: string; since: number }): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, input.userId), eq(notifications.collapseKey, input.collapseKey), eq(notifications.status, "sent")))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row && row.pushedAt !== null && row.pushedAt >= input.since ? row : null;
}

/** How many rows a lead's push carried (itself and the rows collapsed into it). */
export async function carriedIds(db: Db, lead: Pick<NotificationRow, "id" | "userId" | "collapseKey" | "pushedAt">): Promise<string[]> {
  if (lead.pushedAt === null) return [lead.id];
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.userId, lead.userId), eq(notifications.collapseKey, lead.collapseKey), eq(notifications.status, "collapsed"), eq(notifications.pushedAt, lead.pushedAt)),
    );
  return [lead.id, ...rows.map((row) => row.id)];
}

// ---------------------------------------------------------------------------------------------
// Devices and sends

/** The devices that have not had this lead's push yet; with `registeredBy`, only those that existed then. */
export function devicesWithout(db: Db, input: { userId: string; notificationId: string; registeredBy?: number | undefined }): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, input.userId),
        input.registeredBy !== undefined ? lte(pushSubscriptions.createdAt, input.registeredBy) : undefined,
        sql`not exists(select 1 from ${notificationSends} s where s.notification_id = ${input.notificationId} and s.subscription_id = ${pushSubscriptions.id})`,
      ),
    );
}

/** The push reached a device: recorded for every row it carried, and the device's failures reset. */
export async function recordSend(db: Db, input: { notificationIds: readonly string[]; subscriptionId: string; now: number }): Promise<void> {
  await db.batch([
    db
      .insert(notificationSends)
      .values(input.notificationIds.map((notificationId) => ({ notificationId, subscriptionId: input.subscriptionId, sentAt: input.now })))
      .onConflictDoNothing(),
    db.update(pushSubscriptions).set({ lastSuccessAt: input.now, failures: 0 }).where(eq(pushSubscriptions.id, input.subscriptionId)),
  ]);
}

export async function countFailure(db: Db, subscriptionId: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

/** The push service says the device is gone (404/410, an unregistered token). */
export async function deleteSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

// ---------------------------------------------------------------------------------------------
// Mail

/** Claims the row's mail (emailed_at), so a replay never mails twice; false when it was mailed already. */
export async function claimEmail(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ emailedAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The mail could not go out: the claim is given back, so the retried job mails. */
export async function releaseEmail(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailedAt: null })
    .where(inArray(notifications.id, [...ids]));
}

export async function markEmailed(db: Db, ids: readonly string[], now: number): Promise<void> {
  for (let i = 0; i < ids.length; i += 90) {
    await db
      .update(notifications)
      .set({ emailedAt: now })
      .where(and(inArray(notifications.id, ids.slice(i, i + 90)), isNull(notifications.emailedAt)));
  }
}

export interface DigestRow {
  id: string;
  userId: string;
  actorId: string | null;
  createdAt: number;
}

/**
 * Messages for the digest: a message.received row recorded between `oldest` and `unreadBefore`,
 * not mailed yet, whose message is still there, unread and not hidden, and that no active device
 * got (no send to a device seen within ACTIVE_DEVICE_MS), for people whose last digest is older
 * than `digestBefore` (or who never had one). Driven by notifications_created_idx; the message,
 * the read mark, the sends and the preferences are primary-key probes. Newest first, at most
 * `limit` rows.
 */
export function digestCandidatesQuery(db: Db, input: { oldest: number; unreadBefore: number; digestBefore: number; activeSince: number; limit: number }) {
  return db
    .select({ id: notifications.id, userId: notifications.userId, actorId: notifications.actorId, createdAt: notifications.createdAt })
    .from(notifications)
    .innerJoin(messages, sql`${messages.id} = json_extract(${notifications.params}, '$.messageId')`)
    .where(
      and(
        sql`${notifications.createdAt} >= ${input.oldest}`,
        sql`${notifications.createdAt} <= ${input.unreadBefore}`,
        eq(notifications.type, "message.received"),
        isNull(notifications.emailedAt),
        eq(messages.receiverId, notifications.userId),
        isNull(messages.hiddenAt),
        sql`${messages.createdAt} > coalesce((select cr.last_read_at from ${conversationReads} cr where cr.conversation_id = ${messages.conversationId} and cr.user_id = ${notifications.userId}), 0)`,
        sql`not exists(select 1 from ${notificationSends} s join ${pushSubscriptions} ps on ps.id = s.subscription_id where s.notification_id = ${notifications.id} and ps.last_seen_at >= ${input.activeSince})`,
        sql`not exists(select 1 from ${notificationPreferences} np where np.user_id = ${notifications.userId} and np.last_digest_at > ${input.digestBefore})`,
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(input.limit);
}

/**
 * Claims the person's digest slot: last_digest_at set to now unless a digest went out after
 * `digestBefore` (two cron runs racing mail once). Returns the previous value to give back on a
 * failure, or false when the slot was taken.
 */
export async function claimDigest(db: Db, input: { userId: string; now: number; digestBefore: number }): Promise<{ previous: number | null } | false> {
  const [before] = await db.select({ at: notificationPreferences.lastDigestAt }).from(notificationPreferences).where(eq(notificationPreferences.userId, input.userId));
  const rows = await db
    .insert(notificationPreferences)
    .values({ userId: input.userId, lastDigestAt: input.now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { lastDigestAt: input.now },
      setWhere: sql`${notificationPreferences.lastDigestAt} is null or ${notificationPreferences.lastDigestAt} <= ${input.digestBefore}`,
    })
    .returning({ userId: notificationPreferences.userId });
  return rows.length > 0 ? { previous: before?.at ?? null } : false;
}

export async function restoreDigest(db: Db, userId: string, previous: number | null): Promise<void> {
  await db.update(notificationPreferences).set({ lastDigestAt: previous }).where(eq(notificationPreferences.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// Crons

/**
 * (recipient, collapse key) pairs with rows to push now that no queued flush may come for: held
 * rows whose quiet hours ended (a hold longer than the queue's 12-hour delay, or a lost flush), and
 * pending rows older than `staleBefore` (a window's flush that never arrived). Index-backed by
 * notifications_held_idx (status, held_until).
 */
export async function releasableKeys(db: Db, input: { now: number; staleBefore: number; limit: number }): Promise<{ userId: string; collapseKey: string }[]> {
  return db
    .selectDistinct({ userId: notifications.userId, collapseKey: notifications.collapseKey })
    .from(notifications)
    .where(
      or(
        and(eq(notifications.status, "held"), lte(notifications.heldUntil, input.now)),
        and(eq(notifications.status, "pending"), isNull(notifications.heldUntil), lt(notifications.createdAt, input.staleBefore)),
      ),
    )
    .limit(input.limit);
}

/** Deletes up to `limit` rows recorded before `before` (their sends go with them); returns how many. */
export async function deleteNotificationsBefore(db: Db, before: number, limit: number): Promise<number> {
  const old = db.select({ id: notifications.id }).from(notifications).where(lt(notifications.createdAt, before)).limit(limit);
  const [, result] = await db.batch([
    db.delete(notificationSends).where(inArray(notificationSends.notificationId, old)),
    db.delete(notifications).where(inArray(notifications.id, old)),
  ]);
  return result.meta.changes ?? 0;
}
