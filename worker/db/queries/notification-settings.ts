// A person's notification settings and push devices (issue #30; shared/notifications-api.ts): the
// notification_preferences row the settings screen and one-click unsubscribe write, and the
// push_subscriptions rows the devices register. Each write is one statement or one atomic batch,
// so two tabs saving at once, or a device registering while its session ends, cannot leave a
// half-written state.
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { accountDeletions, authSessions, notificationPreferences, notifications, pushSubscriptions, users } from "../schema";

export type PreferenceRowFull = typeof notificationPreferences.$inferSelect;
export type PushDeviceKind = (typeof pushSubscriptions.$inferSelect)["kind"];

// ---- Preferences ----------------------------------------------------------------------------

export async function getPreferenceRow(db: Db, userId: string): Promise<PreferenceRowFull | null> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * What one save changes. `categoriesPatch` is an RFC 7396 merge patch of the stored categories
 * JSON ({ orders: { email: false } }; a null removes a flag, which then reads as its default):
 * SQLite's json_patch applies it inside the statement, so two saves of different flags at once
 * both land. `quietHours` undefined leaves them, null removes them.
 */
export interface PreferencePatch {
  categoriesPatch?: Record<string, Record<string, boolean | null>>;
  quietHours?: { startMinute: number; endMinute: number } | null;
  timeZone?: string;
}

/** Creates the row or merges `patch` into it, in one statement; answers the stored row. */
export async function upsertPreferences(db: Db, userId: string, patch: PreferencePatch, now: number): Promise<PreferenceRowFull> {
  const categories = JSON.stringify(patch.categoriesPatch ?? {});
  const quiet =
    patch.quietHours === undefined
      ? {}
      : { quietStartMinute: patch.quietHours?.startMinute ?? null, quietEndMinute: patch.quietHours?.endMinute ?? null };
  const zone = patch.timeZone === undefined ? {} : { timeZone: patch.timeZone };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, categories: sql`json_patch('{}', ${categories})`, ...quiet, ...zone, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { categories: sql`json_patch(${notificationPreferences.categories}, ${categories})`, ...quiet, ...zone, updatedAt: now },
    })
    .returning();
  return row!;
}

// ---- Push devices ---------------------------------------------------------------------------

export async function countDevices(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export interface DeviceRegistration {
  userId: string;
  sessionId: string;
  kind: PushDeviceKind;
  /** web: the push service URL; fcm/apns: the device token. */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  now: number;
  /** Devices one account keeps; the least recently seen beyond it are removed. */
  max: number;
}

/**
 * Stores a device for this user and session, or takes over the existing row of the same device
 * (kind, endpoint) whoever held it: one device, one row. The insert reads the session's row, so a
 * session that ended since the request was authenticated registers nothing (null). In the same
 * batch the account's devices beyond `max` are removed, least recently seen first; the device
 * just registered is never among them.
 */
export async function registerDevice(db: Db, input: DeviceRegistration): Promise<string | null> {
  const { userId, sessionId, kind, endpoint, now } = input;
  const id = crypto.randomUUID();
  const literal = <T>(value: T, column: string) => sql<T>`${value}`.as(column);
  const [inserted] = await db.batch([
    db
      .insert(pushSubscriptions)
      .select(
        db
          .select({
            id: literal(id, "id"),
            userId: authSessions.userId,
            sessionId: authSessions.id,
            kind: literal(kind, "kind"),
            endpoint: literal(endpoint, "endpoint"),
            p256dh: literal(input.p256dh, "p256dh"),
            auth: literal(input.auth, "auth"),
            createdAt: literal(now, "created_at"),
            lastSeenAt: literal(now, "last_seen_at"),
            lastSuccessAt: literal<number | null>(null, "last_success_at"),
            failures: literal(0, "failures"),
          })
          .from(authSessions)
          .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt))),
      )
      .onConflictDoUpdate({
        target: [pushSubscriptions.kind, pushSubscriptions.endpoint],
        set: {
          // Another account's device becomes this account's anew: its age and its last
          // successful push were the other account's.
          createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else excluded.created_at end`,
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastSuccessAt} else null end`,
          userId: sql`excluded.user_id`,
          sessionId: sql`excluded.session_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          lastSeenAt: sql`excluded.last_seen_at`,
          failures: 0,
        },
      })
      .returning({ id: pushSubscriptions.id }),
    db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          db
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, userId))
            .orderBy(desc(sql`${pushSubscriptions.kind} = ${kind} and ${pushSubscriptions.endpoint} = ${endpoint}`), desc(pushSubscriptions.lastSeenAt), desc(pushSubscriptions.id))
            .limit(input.max),
        ),
      ),
    ),
  ]);
  return inserted[0]?.id ?? null;
}

/** Removes this user's own device of that address; another account's row is never touched. */
export async function removeOwnDevice(db: Db, input: { userId: string; kinds: PushDeviceKind[]; endpoint: string }): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, input.userId), inArray(pushSubscriptions.kind, input.kinds), eq(pushSubscriptions.endpoint, input.endpoint)));
}

/**
 * The push devices of the sessions a revocation ends (worker/db/queries/sessions.ts
 * revokeSessions): a device belongs to the session that registered it. The FK on session_id
 * cascades only when a session row is deleted (the daily clean-up); a revoked row stays, so its
 * devices go here, in the revocation's own batch.
 */
export function deleteDevicesOfSessions(db: Db, scope: { sessionId: string } | { userId: string; exceptSessionId?: string }) {
  if ("sessionId" in scope) return db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, scope.sessionId));
  const mine = eq(pushSubscriptions.userId, scope.userId);
  return db
    .delete(pushSubscriptions)
    .where(scope.exceptSessionId ? and(mine, or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, scope.exceptSessionId))) : mine);
}

// ---- One-click unsubscribe ------------------------------------------------------------------

/** Whether the account exists and has not been deleted (decision record 0084 keeps a deleted account's row as a placeholder). */
export async function accountStillHere(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id, completedAt: accountDeletions.completedAt })
    .from(users)
    .leftJoin(accountDeletions, eq(accountDeletions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined && row.completedAt === null;
}

// ---- The data export ------------------------------------------------------------------------

/**
 * What an export carries of notifications: the preferences row, the devices without their
 * address or keys (the device's secrets, not the person's data), and the events recorded for them.
 */
export function exportNotificationQueries(db: Db, userId: string) {
  return [
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({ kind: pushSubscriptions.kind, createdAt: pushSubscriptions.createdAt, lastSeenAt: pushSubscriptions.lastSeenAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    db
      .select({ type: notifications.type, createdAt: notifications.createdAt, path: notifications.path })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt)),
  ] as const;
}
