// Top-level comments oldest first, each with its replies nested one level under it (spec §2
// comments dialog).
import type { CommentThread, Comment } from "../types";
import { CommentItem } from "./comment-item";

export interface CommentListProps {
  threads: CommentThread[];
  canDelete: (comment: Comment) => boolean;
  deletingId: string | null;
  onReply: (comment: Comment) => void;
  onDelete: (comment: Comment) => void;
}

export function CommentList({ threads, canDelete, deletingId, onReply, onDelete }: CommentListProps) {
  const itemProps = (comment: Comment) => ({
    comment,
    canDelete: canDelete(comment),
    deleting: deletingId === comment.id,
    onReply,
    onDelete,
  });
  return (
    <ol className="space-y-5" aria-label="Comments" data-testid="comment-list">
      {threads.map((thread) => (
        <li key={thread.id} data-testid="comment-thread">
          <CommentItem {...itemProps(thread)} />
          {thread.replies.length > 0 ? (
            <ol className="mt-3 ml-[18px] space-y-3 border-l border-border pl-[26px]" aria-label={`Replies to @${thread.author.username}`} data-testid="comment-replies">
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem {...itemProps(reply)} isReply />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
