import { cn } from "@web/lib/cn";

/**
 * Deterministic waveform heights (a cheap sine mix, no randomness), so server and client
 * renders and screenshots always match.
 */
function waveformHeights(count: number, seed = 1): number[] {
  return Array.from({ length: count }, (_, i) => {
    const t = i / count;
    const envelope = 0.35 + 0.65 * Math.sin(Math.PI * t);
    const detail = Math.abs(Math.sin(i * 0.9 * seed) * 0.6 + Math.sin(i * 2.3 + seed) * 0.4);
    return Math.max(0.12, Math.min(1, envelope * (0.35 + detail * 0.75)));
  });
}

/** A static waveform; bars before `progress` (0–1) are drawn in the accent gradient. */
export function Waveform({
  bars = 48,
  progress = 0.4,
  seed = 1,
  className,
}: {
  bars?: number;
  progress?: number;
  seed?: number;
  className?: string;
}) {
  const heights = waveformHeights(bars, seed);
  return (
    <div aria-hidden className={cn("flex h-12 items-center gap-[3px]", className)}>
      {heights.map((height, index) => (
        <span
          key={index}
          className={cn(
            "min-w-0 flex-1 rounded-full",
            index / bars < progress ? "bg-gradient-to-b from-amber-300 to-orange-500" : "bg-foreground/20",
          )}
          style={{ height: `${Math.round(height * 100)}%` }}
        />
      ))}
    </div>
  );
}
