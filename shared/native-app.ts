// The native app's identity and the links it opens (spec social-feed-search §1: "also packaged as
// a native app"; decision record 0043). One home for what capacitor.config.ts, the Worker's
// /.well-known files and the SPA's deep-link routing must agree on; the Android manifest and the
// iOS entitlements repeat the paths in XML, and tests/web/native-project.test.ts keeps them equal.

/** Android application id and iOS bundle id alike. */
export const NATIVE_APP_ID = "app.backline.mobile";

export const NATIVE_APP_NAME = "Backline";

/**
 * The origin the store builds load unless BACKLINE_APP_ORIGIN names another when they are built
 * (capacitor.config.ts, android/app/build.gradle); the iOS entitlements name its host too.
 */
export const NATIVE_APP_DEFAULT_ORIGIN = "https://backline.example";

/** The origin the app loads, from BACKLINE_APP_ORIGIN when it is set at build and sync time. */
export function nativeAppOrigin(configured: string | undefined): string {
  return new URL(configured || NATIVE_APP_DEFAULT_ORIGIN).origin;
}

/**
 * Path prefixes that open in the app instead of the browser when a link to them is tapped: a
 * shared post (`/post/{id}`, the share links of spec §4) and a profile (`/profile/{id}`).
 */
export const DEEP_LINK_PREFIXES = ["/post/", "/profile/"] as const;

/** True for a path the app routes to itself when the operating system hands it a link. */
export function isDeepLinkPath(pathname: string): boolean {
  return DEEP_LINK_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);
}
