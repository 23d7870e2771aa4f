// The action bar under every post (spec social-feed-search §2 feed: "like and comment counts, and
// actions for like, bookmark, comment and share. Comments open in a dialog"). It fills PostCard's
// action-bar slot; routes wire it in (features never import each other).
import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useTransition } from "react";
import { POST_SCREEN_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { clearPinRequest, type PinRequest, usePinRequest } from "@web/lib/audio-moments";
import { formatCount, plural } from "@web/lib/format";
import { ActionButton } from "./action-button";
import { BookmarkButton } from "./bookmark-button";
import { LikeButton } from "./like-button";
import { ShareButton } from "./share-button";

// The comments (thread, composer, pinned moments, live room) are about 20 KiB gzipped that a
// screen of post cards never needs until one is opened, so the dialog loads then; pointing at or
// focusing the Comments button starts the load early (the route budget, decision record 0065).
const loadCommentsDialog = () => import("./comments-dialog");
const CommentsDialog = lazy(() => loadCommentsDialog().then((module) => ({ default: module.CommentsDialog })));

export interface PostActionsProps {
  post: Post;
  /** The signed-in user's id, or null for a visitor (who is asked to sign in on each action). */
  viewerId: string | null;
  /** Open the comments at once (e.g. /post/{id}?comments=1). */
  defaultCommentsOpen?: boolean;
}

export function PostActions({ post, viewerId, defaultCommentsOpen = false }: PostActionsProps) {
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  // Mounting the dialog (its thread, composer and live room) is the heavy part of a press of
  // Comments: it renders as a transition, so the press answers at once (the button shows it is
  // opening) and the dialog follows without holding the frame (INP, issue #29 item 4).
  const [opening, startOpening] = useTransition();
  const commentsButton = useRef<HTMLButtonElement>(null);
  const signedIn = viewerId !== null;
  // The player's "Comment at 1:23" opens the comments with a new comment pinned there
  // (decision record 0089); each request is answered once.
  const requested = usePinRequest(post.id);
  const [pinRequest, setPinRequest] = useState<PinRequest | null>(null);
  useEffect(() => {
    if (!requested) return;
    setPinRequest(requested);
    setCommentsOpen(true);
    clearPinRequest(post.id, requested);
  }, [requested, post.id]);
  // The dialog is opened by state, not by a Radix trigger, so Radix has no element to give the
  // focus back to when it closes: the keyboard user would land on the page's start. Give it back to
  // the Comments button once the dialog has unmounted.
  const changeCommentsOpen = useCallback((open: boolean) => {
    setCommentsOpen(open);
    if (!open) {
      // The pin belonged to that opening; the Comments button opens without one.
      setPinRequest(null);
      requestAnimationFrame(() => commentsButton.current?.focus());
    }
  }, []);
  return (
    <div className="flex items-center gap-3" data-testid="post-actions">
      <LikeButton post={post} signedIn={signedIn} />
      <ActionButton
        aria-label={SOCIAL_SCREEN_TEXTS.actions.comments(plural(post.commentsCount, POST_SCREEN_TEXTS.card.commentNoun))}
        aria-haspopup="dialog"
        aria-expanded={commentsOpen}
        ref={commentsButton}
        data-testid="comments-button"
        onClick={() => startOpening(() => setCommentsOpen(true))}
        aria-busy={opening || undefined}
        className={opening ? "bg-muted text-foreground" : undefined}
        onPointerEnter={() => void loadCommentsDialog()}
        onFocus={() => void loadCommentsDialog()}
        count={formatCount(post.commentsCount)}
      >
        <MessageCircle aria-hidden />
      </ActionButton>
      <ShareButton post={post} />
      <span className="flex-1" />
      <BookmarkButton post={post} signedIn={signedIn} />
      {commentsOpen ? (
        <Suspense fallback={null}>
          <CommentsDialog post={post} viewerId={viewerId} open={commentsOpen} onOpenChange={changeCommentsOpen} pinRequest={pinRequest} />
        </Suspense>
      ) : null}
    </div>
  );
}
