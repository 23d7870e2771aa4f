// The landing page's whole script on a first visit (decision record 0056). The page itself is HTML
// prerendered at build time (web/landing/prerender.config.ts) with its CSS inline; all this adds is
// what the app's root layout would: the theme toggles, haptics and touch guards, and the service
// worker. The app (router, queries, schemas, every feature) loads only when the visitor follows a
// link into it. Under `vite dev` nothing is prerendered, so the app boots here as on any page.
import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import { installShellBehaviours } from "../lib/shell-behaviours";
import { setThemePreference, themeToggleLabel } from "../lib/theme";
import "./landing.css";

function currentTheme() {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Labels follow the theme in force; the icons already do through CSS. */
function syncToggleLabels() {
  const label = themeToggleLabel(currentTheme());
  for (const toggle of document.querySelectorAll<HTMLElement>("[data-theme-toggle]")) {
    toggle.setAttribute("aria-label", label);
    toggle.title = label;
  }
}

function enhance() {
  installShellBehaviours(document);
  syncToggleLabels();
  // A system switch (while the preference is "system") changes the class without a click.
  new MutationObserver(syncToggleLabels).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  document.addEventListener("click", (event) => {
    const toggle = event.target instanceof Element ? event.target.closest("[data-theme-toggle]") : null;
    if (toggle) setThemePreference(currentTheme() === "dark" ? "light" : "dark");
  });
  // The same worker the app registers; after the load event so it never competes with the page.
  if ("serviceWorker" in navigator) {
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
}

if (document.getElementById("landing")) {
  enhance();
} else if (import.meta.env.DEV) {
  // Kept out of the build's module graph: a static path would pull the app into this entry.
  const appEntry = "/web/main.tsx";
  void import(/* @vite-ignore */ appEntry);
}
