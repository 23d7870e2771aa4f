// The comments dialog (spec social-feed-search §2 "Comments open in a dialog … top-level comments,
// oldest first, each with the author profile and its replies nested one level. An input with
// Reply on each comment; Cancel clears the reply target"; §4 comment reply and realtime; §5
// comments; §8 'Failed to load comments', 'Failed to add comment', 'Comment added!', 'You must
// be logged in to comment'). A full-height sheet on phones, a panel from the sm breakpoint.
// While it is open the post's comment room keeps the list current. Threads load a page of
// top-level comments at a time, and a thread's further replies on request (decision record 0061).
// On an audio post a new top-level comment can be pinned to a moment of the player, and moments
// in the comments play the post from there (decision record 0089).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { COMMENT_PAGE_TEXTS, ERROR_TOAST_TITLE, POST_ERRORS, POST_SUCCESS, REQUEST_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { notify, notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { usePlayerPosition } from "@web/lib/audio-moments";
import type { SocketLike } from "@web/lib/live-socket";
import { commentsInfiniteQueryOptions } from "../api";
import { commentsTotal, visibleThreads } from "../comments-cache";
import { useAddComment, useDeleteComment, useLoadReplies } from "../hooks/use-comment-mutations";
import { useCommentsLive } from "../hooks/use-comments-live";
import { useSignInPrompt } from "../hooks/use-sign-in-prompt";
import { setCommentsCountEverywhere } from "../post-cache";
import type { CommentThreadView, CommentView } from "../types";
import { CommentComposer, type PinControl, type ReplyTarget } from "./comment-composer";
import { CommentList } from "./comment-list";
import { LiveIndicator } from "./live-indicator";

const T = SOCIAL_SCREEN_TEXTS.comments;

export interface CommentsDialogProps {
  post: Pick<Post, "id" | "userId" | "author" | "commentsCount"> & Partial<Pick<Post, "contentType" | "durationMs">>;
  /** The signed-in user's id, or null for a visitor. */
  viewerId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injected in tests. */
  createSocket?: (url: string) => SocketLike;
  /**
   * The player's "Comment at 1:23": the moment to pin the new comment to. A new request (another
   * `seq`) replaces the pin while the dialog is open.
   */
  pinRequest?: { atMs: number; seq: number } | null;
}

/** The Error toast for a refused comment: the rule's own words where there is one. */
function notifyAddCommentFailed(error: unknown): void {
  if (error instanceof ApiClientError && error.status === 429) {
    const title = (error.details as { title?: unknown } | undefined)?.title;
    notify(typeof title === "string" ? title : ERROR_TOAST_TITLE, { description: error.message, variant: "destructive" });
    return;
  }
  if (error instanceof ApiClientError && error.status === 400) {
    notify(POST_ERRORS.addComment, { description: error.message, variant: "destructive" });
    return;
  }
  notifyError(POST_ERRORS.addComment);
}

export function CommentsDialog({ post, viewerId, open, onOpenChange, createSocket, pinRequest = null }: CommentsDialogProps) {
  const queryClient = useQueryClient();
  const comments = useInfiniteQuery({ ...commentsInfiniteQueryOptions(post.id), enabled: open });
  const channel = useCommentsLive(post.id, { enabled: open, createSocket });
  const add = useAddComment(post.id);
  const remove = useDeleteComment(post.id);
  const loadReplies = useLoadReplies(post.id);
  const promptSignIn = useSignInPrompt();
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listEndRef = useRef<HTMLDivElement>(null);
  // Only a top-level comment on audio of known length can be pinned; the server says the same.
  const track = post.contentType === "audio" && post.durationMs ? { postId: post.id, durationMs: post.durationMs } : null;
  const position = usePlayerPosition(post.id);
  // The player may run a little past the stored length (it ends where the file ends); the server
  // takes moments strictly before the stored end, so a pin at the very end becomes its last one.
  const withinTrack = (ms: number) => (track ? Math.min(ms, track.durationMs - 1) : null);
  const [pinnedAt, setPinnedAt] = useState<number | null>(pinRequest ? withinTrack(pinRequest.atMs) : null);
  const [answeredPin, setAnsweredPin] = useState(pinRequest?.seq ?? null);
  // A later "Comment at …" from the player while the dialog is open moves the pin there.
  if (pinRequest && pinRequest.seq !== answeredPin) {
    setAnsweredPin(pinRequest.seq);
    setPinnedAt(withinTrack(pinRequest.atMs));
  }
  const pin: PinControl | null =
    track && !replyTo
      ? {
          pinnedAt,
          // The player's moment is offered once the listener has used it, and within the track.
          offerAt: position?.touched ? withinTrack(position.timeMs) : null,
          onPin: setPinnedAt,
          onRemove: () => setPinnedAt(null),
        }
      : null;

  // One toast per failure to load (spec §8), a first page or a later one, plus the inline retry
  // below (or the "Load more" button's).
  useEffect(() => {
    if (comments.isError && open) notifyError(POST_ERRORS.loadComments, { id: `comments-${post.id}` });
  }, [comments.isError, comments.errorUpdatedAt, open, post.id]);

  // The first page says how many comments the post has now: every card showing it follows.
  const pageTotal = commentsTotal(comments.data);
  useEffect(() => {
    if (pageTotal !== null) setCommentsCountEverywhere(queryClient, post.id, pageTotal);
  }, [pageTotal, queryClient, post.id]);

  const { threads, live } = visibleThreads(comments.data);
  const total = pageTotal ?? post.commentsCount;
  const name = post.author.displayName || post.author.username;

  const canDelete = (comment: CommentView) =>
    comment.viewer.canDelete || (viewerId !== null && (comment.userId === viewerId || post.userId === viewerId));

  const onReply = (comment: CommentView) => {
    if (!viewerId) {
      promptSignIn(POST_ERRORS.loginToComment);
      return;
    }
    setReplyTo({ commentId: comment.id, username: comment.author.username });
    inputRef.current?.focus();
  };

  const onMoreReplies = (thread: CommentThreadView) => {
    // A second tap on the same thread while its replies load is one request, not two.
    if (!thread.repliesCursor || (loadReplies.isPending && loadReplies.variables?.commentId === thread.id)) return;
    loadReplies.mutate(
      { commentId: thread.id, cursor: thread.repliesCursor },
      { onError: () => notifyError(COMMENT_PAGE_TEXTS.loadRepliesFailed, { id: `replies-${thread.id}` }) },
    );
  };

  const onDelete = (comment: CommentView) =>
    remove.mutate(comment.id, {
      onError: (error) => notifyError(error instanceof ApiClientError ? error.message : REQUEST_TEXTS.unexpectedError),
    });

  const onSubmit = () => {
    if (!viewerId) {
      promptSignIn(POST_ERRORS.loginToComment);
      return;
    }
    const parentId = replyTo?.commentId ?? null;
    // A reply carries no moment of its own: it answers its thread's.
    const atMs = parentId === null && track ? pinnedAt : null;
    add.mutate(
      { content: text, parentId, atMs },
      {
        onSuccess: (comment) => {
          setText("");
          setReplyTo(null);
          setPinnedAt(null);
          notifySuccess(POST_SUCCESS.commentAdded.title, { id: `comment-added-${post.id}` });
          // A new top-level comment lands at the end: bring it into view.
          if (comment.parentId === null) requestAnimationFrame(() => listEndRef.current?.scrollIntoView?.({ block: "end", behavior: "smooth" }));
        },
        onError: notifyAddCommentFailed,
      },
    );
  };

  const listProps = {
    viewerId,
    canDelete,
    // Anyone signed in reports someone else's comment (decision record 0083).
    canReport: (comment: CommentView) => viewerId !== null && comment.userId !== viewerId,
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
    loadingRepliesOf: loadReplies.isPending ? (loadReplies.variables?.commentId ?? null) : null,
    onReply,
    onDelete,
    onMoreReplies,
    track,
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-0 h-dvh max-h-none gap-0 overflow-hidden rounded-none p-0 pb-0 sm:h-[min(44rem,85dvh)] sm:pb-0"
        onOpenAutoFocus={(event) => {
          // Opening the sheet should not pop the phone keyboard up over the comments, so the
          // field is not focused; the sheet itself is, or the keyboard focus would stay on the
          // button behind the modal and Tab would start outside it.
          event.preventDefault();
          (event.target as HTMLElement | null)?.focus();
        }}
        data-testid="comments-dialog"
      >
        <header className="flex items-center gap-3 border-b px-5 pt-[calc(1rem+env(safe-area-inset-top))] pb-3 pr-14 sm:pt-4">
          <DialogTitle className="text-lg">{T.title}</DialogTitle>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="comments-total">
            {total}
          </span>
          <LiveIndicator state={channel} />
          <DialogDescription className="sr-only">{T.about(name)}</DialogDescription>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4" data-testid="comments-scroll">
          {comments.isPending ? (
            // A status, so its name is allowed (a plain div may not be named) and read out: a
            // long thread's first page can take a moment on a phone.
            <div className="space-y-5" role="status" aria-busy="true" aria-label={T.loading}>
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="flex-1 space-y-2 pt-1">
                    <Skeleton className="h-3 w-1/3" />
                    <Skeleton className="h-3 w-4/5" />
                  </div>
                </div>
              ))}
            </div>
          ) : comments.isError && !comments.data ? (
            <div className="flex flex-col items-center gap-4 py-10 text-center">
              <p className="text-sm text-muted-foreground">{POST_ERRORS.loadComments}</p>
              <Button variant="outline" onClick={() => void comments.refetch()}>
                <RefreshCw aria-hidden /> {T.tryAgain}
              </Button>
            </div>
          ) : threads.length === 0 && live.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center" data-testid="comments-empty">
              <MessageCircle className="size-9 text-muted-foreground" aria-hidden />
              <p className="font-medium">{T.empty}</p>
              <p className="text-sm text-muted-foreground">{T.emptyHint}</p>
            </div>
          ) : (
            <div className="space-y-5">
              <CommentList threads={comments.hasNextPage ? threads : [...threads, ...live]} {...listProps} />
              {comments.hasNextPage ? (
                <>
                  <div className="flex justify-center">
                    {comments.isFetchingNextPage ? (
                      <Spinner label={COMMENT_PAGE_TEXTS.loadingMore} />
                    ) : (
                      <Button variant="outline" onClick={() => void comments.fetchNextPage()} data-testid="load-more-comments">
                        {comments.isFetchNextPageError ? COMMENT_PAGE_TEXTS.retryMore : COMMENT_PAGE_TEXTS.loadMore}
                      </Button>
                    )}
                  </div>
                  {/* The newest comments, written while older pages are still unread, come after them. */}
                  {live.length > 0 ? <CommentList threads={live} label={COMMENT_PAGE_TEXTS.newerComments} {...listProps} /> : null}
                </>
              ) : null}
            </div>
          )}
          <div ref={listEndRef} />
        </div>

        <CommentComposer
          ref={inputRef}
          text={text}
          onTextChange={setText}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSubmit={onSubmit}
          sending={add.isPending}
          pin={pin}
        />
      </DialogContent>
    </Dialog>
  );
}
