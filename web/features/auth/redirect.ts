// The `redirect` search parameter of /auth names where to go after signing in. It comes from the
// URL, so anyone can craft it: only same-origin paths are followed, never another site.
const DEFAULT_AFTER_SIGN_IN = "/feed";

export function safeRedirect(target: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  // "/path" only: "//evil.example" and "/\evil.example" are protocol-relative URLs to browsers.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters and backslashes have no place in our paths and can confuse URL parsers.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  // Going back to /auth after signing in would bounce straight to the fallback anyway.
  if (target === "/auth" || target.startsWith("/auth?") || target.startsWith("/auth/")) return fallback;
  return target;
}

/** The onboarding screen (second document §2 Profile creation). */
export const ONBOARDING_PATH = "/create-profile";

/**
 * Where a signed-in account goes next. One that still needs onboarding (a new account whose
 * profile has no profession, onboarding neither saved nor skipped) sees /create-profile first and
 * continues to `target` afterwards.
 */
export function destinationAfterSignIn(target: string, needsOnboarding: boolean): string {
  if (!needsOnboarding || target === ONBOARDING_PATH || target.startsWith(`${ONBOARDING_PATH}?`)) return target;
  return `${ONBOARDING_PATH}?redirect=${encodeURIComponent(target)}`;
}
