// Usernames (§5, first document): sign-up sanitises the name and then requires 3 characters, and
// the Google sign-in path derives a username through the same sanitiser, so a name accepted in
// one place is never refused in another.
import { TEXT_LIMITS } from "../constants";
import { ACCOUNT_TEXTS, PROFILE_TEXTS } from "../messages";

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
  if (username.length < TEXT_LIMITS.usernameMin) return { ok: false, message: ACCOUNT_TEXTS.usernameInvalid };
  return { ok: true, username };
}

/**
 * The profile-editing rule (second document §5): empty after sanitising is 'Username required';
 * otherwise the sign-up minimum of 3 characters applies (§9 of the first document gives 3 to 30).
 * Sanitising already cuts to 30, so a longer name is shortened rather than refused.
 */
export function validateProfileUsername(input: string): { ok: true; username: string } | { ok: false; message: string } {
  const username = sanitizeUsername(input);
  if (username.length === 0) return { ok: false, message: PROFILE_TEXTS.usernameRequired.description };
  if (username.length < TEXT_LIMITS.usernameMin) return { ok: false, message: ACCOUNT_TEXTS.usernameInvalid };
  return { ok: true, username };
}
