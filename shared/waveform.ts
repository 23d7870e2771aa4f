// Waveform peaks on the wire (decision record 0060). The browser measures up to
// WAVEFORM_MAX_POINTS peaks as floats in 0..1 and the post row stores them so; a list of posts
// sends each peak as one byte (0..255) in base64, about 1.3 characters a peak instead of the 5 to
// 6 of a JSON float. 1/255 is far finer than a bar of the player can show, and the player
// normalises the peaks to the tallest one anyway, so the card draws the same shape.

const LEVELS = 255;

/** Peaks (0..1; out-of-range values are clamped) as base64 of one byte per peak. */
export function encodeWaveform(peaks: readonly number[]): string {
  let binary = "";
  for (const peak of peaks) {
    const clamped = Number.isFinite(peak) ? Math.min(1, Math.max(0, peak)) : 0;
    binary += String.fromCharCode(Math.round(clamped * LEVELS));
  }
  return btoa(binary);
}

/** The peaks (0..1) of an encoded waveform; an empty list for anything that is not base64. */
export function decodeWaveform(encoded: string): number[] {
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    return [];
  }
  const peaks: number[] = [];
  for (let i = 0; i < binary.length; i += 1) peaks.push(binary.charCodeAt(i) / LEVELS);
  return peaks;
}
