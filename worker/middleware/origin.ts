// Cross-site request forgery defence (DESIGN.md "Sessions": Origin check on every mutating
// request). Cookies are SameSite=Lax, which already keeps them off cross-site POSTs from modern
// browsers; this check also covers same-site subdomains and older browsers. Every POST, PUT,
// PATCH and DELETE under /api must carry an Origin equal to our own (APP_ORIGIN when set,
// otherwise the request URL's origin). A missing Origin is refused too: browsers always send it
// on these methods, and a non-browser client can send it explicitly.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiError } from "../lib/errors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths that are called by other servers rather than our pages (they verify their own signatures). */
const EXEMPT_PREFIXES = ["/api/webhooks/"];

/**
 * One-click unsubscribe (RFC 8058, issue #30): a mail provider's server POSTs the link of a mail's
 * List-Unsubscribe header, with no Origin and no cookies. It needs no session, and its signed
 * token is the credential: a forged cross-site POST can only unsubscribe whoever's token the
 * forger already holds, which the link itself would do. Exactly this path, nothing under it.
 */
const EXEMPT_PATHS = [/^\/api\/notifications\/unsubscribe\/[^/]+$/];

export function expectedOrigin(requestUrl: string, appOrigin: string | undefined): string {
  if (appOrigin) {
    try {
      return new URL(appOrigin).origin;
    } catch {
      // A malformed APP_ORIGIN falls back to the request's origin rather than locking everyone out.
    }
  }
  return new URL(requestUrl).origin;
}

export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  const exempt = EXEMPT_PREFIXES.some((prefix) => c.req.path.startsWith(prefix)) || (c.req.method === "POST" && EXEMPT_PATHS.some((path) => path.test(c.req.path)));
  if (MUTATING.has(c.req.method) && !exempt) {
    const origin = c.req.header("origin");
    if (!origin || origin !== expectedOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError("forbidden", REQUEST_TEXTS.crossOriginRefused);
    }
  }
  await next();
});
