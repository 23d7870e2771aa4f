// The session middleware and the guards (spec social-feed-search §2 "Guarded screens", §6 roles,
// §9 session timeout). It turns the bl_access cookie into `c.var.session`, or null when there is
// no valid token or its auth_sessions row is revoked, expired or idle for more than 60 minutes.
// Handlers start with `requireUser(c)` so each reads like the permission table in the spec.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { canDeleteComment, isOwner } from "../lib/permissions";
import { getAccountStanding } from "../db/queries/moderation";
import { ACCESS_COOKIE, loadActiveSession, sessionActiveUntil } from "../services/auth/sessions";
import { verifyAccessToken } from "../services/auth/tokens";
import { REQUEST_TEXTS, SOCIAL_TEXTS, UPLOAD_TEXTS } from "@shared/messages";

export interface SessionInfo {
  userId: string;
  sessionId: string;
  /** The earliest moment this session can end by expiring or idling out (a socket's next check). */
  activeUntil: number;
}

export const session = createMiddleware<AppEnv>(async (c, next) => {
  c.set("session", await readSession(c));
  await next();
});

async function readSession(c: Context<AppEnv>): Promise<SessionInfo | null> {
  const token = getCookie(c, ACCESS_COOKIE);
  if (!token) return null;
  const claims = await verifyAccessToken(c.env, token);
  if (!claims) return null;
  const row = await loadActiveSession(c.var.db, claims.sessionId, claims.userId);
  return row ? { userId: row.userId, sessionId: row.id, activeUntil: sessionActiveUntil(row) } : null;
}

/**
 * The signed-in user's session; 401 "Authentication required" for visitors, or an area's own
 * words (checkout's 'Please log in to purchase').
 */
export function requireUser(c: Context<AppEnv>, message: string = REQUEST_TEXTS.authenticationRequired): SessionInfo {
  const current = c.var.session;
  if (!current) throw new ApiError("unauthorized", message);
  return current;
}

/** The signed-in user's id, or null for a visitor: for reads anyone may make, tailored to who asks. */
export function viewerId(c: Context<AppEnv>): string | null {
  return c.var.session?.userId ?? null;
}

/**
 * `requireUser` as middleware. Every route lists its checks in one order: the path params, then
 * `signedIn` (on a route that needs a user and validates a body or a query), then the body or
 * query validation. So a malformed id answers its 404 first, then a visitor hears 401, and only
 * then is their input judged, the same on every route.
 */
export const signedIn = signedInWith(REQUEST_TEXTS.authenticationRequired);

/**
 * Moderators only (decision record 0083): a visitor hears 401, any other account the 404 an
 * unknown path gets, so the moderation routes tell nobody else that they exist. The role is read
 * from the users row on every request, so a role taken away ends access at once.
 */
export const moderatorsOnly = createMiddleware<AppEnv>(async (c, next) => {
  const { userId } = requireUser(c);
  const standing = await getAccountStanding(c.var.db, userId);
  if (standing?.role !== "moderator") throw new ApiError("not_found", REQUEST_TEXTS.notFound);
  await next();
});

/** `signedIn` answering a visitor in an area's own words. */
export function signedInWith(message: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c, message);
    await next();
  });
}

/**
 * Refuses (403, with the spec's wording passed in, e.g. "You can only delete your own posts")
 * unless the signed-in user owns the row. `ownerId` must come from the server's own row, never
 * from the request.
 */
export function requireOwner(c: Context<AppEnv>, ownerId: string, message: string = REQUEST_TEXTS.forbidden): SessionInfo {
  const current = requireUser(c);
  if (!isOwner(current.userId, ownerId)) throw new ApiError("forbidden", message);
  return current;
}

/**
 * Refuses (403 'You can only delete your own comments') unless the signed-in user wrote the
 * comment or owns the post it is on: the rule of lib/permissions.ts, which also sets each
 * reader's `viewer.canDelete` in lists and live frames.
 */
export function requireCommentDeleter(c: Context<AppEnv>, comment: { userId: string; postOwnerId: string }): SessionInfo {
  const current = requireUser(c);
  if (!canDeleteComment(current.userId, comment)) throw new ApiError("forbidden", SOCIAL_TEXTS.deleteOthersComment);
  return current;
}

/**
 * The signed-in user's own upload. A missing upload and someone else's answer the same 404
 * 'Upload not found', so upload ids leak nothing about other users.
 */
export function requireOwnUpload<Upload extends { userId: string }>(c: Context<AppEnv>, upload: Upload | null | undefined): Upload {
  const current = requireUser(c);
  if (!upload || !isOwner(current.userId, upload.userId)) throw new ApiError("not_found", UPLOAD_TEXTS.notFound);
  return upload;
}
