// Media facts measured in the browser before upload (docs/decisions/0008): audio waveform peaks
// and duration, a video poster frame with width, height and duration, image dimensions. The
// server stores them with the post so cards reserve their space and the audio player draws its
// waveform without downloading the file. Every step is best effort: a file the browser cannot
// decode is still uploaded, just without that metadata.
import type { ContentType } from "@shared/constants";
import { THUMBNAIL_MAX_BYTES } from "@shared/posts-api";
import { MAX_DURATION_MS, MAX_MEDIA_DIMENSION } from "@shared/schemas/post";

/** Bars drawn by the player; enough for a phone-width card, small enough to store per post. */
export const WAVEFORM_PEAKS = 200;
/** Where the poster frame is taken: one second in, past the usual black first frame. */
const POSTER_SEEK_SECONDS = 1;
const POSTER_MAX_WIDTH = 1280;
const ANALYSIS_TIMEOUT_MS = 20_000;

export interface MediaAnalysis {
  width?: number;
  height?: number;
  durationMs?: number;
  waveform?: number[];
  /** A JPEG poster frame for videos. */
  poster?: Blob;
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

function withTimeout<T>(promise: Promise<T>, ms = ANALYSIS_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Media analysis timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function clampDurationMs(seconds: number): number | undefined {
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(MAX_DURATION_MS, Math.round(seconds * 1000));
}

function validDimension(n: number): number | undefined {
  return Number.isInteger(n) && n >= 1 && n <= MAX_MEDIA_DIMENSION ? n : undefined;
}

/** Decodes the whole file with Web Audio and reduces it to peaks. */
export async function analyzeAudio(file: Blob, count = WAVEFORM_PEAKS): Promise<MediaAnalysis> {
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

function once<T extends Event>(target: EventTarget, type: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onEvent = (event: Event) => {
      target.removeEventListener("error", onError);
      resolve(event as T);
    };
    const onError = () => {
      target.removeEventListener(type, onEvent);
      reject(new Error(`Media could not be read (${type})`));
    };
    target.addEventListener(type, onEvent, { once: true });
    target.addEventListener("error", onError, { once: true });
  });
}

function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** Reads width, height and duration, and draws the frame at about one second into a JPEG. */
async function analyzeVideo(file: Blob): Promise<MediaAnalysis> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  try {
    const loaded = once(video, "loadedmetadata");
    video.src = url;
    await loaded;
    const result: MediaAnalysis = {
      width: validDimension(video.videoWidth),
      height: validDimension(video.videoHeight),
      durationMs: clampDurationMs(video.duration),
    };
    try {
      const target = Number.isFinite(video.duration) ? Math.min(POSTER_SEEK_SECONDS, video.duration / 2) : POSTER_SEEK_SECONDS;
      const seeked = once(video, "seeked");
      video.currentTime = target;
      await seeked;
      const scale = Math.min(1, POSTER_MAX_WIDTH / Math.max(1, video.videoWidth));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const context = canvas.getContext("2d");
      if (context) {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        // Lower the quality until the frame fits the server's thumbnail limit.
        for (const quality of [0.82, 0.7, 0.55, 0.4]) {
          const blob = await canvasToJpeg(canvas, quality);
          if (blob && blob.size <= THUMBNAIL_MAX_BYTES) {
            result.poster = blob;
            break;
          }
        }
      }
    } catch {
      // Dimensions and duration are still worth sending without a poster.
    }
    return result;
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Natural width and height of an image. */
async function analyzeImage(file: Blob): Promise<MediaAnalysis> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file);
      const result = { width: validDimension(bitmap.width), height: validDimension(bitmap.height) };
      bitmap.close();
      return result;
    } catch {
      // Fall through to an <img>, which some browsers decode when createImageBitmap refuses.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    const loaded = once(image, "load");
    image.src = url;
    await loaded;
    return { width: validDimension(image.naturalWidth), height: validDimension(image.naturalHeight) };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export interface Analyzers {
  image: (file: Blob) => Promise<MediaAnalysis>;
  audio: (file: Blob) => Promise<MediaAnalysis>;
  video: (file: Blob) => Promise<MediaAnalysis>;
}

const defaultAnalyzers: Analyzers = { image: analyzeImage, audio: (file) => analyzeAudio(file), video: analyzeVideo };

/** Never rejects: a failure or a timeout gives an empty result, and the upload goes on. */
export async function analyzeMedia(file: Blob, contentType: ContentType, analyzers: Analyzers = defaultAnalyzers): Promise<MediaAnalysis> {
  try {
    return await withTimeout(analyzers[contentType](file));
  } catch (error) {
    console.warn("Media analysis skipped:", error);
    return {};
  }
}
