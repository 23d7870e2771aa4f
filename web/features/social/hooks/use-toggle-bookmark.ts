// Bookmark (spec §4 "toggles; a duplicate-insert conflict is treated as already bookmarked; a
// toggle is ignored while one is in flight for the same post"; §8 'Post bookmarked', 'Bookmark
// removed', 'Failed to update bookmark', and "bookmark errors are only logged"). The icon changes
// at once on every cached copy of the post and rolls back if the server refuses.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { POST_ERRORS, POST_SUCCESS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { socialCalls, socialKeys } from "../api";
import { setBookmarkedEverywhere } from "../post-cache";

export function useToggleBookmark(post: Pick<Post, "id" | "viewer">) {
  const queryClient = useQueryClient();
  const postId = post.id;
  const mutationKey = socialKeys.bookmarkMutation(postId);
  const mutation = useMutation({
    mutationKey,
    mutationFn: (bookmarked: boolean) => socialCalls.setBookmark(postId, bookmarked),
    onMutate: (bookmarked) => {
      setBookmarkedEverywhere(queryClient, postId, bookmarked);
      return { previous: !bookmarked };
    },
    onSuccess: (result) => {
      setBookmarkedEverywhere(queryClient, postId, result.bookmarked);
      const text = result.bookmarked ? POST_SUCCESS.bookmarked : POST_SUCCESS.bookmarkRemoved;
      notifySuccess(text.title, { id: `bookmark-${postId}` });
    },
    onError: (error, _bookmarked, context) => {
      if (context) setBookmarkedEverywhere(queryClient, postId, context.previous);
      console.error(`Updating the bookmark on post ${postId} failed:`, error);
      notifyError(POST_ERRORS.updateBookmark, { id: `bookmark-${postId}` });
    },
    onSettled: () => {
      // The saved-posts list refetches the next time it is opened. An open /bookmarks screen
      // keeps an unbookmarked post in place (with its icon off) so the user can undo.
      void queryClient.invalidateQueries({ queryKey: socialKeys.bookmarks(), refetchType: "none" });
    },
  });

  const toggle = useCallback(() => {
    // The spec's rule: one toggle per post at a time, wherever the post is shown.
    if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return false;
    mutation.mutate(!post.viewer.bookmarked);
    return true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, postId, post.viewer.bookmarked, mutation.mutate]);

  return { bookmarked: post.viewer.bookmarked, pending: mutation.isPending, toggle };
}
