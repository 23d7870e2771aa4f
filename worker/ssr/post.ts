// A post as the Worker paints it for a shared link (decision record 0097): PostCard and PostMedia
// (web/features/posts/components/post-card.tsx, post-media.tsx) and the action bar
// (web/features/social/components/post-actions.tsx) in the same classes. The audio player is the
// WaveformPlayer's look with its waveform drawn here as SVG bars from the stored peaks, so it
// paints without a script; web/shared-page/island.ts makes it play and seek. A video is the
// browser's own player with its poster (preload="none": nothing but the poster loads until play).
import { POST_SCREEN_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { formatDuration } from "@shared/media-format";
import type { Post } from "@shared/posts-api";
import { normalizeHashtag, splitCaptionHashtags } from "@shared/rules/post-text";
import { formatRelativeTime } from "@shared/rules/relative-time";
import { decodeWaveform } from "@shared/waveform";
import { avatar, formatCount, plural, signInPath, type Viewer } from "./frame";
import { cx, html, raw, safeUrl, type SafeHtml } from "./html";
import { icon } from "./icons";

const C = POST_SCREEN_TEXTS.card;
const M = POST_SCREEN_TEXTS.media;
const P = POST_SCREEN_TEXTS.player;
const A = SOCIAL_SCREEN_TEXTS.actions;

const MIN_ASPECT = 4 / 5;
const MAX_ASPECT = 1.91;

/** PostMedia's aspect ratio for a stored size, clamped; square when the size is unknown. */
function mediaAspectRatio(width: number | null, height: number | null): string {
  if (!width || !height || width <= 0 || height <= 0) return "1 / 1";
  const ratio = width / height;
  if (ratio < MIN_ASPECT) return "4 / 5";
  if (ratio > MAX_ASPECT) return "1.91 / 1";
  return `${width} / ${height}`;
}

/** The player's bars: as many as wavesurfer draws on a phone (3 px bars, 2 px gaps, ~320 px). */
const BARS = 64;
const BAR_STEP = 5;
const BAR_WIDTH = 3;
const HEIGHT = 56;
/** WaveformPlayer's low, even line for audio without peaks. */
const FALLBACK_PEAKS = Array.from({ length: 100 }, (_, i) => 0.12 + 0.06 * Math.abs(Math.sin(i * 0.7)));

/** The peaks resampled to BARS bars (the loudest peak of each slice) and normalised, as the player does. */
function waveformBars(encoded: string | null): number[] {
  const decoded = encoded ? decodeWaveform(encoded) : [];
  const peaks = decoded.length > 0 ? decoded : FALLBACK_PEAKS;
  const bars = Array.from({ length: BARS }, (_, bar) => {
    const from = Math.floor((bar * peaks.length) / BARS);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * peaks.length) / BARS));
    return Math.max(...peaks.slice(from, to));
  });
  const loudest = Math.max(...bars) || 1;
  return bars.map((peak) => Math.min(1, peak / loudest));
}

/** The bars as SVG rects: numbers this module computed, never user text. */
function barRects(bars: number[]): SafeHtml {
  const rects = bars
    .map((peak, index) => {
      const height = Math.max(2, Math.round(peak * HEIGHT));
      return `<rect x="${index * BAR_STEP}" y="${(HEIGHT - height) / 2}" width="${BAR_WIDTH}" height="${height}" rx="1.5"></rect>`;
    })
    .join("");
  return raw(rects);
}

/** The audio player: play button, SVG waveform (a slider), times, and the <audio> it drives. */
function audioPlayer(post: Post, label: string): SafeHtml {
  const bars = barRects(waveformBars(post.waveform));
  const width = BARS * BAR_STEP;
  const clipId = `waveform-progress-${post.id}`;
  const total = formatDuration(post.durationMs);
  const src = safeUrl(post.mediaUrl);
  return html`<div class="mx-4 rounded-2xl bg-gradient-to-br from-orange-500/15 via-rose-500/10 to-transparent p-4" data-testid="post-media"><div class="flex items-center gap-3" data-testid="waveform-player" data-island="audio" data-duration-ms="${post.durationMs ?? 0}" data-label-play="${P.play(label)}" data-label-pause="${P.pause(label)}"><button type="button" aria-label="${P.play(label)}" data-player-toggle class="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-[0_8px_24px_-8px_var(--color-glow)] transition active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"><span data-player-icon="play">${icon("Play", "ml-0.5 size-5 fill-current")}</span><span data-player-icon="pause" hidden>${icon("Pause", "size-5 fill-current")}</span></button><div class="min-w-0 flex-1"><div class="relative"><div role="slider" tabindex="0" aria-label="${P.seek(label)}" aria-valuemin="0" aria-valuemax="${Math.round((post.durationMs ?? 0) / 1000)}" aria-valuenow="0" aria-valuetext="${P.position(formatDuration(0), total)}" data-testid="waveform" data-player-seek class="h-14 w-full cursor-pointer rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"><svg viewBox="0 0 ${width} ${HEIGHT}" preserveAspectRatio="none" class="block size-full" aria-hidden="true" data-testid="waveform-svg"><defs><clipPath id="${clipId}"><rect x="0" y="0" width="0" height="${HEIGHT}" data-player-progress data-width="${width}"></rect></clipPath></defs><g class="fill-muted-foreground/40">${bars}</g><g class="fill-primary" clip-path="url(#${clipId})">${bars}</g></svg></div></div><div class="mt-1 flex justify-between text-xs tabular-nums text-muted-foreground"><span data-player-current>${formatDuration(0)}</span><span data-player-total data-cannot-play="${P.cannotPlay}">${total}</span></div></div>${src ? html`<audio src="${src}" preload="none" class="hidden" data-player-audio></audio>` : null}</div>${src ? html`<noscript><audio src="${src}" preload="none" controls class="mt-3 w-full"></audio></noscript>` : null}</div>`;
}

function postMedia(post: Post, name: string, priority: boolean): SafeHtml | null {
  const src = safeUrl(post.mediaUrl);
  switch (post.contentType) {
    case "image":
      if (!src) return null;
      return html`<div class="relative w-full overflow-hidden bg-muted" style="aspect-ratio: ${mediaAspectRatio(post.width, post.height)}" data-testid="post-media"><img src="${src}" alt="${post.caption ? M.photoWithCaption(name, post.caption.slice(0, 120)) : M.photoBy(name)}"${post.width ? html` width="${post.width}"` : null}${post.height ? html` height="${post.height}"` : null} loading="${priority ? "eager" : "lazy"}"${priority ? html` fetchpriority="high"` : null} decoding="async" class="absolute inset-0 size-full object-cover" /></div>`;
    case "video": {
      if (!src) return null;
      const poster = safeUrl(post.thumbnailUrl);
      return html`<div class="relative w-full overflow-hidden bg-black" style="aspect-ratio: ${mediaAspectRatio(post.width, post.height)}" data-testid="post-media"><video src="${src}"${poster ? html` poster="${poster}"` : null} controls playsinline preload="none" aria-label="${M.videoBy(name)}" class="absolute inset-0 size-full object-contain"></video></div>`;
    }
    case "audio":
      return audioPlayer(post, M.audioBy(name));
    default: {
      const unreachable: never = post.contentType;
      return unreachable;
    }
  }
}

/** The caption with each hashtag a link to that tag's posts (an app screen: a plain link). */
function caption(text: string): SafeHtml {
  return html`${splitCaptionHashtags(text).map((part) =>
    part.kind === "text"
      ? html`${part.text}`
      : html`<a href="/search?${new URLSearchParams({ tag: part.tag }).toString()}" class="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring" data-testid="caption-hashtag">${part.text}</a>`,
  )}`;
}

const TAG_CHIP = "inline-flex rounded-full bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground";

function tagChip(tag: string): SafeHtml {
  const topic = normalizeHashtag(tag);
  if (topic === null) return html`<span class="${TAG_CHIP}">#${tag}</span>`;
  return html`<a href="/search?${new URLSearchParams({ tag: topic }).toString()}" class="${cx(TAG_CHIP, "transition hover:brightness-95 focus-visible:outline-2 focus-visible:outline-ring")}" data-testid="tag-chip">#${tag}</a>`;
}

const ACTION =
  "-mx-1.5 inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground " +
  "transition-[color,background-color,transform] duration-150 hover:bg-muted hover:text-foreground active:scale-90 " +
  "focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-[22px] [&_svg]:shrink-0";

/**
 * The action bar. What needs an account is, for a visitor, a link to sign in that comes back
 * here (without scripts), which the island turns into the app's own control, so the visitor sees
 * the app's sign-in prompt in the spec's words; the comments and share need the app, so they are buttons the island answers by starting
 * the app and pressing the same control in it (`data-intent` names its test id there). A signed-in
 * viewer's like and bookmark are such buttons too: the app takes over right after the paint.
 */
function actionBar(post: Post, viewer: Viewer, here: string): SafeHtml {
  const likes = plural(post.likesCount, C.likeNoun);
  const likeClass = cx(ACTION, post.viewer.liked && "text-rose-700 hover:text-rose-700 dark:text-rose-400 dark:hover:text-rose-400");
  const heart = icon("Heart", cx("transition-transform duration-200", post.viewer.liked && "scale-110 fill-current"));
  const count = (value: number) => html`<span aria-hidden="true" class="tabular-nums">${formatCount(value)}</span>`;
  const like =
    viewer.userId === null
      ? html`<a href="${signInPath(here)}" aria-label="${A.like(likes)}" class="${likeClass}" data-intent="like-button" data-testid="like-button">${heart}${count(post.likesCount)}</a>`
      : html`<button type="button" aria-label="${A.like(likes)}" aria-pressed="${post.viewer.liked ? "true" : "false"}" class="${likeClass}" data-intent="like-button" data-testid="like-button">${heart}${count(post.likesCount)}</button>`;
  const bookmarkLabel = post.viewer.bookmarked ? A.removeBookmark : A.bookmark;
  const bookmarkIcon = icon("Bookmark", cx(post.viewer.bookmarked && "fill-current"));
  const bookmark =
    viewer.userId === null
      ? html`<a href="${signInPath(here)}" aria-label="${bookmarkLabel}" class="${ACTION}" data-intent="bookmark-button" data-testid="bookmark-button">${bookmarkIcon}</a>`
      : html`<button type="button" aria-label="${bookmarkLabel}" class="${ACTION}" data-intent="bookmark-button" data-testid="bookmark-button">${bookmarkIcon}</button>`;
  return html`<div class="flex items-center gap-3" data-testid="post-actions">${like}<button type="button" aria-label="${A.comments(plural(post.commentsCount, C.commentNoun))}" aria-haspopup="dialog" class="${ACTION}" data-intent="comments-button" data-testid="comments-button">${icon("MessageCircle", "")}${count(post.commentsCount)}</button><button type="button" aria-label="${A.share}" class="${ACTION}" data-intent="share-button" data-testid="share-button">${icon("Share2", "")}</button><span class="flex-1"></span>${bookmark}</div>`;
}

/** PostCard: author, time (the post's own page), media, actions, caption, location and tags. */
export function postCard(post: Post, viewer: Viewer, options: { now: number; priority: boolean; here: string }): SafeHtml {
  const name = post.author.displayName || post.author.username;
  const headingId = `post-${post.id}-author`;
  const at = new Date(post.createdAt);
  return html`<article aria-labelledby="${headingId}" data-testid="post-card" data-post-id="${post.id}" data-content-type="${post.contentType}" class="overflow-hidden rounded-[var(--radius-card)] border bg-card text-card-foreground shadow-sm"><header class="flex items-center gap-3 px-4 py-3"><a href="/profile/${encodeURIComponent(post.userId)}" class="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-ring" data-testid="post-author">${avatar(post.author.avatarUrl, name, "sm")}<span class="min-w-0"><span class="flex items-center gap-1 truncate text-sm font-semibold"><span id="${headingId}" class="truncate">${name}</span>${post.author.verified ? icon("BadgeCheck", "size-4 shrink-0 text-primary", C.verified) : null}</span><span class="block truncate text-xs text-muted-foreground">@${post.author.username}</span></span></a><a href="/post/${encodeURIComponent(post.id)}" class="shrink-0 rounded text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring" data-testid="post-permalink"><time datetime="${Number.isNaN(at.getTime()) ? "" : at.toISOString()}">${formatRelativeTime(post.createdAt, options.now)}</time></a></header>${postMedia(post, name, options.priority)}<div class="space-y-2.5 px-4 pt-3 pb-4"><div data-slot="post-action-bar">${actionBar(post, viewer, options.here)}</div>${post.caption ? html`<p class="text-[15px] leading-relaxed break-words whitespace-pre-line" data-testid="post-caption">${caption(post.caption)}</p>` : null}${post.location ? html`<p class="flex items-center gap-1 text-xs text-muted-foreground">${icon("MapPin", "size-3.5")}<span>${post.location}</span></p>` : null}${post.tags.length > 0 ? html`<ul aria-label="${C.tags}" class="flex flex-wrap gap-1.5">${post.tags.map((tag) => html`<li>${tagChip(tag)}</li>`)}</ul>` : null}</div></article>`;
}

