// A determinate progress bar for uploads: real bytes sent, as a percentage, with the byte counts
// in the accessible value text so a screen reader hears more than a number.
import { formatBytes } from "@shared/media-format";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";

export interface ProgressBarProps {
  sentBytes: number;
  totalBytes: number;
  label: string;
  className?: string;
}

function percentOf(sentBytes: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sentBytes / totalBytes) * 100)));
}

export function ProgressBar({ sentBytes, totalBytes, label, className }: ProgressBarProps) {
  const percent = percentOf(sentBytes, totalBytes);
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3 text-xs">
        <span className="font-medium">{label}</span>
        <span className="font-display font-semibold tabular-nums text-primary">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={UPLOAD_SCREEN_TEXTS.sentOfTotal(formatBytes(sentBytes), formatBytes(totalBytes))}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-amber-400 via-orange-500 to-rose-500 transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
