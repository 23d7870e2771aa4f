// Device sessions and their rotating refresh tokens (DESIGN.md "Sessions"). One auth_sessions row
// per signed-in device, whose id is also the refresh-token family. When a session counts as
// live, and what a reused token means, is services/auth/sessions.ts's call; these functions only
// read and write the rows, each write in one statement or one atomic batch.
import { and, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { authSessions, refreshTokens } from "../schema";
import { deleteDevicesOfSessions } from "./notification-settings";

export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export type RevokeReason = "sign_out" | "refresh_token_reuse" | "inactivity" | "password_reset" | "google_link" | "account_deletion" | "suspension";
export type RevokeScope = { sessionId: string } | { userId: string; exceptSessionId?: string };

/** A new device session and its first refresh token, together or not at all. */
export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: string;
    now: number;
    expiresAt: number;
    ip: string | null;
    userAgent: string | null;
    refreshTokenHash: string;
  },
): Promise<void> {
  await db.batch([
    db.insert(authSessions).values({
      id: session.id,
      userId: session.userId,
      createdAt: session.now,
      lastActiveAt: session.now,
      expiresAt: session.expiresAt,
      ip: session.ip,
      userAgent: session.userAgent,
    }),
    db.insert(refreshTokens).values({
      sessionId: session.id,
      userId: session.userId,
      tokenHash: session.refreshTokenHash,
      createdAt: session.now,
      expiresAt: session.expiresAt,
    }),
  ]);
}

export async function getSession(db: Db, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId)).limit(1);
  return row ?? null;
}

/**
 * These sessions' rows, in one statement whatever their number (one JSON parameter: D1 binds at
 * most 100): what a room reads when sockets' sessions may have ended by expiring or idling out.
 */
export async function getSessionsByIds(db: Db, sessionIds: readonly string[]): Promise<SessionRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(authSessions)
    .where(inArray(authSessions.id, sql`(select value from json_each(${JSON.stringify([...new Set(sessionIds)])}))`));
}

/** Records activity on a session (the 60-minute idle timeout is measured from it). */
export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.update(authSessions).set({ lastActiveAt: now }).where(eq(authSessions.id, sessionId));
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Marks a refresh token used and names its successor, only if it is still unused. This
 * conditional update is the check that holds under concurrency: of two requests racing with the
 * same token, exactly one gets true.
 */
export async function claimRefreshToken(db: Db, tokenId: string, replacedById: string, now: number): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now, replacedById })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}

/** The successor of a claimed token, and the session's extended life, in one atomic batch. */
export async function insertRotatedToken(
  db: Db,
  token: { id: string; sessionId: string; userId: string; tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db.batch([
    db.insert(refreshTokens).values({
      id: token.id,
      sessionId: token.sessionId,
      userId: token.userId,
      tokenHash: token.tokenHash,
      createdAt: token.now,
      expiresAt: token.expiresAt,
    }),
    db
      .update(authSessions)
      .set({ lastActiveAt: token.now, expiresAt: token.expiresAt })
      .where(eq(authSessions.id, token.sessionId)),
  ]);
}

/**
 * Revokes sessions that are still live; returns how many were revoked. The push devices those
 * sessions registered go in the same batch (issue #30: a signed-out device never shows the next
 * account's pushes), whatever ended them: a sign-out of one, all or all other devices, a password
 * reset, a reused refresh token, a suspension, an account deletion. Every one of those comes
 * through here, so none can forget it. An idle timeout is the exception: the 60-minute idle rule
 * ends the session, not the person's wish to hear about new messages, and a push must reach a
 * phone whose app was closed for an afternoon. That device's row stays until the person signs
 * in again there (the new session takes the row over) or the session row is deleted after its
 * refresh expiry (ON DELETE CASCADE).
 */
export async function revokeSessions(db: Db, scope: RevokeScope, reason: RevokeReason, now = Date.now()): Promise<number> {
  const target =
    "sessionId" in scope
      ? eq(authSessions.id, scope.sessionId)
      : scope.exceptSessionId
        ? and(eq(authSessions.userId, scope.userId), ne(authSessions.id, scope.exceptSessionId))
        : eq(authSessions.userId, scope.userId);
  const revoke = db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(target, isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (reason === "inactivity") return (await revoke).length;
  const [revoked] = await db.batch([revoke, deleteDevicesOfSessions(db, scope)]);
  return revoked.length;
}

/**
 * Deletes up to `limit` sessions whose refresh expiry is before `before`, revoked or not (their
 * refresh tokens go with them by cascade); returns how many. The daily clean-up calls it in
 * batches (worker/cron/auth-rows-purge.ts).
 */
export async function deleteExpiredSessions(db: Db, before: number, limit: number): Promise<number> {
  const expired = db.select({ id: authSessions.id }).from(authSessions).where(lt(authSessions.expiresAt, before)).limit(limit);
  const result = await db.delete(authSessions).where(inArray(authSessions.id, expired)).run();
  return result.meta.changes ?? 0;
}

/** Deletes up to `limit` refresh tokens that expired before `before`, used or not; returns how many. */
export async function deleteExpiredRefreshTokens(db: Db, before: number, limit: number): Promise<number> {
  const expired = db.select({ id: refreshTokens.id }).from(refreshTokens).where(lt(refreshTokens.expiresAt, before)).limit(limit);
  const result = await db.delete(refreshTokens).where(inArray(refreshTokens.id, expired)).run();
  return result.meta.changes ?? 0;
}
