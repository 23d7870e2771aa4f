// The native app's identity and the links it opens (spec social-feed-search §1: "also packaged as
// a native app"; decision records 0043 and 0093). One home for what capacitor.config.ts, the
// Worker's /.well-known files and the SPA's deep-link routing must agree on; the Android manifest,
// the iOS entitlements and Info.plist repeat the hosts, paths and scheme in XML, and
// tests/web/native-project.test.ts parses them and compares them with what is built here.

/** Android application id and iOS bundle id alike. */
export const NATIVE_APP_ID = "app.backline.mobile";

export const NATIVE_APP_NAME = "Backline";

/**
 * The origin the store builds load unless BACKLINE_APP_ORIGIN names another when they are built
 * (capacitor.config.ts, android/app/build.gradle); the iOS entitlements and Info.plist name its
 * host too.
 */
export const NATIVE_APP_DEFAULT_ORIGIN = "https://backline.example";

/** The origin the app loads, from BACKLINE_APP_ORIGIN when it is set at build and sync time. */
export function nativeAppOrigin(configured: string | undefined): string {
  return new URL(configured || NATIVE_APP_DEFAULT_ORIGIN).origin;
}

/**
 * Paths that hand something back to the app from the system browser (decision record 0093): the
 * end of a Google sign-in started in the app, and the return from Stripe Checkout. Nothing else
 * lives under this prefix, so claiming it claims the hand-offs and no page of the website.
 */
export const APP_HANDOFF_PREFIX = "/app/";

/** Where the Worker sends the system browser after a Google sign-in (or re-authentication) started in the app. */
export const APP_AUTH_RETURN_PATH = "/app/auth-return";

/** `/app/open/{path}` opens `{path}` in the app (Stripe Checkout's return to the order). */
export const APP_OPEN_PREFIX = "/app/open/";

/** The hand-off link that opens `path` (which starts with "/", query included) in the app. */
export function appOpenPath(path: string): string {
  return `${APP_OPEN_PREFIX}${path.replace(/^\/+/, "")}`;
}

/**
 * The in-app path an `/app/open/…` link stands for, or null when it names none (nothing after the
 * prefix, or something that is not a path of this origin).
 */
export function openedPath(pathname: string, search = ""): string | null {
  if (!pathname.startsWith(APP_OPEN_PREFIX)) return null;
  const rest = pathname.slice(APP_OPEN_PREFIX.length);
  // "/app/open//evil.example" would make a protocol-relative URL of another host.
  if (rest.length === 0 || rest.startsWith("/") || rest.startsWith("\\")) return null;
  return `/${rest}${search}`;
}

/**
 * Path prefixes that open in the app instead of the browser when a link to them is tapped: a
 * shared post (`/post/{id}`, the share links of spec §4), a profile (`/profile/{id}`) and the
 * hand-offs back from the system browser (`/app/…`).
 */
export const DEEP_LINK_PREFIXES = ["/post/", "/profile/", APP_HANDOFF_PREFIX] as const;

/** True for a path the app routes to itself when the operating system hands it a link. */
export function isDeepLinkPath(pathname: string): boolean {
  return DEEP_LINK_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);
}

/**
 * The app's own URL scheme: the fallback when the operating system did not hand an `/app/…` link
 * to the app (a browser that ignores App Links, or a universal link opened from its own domain,
 * which iOS keeps in Safari). It carries hand-offs only; a code it carries is worthless to another
 * app that claims the same scheme, since only the app that started the sign-in holds the verifier.
 * The reverse domain name RFC 8252 asks for: the app id's own letters.
 */
export const NATIVE_APP_SCHEME = "app.backline.mobile";

/** `app.backline.mobile://app/auth-return?…` for the hand-off path `/app/auth-return?…`. */
export function appSchemeUrl(handoffPath: string): string {
  return `${NATIVE_APP_SCHEME}:/${handoffPath}`;
}

/**
 * The path inside the app that a URL the operating system handed over stands for: an https link
 * on a claimed path, or the app's scheme carrying a hand-off. Null for anything else.
 */
export function appPathOfUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === "https:" || parsed.protocol === "http:") {
    return isDeepLinkPath(parsed.pathname) ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  }
  if (parsed.protocol === `${NATIVE_APP_SCHEME}:`) {
    // app.backline.mobile://app/auth-return?code=… : the host is the path's first segment.
    const pathname = `/${parsed.host}${parsed.pathname}`;
    return pathname.startsWith(APP_HANDOFF_PREFIX) && isDeepLinkPath(pathname) ? `${pathname}${parsed.search}` : null;
  }
  return null;
}

// ---- The verification files the Worker serves (worker/routes/app-links.ts) ----

/** /.well-known/assetlinks.json: the app, signed with one of these certificates, may open the origin's App Links. */
export function assetLinksFile(fingerprints: readonly string[]) {
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: { namespace: "android_app", package_name: NATIVE_APP_ID, sha256_cert_fingerprints: [...fingerprints] },
    },
  ];
}

/** /.well-known/apple-app-site-association: the team's app opens the deep-link paths as universal links. */
export function appleAppSiteAssociationFile(teamId: string) {
  return {
    applinks: {
      details: [{ appIDs: [`${teamId}.${NATIVE_APP_ID}`], components: DEEP_LINK_PREFIXES.map((prefix) => ({ "/": `${prefix}*` })) }],
    },
  };
}
