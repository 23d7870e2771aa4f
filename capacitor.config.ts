// The native app's shell (spec social-feed-search §1: "also packaged as a native app"; decision
// record 0043). The Android and iOS projects in android/ and ios/ read this file on `cap sync`.
//
// The app loads the deployed origin (server.url), so the session cookies are first-party, the
// Worker's Origin check passes unchanged, and media, sockets and the service worker all work as
// on the web. The production build (webDir) still ships inside the app: Capacitor syncs it, and its
// offline page is what the app shows when the origin cannot be reached.
import type { CapacitorConfig } from "@capacitor/cli";
import { NATIVE_APP_ID, NATIVE_APP_NAME, nativeAppOrigin } from "./shared/native-app";

/**
 * The origin the app loads. Production is the default; a developer points a device or emulator at
 * a local server with e.g. BACKLINE_APP_ORIGIN=http://10.0.2.2:5173 (the Android emulator's name
 * for the host machine) before `npm run native:sync`. Plain http is allowed only then.
 */
const appOrigin = nativeAppOrigin(process.env.BACKLINE_APP_ORIGIN);
const cleartext = appOrigin.startsWith("http:");

/** The dark theme's colour (spec §1: #0a0a0a): what shows before the page has painted. */
const LAUNCH_BACKGROUND = "#0a0a0a";

const config: CapacitorConfig = {
  appId: NATIVE_APP_ID,
  appName: NATIVE_APP_NAME,
  // The client half of `vite build` (the Cloudflare plugin writes the Worker to dist/backline).
  webDir: "dist/client",
  backgroundColor: LAUNCH_BACKGROUND,
  server: {
    url: appOrigin,
    // Where the installed PWA starts too (its manifest's start_url).
    appStartPath: "/feed",
    cleartext,
    // Shown from the bundled build when the origin cannot be reached; web/native/offline-page.config.ts
    // writes it into the build.
    errorPath: "native-offline.html",
  },
  android: {
    // Release builds refuse to load mixed content and to be debugged through Chrome.
    allowMixedContent: false,
  },
  ios: {
    // The page pads itself with env(safe-area-inset-*) (viewport-fit=cover), as the installed PWA does.
    contentInset: "never",
    // WKWebView runs the service worker only on App-Bound Domains (Info.plist WKAppBoundDomains:
    // the origin's host and localhost), so the app opens offline on the last-seen feed as Android
    // does (decision record 0094). Navigations to other hosts still go to the system browser.
    limitsNavigationsToAppBoundDomains: true,
  },
  plugins: {
    SplashScreen: {
      // The bridge hides the splash once the app has rendered; this is only the upper bound, so a
      // page that never loads cannot leave the user behind the splash.
      launchAutoHide: true,
      launchShowDuration: 3000,
      launchFadeOutDuration: 200,
      backgroundColor: LAUNCH_BACKGROUND,
      androidScaleType: "CENTER_CROP",
      showSpinner: false,
    },
    StatusBar: {
      // Light icons on the dark default; the bridge restyles the bar as soon as the theme is known.
      style: "DARK",
      backgroundColor: LAUNCH_BACKGROUND,
    },
  },
};

export default config;
