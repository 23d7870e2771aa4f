import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig, type PluginOption } from "vite";
import { nativeOfflinePage } from "./web/native/offline-page.config.ts";
import { pwa } from "./web/pwa/vite-pwa.config.ts";

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
    }),
    react(),
    tailwindcss(),
    cloudflare({ persistState: statePath ? { path: statePath } : true }),
    ...(pwa() as PluginOption[]),
    nativeOfflinePage(),
  ],
  resolve: {
    alias: { "@web": path.resolve(import.meta.dirname, "web"), "@shared": path.resolve(import.meta.dirname, "shared") },
  },
  build: { sourcemap: true },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true, host: "127.0.0.1" },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true, host: "127.0.0.1" },
});
