// The content of a post (spec §2 feed screen): an image, an audio player with its waveform, or a
// video with its poster. Images and videos reserve their box from the stored width and height,
// so the feed does not jump as media loads.
import { useMemo, useState } from "react";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { decodeWaveform } from "@shared/waveform";
import { MarkerList, MarkerStrip, useCommentMarkers } from "./comment-markers";
import { LoudnessReadout } from "@web/components/audio/loudness-readout";
import { WaveformPlayer } from "@web/components/audio/waveform-player";

const T = POST_SCREEN_TEXTS.media;

/** Portrait is cut at 4:5 and landscape at 1.91:1, the range phone feeds use. */
const MIN_ASPECT = 4 / 5;
const MAX_ASPECT = 1.91;

/** The CSS aspect-ratio for a stored size, clamped; square when the size is unknown. */
function mediaAspectRatio(width: number | null, height: number | null): string {
  if (!width || !height || width <= 0 || height <= 0) return "1 / 1";
  const ratio = width / height;
  if (ratio < MIN_ASPECT) return "4 / 5";
  if (ratio > MAX_ASPECT) return "1.91 / 1";
  return `${width} / ${height}`;
}

export function PostMedia({ post, priority = false }: { post: Post; priority?: boolean }) {
  const name = post.author.displayName || post.author.username;
  switch (post.contentType) {
    case "image":
      return (
        <div className="relative w-full overflow-hidden bg-muted" style={{ aspectRatio: mediaAspectRatio(post.width, post.height) }} data-testid="post-media">
          <img
            src={post.mediaUrl}
            alt={post.caption ? T.photoWithCaption(name, post.caption.slice(0, 120)) : T.photoBy(name)}
            width={post.width ?? undefined}
            height={post.height ?? undefined}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
      );
    case "video":
      return (
        <div className="relative w-full overflow-hidden bg-black" style={{ aspectRatio: mediaAspectRatio(post.width, post.height) }} data-testid="post-media">
          <video
            src={post.mediaUrl}
            poster={post.thumbnailUrl ?? undefined}
            controls
            playsInline
            preload="none"
            aria-label={T.videoBy(name)}
            className="absolute inset-0 size-full object-contain"
          />
        </div>
      );
    case "audio":
      return <AudioMedia post={post} label={T.audioBy(name)} />;
    default: {
      const unreachable: never = post.contentType;
      return unreachable;
    }
  }
}

/**
 * The audio player, drawn from the post's peaks as they travel (8-bit base64, decision 0060), with
 * the comments pinned to its moments when its length is known (decision record 0089) and the
 * loudness measured at upload under it (0092).
 */
function AudioMedia({ post, label }: { post: Post; label: string }) {
  // Decoded once per waveform, so a re-render of the card does not rebuild the player.
  const peaks = useMemo(() => (post.waveform ? decodeWaveform(post.waveform) : null), [post.waveform]);
  const [listOpen, setListOpen] = useState(false);
  const { loaded, state } = useCommentMarkers(post, listOpen);
  return (
    <div className="mx-4 rounded-2xl bg-gradient-to-br from-orange-500/15 via-rose-500/10 to-transparent p-4" data-testid="post-media">
      <WaveformPlayer postId={post.id} src={post.mediaUrl} peaks={peaks} durationMs={post.durationMs} label={label}>
        {post.durationMs ? <MarkerStrip postId={post.id} durationMs={post.durationMs} loaded={loaded} /> : null}
      </WaveformPlayer>
      <LoudnessReadout loudness={post.loudness} className="mt-2 justify-end" />
      {/* A pin needs the track's stored length: the server bounds every moment by it. */}
      {post.durationMs ? <MarkerList postId={post.id} loaded={loaded} open={listOpen} onOpenChange={setListOpen} state={state} /> : null}
    </div>
  );
}
