// Sign-in, sign-up and password-reset bodies (§5, first document).
import { z } from "zod";
import { SECURITY_SETTINGS, TEXT_LIMITS } from "../constants";
import { checkNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "../rules/password";
import { cleanText } from "../rules/sanitize";
import { DISPLAY_NAME_TOO_LONG, DISPLAY_NAME_TOO_SHORT, USERNAME_INVALID, validateUsername } from "../rules/username";
import { emailSchema } from "./common";

export const INVALID_RESET_LINK = "This password reset link is invalid or has expired";

/** Sign-in only checks the minimum length: strength rules are for new passwords. */
export const signInPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(SECURITY_SETTINGS.passwordMinLength, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/**
 * A new password: strength scoring, then the breached list. The issue's message is the toast
 * description and `params.title` its title ("Password Too Weak" or "Compromised Password").
 */
export const newPasswordSchema = z.string({ error: PASSWORD_TOO_SHORT }).superRefine((password, ctx) => {
  const result = checkNewPassword(password);
  if (!result.ok) ctx.addIssue({ code: "custom", message: result.message, params: { title: result.title } });
});

/** Sanitised (letters, digits, _ . -; cut to 30), then at least 3 characters. */
export const usernameSchema = z
  .string({ error: USERNAME_INVALID })
  .max(256)
  .transform((raw, ctx) => {
    const result = validateUsername(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.username;
  });

/** Sign-up display name: cleaned and trimmed, 2 to 50 characters. */
export const signUpDisplayNameSchema = z
  .string({ error: DISPLAY_NAME_TOO_SHORT })
  .max(TEXT_LIMITS.displayNameMax * 4, DISPLAY_NAME_TOO_LONG)
  .transform(cleanText)
  .pipe(z.string().min(TEXT_LIMITS.displayNameMin, DISPLAY_NAME_TOO_SHORT).max(TEXT_LIMITS.displayNameMax, DISPLAY_NAME_TOO_LONG));

export const signInSchema = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
});

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  username: usernameSchema,
  displayName: signUpDisplayNameSchema,
});

export const passwordResetRequestSchema = z.object({
  email: emailSchema,
});

export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_LINK })
    .min(16, INVALID_RESET_LINK)
    .max(512, INVALID_RESET_LINK)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_RESET_LINK),
  password: newPasswordSchema,
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;
export type PasswordResetConfirm = z.output<typeof passwordResetConfirmSchema>;
