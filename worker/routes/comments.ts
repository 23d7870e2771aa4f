// Spec social-feed-search §2 comments dialog, §4 comment reply and "New comments from anyone
// cause the list for that post to refetch", §5 comments and content screen, §7 comments, §9
// comment rate limit (20 per 60 minutes) and length (1000); DESIGN.md "Realtime"; decision records
// 0009 and 0061 (keyset-paged threads). Every write goes to D1 first and is then broadcast to the
// post's CommentRoom.
import { type Context, Hono } from "hono";
import { MOMENT_TEXTS, POST_ERRORS, SOCIAL_TEXTS } from "@shared/messages";
import type { CommentRoomBroadcast } from "@shared/realtime";
import { prepareComment } from "@shared/rules/comment";
import {
  type CommentPage,
  type CommentsSince,
  commentsQuerySchema,
  createCommentBodySchema,
  type MarkerPage,
  markersQuerySchema,
  type ReplyPage,
  repliesQuerySchema,
} from "@shared/social-api";
import { newId } from "../db/ids";
import {
  deleteComment,
  getCommentWithPost,
  getPostCommentsInfo,
  getPostOwnerId,
  getPostTrack,
  insertComment,
  listCommentPage,
  listCommentsSince,
  listMarkers,
  listReplies,
  resolveReplyParent,
  toComment,
} from "../db/queries/comments";
import { isBlockedBetween, isShownTo } from "../db/queries/audience";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { ipClient } from "../lib/ip";
import { commentParam, postParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireCommentDeleter, requireUser, signedIn, viewerId } from "../middleware/session";
import { type BroadcastOptions, ROOM_IP_HEADER, ROOM_POST_HEADER, ROOM_SESSION_HEADER, ROOM_USER_HEADER } from "../realtime/comment-room";
import { SESSION_UNTIL_HEADER } from "../realtime/socket-utils";
import { forwardToRoom, socketGate } from "../realtime/gateway";
import { screenOrRefuse } from "../services/content-screen";
import { notifyUsers, trackRoom } from "../services/live";
import { commentEvents } from "../services/notifications/events";
import { notify } from "../services/notifications/notify";

const postNotFound = () => new ApiError("not_found", POST_ERRORS.postNotFound);

/**
 * The moment a new comment is pinned to, checked against the post's own row: only a top-level
 * comment on an audio post whose duration is stored, at a whole millisecond within that duration
 * (decision record 0089). Null when the comment is not pinned.
 */
async function checkedMoment(c: Context<AppEnv>, postId: string, atMs: number | null | undefined, parentId: string | null | undefined): Promise<number | null> {
  if (atMs === null || atMs === undefined) return null;
  if (parentId) throw new ApiError("validation_failed", MOMENT_TEXTS.onReply);
  const track = await getPostTrack(c.var.db, postId);
  if (!track) throw postNotFound();
  if (track.contentType !== "audio") throw new ApiError("validation_failed", MOMENT_TEXTS.notAudio);
  if (!track.durationMs) throw new ApiError("validation_failed", MOMENT_TEXTS.durationUnknown);
  // The end itself is not a moment anyone can hear; the last millisecond is.
  if (atMs >= track.durationMs) throw new ApiError("validation_failed", MOMENT_TEXTS.outOfTrack);
  return atMs;
}

function room(c: Context<AppEnv>, postId: string) {
  return c.env.COMMENT_ROOM.get(c.env.COMMENT_ROOM.idFromName(postId));
}

/**
 * Hands a change to the post's room after it is in D1. A failed broadcast is logged, never
 * surfaced: the row is already stored, and listeners fetch it when they catch up.
 */
async function broadcast(c: Context<AppEnv>, postId: string, message: CommentRoomBroadcast, options: BroadcastOptions) {
  try {
    await room(c, postId).broadcast(message, options);
  } catch (error) {
    c.var.log.error("comment broadcast failed", { postId, error });
  }
}

/** Mounted at /posts: the comments of one post, and its live room. */
export const postCommentRoutes = new Hono<AppEnv>()
  .get("/:postId/comments", postParam, validate("query", commentsQuerySchema), async (c) => {
    // Posts are public (share links), so visitors may read comments; canDelete is false for them.
    const { postId } = c.req.valid("param");
    const { since, cursor, limit } = c.req.valid("query");
    const post = await getPostCommentsInfo(c.var.db, postId);
    const viewer = viewerId(c);
    // Across a block the post does not exist for either side (decision record 0082).
    if (!post || (await isBlockedBetween(c.var.db, viewer, post.ownerId))) throw postNotFound();
    const read = { postId, postOwnerId: post.ownerId, viewerId: viewer };
    // One declared answer type, so the typed client sees one response and each caller names its half.
    const body: CommentPage | CommentsSince = since
      ? await listCommentsSince(c.var.db, { ...read, since })
      : await listCommentPage(c.var.db, { ...read, cursor, limit, total: post.commentsCount });
    return c.json(body, 200);
  })
  .post("/:postId/comments", postParam, signedIn, validate("json", createCommentBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { postId } = c.req.valid("param");
    const body = c.req.valid("json");
    const postOwnerId = await getPostOwnerId(c.var.db, postId);
    if (!postOwnerId || (await isBlockedBetween(c.var.db, userId, postOwnerId))) throw postNotFound();

    // §5 in its order: non-empty text, then the rate limit, then the content screen. The text is
    // cleaned, trimmed and cut to 1000 characters before it is screened, so what is screened is
    // exactly what would be stored.
    const prepared = prepareComment(body.content);
    if (!prepared.ok && prepared.message === SOCIAL_TEXTS.commentEmpty) throw new ApiError("validation_failed", SOCIAL_TEXTS.commentEmpty);
    // A pin that can never be stored is refused before the rate limit counts the attempt, like
    // an empty text.
    const atMs = await checkedMoment(c, postId, body.atMs, body.parentId);

    let parentId: string | null = null;
    let parentAuthorId: string | null = null;
    if (body.parentId) {
      // One level of nesting: a reply to a reply is attached to the top-level comment.
      parentId = await resolveReplyParent(c.var.db, postId, body.parentId);
      // A thread started by someone on the other side of a block is one the caller cannot see.
      const parent = parentId ? await getCommentWithPost(c.var.db, parentId) : undefined;
      if (!parentId || !parent || (await isBlockedBetween(c.var.db, userId, parent.userId))) throw new ApiError("bad_request", SOCIAL_TEXTS.replyTargetMissing);
      parentAuthorId = parent.userId;
    }

    const { content } = await screenOrRefuse(c.var.ctx, { userId, rule: "comment", verdict: prepared, source: "comment", refs: { postId } });

    const row = await insertComment(c.var.db, { id: newId(), postId, userId, parentId, content, atMs });
    if (!row) {
      // The post or the parent was deleted between the checks above and the insert.
      if (!(await getPostOwnerId(c.var.db, postId))) throw postNotFound();
      throw new ApiError("bad_request", SOCIAL_TEXTS.replyTargetMissing);
    }
    const comment = toComment(row, userId, postOwnerId);
    await broadcast(c, postId, { type: "comment.created", comment }, { postOwnerId });
    // Someone else's comment is activity for the post's owner (decision record 0041).
    // Never from an account the owner muted, nor with a word they muted (DESIGN.md "Mute").
    if (postOwnerId !== userId && (await isShownTo(c.var.db, postOwnerId, userId, comment.content))) {
      await notifyUsers(c.env, c.var.log, [postOwnerId], { type: "activity.created", activityType: "comment" });
    }
    // Pushes for the post's owner and, for a reply, the thread's author (decision record 0096).
    await notify(c.var.ctx, commentEvents({ commentId: row.id, postId, authorId: userId, postOwnerId, parentId, parentAuthorId, content, at: c.var.ctx.now }));
    return c.json(comment, 201);
  })
  .get("/:postId/comments/markers", postParam, validate("query", markersQuerySchema), async (c) => {
    // The waveform's markers: the post's pinned comments in the track's order, read by the same
    // rules as its comment pages (public, 404 across a block, the viewer's mutes and muted words,
    // moderation), so a marker never shows a comment the list would leave out.
    const { postId } = c.req.valid("param");
    const { cursor, limit } = c.req.valid("query");
    const ownerId = await getPostOwnerId(c.var.db, postId);
    const viewer = viewerId(c);
    if (!ownerId || (await isBlockedBetween(c.var.db, viewer, ownerId))) throw postNotFound();
    const page = await listMarkers(c.var.db, { postId, viewerId: viewer, cursor, limit });
    return c.json(page satisfies MarkerPage, 200);
  })
  .get("/:postId/comments/live", postParam, async (c) => {
    // The reader's id only tailors viewer.canDelete. A socket opened from another site is served
    // as a visitor, so a foreign page can never act on or learn anything as the signed-in user.
    const { sameOrigin } = socketGate(c, "serve");
    const { postId } = c.req.valid("param");
    const reader = sameOrigin ? c.var.session : null;
    const ownerId = await getPostOwnerId(c.var.db, postId);
    // Across a block the post does not exist for either side (decision record 0082); a block
    // made while the socket is open stops its frames in the room.
    if (!ownerId || (await isBlockedBetween(c.var.db, reader?.userId, ownerId))) throw postNotFound();
    // A signed-in reader's socket belongs to their session and closes when it ends (decision
    // record 0085).
    if (reader) await trackRoom(c.env, reader.userId, { kind: "comments", name: postId });
    // The room caps sockets per IP (decision record 0020).
    const headers = {
      [ROOM_POST_HEADER]: postId,
      ...(reader ? { [ROOM_USER_HEADER]: reader.userId, [ROOM_SESSION_HEADER]: reader.sessionId, [SESSION_UNTIL_HEADER]: String(reader.activeUntil) } : {}),
      // An IPv6 client counts as its /64 (decision record 0085).
      [ROOM_IP_HEADER]: c.var.ctx.ip ? ipClient(c.var.ctx.ip) : "unknown",
    };
    return forwardToRoom(room(c, postId), "https://comment-room.internal/connect", headers);
  });

/** Mounted at /comments: GET /api/comments/:commentId/replies, DELETE /api/comments/:commentId. */
export const commentRoutes = new Hono<AppEnv>()
  .get("/:commentId/replies", commentParam, validate("query", repliesQuerySchema), async (c) => {
    // Readable by anyone who can read the post's comments, which is everyone (share links).
    const thread = await getCommentWithPost(c.var.db, c.req.valid("param").commentId);
    const viewer = viewerId(c);
    if (!thread || (await isBlockedBetween(c.var.db, viewer, thread.postOwnerId)) || (await isBlockedBetween(c.var.db, viewer, thread.userId))) {
      throw new ApiError("not_found", SOCIAL_TEXTS.commentNotFound);
    }
    const { cursor, limit } = c.req.valid("query");
    // A reply has no replies of its own (one level of nesting), so its page is simply empty.
    const page = await listReplies(c.var.db, { parentId: thread.id, postOwnerId: thread.postOwnerId, viewerId: viewer, cursor, limit });
    return c.json(page satisfies ReplyPage, 200);
  })
  .delete("/:commentId", commentParam, async (c) => {
    requireUser(c);
    const comment = await getCommentWithPost(c.var.db, c.req.valid("param").commentId);
    if (!comment) throw new ApiError("not_found", SOCIAL_TEXTS.commentNotFound);
    requireCommentDeleter(c, comment);
    const commentsCount = await deleteComment(c.var.db, comment.id, comment.postId);
    await broadcast(c, comment.postId, { type: "comment.deleted", commentId: comment.id, postId: comment.postId, commentsCount }, { postOwnerId: comment.postOwnerId, authorId: comment.userId });
    return c.json({ ok: true as const, commentId: comment.id }, 200);
  });
