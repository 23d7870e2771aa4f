// Types of the demo media manifest (seed/media/manifest.json, mirrored in media-manifest.ts) and of
// the byte source the seed reads files from. Node passes a reader over seed/media/; tests inside
// workerd pass placeholder bytes, since the files are not readable there.

export type SeedMediaKind = "image" | "avatar" | "audio" | "video" | "poster" | "product" | "file";

export interface SeedMediaEntry {
  kind: SeedMediaKind;
  mime: string;
  /** Size of the committed file; the seed records the size of the bytes it actually stores. */
  bytes: number;
  width?: number;
  height?: number;
  duration_ms?: number;
  /** About 200 peaks in 0..1 (audio and video). */
  waveform?: number[];
  /** For a video: the manifest key of its poster-frame JPEG. */
  poster?: string;
}

export interface SeedMediaManifest {
  version: number;
  /** Keyed by path under seed/media/, e.g. "audio/lofi-dusk.mp3". */
  files: Record<string, SeedMediaEntry>;
}

type SeedMediaBytes = ArrayBuffer | Uint8Array;

/** Gives the bytes of one manifest file, by its key. */
export type SeedMedia = (file: string) => SeedMediaBytes | Promise<SeedMediaBytes>;
