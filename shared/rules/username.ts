// Usernames, display names and bios (§5 of both documents). Sign-up and profile editing share
// the sanitiser, so a name accepted at sign-up is never refused by the profile form.
import { TEXT_LIMITS } from "../constants";
import { fail, OK, type RuleResult } from "./result";

export const USERNAME_INVALID =
  "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens";
export const USERNAME_REQUIRED_TITLE = "Username required";
export const USERNAME_REQUIRED = "Please enter a username";
export const USERNAME_TOO_LONG = `Username must be at most ${TEXT_LIMITS.usernameMax} characters`;
export const USERNAME_TAKEN_TITLE = "Username taken";
export const USERNAME_TAKEN = "This username is already in use";
export const DISPLAY_NAME_TOO_SHORT = "Display name must be at least 2 characters long";
export const DISPLAY_NAME_TOO_LONG = `Display name must be at most ${TEXT_LIMITS.displayNameMax} characters`;
export const BIO_TOO_LONG = `Bio must be at most ${TEXT_LIMITS.bio} characters`;

/** Keeps letters, digits, underscore, dot and hyphen (ASCII), then cuts to 30 characters. */
export function sanitizeUsername(input: string): string {
  return input.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, TEXT_LIMITS.usernameMax);
}

/**
 * The sign-up rule: the sanitised name must have at least 3 characters. Returns the sanitised
 * name so the caller stores exactly what was checked.
 */
export function validateUsername(input: string): { ok: true; username: string } | { ok: false; message: string } {
  const username = sanitizeUsername(input);
  if (username.length < TEXT_LIMITS.usernameMin) return { ok: false, message: USERNAME_INVALID };
  return { ok: true, username };
}

/**
 * The profile-editing rule: empty after sanitising is "Username required"; otherwise the same
 * 3-character minimum as sign-up applies (§9 gives usernames as 3 to 30 characters).
 */
export function validateProfileUsername(input: string): { ok: true; username: string } | { ok: false; message: string } {
  const username = sanitizeUsername(input);
  if (username.length === 0) return { ok: false, message: USERNAME_REQUIRED };
  if (username.length < TEXT_LIMITS.usernameMin) return { ok: false, message: USERNAME_INVALID };
  return { ok: true, username };
}

/** Sign-up display name: at least 2 characters after trimming, and at most 50. */
export function validateDisplayName(input: string): RuleResult {
  const trimmed = input.trim();
  if (trimmed.length < TEXT_LIMITS.displayNameMin) return fail(DISPLAY_NAME_TOO_SHORT);
  if (trimmed.length > TEXT_LIMITS.displayNameMax) return fail(DISPLAY_NAME_TOO_LONG);
  return OK;
}

export function validateBio(input: string): RuleResult {
  return input.trim().length > TEXT_LIMITS.bio ? fail(BIO_TOO_LONG) : OK;
}
