// The landing page's whole script on a first visit (decision records 0056 and 0075). The page
// itself is HTML prerendered at build time (web/landing/prerender.config.ts) with its CSS inline.
// What the script adds (web/landing/enhance.ts) waits for the load event and the first paint:
// fetched earlier, its modules competed with the page's fonts for the first paint (about 0.2 s of
// LCP on Lighthouse's mobile network). A theme toggle pressed before then loads it at once and
// still switches the theme. The app (router, queries, schemas, every feature) loads only when the
// visitor follows a link into it. Under `vite dev` nothing is prerendered, so the app boots here
// as on any page.
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

/**
 * Runs once the page has loaded and its first contentful paint has been reported, in a task of
 * its own. On a fast connection the load event can come before that paint, and Lighthouse then
 * counted the enhancement's modules towards LCP (1.90 s in one run of five; decision record
 * 0075). Without paint timing, or in a tab opened in the background (no paint), a timer runs it.
 */
function afterLoadAndPaint(run: () => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  const afterPaint = () => {
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) setTimeout(once, 0);
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing here: the timer below alone.
    }
    setTimeout(once, 1000);
  };
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}

if (document.getElementById("landing")) {
  document.addEventListener("click", onEarlyClick);
  afterLoadAndPaint(() => void loadEnhancement());
} else if (import.meta.env.DEV) {
  // Kept out of the build's module graph: a static path would pull the app into this entry.
  const appEntry = "/web/main.tsx";
  void import(/* @vite-ignore */ appEntry);
}
