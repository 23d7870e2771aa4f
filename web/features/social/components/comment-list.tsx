// Top-level comments oldest first, each with its replies nested one level under it (spec §2
// comments dialog), and "View N more replies" where a thread has more than are loaded (decision
// record 0061).
import { COMMENT_PAGE_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { Spinner } from "@web/components/ui/spinner";
import type { CommentThreadView, CommentView } from "../types";
import { CommentItem, type CommentTrack } from "./comment-item";

export interface CommentListProps {
  threads: CommentThreadView[];
  /** The list's accessible name. */
  label?: string;
  /** The signed-in reader: block and mute are offered on everyone else's comments. */
  viewerId?: string | null;
  canDelete: (comment: CommentView) => boolean;
  canReport?: (comment: CommentView) => boolean;
  deletingId: string | null;
  /** The thread whose further replies are loading, if any. */
  loadingRepliesOf: string | null;
  onReply: (comment: CommentView) => void;
  onDelete: (comment: CommentView) => void;
  onMoreReplies: (thread: CommentThreadView) => void;
  /** The post's audio with a known length: moments in the comments seek it (decision record 0089). */
  track?: CommentTrack | null;
}

const moreRepliesClass =
  "inline-flex min-h-9 items-center gap-2 rounded-full px-2 text-xs font-semibold text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60";

export function CommentList({ threads, label = SOCIAL_SCREEN_TEXTS.comments.title, viewerId, canDelete, canReport, deletingId, loadingRepliesOf, onReply, onDelete, onMoreReplies, track = null }: CommentListProps) {
  const itemProps = (comment: CommentView) => ({
    comment,
    viewerId,
    canDelete: canDelete(comment),
    canReport: canReport?.(comment) ?? false,
    deleting: deletingId === comment.id,
    onReply,
    onDelete,
    track,
  });
  return (
    <ol className="space-y-5" aria-label={label} data-testid="comment-list">
      {threads.map((thread) => {
        const hidden = thread.repliesCursor === null ? 0 : Math.max(thread.replyCount - thread.replies.length, 0);
        const loading = loadingRepliesOf === thread.id;
        return (
          <li key={thread.id} data-testid="comment-thread">
            <CommentItem {...itemProps(thread)} />
            {thread.replies.length > 0 ? (
              <ol className="mt-3 ml-[18px] space-y-3 border-l border-border pl-[26px]" aria-label={SOCIAL_SCREEN_TEXTS.comments.repliesTo(thread.author.username)} data-testid="comment-replies">
                {thread.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem {...itemProps(reply)} isReply />
                  </li>
                ))}
              </ol>
            ) : null}
            {hidden > 0 ? (
              <div className="mt-2 ml-[44px]">
                <button type="button" className={moreRepliesClass} disabled={loading} aria-busy={loading} onClick={() => onMoreReplies(thread)} data-testid="more-replies">
                  {loading ? <Spinner className="size-3.5" label={COMMENT_PAGE_TEXTS.loadingReplies} /> : null}
                  {COMMENT_PAGE_TEXTS.moreReplies(hidden)}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
