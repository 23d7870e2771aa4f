// Preview of the chosen file before it is shared: the image itself, the audio's waveform (from
// the peaks measured in the browser) with a player and its measured loudness, or the video with
// its poster frame.
import { FileAudio, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { ContentType } from "@shared/constants";
import { formatBytes, formatDuration } from "@shared/media-format";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { LoudnessReadout } from "@web/components/audio/loudness-readout";
import type { MediaAnalysis } from "../media-analysis";

const T = UPLOAD_SCREEN_TEXTS.preview;

/**
 * An object URL for a blob, revoked when the blob changes or the preview goes away. It is
 * created inside the effect (not in render or a memo) so React's StrictMode remounting cannot
 * revoke a URL that is still on screen.
 */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Static bars for the preview; the post card draws the stored peaks with the real player. */
function WaveformBars({ peaks }: { peaks: readonly number[] }) {
  const max = Math.max(0.001, ...peaks);
  const width = peaks.length * 3;
  return (
    <svg
      data-testid="preview-waveform"
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      className="h-20 w-full text-primary"
      role="img"
      aria-label={T.waveform}
    >
      {peaks.map((peak, i) => {
        const h = Math.max(4, (peak / max) * 96);
        return <rect key={i} x={i * 3} y={50 - h / 2} width={2} height={h} rx={1} fill="currentColor" />;
      })}
    </svg>
  );
}

export function MediaPreview({
  file,
  contentType,
  analysis,
  onRemove,
  disabled,
}: {
  file: File;
  contentType: ContentType;
  analysis: MediaAnalysis | null;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const url = useObjectUrl(file);
  const posterUrl = useObjectUrl(analysis?.poster);
  const [broken, setBroken] = useState(false);
  const duration = analysis?.durationMs ? formatDuration(analysis.durationMs) : null;

  return (
    <figure className="overflow-hidden rounded-3xl border border-border bg-card" data-testid="media-preview">
      <div className="relative min-h-14 bg-muted/40">
        {contentType === "image" && url && !broken ? (
          <img
            src={url}
            alt={T.photo}
            onError={() => setBroken(true)}
            className="mx-auto max-h-[55dvh] w-full object-contain"
            style={analysis?.width && analysis.height ? { aspectRatio: `${analysis.width} / ${analysis.height}` } : undefined}
          />
        ) : null}
        {contentType === "video" && url ? (
          <video
            src={url}
            poster={posterUrl ?? undefined}
            controls
            playsInline
            preload="metadata"
            className="max-h-[55dvh] w-full bg-black object-contain"
            aria-label={T.video}
          />
        ) : null}
        {contentType === "audio" ? (
          <div className="space-y-3 bg-gradient-to-br from-orange-500/15 via-rose-500/10 to-transparent p-4">
            {analysis?.waveform && analysis.waveform.length > 0 ? (
              <WaveformBars peaks={analysis.waveform} />
            ) : (
              <div className="flex h-20 items-center justify-center gap-2 text-sm text-muted-foreground">
                <FileAudio className="size-5" aria-hidden />
                {analysis ? T.waveformUnavailable : T.drawingWaveform}
              </div>
            )}
            {url ? <audio src={url} controls preload="metadata" className="w-full" aria-label={T.audio} /> : null}
            <LoudnessReadout loudness={analysis?.loudness ?? null} className="justify-end" />
          </div>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={UPLOAD_SCREEN_TEXTS.removeFile}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <figcaption className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
        <span className="min-w-0 truncate font-medium">{file.name}</span>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {[duration, formatBytes(file.size)].filter(Boolean).join(" · ")}
        </span>
      </figcaption>
    </figure>
  );
}
