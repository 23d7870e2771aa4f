// Audio facts measured in the browser before an upload (docs/decisions/0008): duration and
// waveform peaks, for an audio post and for a delivery's audio version (issue #31). Shared by the
// upload screen and the order page, so it lives outside both features. Best effort: the callers
// catch a file the browser cannot decode and upload it without these facts.
import { MAX_DURATION_MS } from "@shared/schemas/post";

/** Bars drawn by the player; enough for a phone-width card, small enough to store per post. */
export const WAVEFORM_PEAKS = 200;

export interface AudioAnalysis {
  durationMs?: number;
  waveform?: number[];
}

/**
 * `count` peaks in 0..1 from decoded channel data: for each slice of the timeline, the largest
 * absolute sample over all channels, rounded to three decimals to keep the stored list small.
 */
export function computePeaks(channels: ReadonlyArray<ArrayLike<number>>, count = WAVEFORM_PEAKS): number[] {
  const length = channels.reduce((max, channel) => Math.max(max, channel.length), 0);
  if (length === 0 || count <= 0) return [];
  const buckets = Math.min(count, length);
  const peaks: number[] = [];
  for (let b = 0; b < buckets; b += 1) {
    const start = Math.floor((b * length) / buckets);
    const end = Math.max(start + 1, Math.floor(((b + 1) * length) / buckets));
    let peak = 0;
    for (const channel of channels) {
      for (let i = start; i < end && i < channel.length; i += 1) {
        const v = Math.abs(channel[i] ?? 0);
        if (v > peak) peak = v;
      }
    }
    peaks.push(Math.round(Math.min(1, peak) * 1000) / 1000);
  }
  return peaks;
}

/** A duration in seconds as whole milliseconds within the stored bound, or undefined. */
export function clampDurationMs(seconds: number): number | undefined {
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(MAX_DURATION_MS, Math.round(seconds * 1000));
}

/** Decodes the whole file with Web Audio and reduces it to peaks. */
export async function analyzeAudio(file: Blob, count = WAVEFORM_PEAKS): Promise<AudioAnalysis> {
  const data = await file.arrayBuffer();
  // An OfflineAudioContext decodes without touching the audio output, so it needs no user
  // gesture and never plays a sound; its own length and rate do not limit what it decodes.
  const Offline = globalThis.OfflineAudioContext ?? (globalThis as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Offline) throw new Error("Web Audio is not available");
  const context = new Offline(1, 1, 44_100);
  const buffer = await context.decodeAudioData(data);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return { durationMs: clampDurationMs(buffer.duration), waveform: computePeaks(channels, count) };
}
