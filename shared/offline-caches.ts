// The service worker's runtime caches that hold account data (decision 0062): named once for the
// worker's build config (web/pwa/vite-pwa.config.ts) and the SPA, which empties them whenever the
// signed-in account changes (web/lib/offline-caches.ts).

/** Feed pages and the session read, network first: what the signed-in screens need offline. */
export const API_CACHE = "backline-api";
/** Images and other media the cached pages show, cache first with an entry limit and expiry. */
export const MEDIA_CACHE = "backline-media";
