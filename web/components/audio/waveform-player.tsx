// The audio post player (spec §2 post content; docs/decisions/0008). The waveform is drawn at once
// from the peaks stored with the post, and the <audio> element has preload="none", so nothing is
// downloaded until the listener presses play. Click or drag the waveform to seek; arrow keys
// seek by five seconds when it has focus. With a `postId` the player registers itself with
// web/lib/audio-moments.ts, so comments pinned to its moments can read its position and seek it
// (decision record 0089); `children` draws over the waveform (the comments' markers).
import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import WaveSurfer from "wavesurfer.js";
import { formatDuration } from "@shared/media-format";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import { registerPlayer, reportPlayerPosition } from "@web/lib/audio-moments";
import { cn } from "@web/lib/cn";

/** A low, even line for audio posted without peaks, so the player never fetches to draw. */
const FALLBACK_PEAKS = Array.from({ length: 100 }, (_, i) => 0.12 + 0.06 * Math.abs(Math.sin(i * 0.7)));
const SEEK_STEP_SECONDS = 5;
const T = POST_SCREEN_TEXTS.player;

// Only one post plays at a time: starting one pauses whichever was playing.
let playing: WaveSurfer | null = null;

function cssVar(name: string, fallback: string): string {
  if (typeof document === "undefined") return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

export function WaveformPlayer({
  postId,
  src,
  peaks,
  durationMs,
  label,
  className,
  children,
}: {
  /** The post this plays: its comments can then pin to and seek its moments. */
  postId?: string;
  src: string;
  peaks: readonly number[] | null;
  durationMs: number | null;
  /** What is playing, for screen readers ("Audio by Maya Lopez"). */
  label: string;
  className?: string;
  /** Drawn over the waveform, positioned against it (the markers of pinned comments). */
  children?: ReactNode;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState((durationMs ?? 0) / 1000);
  const [failed, setFailed] = useState(false);
  const usePeaks = peaks && peaks.length > 0 ? peaks : FALLBACK_PEAKS;

  useEffect(() => {
    const container = containerRef.current;
    const media = audioRef.current;
    if (!container || !media) return;
    const primary = cssVar("--primary", "#ff7a1a");
    const muted = cssVar("--muted-foreground", "#a39a92");
    const ws = WaveSurfer.create({
      container,
      media,
      peaks: [Array.from(usePeaks)],
      // Without a stored duration the media element reports the real one once it loads.
      duration: durationMs ? durationMs / 1000 : 1,
      height: 56,
      waveColor: `${muted}66`,
      progressColor: primary,
      cursorWidth: 0,
      barWidth: 3,
      barGap: 2,
      barRadius: 3,
      normalize: true,
      dragToSeek: true,
    });
    wsRef.current = ws;
    // Where the playhead is, for the comments that pin to it; only a post's player reports.
    const report = (playingNow: boolean) => {
      if (postId) reportPlayerPosition(postId, ws.getCurrentTime() * 1000, playingNow);
    };
    const unregister = postId
      ? registerPlayer(postId, (ms) => {
          const seconds = ms / 1000;
          ws.setTime(seconds);
          setCurrent(seconds);
          report(ws.isPlaying());
          // A marker or a "1:23" in a comment means "let me hear it": play from there.
          ws.play().catch(() => setFailed(true));
        })
      : () => {};
    const subscriptions = [
      ws.on("play", () => {
        if (playing && playing !== ws) playing.pause();
        playing = ws;
        setIsPlaying(true);
        report(true);
      }),
      ws.on("pause", () => {
        setIsPlaying(false);
        report(false);
      }),
      ws.on("finish", () => {
        setIsPlaying(false);
        report(false);
      }),
      ws.on("timeupdate", (time) => {
        setCurrent(time);
        report(ws.isPlaying());
      }),
      // A tap or drag on the waveform chooses a moment, playing or not.
      ws.on("interaction", (time) => {
        if (postId) reportPlayerPosition(postId, time * 1000, ws.isPlaying());
      }),
      ws.on("ready", (seconds) => {
        if (Number.isFinite(seconds) && seconds > 0) setDuration(seconds);
      }),
      ws.on("error", () => setFailed(true)),
    ];
    return () => {
      unregister();
      for (const unsubscribe of subscriptions) unsubscribe();
      if (playing === ws) playing = null;
      ws.destroy();
      wsRef.current = null;
    };
    // The player is rebuilt only for another file; peaks and duration belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  const toggle = () => {
    setFailed(false);
    wsRef.current?.playPause().catch(() => setFailed(true));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ws = wsRef.current;
    if (!ws) return;
    const step = event.key === "ArrowRight" ? SEEK_STEP_SECONDS : event.key === "ArrowLeft" ? -SEEK_STEP_SECONDS : 0;
    if (step === 0) return;
    event.preventDefault();
    const total = ws.getDuration() || duration;
    const next = Math.min(Math.max(0, ws.getCurrentTime() + step), total);
    ws.setTime(next);
    setCurrent(next);
    if (postId) reportPlayerPosition(postId, next * 1000, ws.isPlaying());
  };

  const totalMs = duration * 1000;
  return (
    <div className={cn("flex items-center gap-3", className)} data-testid="waveform-player">
      <button
        type="button"
        onClick={toggle}
        aria-label={isPlaying ? T.pause(label) : T.play(label)}
        data-haptic="medium"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-[0_8px_24px_-8px_var(--color-glow)] transition active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {isPlaying ? <Pause className="size-5 fill-current" aria-hidden /> : <Play className="ml-0.5 size-5 fill-current" aria-hidden />}
      </button>
      <div className="min-w-0 flex-1">
        {/* The markers of pinned comments sit under the waveform; a surfacing comment over its top. */}
        <div className="relative">
          <div
            ref={containerRef}
            role="slider"
            tabIndex={0}
            aria-label={T.seek(label)}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(current)}
            aria-valuetext={T.position(formatDuration(current * 1000), formatDuration(totalMs))}
            onKeyDown={onKeyDown}
            data-testid="waveform"
            className="h-14 w-full cursor-pointer rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          {children}
        </div>
        <div className="mt-1 flex justify-between text-xs tabular-nums text-muted-foreground">
          <span>{formatDuration(current * 1000)}</span>
          <span>{failed ? T.cannotPlay : formatDuration(totalMs)}</span>
        </div>
      </div>
      {/* preload="none": the stored peaks draw the waveform, so the file is fetched only on play. */}
      <audio ref={audioRef} src={src} preload="none" className="hidden" />
    </div>
  );
}
