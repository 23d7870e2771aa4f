// The landing page's whole script on a first visit (decision records 0056 and 0075). The page
// itself is HTML prerendered at build time (web/landing/prerender.config.ts) with its CSS inline.
// What the script adds (web/landing/enhance.ts) waits for the load event and the first paint:
// fetched earlier, its modules competed with the page's fonts for the first paint (about 0.2 s of
// LCP on Lighthouse's mobile network). A theme toggle pressed before then loads it at once and
// still switches the theme. The app (router, queries, schemas, every feature) loads only when the
// visitor follows a link into it. Under `vite dev` nothing is prerendered, so the app boots here
// as on any page.
import { afterLoadAndPaint } from "@web/lib/after-load-and-paint";
import "./landing.css";

let enhancement: Promise<typeof import("./enhance")> | null = null;

function loadEnhancement() {
  enhancement ??= import("./enhance").then((module) => {
    // From here on the enhancement's own listener answers the toggles.
    document.removeEventListener("click", onEarlyClick);
    module.enhance();
    return module;
  });
  return enhancement;
}

/** A press on a theme toggle that comes before the enhancement has loaded. */
function onEarlyClick(event: MouseEvent) {
  const toggle = event.target instanceof Element ? event.target.closest("[data-theme-toggle]") : null;
  if (toggle) void loadEnhancement().then((module) => module.toggleTheme());
}

if (document.getElementById("landing")) {
  document.addEventListener("click", onEarlyClick);
  afterLoadAndPaint(() => void loadEnhancement());
} else if (import.meta.env.DEV) {
  // Kept out of the build's module graph: a static path would pull the app into this entry.
  const appEntry = "/web/main.tsx";
  void import(/* @vite-ignore */ appEntry);
}
