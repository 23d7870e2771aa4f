// The audio post player (spec §2 post content; docs/decisions/0008). The waveform is drawn at once
// from the peaks stored with the post, and the <audio> element has preload="none", so nothing is
// downloaded until the listener presses play. Click or drag the waveform to seek; arrow keys
// seek by five seconds when it has focus. With a `postId` the player registers itself with
// web/lib/audio-moments.ts, so comments pinned to its moments can read its position and seek it
// (decision record 0089); `children` draws over the waveform (the comments' markers).
//
// The order page's versions (issue #31 items 2 and 3) drive it from outside: `ref` gives a handle
// that reads the playhead from the media itself and seeks it, `onPosition` follows the playhead,
// and `startAtMs`/`autoPlay` let a new player pick up where the previous one was, which is how the
// A/B switch keeps the position when it swaps the file. A post's player uses none of these.
import { Pause, Play } from "lucide-react";
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import type WaveSurfer from "wavesurfer.js";
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

/** What a screen can do with a player it renders (through `ref`). */
export interface WaveformPlayerHandle {
  /** Where the playhead is now, read from the media rather than the last render. */
  position: () => { timeMs: number; playing: boolean };
  /** Moves the playhead to `ms` and, unless `play` is false, plays from there. */
  seek: (ms: number, options?: { play?: boolean }) => void;
}

export function WaveformPlayer({
  postId,
  src,
  peaks,
  durationMs,
  label,
  className,
  children,
  ref,
  onPosition,
  startAtMs,
  autoPlay,
  recover,
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
  ref?: Ref<WaveformPlayerHandle>;
  /** Told every time the playhead moves, plays or stops. */
  onPosition?: (timeMs: number, playing: boolean) => void;
  /** Where the playhead starts, read when the player is built for its file. */
  startAtMs?: number;
  /** Play as soon as the player is built for its file (it replaced one that was playing). */
  autoPlay?: boolean;
  /**
   * For audio behind the session (a delivery's version): the file failed to load, perhaps because
   * the short-lived access cookie expired while the page stayed open, and an <audio> element
   * cannot refresh it. Called once per file; when it answers true the file is loaded again and
   * plays on from where it was.
   */
  recover?: () => Promise<boolean>;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState((durationMs ?? 0) / 1000);
  const [failed, setFailed] = useState(false);
  const usePeaks = peaks && peaks.length > 0 ? peaks : FALLBACK_PEAKS;
  // The latest callback, read by the player's event handlers, which are bound once per file.
  const onPositionRef = useRef(onPosition);
  const recoverRef = useRef(recover);
  useEffect(() => {
    onPositionRef.current = onPosition;
    recoverRef.current = recover;
  });
  const seekRef = useRef<(ms: number, play: boolean) => void>(() => {});
  const playPending = useRef(false);
  const [ready, setReady] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      position: () => {
        const ws = wsRef.current;
        return ws ? { timeMs: ws.getCurrentTime() * 1000, playing: ws.isPlaying() } : { timeMs: 0, playing: false };
      },
      seek: (ms, options) => seekRef.current(ms, options?.play ?? true),
    }),
    [],
  );

  useEffect(() => {
    const container = containerRef.current;
    const media = audioRef.current;
    if (!container || !media) return;
    // wavesurfer.js loads with the first player a screen shows, not with the screen's own code: a
    // feed, a profile or a search without audio never downloads it (decision record 0057's route
    // budgets). Until it is there the stored peaks are not drawn yet and a press of play waits.
    let disposed = false;
    let dispose = () => {};
    setReady(false);
    import("wavesurfer.js").then(
      ({ default: WaveSurferClass }) => {
        if (disposed) return;
        dispose = build(WaveSurferClass, container, media);
        setReady(true);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      dispose();
    };
    // The player is rebuilt only for another file; peaks, duration and where to start belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  /** Builds the player for this file and answers how to take it down. */
  function build(WaveSurferClass: typeof WaveSurfer, container: HTMLDivElement, media: HTMLAudioElement): () => void {
    const primary = cssVar("--primary", "#ff7a1a");
    const muted = cssVar("--muted-foreground", "#a39a92");
    const ws = WaveSurferClass.create({
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
    // Where the playhead is, for the comments that pin to it (a post's player) and for the
    // screen that follows it (onPosition).
    const notify = (timeMs: number, playingNow: boolean) => {
      if (postId) reportPlayerPosition(postId, timeMs, playingNow);
      onPositionRef.current?.(timeMs, playingNow);
    };
    const report = (playingNow: boolean) => notify(ws.getCurrentTime() * 1000, playingNow);
    const seekTo = (ms: number, play: boolean) => {
      const seconds = ms / 1000;
      ws.setTime(seconds);
      setCurrent(seconds);
      report(ws.isPlaying());
      // A marker or a "1:23" in a comment means "let me hear it": play from there.
      if (play) ws.play().catch(() => setFailed(true));
    };
    seekRef.current = seekTo;
    let recovered = false;
    const unregister = postId ? registerPlayer(postId, (ms) => seekTo(ms, true)) : () => {};
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
      ws.on("interaction", (time) => notify(time * 1000, ws.isPlaying())),
      ws.on("ready", (seconds) => {
        if (Number.isFinite(seconds) && seconds > 0) setDuration(seconds);
      }),
      ws.on("error", () => {
        const again = recoverRef.current;
        if (!again || recovered) return setFailed(true);
        recovered = true;
        const atSeconds = ws.getCurrentTime();
        void again().then((ok) => {
          if (!ok || wsRef.current !== ws) return setFailed(true);
          media.load();
          ws.setTime(atSeconds);
          ws.play().catch(() => setFailed(true));
        }, () => setFailed(true));
      }),
    ];
    // Picking up from a player this one replaced (after subscribing, so its play is seen). Before
    // the media has loaded, wavesurfer keeps the time and applies it once the file can play, so
    // the position holds to the millisecond.
    if (startAtMs && startAtMs > 0) {
      seekTo(startAtMs, false);
      // The waveform is drawn after this; draw its progress up to the picked-up position then.
      let drawn = false;
      subscriptions.push(
        ws.on("redrawcomplete", () => {
          if (drawn) return;
          drawn = true;
          ws.setTime(ws.getCurrentTime());
        }),
      );
    }
    // Play was pressed before the player was there: it plays now.
    if (autoPlay || playPending.current) ws.play().catch(() => setFailed(true));
    playPending.current = false;
    return () => {
      unregister();
      seekRef.current = () => {};
      for (const unsubscribe of subscriptions) unsubscribe();
      if (playing === ws) playing = null;
      ws.destroy();
      wsRef.current = null;
    };
  }

  const toggle = () => {
    setFailed(false);
    const ws = wsRef.current;
    if (ws) ws.playPause().catch(() => setFailed(true));
    else playPending.current = true;
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
    onPositionRef.current?.(next * 1000, ws.isPlaying());
  };

  const totalMs = duration * 1000;
  return (
    <div className={cn("flex items-center gap-3", className)} data-testid="waveform-player" data-ready={ready}>
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
