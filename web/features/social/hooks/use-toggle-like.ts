// Like (spec §4 "toggles per user and post between liked and not liked"; §8 'Failed to update
// like', 'You must be logged in to like posts'). The heart and the count change at once on every
// cached copy of the post; rapid taps collapse into one request carrying the final state (see
// ToggleQueue); when the final request fails, the post returns to what the server last
// confirmed and the Error toast is shown.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { POST_ERRORS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { notifyError } from "@web/components/ui/toast";
import { socialCalls } from "../api";
import { setLikeEverywhere } from "../post-cache";
import { ToggleQueue } from "../toggle-queue";
import type { LikeState } from "../types";

/** The count to show for `liked`, from the last state the server confirmed. */
function optimisticLikes(confirmed: LikeState, liked: boolean): number {
  return Math.max(0, confirmed.likesCount + (liked ? 1 : 0) - (confirmed.liked ? 1 : 0));
}

export function useToggleLike(post: Pick<Post, "id" | "likesCount" | "viewer">) {
  const queryClient = useQueryClient();
  const postId = post.id;
  const queueRef = useRef<ToggleQueue<LikeState> | null>(null);
  if (!queueRef.current) {
    queueRef.current = new ToggleQueue<LikeState>({
      initial: { liked: post.viewer.liked, likesCount: post.likesCount },
      isOn: (state) => state.liked,
      run: (liked) => socialCalls.setLike(postId, liked),
      onSettled: (confirmed, error) => {
        setLikeEverywhere(queryClient, postId, confirmed.liked, confirmed.likesCount);
        if (error) {
          console.error(`Updating the like on post ${postId} failed:`, error);
          notifyError(POST_ERRORS.updateLike, { id: `like-${postId}` });
        }
      },
    });
  }
  const queue = queueRef.current;

  // While idle, what the caches hold is the server's word (a refetch may have brought a newer
  // count); the queue starts from it on the next tap.
  useEffect(() => {
    queue.sync({ liked: post.viewer.liked, likesCount: post.likesCount });
  }, [queue, post.viewer.liked, post.likesCount]);

  const toggle = useCallback(() => {
    const desired = !post.viewer.liked;
    setLikeEverywhere(queryClient, postId, desired, optimisticLikes(queue.state, desired));
    queue.toggle(desired);
  }, [queryClient, postId, post.viewer.liked, queue]);

  return { liked: post.viewer.liked, likesCount: post.likesCount, toggle };
}
