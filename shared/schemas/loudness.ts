// Loudness measured in the browser when an audio post or a delivery's audio version is uploaded
// (issue #31 item 4): integrated loudness in LUFS (ITU-R BS.1770-4 with its gating, EBU R 128)
// and true peak in dBTP. The server does no audio processing; it stores what the uploader's
// browser measured, bounded and rounded to a tenth like every meter shows it. Silence (every block
// under the absolute gate) has no integrated loudness: the uploader sends none.
import { z } from "zod";

/** BS.1770's absolute gate: nothing quieter than this counts. */
export const LOUDNESS_MIN_LUFS = -70;
/** A full-scale square wave reads about +3 LUFS; nothing real is louder. */
export const LOUDNESS_MAX_LUFS = 6;
/** A true peak below this is reported as this (digital near-silence). */
export const TRUE_PEAK_MIN_DBTP = -100;
/** Inter-sample peaks of a clipped master reach a few dB over full scale; bound generously. */
export const TRUE_PEAK_MAX_DBTP = 24;

const tenth = (n: number) => Math.round(n * 10) / 10;

export const loudnessSchema = z.object({
  integratedLufs: z.number().min(LOUDNESS_MIN_LUFS).max(LOUDNESS_MAX_LUFS).transform(tenth),
  truePeakDbtp: z.number().min(TRUE_PEAK_MIN_DBTP).max(TRUE_PEAK_MAX_DBTP).transform(tenth),
});
export type LoudnessInput = z.input<typeof loudnessSchema>;

/** What the API answers: both to a tenth. */
export interface Loudness {
  integratedLufs: number;
  truePeakDbtp: number;
}
