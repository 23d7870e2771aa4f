// Building blocks shared by the schemas: ids, emails and cleaned text. Every message comes from
// shared/messages.ts so nobody retypes it.
import { z } from "zod";
import { ACCOUNT_TEXTS, REQUEST_TEXTS } from "../messages";
import { isValidEmail, normalizeEmail } from "../rules/email";
import { cleanText } from "../rules/sanitize";

const INVALID_ID = REQUEST_TEXTS.invalidId;

/**
 * A zod transform that runs one of the shared rules: a refusal becomes the issue, with the rule's
 * message, and an acceptance gives the value the rule produced (what will be stored).
 */
export function byRule<Accepted extends { ok: true }, Value>(
  rule: (raw: string) => Accepted | { ok: false; message: string },
  value: (accepted: Accepted) => Value,
) {
  return (raw: string, ctx: z.RefinementCtx<string>): Value => {
    const result = rule(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return value(result);
  };
}

/** Row ids (UUIDs or similar opaque ids): URL-safe and bounded. */
export const idSchema = z
  .string({ error: INVALID_ID })
  .trim()
  .min(1, INVALID_ID)
  .max(64, INVALID_ID)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_ID);

/** Trimmed, lowercased and validated; the output is the normalised address. */
export const emailSchema = z
  .string({ error: ACCOUNT_TEXTS.invalidEmail })
  .max(320, ACCOUNT_TEXTS.invalidEmail)
  .transform(normalizeEmail)
  .refine(isValidEmail, ACCOUNT_TEXTS.invalidEmail);

/**
 * Text that is cleaned before it is checked and stored (see `cleanText`). `max` is checked on
 * the cleaned text; the raw input is bounded at four times that so a huge body is refused
 * before any regular expression runs over it.
 */
export function cleanedText(max: number, tooLong: string, required?: string) {
  const inner = required ? z.string().min(1, required).max(max, tooLong) : z.string().max(max, tooLong);
  return z
    .string(required ? { error: required } : undefined)
    .max(max * 4, tooLong)
    .transform(cleanText)
    .pipe(inner);
}

/**
 * A one-line name (a service, a product, an offer): cleaned text whose line breaks and runs of
 * whitespace become one space, so a name can never carry a line break into a mail subject, a
 * receipt or a header (issue #27 item 8; decision record 0085).
 */
export function singleLineText(max: number, tooLong: string, required?: string) {
  const inner = required ? z.string().min(1, required).max(max, tooLong) : z.string().max(max, tooLong);
  return z
    .string(required ? { error: required } : undefined)
    .max(max * 4, tooLong)
    .transform((v) => cleanText(v).replace(/\s+/gu, " "))
    .pipe(inner);
}

/** Optional cleaned text where an empty value is stored as null. */
export function optionalCleanedText(max: number, tooLong: string) {
  return cleanedText(max, tooLong)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null);
}
