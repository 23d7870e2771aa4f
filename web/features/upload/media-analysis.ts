// Media facts measured in the browser before upload (docs/decisions/0008): audio waveform peaks
// and duration, a video poster frame with width, height and duration, image dimensions. The
// server stores them with the post so cards reserve their space and the audio player draws its
// waveform without downloading the file. Every step is best effort: a file the browser cannot
// decode is still uploaded, just without that metadata.
import type { ContentType } from "@shared/constants";
import { THUMBNAIL_MAX_BYTES } from "@shared/posts-api";
import { MAX_MEDIA_DIMENSION } from "@shared/schemas/post";
import { analyzeAudio, clampDurationMs, type AudioAnalysis } from "@web/lib/audio-analysis";

/** Where the poster frame is taken: one second in, past the usual black first frame. */
const POSTER_SEEK_SECONDS = 1;
const POSTER_MAX_WIDTH = 1280;
const ANALYSIS_TIMEOUT_MS = 20_000;

export type MediaAnalysis = AudioAnalysis & {
  width?: number;
  height?: number;
  /** A JPEG poster frame for videos. */
  poster?: Blob;
};

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

function validDimension(n: number): number | undefined {
  return Number.isInteger(n) && n >= 1 && n <= MAX_MEDIA_DIMENSION ? n : undefined;
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
