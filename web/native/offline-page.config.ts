// The native app's offline page (decision record 0043). The app loads the deployed origin; when it
// cannot be reached (no network at launch), Capacitor shows `server.errorPath` from the bundled
// build instead of the platform's blank error screen. This Vite plugin writes that page into the
// client build, in the dark theme, with a link that tries the origin again. Capacitor serves it
// from the app itself, where our CSP does not apply, so the inline styles are fine; on the web the
// file is unused.
import type { Plugin } from "vite";
import { NATIVE_TEXTS } from "../../shared/messages";
import { nativeAppOrigin } from "../../shared/native-app";
import { escapeHtml } from "../../shared/rules/sanitize";

const NATIVE_OFFLINE_PAGE = "native-offline.html";

function offlinePage(origin: string): string {
  const { title, description, retry } = NATIVE_TEXTS.offline;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0a0a0a">
<title>${escapeHtml(title)}</title>
<style>
  html { background: #0a0a0a; color: #fafafa; color-scheme: dark; }
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif; }
  main { max-width: 20rem; padding: 2rem; text-align: center; }
  h1 { margin: 1.25rem 0 0.5rem; font-size: 1.375rem; }
  p { margin: 0 0 1.75rem; color: #a1a1aa; }
  a { display: inline-block; padding: 0.75rem 1.75rem; border-radius: 999px; background: #f97316; color: #0a0a0a; font-weight: 600; text-decoration: none; }
</style>
</head>
<body>
<main>
<img src="/favicon.svg" alt="" width="72" height="72">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(description)}</p>
<a href="${escapeHtml(`${origin}/feed`)}">${escapeHtml(retry)}</a>
</main>
</body>
</html>
`;
}

export function nativeOfflinePage(): Plugin {
  return {
    name: "backline:native-offline-page",
    apply: "build",
    // Only the client build ships in the app; the Worker bundle has no use for it.
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: NATIVE_OFFLINE_PAGE, source: offlinePage(nativeAppOrigin(process.env.BACKLINE_APP_ORIGIN)) });
    },
  };
}
