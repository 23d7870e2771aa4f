// Security headers on every response, API, media and static assets alike (the Worker runs first
// for every path; see wrangler.toml). Media responses set their own stricter CSP.
import { createMiddleware } from "hono/factory";
import themeInitScript from "../../public/theme-init.js?raw";
import type { AppEnv } from "../env";
import { allows } from "../lib/modes";

let themeInitHash: Promise<string> | undefined;

/**
 * The CSP source of the theme script, which the build inlines into every page's head so that the
 * first paint waits for no script request (decision record 0075): its SHA-256, base64, computed
 * once from the same file the build inlines.
 */
function themeInitSource(): Promise<string> {
  themeInitHash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(themeInitScript)).then((digest) => {
    const binary = String.fromCharCode(...new Uint8Array(digest));
    return `'sha256-${btoa(binary)}'`;
  });
  return themeInitHash;
}

function contentSecurityPolicy(development: boolean, themeScript: string): string {
  // Vite's dev server injects an inline module preamble for React refresh and talks to its own
  // websocket; production serves only hashed files from our origin and the one inline script
  // whose hash it names.
  const script = development ? "'self' 'unsafe-inline'" : `'self' ${themeScript}`;
  return [
    "default-src 'self'",
    `script-src ${script} https://js.stripe.com`,
    // Radix and sonner position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://lh3.googleusercontent.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""} https://api.stripe.com`,
    "frame-src https://js.stripe.com https://hooks.stripe.com",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://accounts.google.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  // Responses passed through from ASSETS or R2 can be immutable; copy them to set headers.
  try {
    headers.set("x-content-type-options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  const set = (name: string, value: string) => {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
  set("x-content-type-options", "nosniff");
  set("content-security-policy", contentSecurityPolicy(allows(c.env, "relaxedCsp"), await themeInitSource()));
  set("x-frame-options", "DENY");
  set("referrer-policy", "strict-origin-when-cross-origin");
  set("strict-transport-security", "max-age=63072000; includeSubDomains; preload");
  set("permissions-policy", "camera=(), microphone=(self), geolocation=(), payment=(self \"https://js.stripe.com\")");
  set("cross-origin-opener-policy", "same-origin");
});
