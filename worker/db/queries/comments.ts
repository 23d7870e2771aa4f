// Comments (spec social-feed-search §2 comments dialog, §4 comment reply, §5 comments, §7
// comments; decision records 0009 and 0061). Top-level comments oldest first, each with its
// replies oldest first, one level deep. comments_count on posts follows the rows through triggers.
//
// A busy post is read a page at a time: a page of top-level comments (comments_post_top_created_idx,
// which holds no replies), each with its reply count and first replies (comments_parent_created_idx),
// and a thread's further replies a page at a time from the same index. Nothing is ever dropped:
// every reply is reachable from its thread's cursor, however old the thread.
//
// created_at is assigned by the insert itself as max(now, newest comment of the post + 1), so
// within a post it strictly increases in the order rows are committed, whichever Worker's clock
// wrote them. That makes the catch-up cursor exact: "everything after (created_at, id)" can never
// skip a comment committed later with an earlier or equal timestamp.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Cursor, encodeCursor } from "@shared/cursor";
import type { Comment } from "@shared/realtime";
import {
  CATCH_UP_MAX,
  type CommentAuthors,
  type CommentEntry,
  type CommentMarker,
  type CommentPage,
  type CommentsSince,
  type CommentThreadEntry,
  MARKER_EXCERPT_CHARS,
  type MarkerPage,
  REPLY_PREVIEW,
  type ReplyPage,
} from "@shared/social-api";
import { canDeleteComment } from "../../lib/permissions";
import type { Db } from "../client";
import { comments, posts, profiles } from "../schema";
import { shownTo } from "./audience";
import { authorColumns, toAuthor, type AuthorColumns } from "./people";
import { pageOf } from "./paging";
import { visibleContent } from "./visibility";

const selection = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  parentId: comments.parentId,
  content: comments.content,
  createdAt: comments.createdAt,
  atMs: comments.atMs,
  ...authorColumns,
};

/** A selected comment row: the API's Comment without what toComment derives (author, viewer, cursor). */
export type CommentRow = AuthorColumns & Omit<Comment, "author" | "viewer" | "cursor">;

export function toComment(row: CommentRow, viewerId: string | null, postOwnerId: string): Comment {
  return {
    id: row.id,
    postId: row.postId,
    userId: row.userId,
    parentId: row.parentId,
    content: row.content,
    createdAt: row.createdAt,
    atMs: row.atMs,
    // What a client sends back as ?since= to catch up from this comment; it never builds one.
    cursor: encodeCursor({ createdAt: row.createdAt, id: row.id }),
    author: toAuthor(row),
    viewer: { canDelete: canDeleteComment(viewerId, { userId: row.userId, postOwnerId }) },
  };
}

export interface ReadOptions {
  postId: string;
  postOwnerId: string;
  viewerId: string | null;
}

/** `(created_at, id) > cursor`: the rows after a position, as a range of the index they are read from. */
const after = (cursor: Cursor | undefined): SQL | undefined =>
  cursor ? sql`(${comments.createdAt}, ${comments.id}) > (${cursor.createdAt}, ${cursor.id})` : undefined;

/**
 * One page of a post's top-level comments, oldest first, one row more than the page to tell
 * whether another follows. Exported for the query-plan tests, which run this very SQL.
 */
export function topLevelPageQuery(db: Db, postId: string, cursor: Cursor | undefined, limit: number, viewerId: string | null = null) {
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(comments.postId, postId), isNull(comments.parentId), after(cursor), shownTo(viewerId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

/** A thread's replies after a cursor, oldest first, one row more than asked; for the plan tests too. */
export function replyPageQuery(db: Db, parentId: string, cursor: Cursor | undefined, limit: number, viewerId: string | null = null) {
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(comments.parentId, parentId), after(cursor), shownTo(viewerId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

const thread = alias(comments, "thread");
const picked = alias(comments, "picked");

/**
 * The first `perThread` replies of each of these threads, in ONE statement: each thread, found by
 * key, picks its reply ids from a limited range of comments_parent_created_idx (a correlated
 * subquery), and the replies are then read by key. One statement per thread (20 in a
 * page's batch) was slower: each statement costs more than the few rows it reads (the scale
 * scale bench). D1 refuses a compound SELECT of more than a few terms, so this is a join rather
 * than a UNION of the threads. Rows come ordered by thread, then oldest first. Exported for the
 * plan tests too.
 */
export function replyPreviewsQuery(db: Db, parentIds: string[], perThread: number, viewerId: string | null = null) {
  // A literal limit: it is the same for every thread, and D1 binds at most 100 parameters.
  const limit = sql.raw(String(Math.trunc(perThread)));
  const firstReplies = sql`select ${picked.id} from ${comments} as ${sql.identifier("picked")} where ${picked.parentId} = ${thread.id} order by ${picked.createdAt}, ${picked.id} limit ${limit}`;
  return db
    .select(selection)
    .from(thread)
    .innerJoin(comments, sql`${comments.id} in (${firstReplies})`)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(inArray(thread.id, parentIds), shownTo(viewerId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(asc(comments.parentId), asc(comments.createdAt), asc(comments.id));
}

/**
 * How many replies each of these threads has that this viewer can open (one index range per
 * thread): the same conditions as the reply pages, so a thread never promises replies that
 * moderation, a block, a mute or a muted word leaves out. For the plan tests too.
 */
export function replyCountsQuery(db: Db, parentIds: string[], viewerId: string | null = null) {
  return db
    .select({ parentId: comments.parentId, replies: count() })
    .from(comments)
    .where(and(inArray(comments.parentId, parentIds), shownTo(viewerId, comments.userId, comments.content), visibleContent(comments, null)))
    .groupBy(comments.parentId);
}

/** The post's newest comment, top-level or reply: where a live client catches up from. */
export function latestCommentQuery(db: Db, postId: string) {
  return db
    .select({ createdAt: comments.createdAt, id: comments.id })
    .from(comments)
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(1);
}

/** Comments of a post after a cursor, oldest first; exported for the query-plan tests. */
export function commentsSinceQuery(db: Db, postId: string, since: Cursor, viewerId: string | null = null) {
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(comments.postId, postId), after(since), shownTo(viewerId, comments.userId, comments.content), visibleContent(comments, null)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(CATCH_UP_MAX + 1);
}

/** Turns rows into page entries, each author once in `authors`. */
function toEntries(rows: CommentRow[], authors: CommentAuthors, options: Omit<ReadOptions, "postId">): CommentEntry[] {
  return rows.map((row) => {
    authors[row.userId] ??= toAuthor(row);
    return {
      id: row.id,
      userId: row.userId,
      parentId: row.parentId,
      content: row.content,
      createdAt: row.createdAt,
      atMs: row.atMs,
      viewer: { canDelete: canDeleteComment(options.viewerId, { userId: row.userId, postOwnerId: options.postOwnerId }) },
    };
  });
}

/** The cursor after the last row kept, when the extra row read says more follow. */
function nextCursorOf(rows: CommentRow[], limit: number): string | null {
  return pageOf(rows, limit).nextCursor;
}

export interface PageOptions extends ReadOptions {
  cursor: Cursor | undefined;
  limit: number;
  /** The post's comments_count, read with the post. */
  total: number;
}

/**
 * One page of threads: the top-level comments and the newest-comment mark in one batch, then
 * every thread's reply count and first replies in a second one of two statements (both read one snapshot each; a
 * reply written between them shows up in the thread's count or cursor, never lost).
 */
export async function listCommentPage(db: Db, options: PageOptions): Promise<CommentPage> {
  const [pageRows, latestRows] = await db.batch([
    topLevelPageQuery(db, options.postId, options.cursor, options.limit, options.viewerId),
    latestCommentQuery(db, options.postId),
  ]);
  const tops = (pageRows as CommentRow[]).slice(0, options.limit);
  const authors: CommentAuthors = {};
  const entries = toEntries(tops, authors, options);

  const counts = new Map<string, number>();
  const previews = new Map<string, CommentRow[]>();
  if (tops.length > 0) {
    const ids = tops.map((row) => row.id);
    const [countRows, previewRows] = await db.batch([replyCountsQuery(db, ids, options.viewerId), replyPreviewsQuery(db, ids, REPLY_PREVIEW, options.viewerId)]);
    for (const row of countRows as { parentId: string | null; replies: number }[]) if (row.parentId) counts.set(row.parentId, row.replies);
    for (const row of previewRows as CommentRow[]) {
      if (!row.parentId) continue;
      const thread = previews.get(row.parentId);
      if (thread) thread.push(row);
      else previews.set(row.parentId, [row]);
    }
  }

  const items: CommentThreadEntry[] = entries.map((entry) => {
    const replyRows = previews.get(entry.id) ?? [];
    const replyCount = Math.max(counts.get(entry.id) ?? 0, replyRows.length);
    const last = replyRows.at(-1);
    return {
      ...entry,
      replyCount,
      replies: toEntries(replyRows, authors, options),
      repliesCursor: last && replyCount > replyRows.length ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  });

  const latest = (latestRows as { createdAt: number; id: string }[])[0];
  return {
    postId: options.postId,
    items,
    authors,
    nextCursor: nextCursorOf(pageRows as CommentRow[], options.limit),
    latest: !options.cursor && latest ? { cursor: encodeCursor(latest), createdAt: latest.createdAt } : null,
    total: options.total,
  };
}

/** The next replies of one thread, oldest first. */
export async function listReplies(
  db: Db,
  options: Omit<ReadOptions, "postId"> & { parentId: string; cursor: Cursor | undefined; limit: number },
): Promise<ReplyPage> {
  const rows = (await replyPageQuery(db, options.parentId, options.cursor, options.limit, options.viewerId)) as CommentRow[];
  const authors: CommentAuthors = {};
  return {
    items: toEntries(rows.slice(0, options.limit), authors, options),
    authors,
    nextCursor: nextCursorOf(rows, options.limit),
  };
}

/** Comments of a post created after the cursor, oldest first, flat (the catch-up after a reconnect). */
export async function listCommentsSince(db: Db, options: ReadOptions & { since: Cursor }): Promise<CommentsSince> {
  const rows = (await commentsSinceQuery(db, options.postId, options.since, options.viewerId)) as CommentRow[];
  return {
    items: rows.slice(0, CATCH_UP_MAX).map((row) => toComment(row, options.viewerId, options.postOwnerId)),
    hasMore: rows.length > CATCH_UP_MAX,
  };
}

/** A comment with its author and post, and that post's owner: what a delete or a replies read needs. */
export async function getCommentWithPost(
  db: Db,
  id: string,
): Promise<{ id: string; postId: string; userId: string; postOwnerId: string } | undefined> {
  const [row] = await db
    .select({ id: comments.id, postId: comments.postId, userId: comments.userId, postOwnerId: posts.userId })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

/** The parent a reply attaches to: the comment itself if top-level, else its own top-level parent. */
export async function resolveReplyParent(db: Db, postId: string, parentId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(and(eq(comments.id, parentId), eq(comments.postId, postId)))
    .limit(1);
  if (!row) return null;
  return row.parentId ?? row.id;
}

export interface NewComment {
  id: string;
  postId: string;
  userId: string;
  /** Already resolved to a top-level comment of the same post (resolveReplyParent). */
  parentId: string | null;
  content: string;
  /** The moment of the post's audio, already bounded by its stored duration; null or absent when not pinned. */
  atMs?: number | null;
  now?: number;
}

/**
 * Inserts the comment and reads it back with its author, in one transaction. Nothing is inserted
 * when the post or the parent was deleted meanwhile (the insert selects from them instead of
 * relying on the foreign keys), and the answer is then undefined.
 */
export async function insertComment(db: Db, input: NewComment): Promise<CommentRow | undefined> {
  const now = input.now ?? Date.now();
  const parentGuard = input.parentId
    ? sql`exists (select 1 from comments r where r.id = ${input.parentId} and r.post_id = ${input.postId} and r.parent_id is null)`
    : undefined;
  const [, rows] = await db.batch([
    db
      .insert(comments)
      .select(
        db
          .select({
            id: sql<string>`${input.id}`.as("id"),
            postId: posts.id,
            userId: sql<string>`${input.userId}`.as("user_id"),
            parentId: sql<string | null>`${input.parentId}`.as("parent_id"),
            content: sql<string>`${input.content}`.as("content"),
            createdAt: sql<number>`max(${now}, coalesce((select max(c.created_at) from comments c where c.post_id = ${input.postId}), 0) + 1)`.as(
              "created_at",
            ),
            // INSERT … SELECT names every column in the table's order; a new comment is not hidden.
            hiddenAt: sql<number | null>`null`.as("hidden_at"),
            atMs: sql<number | null>`${input.atMs ?? null}`.as("at_ms"),
            // From the post row, never from the request (the owner triggers of migration 0029
            // would put the post's back; given here, the row is written once).
            postOwnerId: posts.userId,
          })
          .from(posts)
          // Bound values rather than column references: inside INSERT … SELECT drizzle writes
          // columns unqualified, and an unqualified "id" in the subqueries would be the comment's.
          .where(and(eq(posts.id, input.postId), parentGuard)),
      ),
    db
      .select(selection)
      .from(comments)
      .leftJoin(profiles, eq(profiles.userId, comments.userId))
      .where(eq(comments.id, input.id))
      .limit(1),
  ]);
  return (rows as CommentRow[])[0];
}

/**
 * Deletes a comment; its replies go with it (parent_id cascade), the counter follows by trigger.
 * Answers the post's comment count after the delete, read in the same batch.
 */
export async function deleteComment(db: Db, id: string, postId: string): Promise<number> {
  const [, rows] = await db.batch([
    db.delete(comments).where(eq(comments.id, id)),
    db.select({ commentsCount: posts.commentsCount }).from(posts).where(eq(posts.id, postId)).limit(1),
  ]);
  return rows[0]?.commentsCount ?? 0;
}

/**
 * A post's pinned comments in the track's order, (at_ms, id) after the cursor, one row more than
 * the page: one range of comments_post_at_idx, with the same audience rules as a comment page
 * (blocks, mutes, muted words, moderation). Exported for the plan tests too.
 */
export function markerPageQuery(db: Db, postId: string, cursor: Cursor | undefined, limit: number, viewerId: string | null = null) {
  // The cursor's position field holds the moment here: this list is ordered by (at_ms, id).
  const afterMoment = cursor ? sql`(${comments.atMs}, ${comments.id}) > (${cursor.createdAt}, ${cursor.id})` : undefined;
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(
      and(
        eq(comments.postId, postId),
        isNotNull(comments.atMs),
        afterMoment,
        shownTo(viewerId, comments.userId, comments.content),
        visibleContent(comments, null),
      ),
    )
    .orderBy(asc(comments.atMs), asc(comments.id))
    .limit(limit + 1);
}

/** The start of a comment for its marker, cut by code points so no emoji is split. */
function excerpt(content: string): string {
  const chars = Array.from(content);
  return chars.length <= MARKER_EXCERPT_CHARS ? content : `${chars.slice(0, MARKER_EXCERPT_CHARS - 1).join("")}…`;
}

/** One page of a post's markers for this viewer, each author once in `authors`. */
export async function listMarkers(db: Db, options: { postId: string; viewerId: string | null; cursor: Cursor | undefined; limit: number }): Promise<MarkerPage> {
  const rows = (await markerPageQuery(db, options.postId, options.cursor, options.limit, options.viewerId)) as CommentRow[];
  const pinned = rows.filter((row): row is CommentRow & { atMs: number } => row.atMs !== null);
  const page = pageOf(pinned, options.limit, (row) => ({ createdAt: row.atMs, id: row.id }));
  const authors: CommentAuthors = {};
  const items = page.items.map((row): CommentMarker => {
    authors[row.userId] ??= toAuthor(row);
    return { id: row.id, userId: row.userId, atMs: row.atMs, content: excerpt(row.content), createdAt: row.createdAt };
  });
  return { items, authors, nextCursor: page.nextCursor };
}

/**
 * What a pin is checked against: the post's kind and the duration stored on its own row (never a
 * client's word at comment time), or undefined when the post does not exist.
 */
export async function getPostTrack(db: Db, postId: string): Promise<{ contentType: string; durationMs: number | null } | undefined> {
  const [row] = await db.select({ contentType: posts.contentType, durationMs: posts.durationMs }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row;
}

/** The owner of a post and its comment count, or undefined when it does not exist. */
export async function getPostCommentsInfo(db: Db, postId: string): Promise<{ ownerId: string; commentsCount: number } | undefined> {
  const [row] = await db.select({ ownerId: posts.userId, commentsCount: posts.commentsCount }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row;
}

/** The owner of a post, or undefined when it does not exist. */
export async function getPostOwnerId(db: Db, postId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row?.userId;
}
