// When a prerendered page's extras may start (decision records 0056 and 0075): the landing page's
// enhancement and the /auth sign-in page's (web/landing/boot.ts, web/features/auth/sign-in-island.ts).

/**
 * Runs `run` once the page has loaded and its first contentful paint has been reported, in a task
 * of its own. On a fast connection the load event can come before that paint, and Lighthouse then
 * counted the enhancement's modules towards LCP (1.90 s in one run of five; decision record
 * 0075). Without paint timing, or in a tab opened in the background (no paint), a timer runs it.
 */
export function afterLoadAndPaint(run: () => void): void {
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
