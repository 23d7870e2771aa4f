// The PWA plugin runs on the client build only: otherwise its files leak into the Worker bundle.
import { VitePWA } from "vite-plugin-pwa";

export function pwa() {
  const plugins = VitePWA({
    registerType: "prompt",
    injectRegister: false,
    filename: "sw.js",
    strategies: "generateSW",
    includeAssets: ["favicon.svg", "apple-touch-icon.png", "theme-init.js"],
    manifest: {
      name: "Backline",
      short_name: "Backline",
      description: "The social network and marketplace for music professionals.",
      theme_color: "#0a0a0a",
      background_color: "#0a0a0a",
      display: "standalone",
      orientation: "portrait",
      start_url: "/feed",
      scope: "/",
      categories: ["music", "social", "business"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2,webmanifest}"],
      // Font subsets for scripts the UI is not written in load on demand (unicode-range) and
      // need not be precached on every install.
      globIgnores: ["**/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-wght-*.woff2"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/dev\//, /^\/auth\/google\//],
      cleanupOutdatedCaches: true,
    },
    devOptions: { enabled: false },
  });
  for (const plugin of plugins) {
    (plugin as { applyToEnvironment?: (env: { name: string }) => boolean }).applyToEnvironment = (env) =>
      env.name === "client";
  }
  return plugins;
}
