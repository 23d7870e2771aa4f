// Comments pinned to moments of an audio post (issue #31 item 1, decision record 0089): small
// avatars along the waveform, the comment surfacing above it for a few seconds as the track plays
// through its moment, "Comment at 1:23" under the player, and the same markers as a plain list for
// the keyboard and screen readers. Tapping a marker plays from its moment. The player, the
// markers and the comments dialog meet in web/lib/audio-moments.ts.
//
// The markers are fetched once the listener has played or moved the playhead, or opens the list:
// a feed of audio cards costs no request per card for comments nobody has asked to hear.
import { useInfiniteQuery } from "@tanstack/react-query";
import { MessageSquarePlus } from "lucide-react";
import { useId, useMemo } from "react";
import { MOMENT_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import type { CommentAuthors, CommentMarker } from "@shared/social-api";
import { Avatar } from "@web/components/ui/avatar";
import { Spinner } from "@web/components/ui/spinner";
import { requestPin, seekPlayer, usePlayerPosition } from "@web/lib/audio-moments";
import { cn } from "@web/lib/cn";
import { commentMarkersInfiniteQueryOptions } from "../api";

/** How long a comment stays up after the playhead passes its moment. */
const SURFACE_MS = 3000;

const T = MOMENT_TEXTS;

interface Loaded {
  markers: CommentMarker[];
  authors: CommentAuthors;
}

const nameOf = (authors: CommentAuthors, userId: string) => {
  const author = authors[userId];
  return author ? author.displayName || author.username : "";
};

/** The avatars along the waveform and the comment surfacing above it; drawn inside the player. */
export function MarkerStrip({ postId, durationMs, loaded }: { postId: string; durationMs: number; loaded: Loaded }) {
  const position = usePlayerPosition(postId);
  const { markers, authors } = loaded;
  // The latest moment the playhead passed within SURFACE_MS, while it plays.
  const surfacing = useMemo(() => {
    if (!position?.playing) return null;
    let found: CommentMarker | null = null;
    for (const marker of markers) {
      if (marker.atMs > position.timeMs) break;
      if (position.timeMs - marker.atMs < SURFACE_MS) found = marker;
    }
    return found;
  }, [markers, position]);

  if (markers.length === 0) return null;
  return (
    <>
      {/* The list below is the accessible way to these; the strip is for eyes and fingers. */}
      <div className="relative mt-1 h-5" aria-hidden data-testid="marker-strip">
        {markers.map((marker) => {
          const left = Math.min(Math.max(marker.atMs / durationMs, 0), 1) * 100;
          const author = authors[marker.userId];
          return (
            <button
              key={marker.id}
              type="button"
              tabIndex={-1}
              onClick={() => seekPlayer(postId, marker.atMs)}
              className={cn(
                "absolute top-0 size-5 -translate-x-1/2 rounded-full ring-2 ring-background transition hover:z-10 hover:scale-125",
                surfacing?.id === marker.id && "z-10 scale-125 ring-primary",
              )}
              style={{ left: `${left}%` }}
              data-testid="marker-avatar"
              data-at-ms={marker.atMs}
            >
              <Avatar src={author?.avatarUrl ?? null} name={nameOf(authors, marker.userId)} size="xs" className="size-5 text-[8px]" />
            </button>
          );
        })}
      </div>
      {surfacing ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 flex items-start gap-2 rounded-xl bg-popover/95 px-2.5 py-1.5 text-xs shadow-md"
          data-testid="marker-surfacing"
        >
          <span className="shrink-0 font-semibold">{nameOf(authors, surfacing.userId)}</span>
          <span className="line-clamp-2 min-w-0 break-words">{surfacing.content}</span>
        </div>
      ) : null}
    </>
  );
}

/** "Comment at 1:23" and the list of markers, under the player. */
export function MarkerList({
  postId,
  loaded,
  open,
  onOpenChange,
  state,
}: {
  postId: string;
  loaded: Loaded;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: { pending: boolean; failed: boolean; hasMore: boolean; loadingMore: boolean; loadMore: () => void };
}) {
  const position = usePlayerPosition(postId);
  const listId = useId();
  const action = "inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-xs font-semibold text-muted-foreground transition hover:bg-background/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-1">
        {/* Once the listener has played or tapped the waveform, the moment means something. */}
        {position?.touched ? (
          <button type="button" className={action} onClick={() => requestPin(postId, position.timeMs)} data-testid="comment-at">
            <MessageSquarePlus className="size-4" aria-hidden />
            {T.commentAt(position.timeMs)}
          </button>
        ) : null}
        <button type="button" className={action} aria-expanded={open} aria-controls={listId} onClick={() => onOpenChange(!open)} data-testid="markers-toggle">
          {T.markersLabel}
        </button>
      </div>
      <div id={listId} hidden={!open}>
        {!open ? null : state.pending ? (
          <Spinner className="m-2 size-4" label={T.loadingMarkers} />
        ) : state.failed && loaded.markers.length === 0 ? (
          <p className="px-3 py-2 text-xs text-muted-foreground">{T.markersFailed}</p>
        ) : loaded.markers.length === 0 ? (
          <p className="px-3 py-2 text-xs text-muted-foreground">{T.noMarkers}</p>
        ) : (
          <>
            <ul aria-label={T.markersLabel} className="mt-1 space-y-1" data-testid="marker-list">
              {loaded.markers.map((marker) => {
                const name = nameOf(loaded.authors, marker.userId);
                return (
                  <li key={marker.id} className="flex items-baseline gap-2 text-sm">
                    <button
                      type="button"
                      aria-label={T.marker(name, marker.atMs)}
                      onClick={() => seekPlayer(postId, marker.atMs)}
                      className="shrink-0 rounded-full px-2 py-1 text-xs font-semibold tabular-nums text-primary transition hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {T.markerShown(name, marker.atMs)}
                    </button>
                    <span className="min-w-0 break-words text-[13px] leading-snug">{marker.content}</span>
                  </li>
                );
              })}
            </ul>
            {state.hasMore ? (
              <button type="button" className={action} disabled={state.loadingMore} onClick={state.loadMore}>
                {state.loadingMore ? <Spinner className="size-3.5" label={T.loadingMarkers} /> : null}
                {T.moreMarkers}
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The markers of one audio post: fetched once its player was used or its list opened, and only
 * for a post with a stored duration and at least one comment.
 */
export function useCommentMarkers(post: Pick<Post, "id" | "durationMs" | "commentsCount">, listOpen: boolean) {
  const position = usePlayerPosition(post.id);
  const wanted = Boolean(post.durationMs) && post.commentsCount > 0 && (listOpen || Boolean(position?.touched));
  const query = useInfiniteQuery({ ...commentMarkersInfiniteQueryOptions(post.id), enabled: wanted });
  const loaded = useMemo<Loaded>(() => {
    const markers: CommentMarker[] = [];
    const authors: CommentAuthors = {};
    for (const page of query.data?.pages ?? []) {
      markers.push(...page.items);
      Object.assign(authors, page.authors);
    }
    return { markers, authors };
  }, [query.data]);
  return {
    loaded,
    state: {
      // Nothing to load (no comments) is not "loading".
      pending: wanted && query.isPending,
      failed: query.isError,
      hasMore: query.hasNextPage,
      loadingMore: query.isFetchingNextPage,
      loadMore: () => void query.fetchNextPage(),
    },
  };
}
