// Sessions (DESIGN.md "Sessions"; spec social-feed-search §9 "session timeout 60 minutes of
// inactivity"). One auth_sessions row per signed-in device; its id is also the refresh-token
// family. Refresh tokens rotate on every use; presenting one that was already exchanged means a
// copy exists somewhere else, so the whole family is revoked.
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { SECURITY_SETTINGS } from "@shared/constants";
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import {
  claimRefreshToken,
  findRefreshToken,
  getSession,
  getSessionsByIds,
  insertRotatedToken,
  insertSession,
  revokeSessions,
  type SessionRow,
  touchSession,
} from "../../db/queries/sessions";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  randomToken,
  REFRESH_TOKEN_TTL_MS,
  sha256Hex,
  signAccessToken,
  type TokenEnv,
} from "./tokens";

export const ACCESS_COOKIE = "bl_access";
export const REFRESH_COOKIE = "bl_refresh";
const REFRESH_COOKIE_PATH = "/api/auth";
const SESSION_IDLE_TIMEOUT_MS = SECURITY_SETTINGS.sessionTimeoutMs;
/** last_active_at is written at most this often, so busy sessions do not write on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * Two tabs of one browser often refresh at the same moment with the same cookie. The loser of
 * that race is not an attacker: within this many milliseconds of the token's first use, a second
 * presentation is refused without revoking anything (it gets no tokens either), and the browser
 * already holds the winner's new cookies. Any later presentation is reuse.
 */
export const REFRESH_RACE_GRACE_MS = 10_000;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** Starts a new device session: an auth_sessions row, its first refresh token and an access token. */
export async function startSession(
  db: Db,
  env: TokenEnv,
  userId: string,
  meta: RequestMeta,
  now = Date.now(),
): Promise<IssuedSession> {
  const sessionId = newId();
  const refreshToken = randomToken();
  await insertSession(db, {
    id: sessionId,
    userId,
    now,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    refreshTokenHash: await sha256Hex(refreshToken),
  });
  const accessToken = await signAccessToken(env, { userId, sessionId }, now);
  return { userId, sessionId, accessToken, refreshToken };
}

function inactiveReason(row: SessionRow, now: number): "revoked" | "expired" | "idle" | null {
  if (row.revokedAt !== null) return "revoked";
  if (row.expiresAt <= now) return "expired";
  if (now - row.lastActiveAt > SESSION_IDLE_TIMEOUT_MS) return "idle";
  return null;
}

/**
 * The earliest moment a live session can end by itself: its expiry, or 60 minutes after its last
 * recorded activity. Activity and refreshes only move it later, so before this moment the session
 * is certainly live, and a room need not look at it again until then (decision record 0085).
 */
export function sessionActiveUntil(row: Pick<SessionRow, "expiresAt" | "lastActiveAt">): number {
  return Math.min(row.expiresAt, row.lastActiveAt + SESSION_IDLE_TIMEOUT_MS);
}

/**
 * For each of these sessions, when it must be looked at again (sessionActiveUntil), or null when
 * it has ended: revoked, expired or idle. One read, for a room whose sockets' sessions may have
 * ended by themselves. It does not revoke an idle one: the next request that presents it does.
 */
export async function sessionsActiveUntil(db: Db, sessionIds: readonly string[], now = Date.now()): Promise<Map<string, number | null>> {
  const rows = await getSessionsByIds(db, sessionIds);
  const answer = new Map<string, number | null>(sessionIds.map((id) => [id, null]));
  for (const row of rows) answer.set(row.id, inactiveReason(row, now) ? null : sessionActiveUntil(row));
  return answer;
}

/**
 * The live session row for an access token's claims, or null when it is revoked, expired or has
 * been idle for more than 60 minutes (an idle session is revoked on the spot, so it cannot be
 * revived by a refresh). Records activity at most once a minute.
 */
export async function loadActiveSession(db: Db, sessionId: string, userId: string, now = Date.now()): Promise<SessionRow | null> {
  const row = await getSession(db, sessionId);
  if (!row || row.userId !== userId) return null;
  const reason = inactiveReason(row, now);
  if (reason === "idle") {
    await revokeSessions(db, { sessionId: row.id }, "inactivity", now);
    return null;
  }
  if (reason) return null;
  if (now - row.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) {
    await touchSession(db, row.id, now);
    row.lastActiveAt = now;
  }
  return row;
}

export type RotateResult =
  | { status: "ok"; session: IssuedSession }
  | { status: "invalid" }
  | { status: "race" }
  | { status: "inactive"; userId: string; sessionId: string }
  | { status: "reuse"; userId: string; sessionId: string };

/**
 * Exchanges a refresh token for a new one in the same family. An unknown or expired token is
 * "invalid"; one whose session has ended is "inactive"; one that was already exchanged is
 * "reuse", and the family is revoked before returning (a later replay, finding it revoked, is
 * "inactive"); one exchanged within the last few seconds is a "race" between tabs (see
 * REFRESH_RACE_GRACE_MS) and revokes nothing.
 */
export async function rotateRefreshToken(db: Db, env: TokenEnv, presented: string, now = Date.now()): Promise<RotateResult> {
  const token = await findRefreshToken(db, await sha256Hex(presented));
  if (!token) return { status: "invalid" };
  const family = { userId: token.userId, sessionId: token.sessionId };

  if (token.usedAt !== null) {
    if (now - token.usedAt < REFRESH_RACE_GRACE_MS) return { status: "race" };
    const revoked = await revokeSessions(db, { sessionId: token.sessionId }, "refresh_token_reuse", now);
    // Only the presentation that ends a live family is reuse news (and writes the event); a
    // replay into a family already ended finds nothing to revoke, so whoever holds a stolen
    // token cannot write to the security log by replaying it (decision record 0022).
    return revoked > 0 ? { status: "reuse", ...family } : { status: "inactive", ...family };
  }
  if (token.expiresAt <= now) return { status: "invalid" };

  const session = await getSession(db, token.sessionId);
  if (!session) return { status: "invalid" };
  const reason = inactiveReason(session, now);
  if (reason) {
    if (reason === "idle") await revokeSessions(db, { sessionId: session.id }, "inactivity", now);
    return { status: "inactive", ...family };
  }

  // Of two requests racing with the same token, exactly one claims it; the other loses the race.
  const nextId = newId();
  if (!(await claimRefreshToken(db, token.id, nextId, now))) return { status: "race" };

  const refreshToken = randomToken();
  await insertRotatedToken(db, {
    id: nextId,
    sessionId: token.sessionId,
    userId: token.userId,
    tokenHash: await sha256Hex(refreshToken),
    now,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
  });
  const accessToken = await signAccessToken(env, family, now);
  return { status: "ok", session: { ...family, accessToken, refreshToken } };
}

const cookieBase = { httpOnly: true, secure: true, sameSite: "Lax" } as const;

export function setSessionCookies(c: Context, session: Pick<IssuedSession, "accessToken" | "refreshToken">): void {
  setCookie(c, ACCESS_COOKIE, session.accessToken, { ...cookieBase, path: "/", maxAge: ACCESS_TOKEN_TTL_SECONDS });
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    ...cookieBase,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, ACCESS_COOKIE, { ...cookieBase, path: "/" });
  deleteCookie(c, REFRESH_COOKIE, { ...cookieBase, path: REFRESH_COOKIE_PATH });
}
