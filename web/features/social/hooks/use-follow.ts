// Follow (spec §4 "not following to following and back", toasts 'Following' / 'Unfollowed'; §8
// 'Failed to update follow status'; DESIGN.md: every Follow button follows). The button flips at
// once; rapid taps collapse into one request carrying the final state; a failure returns it to
// what the server last confirmed. The feed reads follows live, so after a change every cached
// post list is refetched (the ones on screen) or marked stale (the rest).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { POST_ERRORS, SOCIAL_TEXTS } from "@shared/messages";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { followQueryOptions, socialCalls, socialKeys } from "../api";
import { invalidatePostLists } from "@web/lib/post-cache";
import { ToggleQueue } from "../toggle-queue";

export interface UseFollowOptions {
  userId: string;
  username: string;
  /** Whether the caller already knows the answer (e.g. a search row); skips the status request. */
  initialFollowing?: boolean;
  /** False for visitors and for the viewer's own id: no status request is made. */
  enabled?: boolean;
}

export function useFollow({ userId, username, initialFollowing, enabled = true }: UseFollowOptions) {
  const queryClient = useQueryClient();
  const key = socialKeys.follow(userId);
  const status = useQuery({
    ...followQueryOptions(userId),
    enabled,
    ...(initialFollowing === undefined ? {} : { initialData: { following: initialFollowing }, initialDataUpdatedAt: Date.now() }),
  });
  const following = status.data?.following ?? false;

  const queueRef = useRef<ToggleQueue<boolean> | null>(null);
  if (!queueRef.current) {
    queueRef.current = new ToggleQueue<boolean>({
      initial: following,
      isOn: (state) => state,
      run: async (desired) => (await socialCalls.setFollow(userId, desired)).following,
      onSettled: (confirmed, error) => {
        queryClient.setQueryData(key, { following: confirmed });
        if (error) {
          console.error(`Updating the follow of ${userId} failed:`, error);
          notifyError(POST_ERRORS.updateFollow, { id: `follow-${userId}` });
          return;
        }
        void invalidatePostLists(queryClient);
      },
    });
  }
  const queue = queueRef.current;

  useEffect(() => {
    queue.sync(following);
  }, [queue, following]);

  const toggle = useCallback(() => {
    const desired = !following;
    queryClient.setQueryData(key, { following: desired });
    // The toast answers the tap at once; the final state is what the server keeps.
    const text = desired ? SOCIAL_TEXTS.following(username) : SOCIAL_TEXTS.unfollowed(username);
    notifySuccess(text.title, { description: text.description, id: `follow-${userId}` });
    queue.toggle(desired);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, userId, username, following, queue]);

  return { following, isLoading: enabled && status.isPending, toggle };
}
