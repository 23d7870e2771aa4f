// The heart (spec §2 feed: "actions for like"; §4 like; §8 'You must be logged in to like posts').
import { Heart } from "lucide-react";
import { POST_ERRORS, POST_SCREEN_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { cn } from "@web/lib/cn";
import { formatCount, plural } from "@web/lib/format";
import { useSignInPrompt } from "../hooks/use-sign-in-prompt";
import { useToggleLike } from "../hooks/use-toggle-like";
import { ActionButton } from "./action-button";

export function LikeButton({ post, signedIn }: { post: Post; signedIn: boolean }) {
  const { liked, likesCount, toggle } = useToggleLike(post);
  const promptSignIn = useSignInPrompt();
  return (
    <ActionButton
      aria-label={SOCIAL_SCREEN_TEXTS.actions.like(plural(likesCount, POST_SCREEN_TEXTS.card.likeNoun))}
      aria-pressed={liked}
      data-testid="like-button"
      onClick={() => (signedIn ? toggle() : promptSignIn(POST_ERRORS.loginToLike))}
      // The count is text and needs 4.5:1 on the card in both themes; rose-500 had 3.7:1 on light.
      className={cn(liked && "text-rose-700 hover:text-rose-700 dark:text-rose-400 dark:hover:text-rose-400")}
      count={formatCount(likesCount)}
    >
      <Heart className={cn("transition-transform duration-200", liked && "scale-110 fill-current")} aria-hidden />
    </ActionButton>
  );
}
