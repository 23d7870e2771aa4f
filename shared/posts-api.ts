// The posts & media contract shared by the Worker and the SPA (spec social-feed-search §3 post,
// §5 Upload, §7 posts/create post/delete post/post_views): upload protocol constants, request
// bodies and the Post shape the API answers with. Rules come from shared/rules and
// shared/schemas, messages from shared/messages.ts; nothing here retypes them.
import { z } from "zod";
import { MB } from "./constants";
import { UPLOAD_TEXTS } from "./messages";
import type { Page } from "./paging";
import type { PersonRef } from "./people";
import { loudnessSchema, type Loudness } from "./schemas/loudness";
import { captionSchema, locationSchema, mediaMetadataSchema, tagsSchema } from "./schemas/post";

/**
 * Every part but the last is exactly this size (R2 requires equal non-final parts and at least
 * 5 MiB each). 10 MiB keeps each request far below the 100 MB body limit of a Worker.
 */
export const UPLOAD_PART_SIZE = 10 * MB;
/** Video poster frames (and audio covers) are small JPEG or WebP images. */
export const THUMBNAIL_MAX_BYTES = 1 * MB;
export const THUMBNAIL_MIME_TYPES = ["image/jpeg", "image/webp"] as const;
/** Waveform peaks stored for the audio player. */
const WAVEFORM_MAX_POINTS = 512;
/** Abandoned uploads are aborted by the clean-up cron after this long without a new part. */
export const UPLOAD_ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/uploads. Every field is optional here so that `validateUpload` decides the message in
 * the spec's order (content type first, then the file); only a value of the wrong kind is refused
 * by the schema itself.
 */
export const startUploadBodySchema = z.object({
  contentType: z.string({ error: UPLOAD_TEXTS.selectContentType }).max(20, UPLOAD_TEXTS.selectContentType).nullish(),
  mimeType: z.string({ error: UPLOAD_TEXTS.selectFile }).max(255, UPLOAD_TEXTS.selectFile).nullish(),
  size: z.number({ error: UPLOAD_TEXTS.selectFile }).nullish(),
  fileName: z.string({ error: UPLOAD_TEXTS.selectFile }).max(1024, UPLOAD_TEXTS.selectFile).nullish(),
});
export type StartUploadBody = z.input<typeof startUploadBodySchema>;

export interface StartUploadResponse {
  uploadId: string;
  partSize: number;
  partCount: number;
}

interface UploadPartInfo {
  partNumber: number;
  etag: string;
  size: number;
}

export interface UploadStatusResponse {
  uploadId: string;
  status: "uploading" | "completed" | "aborted";
  partSize: number;
  partCount: number;
  parts: UploadPartInfo[];
  receivedBytes: number;
}

/** POST /api/posts: a post from a finished upload. Media facts come from the upload row, never from here. */
export const createPostBodySchema = z.object({
  uploadId: z.string({ error: UPLOAD_TEXTS.incomplete }).min(1, UPLOAD_TEXTS.incomplete).max(64, UPLOAD_TEXTS.incomplete),
  caption: captionSchema.nullish().transform((v) => v ?? ""),
  location: locationSchema,
  tags: tagsSchema.nullish().transform((v) => v ?? []),
  width: mediaMetadataSchema.shape.width.nullable(),
  height: mediaMetadataSchema.shape.height.nullable(),
  durationMs: mediaMetadataSchema.shape.durationMs.nullable(),
  waveform: z.array(z.number().min(0).max(1)).max(WAVEFORM_MAX_POINTS).nullish(),
  /** An audio post's loudness as the uploader's browser measured it (issue #31 item 4). */
  loudness: loudnessSchema.nullish(),
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

interface PostViewer {
  liked: boolean;
  bookmarked: boolean;
  isOwner: boolean;
}

export interface Post {
  id: string;
  userId: string;
  contentType: "image" | "audio" | "video";
  /** `/media/<key>`, served by the Worker with Range support. */
  mediaUrl: string;
  thumbnailUrl: string | null;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** Peaks for the audio player, one byte each in base64 (shared/waveform.ts decodes them). */
  waveform: string | null;
  /** An audio post's integrated loudness and true peak, when the uploader's browser measured them. */
  loudness: Loudness | null;
  caption: string | null;
  location: string | null;
  tags: string[];
  likesCount: number;
  commentsCount: number;
  createdAt: number;
  updatedAt: number;
  author: PersonRef;
  viewer: PostViewer;
}

/** A page of posts; paging itself (limits, `?cursor=&limit=`) is shared/paging.ts. */
export type PostPage = Page<Post>;
