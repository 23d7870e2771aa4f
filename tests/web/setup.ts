import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

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

// The router restores scroll positions; jsdom only logs "not implemented" for scrollTo.
if (typeof window !== "undefined") window.scrollTo = () => {};

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup.
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
