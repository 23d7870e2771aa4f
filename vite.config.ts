import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig, type Plugin, type PluginOption } from "vite";
import { authPrerender, inlineThemeScript, landingPrerender, sharedPagePrerender } from "./web/landing/prerender.config.ts";
import { nativeOfflinePage } from "./web/native/offline-page.config.ts";
import { pwa } from "./web/pwa/vite-pwa.config.ts";

/**
 * The Cloudflare plugin copies the local secrets (.dev.vars, or .env) next to the built Worker so
 * that `vite preview` can read them; a build must never carry them (issue #28, decision record
 * 0086): dist/ is what CI uploads and deploys. This drops that file from every environment's
 * output. The local server of the journeys and benchmarks is given its own settings instead
 * (scripts/lib.mjs, startPreview).
 */
function noLocalSecretsInBuild(): Plugin {
  return {
    name: "backline:no-local-secrets-in-build",
    enforce: "post",
    generateBundle(_, bundle) {
      for (const name of Object.keys(bundle)) {
        if (name === ".dev.vars" || name.endsWith("/.dev.vars") || name === ".env") delete bundle[name];
      }
    },
  };
}

// BACKLINE_STATE lets tests and scripts point the local D1/R2/KV/DO state at their own folder.
const statePath = process.env.BACKLINE_STATE;

export default defineConfig({
  root: ".",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./web/routes",
      generatedRouteTree: "./web/routeTree.gen.ts",
      autoCodeSplitting: true,
      // Loaders split too (the plugin's default keeps them in the entry): they carry the feature
      // API modules and their zod schemas, which are no part of the shell (decision record 0057).
      codeSplittingOptions: { defaultBehavior: [["loader"], ["component"], ["errorComponent"], ["notFoundComponent"]] },
    }),
    react(),
    tailwindcss(),
    cloudflare({ persistState: statePath ? { path: statePath } : true }),
    noLocalSecretsInBuild(),
    ...(pwa() as PluginOption[]),
    nativeOfflinePage(),
    landingPrerender(),
    authPrerender(),
    sharedPagePrerender(),
    inlineThemeScript(),
  ],
  resolve: {
    alias: { "@web": path.resolve(import.meta.dirname, "web"), "@shared": path.resolve(import.meta.dirname, "shared") },
  },
  build: { sourcemap: true },
  environments: {
    // Three pages: the app (index.html), the landing page a first visit to / gets (landing.html,
    // decision record 0056) and the template of the pages a shared link opens (shared-page.html,
    // 0097); the manifest is what the bundle budget check reads.
    client: {
      build: {
        manifest: true,
        // No modulepreload polyfill: every browser we support has modulepreload (Safari since 17),
        // and with three pages the polyfill became a chunk of its own that the landing page
        // fetched before its load event (decision records 0075 and 0097).
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: { index: "index.html", landing: "landing.html", "shared-page": "shared-page.html" },
          // The message catalogue only declares texts. Saying so lets each area's texts go to the
          // chunks of the screens that show them; otherwise the barrel shared/messages.ts, which
          // the shell imports for its own texts, would pull every area into the shell (decision
          // record 0065).
          treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]messages(\.ts$|[\\/])/, sideEffects: false }] },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: "127.0.0.1" },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true, host: "127.0.0.1" },
});
