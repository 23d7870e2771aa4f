// The real progress of an upload: bytes the browser has handed to the network, part by part.
import { useEffect, useRef } from "react";
import { formatBytes } from "@shared/media-format";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import type { UploadProgress as Progress } from "@web/lib/multipart-upload";

const T = UPLOAD_SCREEN_TEXTS;

function percentOf(progress: Progress | null): number {
  if (!progress || progress.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((progress.sentBytes / progress.totalBytes) * 100));
}

export function UploadProgress({ progress, phase }: { progress: Progress | null; phase: "uploading" | "finishing" }) {
  const percent = phase === "finishing" ? 100 : percentOf(progress);
  const label = phase === "finishing" ? T.publishing : T.uploading;
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the form is taller than the screen: bring the bar into view when sharing starts.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, []);
  return (
    <div ref={ref} className="scroll-mb-24 space-y-2 rounded-2xl border border-primary/25 bg-accent/40 p-4" data-testid="upload-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="font-display font-semibold tabular-nums text-primary">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={T.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress ? T.sentOfTotal(formatBytes(progress.sentBytes), formatBytes(progress.totalBytes)) : `${percent}%`}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-amber-400 via-orange-500 to-rose-500 transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      {progress ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          {T.sentOfTotal(formatBytes(progress.sentBytes), formatBytes(progress.totalBytes))}
        </p>
      ) : null}
    </div>
  );
}
