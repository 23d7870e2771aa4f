// Post bodies (§5 Upload, first document): the metadata sent when a post is created, the file
// announced when an upload starts, and the fields an owner may edit.
import { z } from "zod";
import { CONTENT_TYPES } from "../constants";
import {
  CAPTION_MAX,
  CAPTION_TOO_LONG,
  checkCaption,
  LOCATION_MAX,
  LOCATION_TOO_LONG,
  parseTags,
  TAGS_MAX,
  TAGS_TOO_LONG,
} from "../rules/post-text";
import { cleanText } from "../rules/sanitize";
import { SELECT_CONTENT_TYPE, validateUpload } from "../rules/upload";
import { optionalCleanedText } from "./common";

export const contentTypeSchema = z.enum(CONTENT_TYPES, { error: SELECT_CONTENT_TYPE });

/** Cleaned, at most 500 characters, and passing the content screen ("Invalid caption content"). */
export const captionSchema = z
  .string()
  .max(CAPTION_MAX * 4, CAPTION_TOO_LONG)
  .transform((raw, ctx) => {
    const result = checkCaption(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.caption;
  });

export const locationSchema = optionalCleanedText(LOCATION_MAX, LOCATION_TOO_LONG);

/**
 * Tags as the form holds them (the raw comma-separated text, at most 200 characters) or as a
 * list; either way the output is the parsed, cleaned list.
 */
export const tagsSchema = z.union([z.string(), z.array(z.string().max(TAGS_MAX, TAGS_TOO_LONG)).max(50, TAGS_TOO_LONG)]).transform((value, ctx) => {
  const raw = Array.isArray(value) ? value.join(",") : value;
  if (raw.length > TAGS_MAX) {
    ctx.addIssue({ code: "custom", message: TAGS_TOO_LONG });
    return z.NEVER;
  }
  return parseTags(raw)
    .map(cleanText)
    .filter((tag) => tag !== "");
});

// Media metadata measured in the browser (dimensions, duration, waveform peaks for the audio
// player). Not in the spec; bounded so a client cannot store arbitrary amounts of data.
export const MAX_MEDIA_DIMENSION = 16_384;
export const MAX_DURATION_MS = 4 * 60 * 60 * 1000;
export const MAX_WAVEFORM_PEAKS = 1000;

export const mediaMetadataSchema = z.object({
  width: z.int().min(1).max(MAX_MEDIA_DIMENSION).optional(),
  height: z.int().min(1).max(MAX_MEDIA_DIMENSION).optional(),
  durationMs: z.int().min(0).max(MAX_DURATION_MS).optional(),
  waveform: z.array(z.number().min(0).max(1)).max(MAX_WAVEFORM_PEAKS).optional(),
});

export const createPostSchema = z.object({
  contentType: contentTypeSchema,
  caption: captionSchema.optional().transform((v) => v ?? ""),
  location: locationSchema,
  tags: tagsSchema.optional().transform((v) => v ?? []),
  ...mediaMetadataSchema.shape,
});

export const fileInfoSchema = z.object({
  name: z.string().max(1024),
  type: z.string().max(255),
  size: z.number(),
});

/**
 * The file announced when an upload starts. The messages come from `validateUpload`, in the
 * spec's order, and are reported on the `file` path (or `contentType` for the first one).
 */
export const uploadStartSchema = z
  .object({
    contentType: z.string().optional(),
    file: fileInfoSchema.optional(),
  })
  .transform((value, ctx) => {
    const result = validateUpload(value);
    if (!result.ok) {
      const path = result.message === SELECT_CONTENT_TYPE ? ["contentType"] : ["file"];
      ctx.addIssue({ code: "custom", message: result.message, path });
      return z.NEVER;
    }
    return { contentType: result.contentType, file: result.file };
  });

export const updatePostSchema = z
  .object({
    caption: captionSchema.optional(),
    location: locationSchema.optional(),
    tags: tagsSchema.optional(),
  })
  .refine((v) => v.caption !== undefined || v.location !== undefined || v.tags !== undefined, "Nothing to update");

export type CreatePostInput = z.input<typeof createPostSchema>;
export type CreatePost = z.output<typeof createPostSchema>;
export type UploadStart = z.output<typeof uploadStartSchema>;
export type UpdatePostInput = z.input<typeof updatePostSchema>;
export type UpdatePost = z.output<typeof updatePostSchema>;
export type MediaMetadata = z.output<typeof mediaMetadataSchema>;
