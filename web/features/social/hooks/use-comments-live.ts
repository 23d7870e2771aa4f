// Live comments while the dialog is open (spec §4 "New comments from anyone cause the list for
// that post to refetch", realtime channel states; §9 heartbeat and reconnect delays; DESIGN.md
// "rows are written to D1 first, then broadcast; clients reconnect … and fetch what they missed").
//
// A broadcast comment is put straight into the cached list (deduplicated by id, so the sender's
// own comment shows once); a reply whose parent the client does not hold, or a catch-up that
// cannot be applied, refetches the whole list instead. Each time the socket (re)opens, the
// comments created after the newest one held are fetched with `?since=` and that comment's own
// server-issued cursor, so nothing is lost while the connection was down or the room restarted.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { commentRoomPath, HEARTBEAT_INTERVAL_MS, parseServerMessage } from "../../../../shared/realtime";
import { type ChannelState, createLiveSocket, liveUrl, type SocketLike } from "../../../lib/live-socket";
import { socialCalls, socialKeys } from "../api";
import { catchUpCursor, type CommentsData, countComments, insertComment, removeComment } from "../comments-cache";
import { setCommentsCountEverywhere } from "../post-cache";
import type { Comment, CommentRoomClientMessage, CommentRoomServerMessage } from "../types";

/** Writes a new list and keeps every cached copy of the post's comment count in step with it. */
function writeComments(queryClient: QueryClient, postId: string, next: CommentsData): void {
  queryClient.setQueryData<CommentsData>(socialKeys.comments(postId), next);
  setCommentsCountEverywhere(queryClient, postId, countComments(next.items));
}

/** Adds comments to the cached list; false when one could not be placed (the caller refetches). */
export function applyNewComments(queryClient: QueryClient, postId: string, comments: readonly Comment[]): boolean {
  const current = queryClient.getQueryData<CommentsData>(socialKeys.comments(postId));
  if (!current) return true;
  let items = current.items;
  for (const comment of comments) {
    if (comment.postId !== postId) continue;
    const next = insertComment(items, comment);
    if (!next) return false;
    items = next;
  }
  if (items !== current.items) writeComments(queryClient, postId, { ...current, items });
  return true;
}

export function applyDeletedComment(queryClient: QueryClient, postId: string, commentId: string): void {
  const current = queryClient.getQueryData<CommentsData>(socialKeys.comments(postId));
  if (!current) return;
  const items = removeComment(current.items, commentId);
  if (items !== current.items) writeComments(queryClient, postId, { ...current, items });
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
        const since = catchUpCursor(current.items);
        if (!since) {
          refetch();
          return;
        }
        catchUp?.abort();
        const controller = new AbortController();
        catchUp = controller;
        socialCalls
          .commentsSince(postId, since, controller.signal)
          .then(({ items }) => {
            if (!applyNewComments(queryClient, postId, items)) refetch();
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
            if (!applyNewComments(queryClient, postId, [message.comment])) refetch();
            break;
          case "comment.deleted":
            if (message.postId === postId) applyDeletedComment(queryClient, postId, message.commentId);
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
