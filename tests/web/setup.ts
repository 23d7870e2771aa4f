import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

// jsdom has no matchMedia; theme, install and reduced-motion code ask it questions. Tests that
// need a different answer replace window.matchMedia themselves.
if (typeof window !== "undefined" && typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no layout and no ResizeObserver; nothing it renders ever changes size, so an observer
// that is never called is what a real browser would do there.
if (typeof window !== "undefined" && typeof window.ResizeObserver !== "function") {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// `npm test` runs these files beside the end-to-end run on two cores (decision record 0072), so a
// screen may take longer than Testing Library's default second to show what a test waits for
// (findBy…, waitFor): seen once, for a chat that rendered in 1.5 s while the e2e build ran. What
// is waited for is unchanged; only how long before it counts as missing.
configure({ asyncUtilTimeout: 3_000 });

// The router restores scroll positions; jsdom only logs "not implemented" for scrollTo.
if (typeof window !== "undefined") window.scrollTo = () => {};

// Sonner removes a dismissed toast 200 ms later on a timer of its own, which unmounting does not
// cancel. If that timer outlives the file, it fires after jsdom is gone and React, asked to
// update, reads `window` and throws (seen once in CI: an unhandled error failing the run). So a
// file whose last test left toasts on screen waits for those timers before jsdom goes.
let toastsLeft = false;

afterEach(() => {
  toastsLeft = typeof document !== "undefined" && document.querySelector("[data-sonner-toast]") !== null;
  // Without vitest globals Testing Library cannot register its own cleanup.
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(async () => {
  if (toastsLeft) await new Promise((resolve) => setTimeout(resolve, 300));
});
