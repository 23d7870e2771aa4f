// The PWA plugin runs on the client build only: otherwise its files leak into the Worker bundle.
import { VitePWA } from "vite-plugin-pwa";
import { API_CACHE, MEDIA_CACHE } from "../../shared/offline-caches";

/**
 * How long the feed waits for the network before it shows the cached pages (decision 0062): long
 * enough for a slow but working connection, short enough that a train's dead spots do not leave a
 * spinner. The network answer still refreshes the cache when it arrives.
 */
const API_NETWORK_TIMEOUT_SECONDS = 4;

export function pwa() {
  const plugins = VitePWA({
    registerType: "prompt",
    injectRegister: false,
    filename: "sw.js",
    strategies: "generateSW",
    includeAssets: ["favicon.svg", "apple-touch-icon.png", "theme-init.js"],
    manifest: {
      name: "Backline",
      short_name: "Backline",
      description: "The social network and marketplace for music professionals.",
      theme_color: "#0a0a0a",
      background_color: "#0a0a0a",
      display: "standalone",
      orientation: "portrait",
      start_url: "/feed",
      scope: "/",
      categories: ["music", "social", "business"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2,webmanifest}"],
      // Font subsets for scripts the UI is not written in load on demand (unicode-range) and
      // need not be precached on every install; nor the landing page's cut fonts (decision
      // record 0075), which only a first visit's landing page uses; nor the shared pages' template
      // (decision record 0097), which only the Worker reads.
      globIgnores: ["**/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-wght-*.woff2", "**/landing-*.woff2", "shared-page.html"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/dev\//, /^\/auth\/google\//, /^\/unsubscribe\//],
      cleanupOutdatedCaches: true,
      // Push notifications (issue #30): public/push-sw.js adds the push, notificationclick and
      // pushsubscriptionchange listeners beside what workbox generates, which stays as it is.
      // The browser checks imported scripts for updates with the worker itself.
      importScripts: ["/push-sw.js"],
      // The last-seen feed offline (spec §1: the app works offline). Only the session read and the
      // feed pages are kept: other reads go to the network as before, so a slow server never
      // shows stale data on screens that did not ask for it. The SPA empties these caches when
      // the account changes (web/lib/offline-caches.ts). The matchers are copied into the
      // generated worker as source, so they use nothing from this module's scope.
      runtimeCaching: [
        {
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && request.method === "GET" && (url.pathname === "/api/feed" || url.pathname === "/api/auth/session"),
          handler: "NetworkFirst",
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
            // A page per cursor: the first pages a reader scrolled, for a week.
            expiration: { maxEntries: 30, maxAgeSeconds: 7 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Media URLs are immutable (worker/routes/media.ts), so a cached copy is always right.
          // Audio and video arrive as ranges (206), which are not stored; images are.
          urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && url.pathname.startsWith("/media/"),
          handler: "CacheFirst",
          options: {
            cacheName: MEDIA_CACHE,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
            rangeRequests: true,
          },
        },
      ],
    },
    devOptions: { enabled: false },
  });
  for (const plugin of plugins) {
    (plugin as { applyToEnvironment?: (env: { name: string }) => boolean }).applyToEnvironment = (env) =>
      env.name === "client";
  }
  return plugins;
}
