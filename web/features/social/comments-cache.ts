// Pure helpers over a post's comment threads (spec §2 comments dialog: top-level comments oldest
// first, replies nested one level). A comment can reach the client twice — from the sender's own
// POST answer and from the room's broadcast, or again from the catch-up after a reconnect — so
// every insert is deduplicated by id.
import type { Comment, CommentThread } from "./types";

export interface CommentsData {
  items: CommentThread[];
}

/** Oldest first; the id breaks ties between comments of the same millisecond. */
function compareComments(a: Pick<Comment, "createdAt" | "id">, b: Pick<Comment, "createdAt" | "id">): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function allComments(threads: readonly CommentThread[]): Comment[] {
  return threads.flatMap(({ replies, ...comment }) => [comment, ...replies]);
}

export function countComments(threads: readonly CommentThread[]): number {
  return threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
}

function hasComment(threads: readonly CommentThread[], commentId: string): boolean {
  return threads.some((thread) => thread.id === commentId || thread.replies.some((reply) => reply.id === commentId));
}

/** The newest comment held, or null when there is none. */
function latestComment(threads: readonly CommentThread[]): Comment | null {
  let latest: Comment | null = null;
  for (const comment of allComments(threads)) if (!latest || compareComments(comment, latest) > 0) latest = comment;
  return latest;
}

/**
 * What to send as `?since=` to catch up: the cursor the server put on the newest comment held,
 * passed back unchanged (cursors are opaque; decision record 0006). Null when nothing is held.
 */
export function catchUpCursor(threads: readonly CommentThread[]): string | null {
  return latestComment(threads)?.cursor ?? null;
}

function stripReplies(comment: Comment | CommentThread): Comment {
  const { replies: _replies, ...rest } = comment as CommentThread;
  return rest;
}

/**
 * Adds a comment where it belongs. Answers the same array when the comment is already there, and
 * null when it is a reply to a comment the client does not hold (then the caller refetches).
 */
export function insertComment(threads: CommentThread[], incoming: Comment): CommentThread[] | null {
  if (hasComment(threads, incoming.id)) return threads;
  const comment = stripReplies(incoming);
  if (comment.parentId === null) {
    return [...threads, { ...comment, replies: [] }].sort(compareComments);
  }
  // One level of nesting: a reply to a reply belongs to the top-level comment of its parent.
  const index = threads.findIndex((thread) => thread.id === comment.parentId || thread.replies.some((reply) => reply.id === comment.parentId));
  if (index === -1) return null;
  const thread = threads[index]!;
  const next = [...threads];
  next[index] = { ...thread, replies: [...thread.replies, comment].sort(compareComments) };
  return next;
}

/** Removes a comment; a removed top-level comment takes its replies with it, as on the server. */
export function removeComment(threads: CommentThread[], commentId: string): CommentThread[] {
  if (!hasComment(threads, commentId)) return threads;
  return threads
    .filter((thread) => thread.id !== commentId)
    .map((thread) =>
      thread.replies.some((reply) => reply.id === commentId)
        ? { ...thread, replies: thread.replies.filter((reply) => reply.id !== commentId) }
        : thread,
    );
}
