// Loudness shown by the audio players (issue #31 item 4, decision record 0092). The spec has none
// of these; the words are ours. Levels are written as meters write them: one decimal, a real
// minus sign (U+2212) and a plus sign over zero, so "−14.2 LUFS" and "+0.3 dBTP".

/** A level in dB-like units to a tenth: "−14.2", "0.0", "+0.3". */
function level(value: number): string {
  const tenth = Math.round(value * 10) / 10;
  if (tenth === 0) return "0.0";
  return `${tenth < 0 ? "\u2212" : "+"}${Math.abs(tenth).toFixed(1)}`;
}

export const LOUDNESS_TEXTS = {
  /** The readout's two visible parts, shown side by side with a middle dot between them. */
  lufs: (lufs: number) => `${level(lufs)} LUFS`,
  dbtp: (dbtp: number) => `${level(dbtp)} dBTP`,
  /** The readout's accessible name, in words. */
  label: (lufs: number, dbtp: number) => `Integrated loudness ${level(lufs)} LUFS, true peak ${level(dbtp)} dBTP`,
  /** Its tooltip (and accessible description) when the true peak is within the ceiling. */
  about: "Integrated loudness (ITU-R BS.1770) and true peak, measured when the track was uploaded",
  /** …and when it is above: a gentle warning, not a refusal. */
  overCeiling: (ceiling: number) =>
    `True peak above ${level(ceiling)} dBTP, the ceiling streaming services recommend: the track may distort when they encode it`,
} as const;
