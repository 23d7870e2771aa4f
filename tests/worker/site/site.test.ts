// Crawler basics and caching (decision records 0056 and 0057): robots.txt,
// the prerendered landing page for a navigation to /, a canonical URL on the public pages, HTML
// revalidated on every visit and the build's hashed assets cached for a year. The test Worker has
// no build, so a stand-in ASSETS binding answers like the real one: /landing is landing.html,
// /auth-page the app's page with the /auth frame prerendered (decision record 0075),
// /auth-signin-page the same with the live sign-in form (0098), a hashed file is itself, and every
// other path falls back to index.html.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import landingHtml from "../../../landing.html?raw";
import themeInitScript from "../../../public/theme-init.js?raw";
import { app } from "../../../worker/app";

const authPageHtml = indexHtml.replace('<div id="root"></div>', '<div id="root" data-prerendered="auth"><main>Back to Home</main></div>');
// The sign-in page needs no app (0098): no entry script, and "Continue with Google" in both states.
const signInPageHtml = indexHtml
  .replace(/<script type="module"[^>]*src="\/web\/main.tsx"><\/script>/, "")
  .replace(
    '<div id="root"></div>',
    '<div id="root" data-prerendered="auth"><main>Back to Home<form data-sign-in-island></form>' +
      '<div data-island-google="offered"><a href="/api/auth/google">Continue with Google</a></div>' +
      '<div data-island-google="unavailable"><button disabled>Continue with Google</button><p>Google sign-in is not configured</p></div></main></div>',
  );

const PLATFORM_CACHE = "public, max-age=0, must-revalidate";
const requested: string[] = [];

const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requested.push(url.pathname);
    const headers = { "cache-control": PLATFORM_CACHE, etag: '"build-1"' };
    if (url.pathname === "/landing") return new Response(landingHtml, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
    if (url.pathname === "/auth-page") return new Response(authPageHtml, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
    if (url.pathname === "/auth-signin-page") return new Response(signInPageHtml, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
    if (url.pathname.startsWith("/assets/")) {
      if (url.pathname.includes("missing")) return new Response("Not found", { status: 404, headers });
      return new Response("export{};", { headers: { ...headers, "content-type": "text/javascript" } });
    }
    if (url.pathname === "/sw.js") return new Response("self.x=1", { headers: { ...headers, "content-type": "text/javascript" } });
    return new Response(indexHtml, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
  },
};

async function get(path: string, { accept = "text/html,application/xhtml+xml", appOrigin = "", cookie = "", google = true } = {}) {
  requested.length = 0;
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { accept };
  if (cookie) headers.cookie = cookie;
  const googleEnv = google ? {} : { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" };
  const res = await app.request(path, { headers }, { ...env, ...googleEnv, ASSETS: assets, APP_ORIGIN: appOrigin }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);

describe("robots.txt", () => {
  it("allows the public pages and disallows the API and the dev outbox", async () => {
    const res = await get("/robots.txt", { accept: "text/plain" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).trim().split("\n");
    expect(lines).toEqual(["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /dev/"]);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    // The security headers reach it like every other response.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("the landing page at /", () => {
  it("answers a page navigation with landing.html, revalidated on every visit, with its description", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(requested).toEqual(["/landing"]);
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/web/landing/boot.ts">');
    expect(html).not.toContain("/web/main.tsx");
    expect(html).toMatch(/<meta name="description" content="Backline: the social network and marketplace for music professionals\./);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    // The body now names the request's origin, so the file's validators no longer describe it.
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("names one absolute canonical URL: the request's origin, or APP_ORIGIN when configured", async () => {
    expect(canonicalOf(await (await get("/?utm_source=chat")).text())).toEqual(["http://localhost/"]);
    expect(canonicalOf(await (await get("/", { appOrigin: "https://backline.example" })).text())).toEqual(["https://backline.example/"]);
  });

  it("leaves requests that are not page navigations to the app's index.html", async () => {
    const res = await get("/", { accept: "*/*" });
    expect(requested).toEqual(["/"]);
    expect(await res.text()).toContain('src="/web/main.tsx"');
  });

  it("falls back to the app when the build has no landing page", async () => {
    const ctx = createExecutionContext();
    const bare = { fetch: async () => new Response(indexHtml, { headers: { "content-type": "text/html" } }) };
    const res = await app.request("/", { headers: { accept: "text/html" } }, { ...env, ASSETS: bare, APP_ORIGIN: "" }, ctx);
    await waitOnExecutionContext(ctx);
    const html = await res.text();
    expect(html).toContain('src="/web/main.tsx"');
    expect(canonicalOf(html)).toEqual(["http://localhost/"]);
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("caching and canonical URLs of every other response", () => {
  it("caches the build's hashed assets for a year, immutable", async () => {
    const res = await get("/assets/index-AbC123.js", { accept: "*/*" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe('"build-1"');
  });

  it("does not cache a missing asset as immutable", async () => {
    const res = await get("/assets/missing-123.js", { accept: "*/*" });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe(PLATFORM_CACHE);
  });

  it("keeps the platform's revalidating default for unhashed files such as the service worker", async () => {
    const res = await get("/sw.js", { accept: "*/*" });
    expect(res.headers.get("cache-control")).toBe(PLATFORM_CACHE);
  });

  it("revalidates every app page; only the public /auth page names a canonical URL", async () => {
    // (/auth itself comes from auth-page.html; see "the /auth screens" below.)
    const auth = await get("/auth?redirect=%2Ffeed", { appOrigin: "https://backline.example" });
    expect(auth.headers.get("cache-control")).toBe("no-cache");
    expect(canonicalOf(await auth.text())).toEqual(["https://backline.example/auth"]);

    const feed = await get("/feed");
    expect(feed.headers.get("cache-control")).toBe("no-cache");
    // Unchanged body, so the file's ETag still validates it.
    expect(feed.headers.get("etag")).toBe('"build-1"');
    expect(await feed.text()).toBe(indexHtml);
  });
});

describe("the /auth screens", () => {
  it("answer a page navigation with the prerendered /auth frame, revalidated, with the canonical URL", async () => {
    // The Sign In tab of /auth gets the live form (decision record 0098); the other screens, the
    // Sign Up tab and a Google callback's error the placeholder frame.
    const pages = {
      "/auth": "/auth-signin-page",
      "/auth?tab=signin&redirect=%2Ffeed": "/auth-signin-page",
      "/auth?tab=signup": "/auth-page",
      "/auth?error=Google%20failed": "/auth-page",
      "/auth/forgot": "/auth-page",
      "/auth/reset?token=abc": "/auth-page",
      "/auth/confirm?token=abc": "/auth-page",
    };
    for (const [path, page] of Object.entries(pages)) {
      const res = await get(path, { appOrigin: "https://backline.example" });
      expect(requested, path).toEqual([page]);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = await res.text();
      expect(html).toContain('data-prerendered="auth"');
      // The frame boots the whole app, which takes over from it; the sign-in page needs none.
      if (page === "/auth-page") expect(html).toContain('src="/web/main.tsx"');
      else expect(html).not.toContain("main.tsx");
      if (path.startsWith("/auth?") || path === "/auth") expect(canonicalOf(html)).toEqual(["https://backline.example/auth"]);
    }
  });

  it("give a signed-in visitor (the access cookie) the frame the app takes over, which sends them on", async () => {
    const res = await get("/auth?redirect=%2Fsearch", { cookie: "bl_access=some.jwt.value" });
    expect(requested).toEqual(["/auth-page"]);
    expect(await res.text()).toContain('src="/web/main.tsx"');
    // Another cookie is no session.
    await get("/auth", { cookie: "bl_theme=dark" });
    expect(requested).toEqual(["/auth-signin-page"]);
  });

  it("keep the sign-in page's Google button that the configuration calls for", async () => {
    const offered = await (await get("/auth")).text();
    expect(offered).toContain('<a href="/api/auth/google">Continue with Google</a>');
    expect(offered).not.toContain("data-island-google=\"unavailable\"");
    expect(offered).not.toContain("Google sign-in is not configured");
    const unavailable = await get("/auth", { google: false });
    expect(unavailable.headers.get("etag")).toBeNull();
    const html = await unavailable.text();
    expect(html).not.toContain('href="/api/auth/google"');
    expect(html).toContain("<button disabled>Continue with Google</button><p>Google sign-in is not configured</p>");
  });

  it("leave other requests and other paths to the app's index.html", async () => {
    await get("/auth", { accept: "*/*" });
    expect(requested).toEqual(["/auth"]);
    await get("/auth/somewhere-else");
    expect(requested).toEqual(["/auth/somewhere-else"]);
    await get("/authors");
    expect(requested).toEqual(["/authors"]);
  });
});

describe("the inlined theme script", () => {
  it("is allowed by the CSP through its hash, and no other inline script is", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(themeInitScript));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    const csp = (await get("/")).headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}' https://js.stripe.com`);
    // Every response carries the same policy, the API's included.
    const api = await get("/api/health", { accept: "application/json" });
    expect(api.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });
});
