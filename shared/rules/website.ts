// Profile website links ("http/https only"). A link is checked when it is written and
// again when it is read, so a row written before this rule, or by hand, can never put a
// `javascript:` or `data:` address into an href.
import { TEXT_LIMITS } from "../constants";
import { PROFILE_TEXTS } from "../messages";

/**
 * What a person types ("mysite.com", "https://mysite.com/work") as the address to store: a bare
 * host gets https://, anything with another scheme is refused, and the result is the URL parser's
 * own serialisation, so what is stored is exactly what a browser would follow.
 */
export function normalizeWebsiteUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const text = input.trim();
  if (text.length > TEXT_LIMITS.websiteUrl) return { ok: false, message: PROFILE_TEXTS.websiteTooLong };
  // A scheme is letters followed by ":" (but "host:8080" is a port); anything else is a bare host.
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i.test(text);
  const url = safeWebsiteUrl(hasScheme ? text : `https://${text}`);
  if (url === null) return { ok: false, message: PROFILE_TEXTS.websiteInvalid };
  if (url.length > TEXT_LIMITS.websiteUrl) return { ok: false, message: PROFILE_TEXTS.websiteTooLong };
  return { ok: true, url };
}

/** The stored address if it is an http(s) URL with a real host and no credentials, else null. */
export function safeWebsiteUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // A host needs a dot ("localhost" and bare words are typos, not websites); user:pass@ would
  // let a link show one host and log in to another.
  if (!url.hostname.includes(".") || url.username !== "" || url.password !== "") return null;
  return url.href;
}
