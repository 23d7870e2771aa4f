// Live comments while the dialog is open (spec §4 "New comments from anyone cause the list for
// that post to refetch", realtime channel states; §9 heartbeat and reconnect delays; DESIGN.md
// "rows are written to D1 first, then broadcast; clients reconnect … and fetch what they missed").
//
// A broadcast comment is put straight into the cached pages (deduplicated by id, so the sender's
// own comment shows once; decision record 0061 says where it goes). Each time the socket
// (re)opens, the comments created after the newest one known are fetched with `?since=` and the
// server's cursor of that comment, so nothing is lost while the connection was down or the room
// restarted; after a long absence (more than one catch-up holds) the pages are read again.
import { type InfiniteData, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { commentRoomPath, HEARTBEAT_INTERVAL_MS, parseServerMessage } from "@shared/realtime";
import type { MarkerPage } from "@shared/social-api";
import { commentMarkersKey } from "@web/lib/audio-moments";
import { type ChannelState, createLiveSocket, liveUrl, type SocketLike } from "@web/lib/live-socket";
import { socialCalls, socialKeys } from "../api";
import { catchUpCursor, commentsTotal, insertComment, removeComment } from "../comments-cache";
import { setCommentsCountEverywhere } from "../post-cache";
import type { Comment, CommentRoomClientMessage, CommentRoomServerMessage, CommentsData } from "../types";

/** Rewrites the cached pages and keeps every cached copy of the post's comment count in step. */
function updateComments(queryClient: QueryClient, postId: string, fn: (data: CommentsData) => CommentsData): void {
  const current = queryClient.getQueryData<CommentsData>(socialKeys.comments(postId));
  if (!current) return;
  const next = fn(current);
  if (next === current) return;
  queryClient.setQueryData<CommentsData>(socialKeys.comments(postId), next);
  const total = commentsTotal(next);
  if (total !== null) setCommentsCountEverywhere(queryClient, postId, total);
}

/**
 * Adds comments that arrived live to the cached pages (nothing to do before the first page).
 * `fromRoom` is false for the sender's own POST answer, which does not move the catch-up point
 * (comments-cache.ts insertComment).
 */
export function applyNewComments(queryClient: QueryClient, postId: string, comments: readonly Comment[], fromRoom = true): void {
  updateComments(queryClient, postId, (data) => comments.reduce((next, comment) => (comment.postId === postId ? insertComment(next, comment, fromRoom) : next), data));
  // A pinned comment is also a marker on the waveform: its pages are read again, in track order
  // (decision record 0089). A player that never loaded them is not asked to.
  if (comments.some((comment) => comment.postId === postId && comment.atMs !== null)) {
    void queryClient.invalidateQueries({ queryKey: commentMarkersKey(postId), exact: true });
  }
}

export function applyDeletedComment(queryClient: QueryClient, postId: string, commentId: string, commentsCount?: number): void {
  updateComments(queryClient, postId, (data) => removeComment(data, commentId, commentsCount));
  // Its marker goes with it, without a request.
  queryClient.setQueryData<InfiniteData<MarkerPage, string | null>>(commentMarkersKey(postId), (data) =>
    data && data.pages.some((page) => page.items.some((marker) => marker.id === commentId))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((marker) => marker.id !== commentId) })) }
      : data,
  );
}

export interface UseCommentsLiveOptions {
  enabled: boolean;
  /** Injected in tests. */
  createSocket?: (url: string) => SocketLike;
}

export function useCommentsLive(postId: string, { enabled, createSocket }: UseCommentsLiveOptions): ChannelState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChannelState>("closed");

  useEffect(() => {
    if (!enabled) return;
    const key = socialKeys.comments(postId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    let catchUp: AbortController | null = null;

    const socket = createLiveSocket<CommentRoomServerMessage, CommentRoomClientMessage>({
      url: () => liveUrl(commentRoomPath(postId)),
      // Validates every field, so a malformed frame is dropped rather than put in the list.
      parse: parseServerMessage,
      createSocket,
      heartbeat: { intervalMs: HEARTBEAT_INTERVAL_MS, message: () => ({ type: "ping", t: Date.now() }) },
      onStateChange: setState,
      onOpen: () => {
        const current = queryClient.getQueryData<CommentsData>(key);
        // Not loaded yet: the first fetch, still running, brings everything.
        if (!current) return;
        const since = catchUpCursor(current);
        if (!since) {
          refetch();
          return;
        }
        catchUp?.abort();
        const controller = new AbortController();
        catchUp = controller;
        socialCalls
          .commentsSince(postId, since, controller.signal)
          .then(({ items, hasMore }) => {
            if (hasMore) refetch();
            else applyNewComments(queryClient, postId, items);
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            // The list may now be missing comments: fall back to reading it whole.
            console.warn(`Catching up on comments of post ${postId} failed:`, error);
            refetch();
          });
      },
      onMessage: (message) => {
        switch (message.type) {
          case "comment.created":
            applyNewComments(queryClient, postId, [message.comment]);
            break;
          case "comment.deleted":
            if (message.postId === postId) applyDeletedComment(queryClient, postId, message.commentId, message.commentsCount);
            break;
          case "pong":
          case "welcome":
            break;
          default: {
            const _exhaustive: never = message;
            return _exhaustive;
          }
        }
      },
    });

    // Back online: try now rather than at the end of a 10 s wait.
    const onOnline = () => socket.reconnectNow();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      catchUp?.abort();
      socket.close();
      setState("closed");
    };
  }, [enabled, postId, queryClient, createSocket]);

  return state;
}
