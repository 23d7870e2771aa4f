// Pure helpers over a post's loaded comment pages (spec §2 comments dialog: top-level comments
// oldest first, replies nested one level; decision record 0061). A comment can reach the client
// twice — from the sender's own POST answer and from the room's broadcast, or again from the
// catch-up after a reconnect — so every insert is deduplicated by id.
//
// Where a live comment goes: a reply joins its thread when the thread is loaded (and only counts
// when it is not: it shows once that thread's page is read); a top-level comment is the newest of
// the post, so it waits in the first page's `live` list, shown after every page, until the page
// that holds it is read.
import type { CommentAuthors, CommentEntry } from "@shared/social-api";
import type { Comment, CommentPage, CommentsData, CommentsPageView, CommentThreadView, CommentView, ReplyPage } from "./types";

/** Oldest first; the id breaks ties between comments of the same millisecond. */
function compareComments(a: Pick<CommentView, "createdAt" | "id">, b: Pick<CommentView, "createdAt" | "id">): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function joinEntry(entry: CommentEntry, postId: string, authors: CommentAuthors): CommentView {
  // A profile can vanish between the read and the join only if the server drops it from the map;
  // the id alone still links to the author's page.
  const author = authors[entry.userId] ?? { userId: entry.userId, username: "", displayName: "", avatarUrl: null, verified: false };
  return { ...entry, postId, author };
}

/** A server page joined with its authors, as the cache keeps it. */
export function joinPage(page: CommentPage): CommentsPageView {
  return {
    items: page.items.map(({ replies, replyCount, repliesCursor, ...entry }) => ({
      ...joinEntry(entry, page.postId, page.authors),
      replies: replies.map((reply) => joinEntry(reply, page.postId, page.authors)),
      replyCount,
      repliesCursor,
    })),
    nextCursor: page.nextCursor,
    latest: page.latest,
    total: page.total,
    live: [],
    counted: [],
  };
}

/** A reply page joined with its authors. */
export function joinReplies(page: ReplyPage, postId: string): CommentView[] {
  return page.items.map((entry) => joinEntry(entry, postId, page.authors));
}

/** The threads to show, in order: every loaded page, then the live ones no page holds yet. */
export function visibleThreads(data: Pick<CommentsData, "pages"> | undefined): { threads: CommentThreadView[]; live: CommentThreadView[] } {
  if (!data) return { threads: [], live: [] };
  const seen = new Set<string>();
  const threads: CommentThreadView[] = [];
  for (const page of data.pages) {
    for (const thread of page.items) {
      if (seen.has(thread.id)) continue;
      seen.add(thread.id);
      threads.push(thread);
    }
  }
  const live = (data.pages[0]?.live ?? []).filter((thread) => !seen.has(thread.id));
  return { threads, live };
}

/** The post's comment count as the list knows it, or null before the first page. */
export function commentsTotal(data: Pick<CommentsData, "pages"> | undefined): number | null {
  return data?.pages[0]?.total ?? null;
}

/**
 * What to send as `?since=` to catch up: the server's cursor of the newest comment known, passed
 * back unchanged (cursors are opaque; decision record 0006). Null when the post had none.
 */
export function catchUpCursor(data: CommentsData): string | null {
  return data.pages[0]?.latest?.cursor ?? null;
}

type Location = { page: number; index: number; inLive: boolean };

/** Where a thread is held: in a page's items or in the first page's live list. */
function findThread(data: CommentsData, predicate: (thread: CommentThreadView) => boolean): Location | null {
  for (let page = 0; page < data.pages.length; page += 1) {
    const index = data.pages[page]!.items.findIndex(predicate);
    if (index !== -1) return { page, index, inLive: false };
  }
  const index = data.pages[0]?.live.findIndex(predicate) ?? -1;
  return index === -1 ? null : { page: 0, index, inLive: true };
}

function updateThread(data: CommentsData, at: Location, fn: (thread: CommentThreadView) => CommentThreadView | null): CommentsData {
  const pages = [...data.pages];
  const page = pages[at.page]!;
  const list = [...(at.inLive ? page.live : page.items)];
  const next = fn(list[at.index]!);
  if (next) list[at.index] = next;
  else list.splice(at.index, 1);
  pages[at.page] = at.inLive ? { ...page, live: list } : { ...page, items: list };
  return { ...data, pages };
}

function updateFirst(data: CommentsData, fn: (page: CommentsPageView) => CommentsPageView): CommentsData {
  const [first, ...rest] = data.pages;
  return first ? { ...data, pages: [fn(first), ...rest] } : data;
}

function holds(data: CommentsData, commentId: string): boolean {
  return (
    findThread(data, (thread) => thread.id === commentId || thread.replies.some((reply) => reply.id === commentId)) !== null ||
    (data.pages[0]?.counted.includes(commentId) ?? false)
  );
}

function stripCursor(comment: Comment | CommentView): CommentView {
  const { cursor: _cursor, ...view } = comment as Comment;
  return view;
}

/**
 * Adds a comment that arrived live (the room, a catch-up, the sender's own POST answer). Answers
 * the same object when it was already held. The first page's `latest` (where the next catch-up
 * starts) moves to it when it is newer, unless `fromRoom` is false: the sender's own POST
 * answer does not move it, since the room may be down when it arrives and another person's
 * comment from just before it would then be skipped by the catch-up (issue #33, decision record
 * 0099: the chat's finding 5, for comments).
 */
export function insertComment(data: CommentsData, incoming: Comment, fromRoom = true): CommentsData {
  let next = data;
  const latest = data.pages[0]?.latest;
  if (fromRoom && (!latest || incoming.createdAt > latest.createdAt)) {
    next = updateFirst(next, (page) => ({ ...page, latest: { cursor: incoming.cursor, createdAt: incoming.createdAt } }));
  }
  if (holds(data, incoming.id)) return next;
  const comment = stripCursor(incoming);
  next = updateFirst(next, (page) => ({ ...page, total: page.total + 1 }));
  if (comment.parentId === null) {
    const thread: CommentThreadView = { ...comment, replies: [], replyCount: 0, repliesCursor: null };
    return updateFirst(next, (page) => ({ ...page, live: [...page.live, thread].sort(compareComments) }));
  }
  // One level of nesting: a reply to a reply belongs to the top-level comment of its parent.
  const parentId = comment.parentId;
  const at = findThread(next, (thread) => thread.id === parentId || thread.replies.some((reply) => reply.id === parentId));
  if (!at) return updateFirst(next, (page) => ({ ...page, counted: [...page.counted, comment.id] }));
  // Shown at once even when older replies are still unloaded: they merge in by time when read.
  return updateThread(next, at, (thread) => ({
    ...thread,
    replies: [...thread.replies, comment].sort(compareComments),
    replyCount: thread.replyCount + 1,
  }));
}

/** Adds a thread's next replies (deduplicated, by time) and moves its cursor on. */
export function appendReplies(data: CommentsData, threadId: string, replies: CommentView[], nextCursor: string | null): CommentsData {
  const at = findThread(data, (thread) => thread.id === threadId);
  if (!at) return data;
  return updateThread(data, at, (thread) => {
    const known = new Set(thread.replies.map((reply) => reply.id));
    const merged = [...thread.replies, ...replies.filter((reply) => !known.has(reply.id))].sort(compareComments);
    return { ...thread, replies: merged, replyCount: Math.max(thread.replyCount, merged.length), repliesCursor: nextCursor };
  });
}

/**
 * Removes a comment; a removed top-level comment takes its replies with it, as on the server.
 * `commentsCount` is the post's count after the delete when the server said it.
 */
export function removeComment(data: CommentsData, commentId: string, commentsCount?: number): CommentsData {
  let removed = 0;
  let next = data;
  const top = findThread(data, (thread) => thread.id === commentId);
  if (top) {
    next = updateThread(data, top, (thread) => {
      removed = 1 + thread.replyCount;
      return null;
    });
  } else {
    const parent = findThread(data, (thread) => thread.replies.some((reply) => reply.id === commentId));
    if (parent) {
      removed = 1;
      next = updateThread(data, parent, (thread) => ({
        ...thread,
        replies: thread.replies.filter((reply) => reply.id !== commentId),
        replyCount: Math.max(thread.replyCount - 1, 0),
      }));
    } else if (data.pages[0]?.counted.includes(commentId)) {
      removed = 1;
      next = updateFirst(data, (page) => ({ ...page, counted: page.counted.filter((id) => id !== commentId) }));
    }
  }
  // Also drop it from any later page that holds the same thread (a page read after it went live).
  next = {
    ...next,
    pages: next.pages.map((page) =>
      page.items.some((thread) => thread.id === commentId) ? { ...page, items: page.items.filter((thread) => thread.id !== commentId) } : page,
    ),
  };
  if (commentsCount === undefined && removed === 0) return next;
  return updateFirst(next, (page) => ({ ...page, total: commentsCount ?? Math.max(page.total - removed, 0) }));
}
