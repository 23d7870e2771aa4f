// Bookmark (spec §2 feed and /bookmarks: "bookmarked or unbookmarked"; §4 bookmark; §8 'You must
// be logged in to bookmark posts').
import { Bookmark } from "lucide-react";
import { POST_ERRORS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { cn } from "@web/lib/cn";
import { useSignInPrompt } from "../hooks/use-sign-in-prompt";
import { useToggleBookmark } from "../hooks/use-toggle-bookmark";
import { ActionButton } from "./action-button";

export function BookmarkButton({ post, signedIn }: { post: Post; signedIn: boolean }) {
  const { bookmarked, pending, toggle } = useToggleBookmark(post);
  const promptSignIn = useSignInPrompt();
  return (
    <ActionButton
      aria-label={bookmarked ? SOCIAL_SCREEN_TEXTS.actions.removeBookmark : SOCIAL_SCREEN_TEXTS.actions.bookmark}
      aria-pressed={bookmarked}
      aria-busy={pending || undefined}
      data-testid="bookmark-button"
      onClick={() => (signedIn ? toggle() : promptSignIn(POST_ERRORS.loginToBookmark))}
      className={cn(bookmarked && "text-primary hover:text-primary")}
    >
      <Bookmark className={cn(bookmarked && "fill-current")} aria-hidden />
    </ActionButton>
  );
}
