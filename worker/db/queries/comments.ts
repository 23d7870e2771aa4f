// Comments (spec social-feed-search §2 comments dialog, §4 comment reply, §5 comments, §7
// comments; decision record 0009). Top-level comments oldest first, each with its replies oldest
// first, one level deep. comments_count on posts follows the rows through triggers.
//
// created_at is assigned by the insert itself as max(now, newest comment of the post + 1), so
// within a post it strictly increases in the order rows are committed, whichever Worker's clock
// wrote them. That makes the catch-up cursor exact: "everything after (created_at, id)" can never
// skip a comment committed later with an earlier or equal timestamp.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type Cursor, encodeCursor } from "../../../shared/cursor";
import type { Comment, CommentThread } from "../../../shared/realtime";
import { canDeleteComment } from "../../lib/permissions";
import type { Db } from "../client";
import { comments, posts, profiles } from "../schema";
import { authorColumns, toAuthor, type AuthorColumns } from "./authors";

/**
 * The most rows one read returns. The spec shows no paging for comments; this bounds a read of a
 * very busy post (the newest are kept, since a live dialog must show what was just written).
 */
const COMMENTS_READ_MAX = 2000;

const selection = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  parentId: comments.parentId,
  content: comments.content,
  createdAt: comments.createdAt,
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
    // What a client sends back as ?since= to catch up from this comment; it never builds one.
    cursor: encodeCursor({ createdAt: row.createdAt, id: row.id }),
    author: toAuthor(row),
    viewer: { canDelete: canDeleteComment(viewerId, { userId: row.userId, postOwnerId }) },
  };
}

/** Groups comments (oldest first) into threads; replies whose parent is not in the set are dropped. */
function toThreads(items: Comment[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<string, CommentThread>();
  for (const comment of items) {
    if (comment.parentId === null) {
      const thread: CommentThread = { ...comment, replies: [] };
      threads.push(thread);
      byId.set(comment.id, thread);
    }
  }
  for (const comment of items) {
    if (comment.parentId !== null) byId.get(comment.parentId)?.replies.push(comment);
  }
  return threads;
}

export interface ReadOptions {
  postId: string;
  postOwnerId: string;
  viewerId: string | null;
}

/** The newest comments of a post, newest first; exported for the query-plan tests. */
export function commentListQuery(db: Db, postId: string) {
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_READ_MAX);
}

/** Comments of a post after a cursor, oldest first; exported for the query-plan tests. */
export function commentsSinceQuery(db: Db, postId: string, since: Cursor) {
  return db
    .select(selection)
    .from(comments)
    .leftJoin(profiles, eq(profiles.userId, comments.userId))
    .where(and(eq(comments.postId, postId), sql`(${comments.createdAt}, ${comments.id}) > (${since.createdAt}, ${since.id})`))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_READ_MAX);
}

/** Every comment of a post as threads (comments_post_created_idx, read backwards then flipped). */
export async function listCommentThreads(db: Db, options: ReadOptions): Promise<CommentThread[]> {
  const rows = (await commentListQuery(db, options.postId)) as CommentRow[];
  rows.reverse();
  return toThreads(rows.map((row) => toComment(row, options.viewerId, options.postOwnerId)));
}

/** Comments of a post created after the cursor, oldest first, flat (the catch-up after a reconnect). */
export async function listCommentsSince(db: Db, options: ReadOptions & { since: Cursor }): Promise<Comment[]> {
  const rows = (await commentsSinceQuery(db, options.postId, options.since)) as CommentRow[];
  return rows.map((row) => toComment(row, options.viewerId, options.postOwnerId));
}

/** What a delete needs: the comment's author and post, and that post's owner. */
export async function getCommentForDelete(
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

/** Deletes a comment; its replies go with it (parent_id cascade), the counter follows by trigger. */
export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}

/** The owner of a post, or undefined when it does not exist. */
export async function getPostOwnerId(db: Db, postId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row?.userId;
}
