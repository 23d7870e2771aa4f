// A quiet line under an audio player: the track's integrated loudness and true peak as the
// uploader's browser measured them (issue #31 item 4, decision record 0092), "−14.2 LUFS ·
// −1.0 dBTP". A true peak above the −1.0 dBTP that streaming services ask for turns the peak amber
// with a small warning sign, explained by the tooltip. Screen readers hear it in words, with the
// tooltip as its description. Nothing is drawn when nothing was measured.
import { TriangleAlert } from "lucide-react";
import { LOUDNESS_TEXTS } from "@shared/messages";
import type { Loudness } from "@shared/schemas/loudness";
import { cn } from "@web/lib/cn";

const T = LOUDNESS_TEXTS;

/** The true-peak ceiling of streaming services' delivery specifications (and EBU R 128). */
export const TRUE_PEAK_CEILING_DBTP = -1;

export function LoudnessReadout({ loudness, className }: { loudness: Loudness | null; className?: string }) {
  if (!loudness) return null;
  const { integratedLufs, truePeakDbtp } = loudness;
  const overCeiling = truePeakDbtp > TRUE_PEAK_CEILING_DBTP;
  return (
    // role="img": one named thing whose symbols (the dot, the sign) are not read out one by one.
    <p
      role="img"
      aria-label={T.label(integratedLufs, truePeakDbtp)}
      title={overCeiling ? T.overCeiling(TRUE_PEAK_CEILING_DBTP) : T.about}
      data-testid="loudness-readout"
      className={cn("flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums", className)}
    >
      <span>{T.lufs(integratedLufs)}</span>
      <span aria-hidden>·</span>
      <span className={cn("inline-flex items-center gap-1", overCeiling && "font-medium text-amber-700 dark:text-amber-300")}>
        {overCeiling ? <TriangleAlert className="size-3.5" aria-hidden /> : null}
        {T.dbtp(truePeakDbtp)}
      </span>
    </p>
  );
}
