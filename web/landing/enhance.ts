// What the landing page adds to its prerendered HTML (decision record 0056), loaded by
// web/landing/boot.ts after the load event: what the app's root layout would do — the theme
// toggles, haptics and touch guards — and the service worker.
import { installShellBehaviours } from "@web/lib/shell-behaviours";
import { setThemePreference, themeToggleLabel } from "@web/lib/theme";

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

export function toggleTheme() {
  setThemePreference(currentTheme() === "dark" ? "light" : "dark");
}

export function enhance() {
  installShellBehaviours(document);
  syncToggleLabels();
  // A system switch (while the preference is "system") changes the class without a click.
  new MutationObserver(syncToggleLabels).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  document.addEventListener("click", (event) => {
    const toggle = event.target instanceof Element ? event.target.closest("[data-theme-toggle]") : null;
    if (toggle) toggleTheme();
  });
  // The same worker the app registers, now that the page has loaded.
  if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
}
