// The activity feed (second document §2 Activity, §3 activity, §7 Activity rows, §9 counts;
// DESIGN.md: read state stored on the server; decision record 0041). Activity is derived from
// the rows themselves: likes and comments by others on my posts, follows of me, messages to me.
// Only the read state is stored, in activity_reads, keyed by the item's kind-prefixed id.
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { MESSAGING_LIMITS } from "@shared/constants";
import { MODERATION_TEXTS } from "@shared/messages";
import type { ActivityItem, ActivityType } from "@shared/messaging-api";
import type { Db } from "../client";
import { activityReads, comments, follows, messages, postLikes, profiles, users } from "../schema";
import { shownTo } from "./audience";
import { resolvedReportBelongsTo, resolvedReportsQuery } from "./moderation";
import { toPersonLine } from "./people";
import { accountActive, visibleContent } from "./visibility";

const LIMITS = MESSAGING_LIMITS.activity;

const actorColumns = {
  actorUsername: profiles.username,
  actorDisplayName: profiles.displayName,
  actorAvatarUrl: profiles.avatarUrl,
};

interface SourceRow {
  rowId: string;
  actorId: string;
  actorUsername: string | null;
  actorDisplayName: string | null;
  actorAvatarUrl: string | null;
  postId: string | null;
  conversationId: string | null;
  content: string | null;
  createdAt: number;
}

function toItem(type: ActivityType, row: SourceRow): Omit<ActivityItem, "isRead"> {
  return {
    id: `${type}-${row.rowId}`,
    type,
    user: toPersonLine(row.actorId, { username: row.actorUsername, displayName: row.actorDisplayName, avatarUrl: row.actorAvatarUrl }),
    postId: row.postId,
    conversationId: row.conversationId,
    content: row.content,
    createdAt: row.createdAt,
  };
}

/**
 * The four reads of §7, each newest first with the spec's count, filtered to `userId`'s items.
 * Nothing by someone across a block or muted by the user, and no comment or message with a word
 * they muted (decision record 0082). Each is one range of an index in the list's order, walked
 * until the count is found: likes and comments on the user's posts read their post_owner_id index
 * (migration 0029), so a prolific author's feed does not join through all their posts and sort
 * every like and comment on them (issue #33 item 4). Exported for the plan tests too.
 */
export function activitySources(db: Db, userId: string) {
  const likes = db
    .select({
      rowId: postLikes.id,
      actorId: postLikes.userId,
      ...actorColumns,
      postId: postLikes.postId,
      conversationId: sql<string | null>`null`.as("like_conversation_id"),
      content: sql<string | null>`null`.as("like_content"),
      createdAt: postLikes.createdAt,
    })
    .from(postLikes)
    .leftJoin(profiles, eq(profiles.userId, postLikes.userId))
    // A suspended account's profile is hidden (decision record 0083), so are its likes and follows
    // here, as its comments are; unsuspending brings them back. Its messages stay: the
    // conversation keeps them.
    .where(and(eq(postLikes.postOwnerId, userId), ne(postLikes.userId, userId), shownTo(userId, postLikes.userId), accountActive(postLikes.userId)))
    .orderBy(desc(postLikes.createdAt), desc(postLikes.id))
    .limit(LIMITS.likes);
  const commentRows = db
    .select({
      rowId: comments.id,
      actorId: comments.userId,
      ...actorColumns,
      postId: comments.postId,
      conversationId: sql<string | null>`null`.as("comment_conversation_id"),
      content: comments.content,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    // A comment hidden by moderation, or whose author is suspended, is gone from the post's
    // comments for everyone but its author (visibility.ts), and from its owner's activity too.
    .where(and(eq(comments.postOwnerId, userId), ne(comments.userId, userId), shownTo(userId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(LIMITS.comments);
  const followRows = db
    .select({
      rowId: follows.id,
      actorId: follows.followerId,
      ...actorColumns,
      postId: sql<string | null>`null`.as("follow_post_id"),
      conversationId: sql<string | null>`null`.as("follow_conversation_id"),
      content: sql<string | null>`null`.as("follow_content"),
      createdAt: follows.createdAt,
    })
    .from(follows)
    .leftJoin(profiles, eq(profiles.userId, follows.followerId))
    .where(and(eq(follows.followingId, userId), ne(follows.followerId, userId), shownTo(userId, follows.followerId), accountActive(follows.followerId)))
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(LIMITS.follows);
  const messageRows = db
    .select({
      rowId: messages.id,
      actorId: messages.senderId,
      ...actorColumns,
      postId: sql<string | null>`null`.as("message_post_id"),
      conversationId: messages.conversationId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.userId, messages.senderId))
    // A message hidden by moderation is gone for its receiver (decision record 0083).
    .where(and(eq(messages.receiverId, userId), ne(messages.senderId, userId), isNull(messages.hiddenAt), shownTo(userId, messages.senderId, messages.content)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(LIMITS.messages);
  // The outcomes of the user's own reports (decision record 0083), shown as from the user themself:
  // the item names neither the moderator nor the reported account.
  const self = db
    .select({ userId: users.id, ...actorColumns })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { likes, commentRows, followRows, messageRows, reportRows: resolvedReportsQuery(db, userId), self };
}

/** The merged feed, newest first, capped at 50, each item with its read state. */
export async function listActivity(db: Db, userId: string): Promise<ActivityItem[]> {
  const { likes, commentRows, followRows, messageRows, reportRows, self } = activitySources(db, userId);
  const [likeRows, commentList, followList, messageList, reportList, [me]] = await db.batch([likes, commentRows, followRows, messageRows, reportRows, self]);
  const merged = [
    ...likeRows.map((row) => toItem("like", row)),
    ...commentList.map((row) => toItem("comment", row)),
    ...followList.map((row) => toItem("follow", row)),
    ...messageList.map((row) => toItem("message", row)),
    ...reportList.map((row) =>
      toItem("report", {
        rowId: row.id,
        actorId: userId,
        actorUsername: me?.actorUsername ?? null,
        actorDisplayName: me?.actorDisplayName ?? null,
        actorAvatarUrl: me?.actorAvatarUrl ?? null,
        postId: null,
        conversationId: null,
        content: row.outcome === "action" ? MODERATION_TEXTS.outcomeAction : MODERATION_TEXTS.outcomeNoViolation,
        createdAt: row.resolvedAt ?? 0,
      }),
    ),
  ]
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, LIMITS.total);
  // At most 50 ids: one query under D1's 100 bound parameters.
  const read = merged.length
    ? new Set(
        (
          await db
            .select({ activityId: activityReads.activityId })
            .from(activityReads)
            .where(and(eq(activityReads.userId, userId), inArray(activityReads.activityId, merged.map((item) => item.id))))
        ).map((row) => row.activityId),
      )
    : new Set<string>();
  return merged.map((item) => ({ ...item, isRead: read.has(item.id) }));
}

/** Whether `activityId` names an item of `userId`'s feed: a row of its kind, about them, by someone else. */
export async function activityBelongsTo(db: Db, userId: string, activityId: string): Promise<boolean> {
  const dash = activityId.indexOf("-");
  const kind = activityId.slice(0, dash);
  const rowId = activityId.slice(dash + 1);
  const one = { one: sql<number>`1` };
  switch (kind) {
    case "like":
      return (
        (
          await db
            .select(one)
            .from(postLikes)
            .where(and(eq(postLikes.id, rowId), eq(postLikes.postOwnerId, userId), ne(postLikes.userId, userId)))
            .limit(1)
        ).length > 0
      );
    case "comment":
      return (
        (
          await db
            .select(one)
            .from(comments)
            .where(and(eq(comments.id, rowId), eq(comments.postOwnerId, userId), ne(comments.userId, userId)))
            .limit(1)
        ).length > 0
      );
    case "follow":
      return (await db.select(one).from(follows).where(and(eq(follows.id, rowId), eq(follows.followingId, userId))).limit(1)).length > 0;
    case "message":
      return (
        (
          await db
            .select(one)
            .from(messages)
            .where(and(eq(messages.id, rowId), eq(messages.receiverId, userId)))
            .limit(1)
        ).length > 0
      );
    case "report":
      return resolvedReportBelongsTo(db, userId, rowId);
    default:
      return false;
  }
}

/** Marks items read; already-read items stay as they were. */
export async function markActivityRead(db: Db, userId: string, activityIds: readonly string[], now = Date.now()): Promise<void> {
  if (activityIds.length === 0) return;
  // Three bound values per row: chunks of 30 keep each statement under D1's 100 parameters.
  const rows = activityIds.map((activityId) => ({ userId, activityId, readAt: now }));
  const chunks = [];
  for (let i = 0; i < rows.length; i += 30) chunks.push(db.insert(activityReads).values(rows.slice(i, i + 30)).onConflictDoNothing());
  const [first, ...rest] = chunks;
  if (first) await db.batch([first, ...rest]);
}
