// The comment body (§5, first document). The spec shows no message when a comment is refused;
// the API still answers with the reason so the client can decide what to show.
import { z } from "zod";
import { COMMENT_EMPTY, COMMENT_MAX, prepareComment } from "../rules/comment";
import { idSchema } from "./common";

export const COMMENT_TOO_LONG = "Comment is too long";

export const commentSchema = z.object({
  /** Cleaned, trimmed, cut to 1000 characters and screened; the output is what is stored. */
  content: z
    .string({ error: COMMENT_EMPTY })
    .max(COMMENT_MAX * 10, COMMENT_TOO_LONG)
    .transform((raw, ctx) => {
      const result = prepareComment(raw);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.message });
        return z.NEVER;
      }
      return result.content;
    }),
  parentId: idSchema.nullish().transform((v) => v ?? null),
});

export type CommentInput = z.input<typeof commentSchema>;
export type Comment = z.output<typeof commentSchema>;
