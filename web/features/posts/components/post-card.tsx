// One post in a list or on its share page (spec §2 feed screen): a header linking to the
// author's profile, its time linking to the post's own page (/post/{id}), the content, caption,
// location, tags, like and comment counts, and the owner's menu. The like/bookmark/comment/share
// bar is another issue's: it plugs into `actionBar`; until then the counts are shown in its place.
import { Link } from "@tanstack/react-router";
import { BadgeCheck, Heart, MapPin, MessageCircle } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { normalizeHashtag, splitCaptionHashtags } from "@shared/rules/post-text";
import { ReportButton } from "@web/components/report-dialog";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { profilePath } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { formatCount, plural } from "@web/lib/format";
import { useRecordViewWhenVisible } from "../hooks/use-record-view";
import { PostMedia } from "./post-media";
import { PostMenu } from "./post-menu";

const T = POST_SCREEN_TEXTS.card;

/**
 * Like and comment counts; the default content of the action bar slot. A screen reader reads the
 * words ("12 likes") from hidden text: a plain span may not carry a name (axe, serious).
 */
function PostStats({ post }: { post: Post }) {
  return (
    <div className="flex items-center gap-5 text-sm text-muted-foreground" data-testid="post-stats">
      <span className="inline-flex items-center gap-1.5">
        <Heart className={cn("size-[18px]", post.viewer.liked && "fill-rose-500 text-rose-500")} aria-hidden />
        <span aria-hidden>{formatCount(post.likesCount)}</span>
        <span className="sr-only">{plural(post.likesCount, T.likeNoun)}</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <MessageCircle className="size-[18px]" aria-hidden />
        <span aria-hidden>{formatCount(post.commentsCount)}</span>
        <span className="sr-only">{plural(post.commentsCount, T.commentNoun)}</span>
      </span>
    </div>
  );
}

/** The caption with each hashtag linking to that tag's posts. */
function CaptionText({ caption }: { caption: string }) {
  return splitCaptionHashtags(caption).map((part, index) =>
    part.kind === "text" ? (
      part.text
    ) : (
      <Link key={index} to="/search" search={{ tag: part.tag }} className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring" data-testid="caption-hashtag">
        {part.text}
      </Link>
    ),
  );
}

const tagChipClass = "inline-flex rounded-full bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground";

/** A tag chip opens the tag's posts; a tag that is not a topic ("#1") stays plain text. */
function TagChip({ tag }: { tag: string }) {
  const topic = normalizeHashtag(tag);
  if (topic === null) return <span className={tagChipClass}>#{tag}</span>;
  return (
    <Link to="/search" search={{ tag: topic }} className={cn(tagChipClass, "transition hover:brightness-95 focus-visible:outline-2 focus-visible:outline-ring")} data-testid="tag-chip">
      #{tag}
    </Link>
  );
}

export interface PostCardProps {
  post: Post;
  /**
   * The action bar slot (like, bookmark, comment, share), rendered under the media. When
   * omitted, PostStats (the like and comment counts) is shown instead.
   */
  actionBar?: ReactNode;
  /** A compact control beside the author in the header (the social feature's Follow button). */
  headerAction?: ReactNode;
  /** Called after the owner deleted the post (the caches are already updated). */
  onDeleted?: (postId: string) => void;
  /** Record a view when the card is half visible for the first time this session. */
  trackViews?: boolean;
  /** Load the image eagerly (the first card of a list, the share page). */
  priority?: boolean;
  className?: string;
}

export function PostCard({ post, actionBar, headerAction, onDeleted, trackViews = false, priority = false, className }: PostCardProps) {
  const ref = useRef<HTMLElement>(null);
  useRecordViewWhenVisible(ref, post.id, trackViews);
  const name = post.author.displayName || post.author.username;
  const headingId = `post-${post.id}-author`;

  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-testid="post-card"
      data-post-id={post.id}
      data-content-type={post.contentType}
      className={cn("overflow-hidden rounded-[var(--radius-card)] border bg-card text-card-foreground shadow-sm", className)}
    >
      <header className="flex items-center gap-3 px-4 py-3">
        <Link to={profilePath(post.userId)} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
          <Avatar src={post.author.avatarUrl} name={name} size="sm" />
          <span className="min-w-0">
            <span className="flex items-center gap-1 truncate text-sm font-semibold">
              <span id={headingId} className="truncate">
                {name}
              </span>
              {post.author.verified ? <BadgeCheck className="size-4 shrink-0 text-primary" aria-label={T.verified} /> : null}
            </span>
            <span className="block truncate text-xs text-muted-foreground">@{post.author.username}</span>
          </span>
        </Link>
        {headerAction}
        {/* A real link to the post's own page, so it opens in a new tab and can be copied. */}
        <Link
          to="/post/$postId"
          params={{ postId: post.id }}
          className="shrink-0 rounded text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="post-permalink"
        >
          <RelativeTime date={post.createdAt} />
        </Link>
        {post.viewer.isOwner ? (
          <PostMenu post={post} onDeleted={onDeleted} />
        ) : (
          <ReportButton targetType="post" targetId={post.id} size="icon" className="size-10 shrink-0 rounded-full text-muted-foreground" />
        )}
      </header>

      <PostMedia post={post} priority={priority} />

      <div className="space-y-2.5 px-4 pt-3 pb-4">
        <div data-slot="post-action-bar">{actionBar ?? <PostStats post={post} />}</div>
        {post.caption ? (
          // React escapes the text; pre-line keeps the author's line breaks.
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-line" data-testid="post-caption">
            <CaptionText caption={post.caption} />
          </p>
        ) : null}
        {post.location ? (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden />
            <span>{post.location}</span>
          </p>
        ) : null}
        {post.tags.length > 0 ? (
          <ul aria-label={T.tags} className="flex flex-wrap gap-1.5">
            {post.tags.map((tag) => (
              <li key={tag}>
                <TagChip tag={tag} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
