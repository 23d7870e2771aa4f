// One comment (spec §2 comments dialog: "each with the author profile"; §5 "newlines become line
// breaks"): avatar, name, @username, relative time, the text, Reply and, for the comment's author
// or the post's owner, Delete. React escapes the text; shared commentLines splits the lines.
// On an audio post, the moment a comment is pinned to and every moment written in its text
// ("at 1:23") within the track are buttons that play the post from there (decision record 0089).
import { Link } from "@tanstack/react-router";
import { BadgeCheck } from "lucide-react";
import { Fragment, useState } from "react";
import { formatDuration } from "@shared/media-format";
import { MODERATION_TEXTS, MOMENT_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { commentLines } from "@shared/rules/comment";
import { splitMoments } from "@shared/rules/moments";
import { RelativeTime } from "@web/components/relative-time";
import { ReportDialog } from "@web/components/report-dialog";
import { SafetyMenu } from "@web/components/safety-menu";
import { Avatar } from "@web/components/ui/avatar";
import { profilePath } from "@web/lib/app-paths";
import { seekPlayer, usePlayerPresent } from "@web/lib/audio-moments";
import { cn } from "@web/lib/cn";
import type { CommentView } from "../types";

const T = SOCIAL_SCREEN_TEXTS.comment;

export interface CommentItemProps {
  comment: CommentView;
  canDelete: boolean;
  /** Someone else's comment, seen by a signed-in reader: offers Report (decision record 0083). */
  canReport?: boolean;
  deleting: boolean;
  onReply: (comment: CommentView) => void;
  onDelete: (comment: CommentView) => void;
  isReply?: boolean;
  /** The signed-in reader: block and mute are offered on everyone else's comments. */
  viewerId?: string | null;
  /** The post's audio, when it has a known length: its moments become seek buttons. */
  track?: CommentTrack | null;
}

/** The audio post a comment belongs to, as far as its moments need it. */
export interface CommentTrack {
  postId: string;
  durationMs: number;
}

const momentClass =
  "rounded px-0.5 font-semibold tabular-nums text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:outline-2 focus-visible:outline-ring";

/** One moment of the track: a button that plays from there while the post's player is on screen. */
function Moment({ track, ms, text, seekable }: { track: CommentTrack; ms: number; text: string; seekable: boolean }) {
  if (!seekable) return <span className="tabular-nums">{text}</span>;
  return (
    <button type="button" className={momentClass} aria-label={MOMENT_TEXTS.seekTo(ms)} onClick={() => seekPlayer(track.postId, ms)} data-testid="comment-moment">
      {text}
    </button>
  );
}

const linkClass = "rounded-md focus-visible:outline-2 focus-visible:outline-ring";
const actionClass =
  "inline-flex h-8 items-center rounded-full px-2 text-xs font-semibold text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

export function CommentItem({ comment, canDelete, canReport = false, deleting, onReply, onDelete, isReply = false, viewerId, track = null }: CommentItemProps) {
  const [confirming, setConfirming] = useState(false);
  // Buttons that would do nothing are plain text: the post's player must be on screen to seek.
  const seekable = usePlayerPresent(track?.postId ?? "");
  const [reporting, setReporting] = useState(false);
  const name = comment.author.displayName || comment.author.username;
  const profile = profilePath(comment.userId);
  const lines = commentLines(comment.content);

  return (
    <div className="flex gap-3" data-testid="comment" data-comment-id={comment.id}>
      {/* The name link below is the accessible one; this duplicate is for fingers only. */}
      <Link to={profile} className={cn(linkClass, "shrink-0 rounded-full")} aria-hidden tabIndex={-1}>
        <Avatar src={comment.author.avatarUrl} name={name} size={isReply ? "xs" : "sm"} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
          <Link to={profile} className={cn(linkClass, "inline-flex items-center gap-1 font-semibold")}>
            {name}
            {comment.author.verified ? <BadgeCheck className="size-3.5 text-primary" aria-label={T.verified} /> : null}
          </Link>
          <span className="truncate text-xs text-muted-foreground">@{comment.author.username}</span>
          <span aria-hidden className="text-xs text-muted-foreground">
            ·
          </span>
          <RelativeTime date={comment.createdAt} className="text-xs text-muted-foreground" />
        </div>
        <p className="mt-0.5 text-[15px] leading-snug break-words" data-testid="comment-text">
          {track && comment.atMs !== null ? (
            <>
              <Moment track={track} ms={comment.atMs} text={formatDuration(comment.atMs)} seekable={seekable} />{" "}
            </>
          ) : null}
          {lines.map((line, index) => (
            <Fragment key={index}>
              {index > 0 ? <br /> : null}
              {track
                ? splitMoments(line, track.durationMs).map((part, at) =>
                    part.kind === "text" ? <Fragment key={at}>{part.text}</Fragment> : <Moment key={at} track={track} ms={part.ms} text={part.text} seekable={seekable} />,
                  )
                : line}
            </Fragment>
          ))}
        </p>
        <div className="mt-1 -ml-2 flex items-center gap-1">
          {confirming ? (
            <>
              <span className="px-2 text-xs text-muted-foreground">{T.confirmDelete}</span>
              <button
                type="button"
                className={cn(actionClass, "text-destructive hover:text-destructive")}
                data-haptic="heavy"
                disabled={deleting}
                onClick={() => onDelete(comment)}
              >
                {deleting ? T.deleting : T.delete}
              </button>
              <button type="button" className={actionClass} disabled={deleting} onClick={() => setConfirming(false)}>
                {T.keep}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={actionClass} onClick={() => onReply(comment)} aria-label={T.replyTo(comment.author.username)}>
                {T.reply}
              </button>
              {canDelete ? (
                <button type="button" className={actionClass} onClick={() => setConfirming(true)} aria-label={T.deleteBy(comment.author.username)}>
                  {T.delete}
                </button>
              ) : null}
              {canReport ? (
                <button type="button" className={actionClass} onClick={() => setReporting(true)}>
                  {MODERATION_TEXTS.reportAction}
                </button>
              ) : null}
              {/* Blocking refetches the thread, where the comment is then left out. */}
              <SafetyMenu user={{ userId: comment.userId, username: comment.author.username }} viewerId={viewerId} className="size-8" />
            </>
          )}
        </div>
        {canReport ? <ReportDialog targetType="comment" targetId={comment.id} open={reporting} onOpenChange={setReporting} /> : null}
      </div>
    </div>
  );
}
