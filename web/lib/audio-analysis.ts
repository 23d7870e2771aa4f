// Audio facts measured in the browser before an upload (docs/decisions/0008): duration, waveform
// peaks, and integrated loudness with true peak (docs/decisions/0092), for an audio post and for
// a delivery's audio version (issue #31). Shared by the upload screen and the order page, so it
// lives outside both features. Best effort: the callers catch a file the browser cannot decode and
// upload it without these facts, and a loudness that cannot be measured is simply left out.
import { LOUDNESS_MAX_LUFS, LOUDNESS_MIN_LUFS, loudnessSchema, TRUE_PEAK_MAX_DBTP, TRUE_PEAK_MIN_DBTP, type Loudness } from "@shared/schemas/loudness";
import { MAX_DURATION_MS } from "@shared/schemas/post";
import { createLoudnessMeter, type LoudnessMeasurement } from "./loudness";

/** Bars drawn by the player; enough for a phone-width card, small enough to store per post. */
export const WAVEFORM_PEAKS = 200;

export interface AudioAnalysis {
  durationMs?: number;
  waveform?: number[];
  /** Absent for silence, for audio under 400 ms, and when the measurement failed or ran too long. */
  loudness?: Loudness;
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

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * A measurement as the API takes it: both values clamped into loudnessSchema's bounds and rounded
 * to a tenth by the schema itself; undefined without an integrated loudness (silence) or for a
 * value that is not a number.
 */
export function toLoudness({ integratedLufs, truePeakDbtp }: LoudnessMeasurement): Loudness | undefined {
  if (integratedLufs === null) return undefined;
  const parsed = loudnessSchema.safeParse({
    integratedLufs: clamp(integratedLufs, LOUDNESS_MIN_LUFS, LOUDNESS_MAX_LUFS),
    truePeakDbtp: clamp(truePeakDbtp, TRUE_PEAK_MIN_DBTP, TRUE_PEAK_MAX_DBTP),
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Resolves in a new task. A message to oneself rather than setTimeout, which browsers slow to
 * once a second in a background tab: an uploader who switches tabs while a long track is
 * measured would otherwise wait minutes.
 */
function yieldToMain(): Promise<void> {
  if (typeof MessageChannel !== "function") return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long one slice of the measurement aims to hold the main thread: well under a 50 ms long task. */
const SLICE_TARGET_MS = 25;
/** Past this the measurement is given up, so the analysis ends well within the upload's 20 s. */
const LOUDNESS_BUDGET_MS = 10_000;

export interface SliceOptions {
  yieldToMain?: () => Promise<void>;
  now?: () => number;
  budgetMs?: number;
}

/**
 * measureLoudness in slices of about 25 ms with a new task between them, so a long track never
 * freezes the page (a 5-minute stereo track takes about half a second on a laptop, longer on a
 * phone; docs/decisions/0092). Undefined when it would take longer than the budget.
 */
export async function measureLoudnessInSlices(
  channels: ReadonlyArray<Float32Array>,
  sampleRate: number,
  { yieldToMain: pause = yieldToMain, now = () => performance.now(), budgetMs = LOUDNESS_BUDGET_MS }: SliceOptions = {},
): Promise<LoudnessMeasurement | undefined> {
  const meter = createLoudnessMeter(channels, sampleRate);
  const started = now();
  // One second of audio first, then as many frames as fill the target, learnt from the last slice.
  let frames = Math.max(1, Math.round(sampleRate));
  for (;;) {
    const sliceStarted = now();
    if (meter.advance(frames)) return meter.result();
    const spent = now() - sliceStarted;
    if (now() - started > budgetMs) return undefined;
    frames = Math.max(4_096, Math.round(frames * Math.min(4, SLICE_TARGET_MS / Math.max(spent, 1))));
    await pause();
  }
}

/** Decodes the whole file with Web Audio and reduces it to peaks, duration and loudness. */
export async function analyzeAudio(file: Blob, count = WAVEFORM_PEAKS): Promise<AudioAnalysis> {
  const data = await file.arrayBuffer();
  // An OfflineAudioContext decodes without touching the audio output, so it needs no user
  // gesture and never plays a sound; its own length and rate do not limit what it decodes.
  const Offline = globalThis.OfflineAudioContext ?? (globalThis as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Offline) throw new Error("Web Audio is not available");
  const context = new Offline(1, 1, 44_100);
  const buffer = await context.decodeAudioData(data);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  const result: AudioAnalysis = { durationMs: clampDurationMs(buffer.duration), waveform: computePeaks(channels, count) };
  // The browser decodes at the context's rate (44.1 kHz above), so the meter measures that; its
  // K-weighting is derived for whatever rate the buffer reports.
  try {
    const measurement = await measureLoudnessInSlices(channels, buffer.sampleRate);
    const loudness = measurement && toLoudness(measurement);
    if (loudness) result.loudness = loudness;
  } catch (error) {
    // The duration and the waveform are still worth sending without a loudness.
    console.warn("Loudness not measured:", error);
  }
  return result;
}
