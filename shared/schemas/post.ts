// Post fields (§5 Upload, first document): caption, location and tags as the upload form and the
// edit dialog hold them, the media facts measured in the browser, and the fields an owner may
// edit. The create-post body built from these lives in shared/posts-api.ts.
import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { POST_TEXTS } from "../messages";
import { checkCaption, parseTags } from "../rules/post-text";
import { cleanText } from "../rules/sanitize";
import { byRule, cleanedText, optionalCleanedText } from "./common";

/** Cleaned, at most 500 characters, and passing the content screen ("Invalid caption content"). */
export const captionSchema = z
  .string()
  .max(TEXT_LIMITS.caption * 4, POST_TEXTS.captionTooLong)
  .transform(byRule(checkCaption, (accepted) => accepted.caption));

export const locationSchema = optionalCleanedText(TEXT_LIMITS.location, POST_TEXTS.locationTooLong);

/**
 * Tags as the form holds them (the raw comma-separated text, at most 200 characters) or as a
 * list; either way the output is the parsed, cleaned list.
 */
export const tagsSchema = z
  .union([z.string(), z.array(z.string().max(TEXT_LIMITS.tags, POST_TEXTS.tagsTooLong)).max(50, POST_TEXTS.tagsTooLong)])
  .transform((value, ctx) => {
    const raw = Array.isArray(value) ? value.join(",") : value;
    if (raw.length > TEXT_LIMITS.tags) {
      ctx.addIssue({ code: "custom", message: POST_TEXTS.tagsTooLong });
      return z.NEVER;
    }
    return parseTags(raw)
      .map(cleanText)
      .filter((tag) => tag !== "");
  });

/**
 * The caption, location and tags fields as the upload form and the edit dialog hold them (used
 * with react-hook-form's zodResolver): caption and location come out cleaned, as they will be
 * stored; tags stay the raw comma-separated text, which the server parses with `tagsSchema`.
 */
export const postTextFieldsSchema = z.object({
  caption: captionSchema,
  location: cleanedText(TEXT_LIMITS.location, POST_TEXTS.locationTooLong),
  tags: z.string().max(TEXT_LIMITS.tags, POST_TEXTS.tagsTooLong),
});
export type PostTextFieldsInput = z.input<typeof postTextFieldsSchema>;
export type PostTextFields = z.output<typeof postTextFieldsSchema>;

// Media metadata measured in the browser (dimensions and duration; the waveform's bound is in
// shared/posts-api.ts). Not in the spec; bounded so a client cannot store arbitrary values.
export const MAX_MEDIA_DIMENSION = 16_384;
export const MAX_DURATION_MS = 4 * 60 * 60 * 1000;

export const mediaMetadataSchema = z.object({
  width: z.int().min(1).max(MAX_MEDIA_DIMENSION).optional(),
  height: z.int().min(1).max(MAX_MEDIA_DIMENSION).optional(),
  durationMs: z.int().min(0).max(MAX_DURATION_MS).optional(),
});

/** PATCH /api/posts/:id: the fields an owner may edit; at least one must be given. */
export const updatePostSchema = z
  .object({
    caption: captionSchema.optional(),
    location: locationSchema.optional(),
    tags: tagsSchema.optional(),
  })
  .refine((v) => v.caption !== undefined || v.location !== undefined || v.tags !== undefined, POST_TEXTS.nothingToUpdate);

export type UpdatePostInput = z.input<typeof updatePostSchema>;
