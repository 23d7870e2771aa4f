// Post creation (spec §4: idle → uploading → redirect to /feed): send the file in parts, attach
// the poster frame of a video, then create the post from the finished upload with the caption,
// location, tags and the metadata measured in the browser (for audio, its loudness too: 0092).
// The server reads the storage key, MIME type and size from its own upload row, never from here.
import type { ContentType } from "@shared/constants";
import type { CreatePostBody, Post } from "@shared/posts-api";
import { uploadCalls } from "./api";
import type { MediaAnalysis } from "./media-analysis";
import { uploadMultipart, type MultipartUploadOptions, type UploadProgress } from "@web/lib/multipart-upload";
import { sessionResumeStore } from "@web/lib/upload-resume-store";

export interface PublishInput {
  file: File;
  contentType: ContentType;
  /** Already cleaned and screened by the form (shared checkCaption / cleanText). */
  caption: string;
  location: string;
  /** The raw comma-separated text; the server parses it with the same shared parseTags. */
  tags: string;
  /** Started when the file was chosen; resolves to {} when analysis failed. */
  analysis: Promise<MediaAnalysis>;
  onProgress?: (progress: UploadProgress) => void;
  onPhase?: (phase: "uploading" | "finishing") => void;
  signal?: AbortSignal;
}

export interface PublishDeps {
  calls?: Pick<typeof uploadCalls, "createPost" | "putThumbnail">;
  upload?: (options: MultipartUploadOptions) => ReturnType<typeof uploadMultipart>;
  store?: MultipartUploadOptions["store"];
}

export async function publishPost(input: PublishInput, deps: PublishDeps = {}): Promise<Post> {
  const calls = deps.calls ?? uploadCalls;
  const upload = deps.upload ?? uploadMultipart;
  const store = deps.store ?? sessionResumeStore;

  input.onPhase?.("uploading");
  const { uploadId } = await upload({
    file: input.file,
    contentType: input.contentType,
    onProgress: input.onProgress,
    signal: input.signal,
    store,
  });

  input.onPhase?.("finishing");
  const meta = await input.analysis;
  if (input.contentType === "video" && meta.poster) {
    // A missing poster only means the video shows its first frame instead.
    await calls.putThumbnail(uploadId, meta.poster).catch((error: unknown) => console.warn("Poster upload failed:", error));
  }

  const body: CreatePostBody = {
    uploadId,
    caption: input.caption,
    location: input.location,
    tags: input.tags,
    width: meta.width ?? null,
    height: meta.height ?? null,
    durationMs: meta.durationMs ?? null,
    waveform: input.contentType === "audio" && meta.waveform && meta.waveform.length > 0 ? meta.waveform : null,
    loudness: input.contentType === "audio" && meta.loudness ? meta.loudness : null,
  };
  const post = await calls.createPost(body);
  store.remove(uploadId);
  return post;
}
