// The profile editing body (§5, second document). The avatar is uploaded on its own route and
// checked with `validateAvatar`; uniqueness ("Username taken") needs the database, so the
// Worker checks it after this schema.
import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { BIO_TOO_LONG, DISPLAY_NAME_TOO_LONG, USERNAME_REQUIRED, validateProfileUsername } from "../rules/username";
import { optionalCleanedText } from "./common";

export const profileUsernameSchema = z
  .string({ error: USERNAME_REQUIRED })
  .max(256)
  .transform((raw, ctx) => {
    const result = validateProfileUsername(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.username;
  });

export const profileUpdateSchema = z.object({
  username: profileUsernameSchema,
  /** Empty means "no display name" (the username is shown instead) and is stored as null. */
  displayName: optionalCleanedText(TEXT_LIMITS.displayNameMax, DISPLAY_NAME_TOO_LONG),
  bio: optionalCleanedText(TEXT_LIMITS.bio, BIO_TOO_LONG),
});

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
