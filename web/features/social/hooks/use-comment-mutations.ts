// Adding and deleting comments (spec §4 comment reply, §5 comments, §8 'Comment added!', 'Failed
// to add comment'). The new comment goes into the list from the POST answer at once; the room's
// broadcast of the same comment is then a no-op (deduplicated by id).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { socialCalls, socialKeys } from "../api";
import { applyDeletedComment, applyNewComments } from "./use-comments-live";

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentId }: { content: string; parentId: string | null }) => socialCalls.addComment(postId, content, parentId),
    onSuccess: (comment) => {
      if (!applyNewComments(queryClient, postId, [comment])) {
        void queryClient.invalidateQueries({ queryKey: socialKeys.comments(postId), exact: true });
      }
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => socialCalls.deleteComment(commentId),
    onSuccess: (_result, commentId) => applyDeletedComment(queryClient, postId, commentId),
  });
}
