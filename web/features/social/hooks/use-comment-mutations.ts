// Adding and deleting comments (spec §4 comment reply, §5 comments, §8 'Comment added!', 'Failed
// to add comment'). The new comment goes into the list from the POST answer at once (a reply into
// its thread, a top-level comment after the loaded pages); the room's broadcast of the same
// comment is then a no-op (deduplicated by id). Loading a thread's further replies lives here too.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { socialCalls, socialKeys } from "../api";
import { appendReplies, joinReplies } from "../comments-cache";
import type { CommentsData } from "../types";
import { applyDeletedComment, applyNewComments } from "./use-comments-live";

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentId, atMs = null }: { content: string; parentId: string | null; atMs?: number | null }) =>
      socialCalls.addComment(postId, content, parentId, atMs),
    // The answer is not the room's: it does not move where the next catch-up starts.
    onSuccess: (comment) => applyNewComments(queryClient, postId, [comment], false),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => socialCalls.deleteComment(commentId),
    onSuccess: (_result, commentId) => applyDeletedComment(queryClient, postId, commentId),
  });
}

/** "View N more replies": the thread's next replies after the server's cursor. */
export function useLoadReplies(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, cursor }: { commentId: string; cursor: string }) => socialCalls.replies(commentId, cursor),
    onSuccess: (page, { commentId }) =>
      queryClient.setQueryData<CommentsData>(socialKeys.comments(postId), (data) =>
        data ? appendReplies(data, commentId, joinReplies(page, postId), page.nextCursor) : data,
      ),
  });
}
