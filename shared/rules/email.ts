// The email check of §5: addresses are compared and stored trimmed and lowercased, so
// "Ana@Example.com " and "ana@example.com" are one account. The message for a bad address is
// ACCOUNT_TEXTS.invalidEmail (shared/messages.ts), used by the schema that runs these checks.

/** RFC 5321 limits: 254 characters in all, 64 in the local part. */
const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

// A practical subset of RFC 5322: dot-atom local part (no leading, trailing or doubled dots) and
// a host of at least two labels, each 1–63 letters, digits or inner hyphens, ending in a
// letters-only top-level domain.
const LOCAL_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Validates an address after normalising it. */
export function isValidEmail(input: string): boolean {
  const email = normalizeEmail(input);
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return local.length <= LOCAL_MAX_LENGTH && LOCAL_RE.test(local) && DOMAIN_RE.test(domain);
}
