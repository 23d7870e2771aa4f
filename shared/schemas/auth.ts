// Sign-in, sign-up and password-reset bodies (§5, first document).
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, SECURITY_SETTINGS, TEXT_LIMITS } from "../constants";
import { ACCOUNT_TEXTS, PASSWORD_TEXTS } from "../messages";
import { checkNewPassword } from "../rules/password";
import { cleanText } from "../rules/sanitize";
import { validateUsername } from "../rules/username";
import { byRule, emailSchema } from "./common";

const { displayNameTooShort, displayNameTooLong, invalidResetLink } = ACCOUNT_TEXTS;

/** Sign-in only checks the minimum length, so old accounts can still sign in. */
const signInPasswordSchema = z
  .string({ error: PASSWORD_TEXTS.tooShort })
  .min(SECURITY_SETTINGS.passwordMinLength, PASSWORD_TEXTS.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TEXTS.tooLong);

/**
 * A new password: strength scoring, then the breached list. The issue's message is the toast
 * description and `params.title` its title ("Password Too Weak" or "Compromised Password").
 */
const newPasswordSchema = z.string({ error: PASSWORD_TEXTS.tooShort }).superRefine((password, ctx) => {
  const result = checkNewPassword(password);
  if (!result.ok) ctx.addIssue({ code: "custom", message: result.message, params: { title: result.title } });
});

/** Sanitised (letters, digits, _ . -; cut to 30), then at least 3 characters. */
const usernameSchema = z
  .string({ error: ACCOUNT_TEXTS.usernameInvalid })
  .max(256)
  .transform(byRule(validateUsername, (accepted) => accepted.username));

/** Sign-up display name: cleaned and trimmed, 2 to 50 characters. */
const signUpDisplayNameSchema = z
  .string({ error: displayNameTooShort })
  .max(TEXT_LIMITS.displayNameMax * 4, displayNameTooLong)
  .transform(cleanText)
  .pipe(z.string().min(TEXT_LIMITS.displayNameMin, displayNameTooShort).max(TEXT_LIMITS.displayNameMax, displayNameTooLong));

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

/**
 * The /auth/reset form: a new password (strength, then the breached list) typed twice. Both
 * messages can show at once, as the user may have got both wrong.
 */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((v) => v.repeat === v.password, { path: ["repeat"], message: ACCOUNT_TEXTS.passwordsDoNotMatch, when: () => true });

export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: invalidResetLink })
    .min(16, invalidResetLink)
    .max(512, invalidResetLink)
    .regex(/^[A-Za-z0-9_-]+$/, invalidResetLink),
  password: newPasswordSchema,
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;
