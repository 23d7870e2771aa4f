// Where a tapped notification may lead (issue #30): a path of this origin, as the service worker
// checks it too (public/push-sw.js, which cannot import this). A push's `path` comes from the
// server, but a native push's data passes through Apple's or Google's hands and the page's
// message channel is open to any script of the origin, so both are read as untrusted.

/** The longest path a PushPayload carries (shared/notifications-api.ts pushPayloadSchema). */
const MAX_PATH = 300;

/**
 * The path itself when it stays on this origin: "/…", never "//host" or "/\host" (a browser
 * resolves both to another host), no control characters or backslashes. Null otherwise.
 */
export function pushTargetPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_PATH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = "https://backline.invalid";
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
