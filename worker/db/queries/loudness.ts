// Loudness as stored (decision record 0091): integrated LUFS and true peak dBTP in integer tenths,
// two nullable columns that are both set or both null, on posts and on order versions. The API
// shape (shared/schemas/loudness.ts) is already rounded to a tenth, so storing ×10 is exact.
import type { Loudness } from "@shared/schemas/loudness";

export interface StoredLoudness {
  integratedLufsX10: number | null;
  truePeakDbtpX10: number | null;
}

/** The columns for a measured loudness, or both null. */
export function storedLoudness(loudness: Loudness | null | undefined): StoredLoudness {
  if (!loudness) return { integratedLufsX10: null, truePeakDbtpX10: null };
  return { integratedLufsX10: Math.round(loudness.integratedLufs * 10), truePeakDbtpX10: Math.round(loudness.truePeakDbtp * 10) };
}

/** The API's loudness from its columns; null unless both are set. */
export function readLoudness(row: StoredLoudness): Loudness | null {
  if (row.integratedLufsX10 === null || row.truePeakDbtpX10 === null) return null;
  return { integratedLufs: row.integratedLufsX10 / 10, truePeakDbtp: row.truePeakDbtpX10 / 10 };
}
