// First, before any module that builds a zod schema (see the module).
import "./lib/zod-jitless";
import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, currentRouteId, loadFirstScreen } from "./app";
import { deferUntilAfterFirstCommit } from "./lib/after-first-commit";
import { cn } from "./lib/cn";
import { nextTask } from "./lib/next-task";
import { installErrorReporter } from "./lib/report-error";
import { applyTheme } from "./lib/theme";
// Imported for its side effect too: the install store must listen before beforeinstallprompt fires.
import "./pwa/install-prompt-store";
import "./styles.css";

applyTheme();
// Uncaught errors and error boundaries go to /api/client-errors, sampled (decision record 0011).
installErrorReporter(currentRouteId);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing #root");

// The first render is a transition: React then works in slices and lets the browser handle input
// and paint in between, instead of one long task while the whole shell mounts (TBT, decision record 0075).
function render(root: HTMLElement) {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// A prerendered page stays on screen until the route it shows is ready; a failure there is the
// router's to show, so the app renders either way. The page is already painted, so the boot goes
// in steps of one task each: the entry's modules evaluate, then the router is built and loads the
// route, then the route's code evaluates, then tailwind-merge is set up, then React renders
// (decision record 0075); the PWA's parts of the shell mount a task after that first commit.
async function takeOver(root: HTMLElement) {
  await nextTask();
  await Promise.all([loadFirstScreen().catch(() => undefined), appStylesLoaded()]);
  // The whole stylesheet applies to the frame first (one small restyle), then React renders.
  appStyles()?.setAttribute("media", "all");
  await nextTask();
  // tailwind-merge builds its tables on the first cn() call, which would otherwise fall inside
  // one of React's render slices (about 9 ms, 35 ms at 4× CPU): it gets a task of its own.
  cn("p-0");
  await nextTask();
  deferUntilAfterFirstCommit();
  render(root);
}

/**
 * The prerendered page inlines only the rules its frame uses and loads the app's whole stylesheet
 * as `media="print"`, applied to nothing until the app is about to replace the frame (decision
 * record 0075).
 */
function appStyles(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>("link[data-app-styles]");
}

/** Resolves once the whole stylesheet has arrived, or failed to: the app renders either way. */
function appStylesLoaded(): Promise<void> {
  const link = appStyles();
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
}

if (rootElement.dataset.prerendered) {
  void takeOver(rootElement);
} else {
  render(rootElement);
}
