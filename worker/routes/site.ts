// The pages and files crawlers and first visits meet (decision records
// 0056, 0057 and 0075): robots.txt, the prerendered landing page at /, the prerendered frame of
// the /auth screens, and every other page and static file handed through from ASSETS with the
// caching that suits it:
// - HTML pages: `no-cache` (revalidated on every visit, so a deploy is seen at once); the public
//   ones (/ and /auth) name a canonical URL on the configured APP_ORIGIN or the request's own;
// - the build's content-hashed files under /assets/: cached for a year, immutable;
// - anything else (sw.js, the manifest, icons) keeps the platform's revalidating default.
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { escapeHtml } from "@shared/rules/sanitize";
import type { AppEnv } from "../env";
import { expectedOrigin } from "../middleware/origin";
import { ACCESS_COOKIE } from "../services/auth/sessions";
import { googleConfigured } from "../services/auth/google";

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** Public pages that name themselves with a canonical URL; the app's other screens need no index. */
const CANONICAL_PAGES = new Set(["/", "/auth"]);

/** Public pages are open to crawlers; the API and the dev outbox are not. */
const ROBOTS_TXT = `User-agent: *
Allow: /
Disallow: /api/
Disallow: /dev/
`;

function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").includes("text/html");
}

/** A copy whose headers can be changed: responses from ASSETS have immutable headers. */
function mutable(response: Response): Response {
  return new Response(response.body, response);
}

/** The page as `rewriter` changes it; the file's ETag and length describe another body. */
function rewritten(page: Response, rewriter: HTMLRewriter): Response {
  const changed = mutable(rewriter.transform(page));
  changed.headers.delete("etag");
  changed.headers.delete("content-length");
  return changed;
}

/** The page with its canonical link: the public origin and the path, without the query. */
function withCanonical(c: Context<AppEnv>, page: Response): Response {
  const canonical = new URL(c.req.path, expectedOrigin(c.req.url, c.env.APP_ORIGIN)).href;
  return rewritten(
    page,
    new HTMLRewriter()
      .on('link[rel="canonical"]', {
        element(el) {
          el.remove();
        },
      })
      .on("head", {
        element(el) {
          el.append(`  <link rel="canonical" href="${escapeHtml(canonical)}" />\n  `, { html: true });
        },
      }),
  );
}

/** Applies the caching rule of what ASSETS answered, and the canonical URL of a public page. */
function cached(c: Context<AppEnv>, response: Response): Response {
  if (!response.ok) return response;
  if (isHtml(response)) {
    const page = CANONICAL_PAGES.has(c.req.path) ? withCanonical(c, response) : mutable(response);
    page.headers.set("cache-control", "no-cache");
    return page;
  }
  if (c.req.path.startsWith("/assets/")) {
    const asset = mutable(response);
    asset.headers.set("cache-control", IMMUTABLE_CACHE);
    return asset;
  }
  return response;
}

/** Hands the request to ASSETS: a static file, or the app's index.html for any other path. */
export async function serveAsset(c: Context<AppEnv>): Promise<Response> {
  return cached(c, await c.env.ASSETS.fetch(c.req.raw));
}

export const siteRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => c.text(ROBOTS_TXT, 200, { "cache-control": "public, max-age=3600" }))
  // A page navigation to / gets the prerendered landing page (landing.html, which ASSETS serves as
  // /landing); any other request, or a build without that page, gets what it got before.
  .get("/", async (c) => {
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      const landing = await c.env.ASSETS.fetch(new Request(new URL("/landing", c.req.url), c.req.raw));
      if (landing.ok && isHtml(landing)) return cached(c, landing);
    }
    return serveAsset(c);
  })
  // A page navigation to /auth or a screen under it gets the page with the /auth frame
  // prerendered (auth-page.html, decision record 0075); the app takes over from there.
  .get("/auth/:screen{forgot|reset|confirm}?", async (c) => {
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      // A visitor's Sign In tab of /auth is a page that needs no app (decision record 0098). The
      // other screens, the Sign Up tab, a Google callback's error and a signed-in visitor (whom
      // the app's route sends on) get the frame the app takes over.
      const signIn =
        c.req.path === "/auth" && (c.req.query("tab") ?? "signin") === "signin" && c.req.query("error") === undefined && getCookie(c, ACCESS_COOKIE) === undefined;
      const page = await c.env.ASSETS.fetch(new Request(new URL(signIn ? "/auth-signin-page" : "/auth-page", c.req.url), c.req.raw));
      if (page.ok && isHtml(page)) return cached(c, signIn ? withGoogleChoice(c, page) : page);
    }
    return serveAsset(c);
  });

/**
 * The sign-in page draws "Continue with Google" twice, offered and unavailable
 * (web/features/auth/prerender.tsx); the one this server's configuration does not call for goes.
 */
function withGoogleChoice(c: Context<AppEnv>, page: Response): Response {
  const drop = googleConfigured(c.env) ? "unavailable" : "offered";
  return rewritten(
    page,
    new HTMLRewriter().on(`[data-island-google="${drop}"]`, {
      element(el) {
        el.remove();
      },
    }),
  );
}
