// Request bodies of the accounts routes that shared/schemas/auth.ts does not cover: email-link
// tokens, resending the confirmation mail and sign-out scopes.
import { z } from "zod";
import { ACCOUNT_TEXTS } from "../messages";
import { emailSchema } from "./common";

/** Tokens from email links: 32 random bytes in base64url (43 characters); bounded and URL-safe. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: ACCOUNT_TEXTS.confirmLinkInvalid })
    .min(16, ACCOUNT_TEXTS.confirmLinkInvalid)
    .max(512, ACCOUNT_TEXTS.confirmLinkInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, ACCOUNT_TEXTS.confirmLinkInvalid),
});

export const resendConfirmationSchema = z.object({ email: emailSchema });

const SIGN_OUT_SCOPES = ["local", "global", "others"] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

/** The body is optional; `local` (this device) is the default, as with the provider's logout. */
export const signOutSchema = z.object({ scope: z.enum(SIGN_OUT_SCOPES).default("local") });
