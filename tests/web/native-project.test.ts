// The generated native projects repeat, in XML, plists and Gradle, what shared/native-app.ts and
// capacitor.config.ts say (decision records 0043, 0093 and 0094). This keeps the copies equal:
// the app id, the origin the app loads, the hosts and paths the Android manifest and the iOS
// entitlements claim (parsed, and compared with the /.well-known files the Worker serves, which
// tests/worker/native/app-links.test.ts proves are built by the same functions), the app's
// scheme, the App-Bound Domains, the privacy manifest, and an icon and splash for every density;
// and what push notifications need on each platform (issue #30): Android's POST_NOTIFICATIONS,
// iOS's aps-environment and the app delegate handing APNs tokens to the plugin, and the plugin
// synced into both projects.
// The files are read as text through Vite's ?raw imports and the PNGs as data URLs through
// ?inline (this project has no Node types); XML is parsed with the DOM's own parser.
import { describe, expect, it } from "vitest";
import gradle from "../../android/app/build.gradle?raw";
import capacitorBuildGradle from "../../android/app/capacitor.build.gradle?raw";
import capacitorSettingsGradle from "../../android/capacitor.settings.gradle?raw";
import manifest from "../../android/app/src/main/AndroidManifest.xml?raw";
import capacitorConfig from "../../capacitor.config.ts?raw";
import entitlements from "../../ios/App/App/App.entitlements?raw";
import appIconCatalogJson from "../../ios/App/App/Assets.xcassets/AppIcon.appiconset/Contents.json?raw";
import splashCatalogJson from "../../ios/App/App/Assets.xcassets/Splash.imageset/Contents.json?raw";
import appDelegate from "../../ios/App/App/AppDelegate.swift?raw";
import infoPlist from "../../ios/App/App/Info.plist?raw";
import privacyManifest from "../../ios/App/App/PrivacyInfo.xcprivacy?raw";
import xcodeProject from "../../ios/App/App.xcodeproj/project.pbxproj?raw";
import swiftPackage from "../../ios/App/CapApp-SPM/Package.swift?raw";
import {
  APP_AUTH_RETURN_PATH,
  DEEP_LINK_PREFIXES,
  NATIVE_APP_DEFAULT_ORIGIN,
  NATIVE_APP_ID,
  NATIVE_APP_SCHEME,
  appOpenPath,
  appPathOfUrl,
  appSchemeUrl,
  appleAppSiteAssociationFile,
  assetLinksFile,
  isDeepLinkPath,
  nativeAppOrigin,
  openedPath,
} from "@shared/native-app";
import wranglerToml from "../../wrangler.toml?raw";

const DEFAULT_HOST = new URL(NATIVE_APP_DEFAULT_ORIGIN).host;

// ---- Parsing ----

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  const error = doc.querySelector("parsererror");
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

/** An XML property list as JavaScript values; throws on anything a plist may not hold. */
function parsePlist(text: string): PlistValue {
  const root = parseXml(text).documentElement;
  if (root.tagName !== "plist" || root.children.length !== 1) throw new Error("a plist holds exactly one value");
  return plistValue(root.children[0]!);
}

function plistValue(node: Element): PlistValue {
  switch (node.tagName) {
    case "string":
      return node.textContent ?? "";
    case "integer":
      return Number.parseInt(node.textContent ?? "", 10);
    case "true":
      return true;
    case "false":
      return false;
    case "array":
      return [...node.children].map(plistValue);
    case "dict": {
      const out: Record<string, PlistValue> = {};
      const children = [...node.children];
      for (let i = 0; i < children.length; i += 2) {
        const key = children[i]!;
        const value = children[i + 1];
        if (key.tagName !== "key" || !value) throw new Error("a dict alternates <key> and a value");
        out[key.textContent ?? ""] = plistValue(value);
      }
      return out;
    }
    default:
      throw new Error(`<${node.tagName}> is not a plist value`);
  }
}

/** The intent filters of the launcher activity, with what each one's <data> elements declare. */
function intentFilters() {
  const activity = [...parseXml(manifest).getElementsByTagName("activity")].find((element) => element.getAttribute("android:name") === ".MainActivity");
  if (!activity) throw new Error("no .MainActivity in the manifest");
  return [...activity.querySelectorAll("intent-filter")].map((filter) => {
    const data = [...filter.querySelectorAll("data")];
    const values = (attribute: string) => data.map((element) => element.getAttribute(`android:${attribute}`)).filter((value): value is string => value !== null);
    return {
      autoVerify: filter.getAttribute("android:autoVerify") === "true",
      actions: [...filter.querySelectorAll("action")].map((action) => action.getAttribute("android:name")),
      categories: [...filter.querySelectorAll("category")].map((category) => category.getAttribute("android:name")),
      schemes: values("scheme"),
      hosts: values("host"),
      pathPrefixes: values("pathPrefix"),
      // Paths the filter claims in any other way: none may exist beside the prefixes.
      otherPaths: [...values("path"), ...values("pathPattern"), ...values("pathAdvancedPattern"), ...values("pathSuffix")],
    };
  });
}

/** The host an Android build claims: BACKLINE_APP_ORIGIN's, defaulting as app/build.gradle does. */
function gradleDefaultHost(): string {
  const match = gradle.match(/appLinkHost: new URI\(System\.getenv\("BACKLINE_APP_ORIGIN"\) \?: "([^"]+)"\)\.host/);
  if (!match) throw new Error("app/build.gradle no longer derives appLinkHost from BACKLINE_APP_ORIGIN");
  return new URL(match[1]!).host;
}

/** The path prefixes the Worker's apple-app-site-association lets the app open ("/post/*" → "/post/"). */
function servedApplePrefixes(): string[] {
  const served = appleAppSiteAssociationFile("ABCDE12345").applinks.details;
  expect(served).toHaveLength(1);
  expect(served[0]!.appIDs).toEqual([`ABCDE12345.${NATIVE_APP_ID}`]);
  return served[0]!.components.map((component) => {
    expect(component["/"].endsWith("*")).toBe(true);
    return component["/"].slice(0, -1);
  });
}

// ---- The app's identity ----

describe("capacitor.config.ts", () => {
  it("takes the app's identity and default origin from shared/native-app.ts and ships the client build", () => {
    expect(capacitorConfig).toContain("appId: NATIVE_APP_ID,");
    expect(capacitorConfig).toContain("appName: NATIVE_APP_NAME,");
    expect(capacitorConfig).toContain("nativeAppOrigin(process.env.BACKLINE_APP_ORIGIN)");
    // The Cloudflare plugin writes the SPA to dist/client, which wrangler.toml serves as assets.
    expect(capacitorConfig).toContain('webDir: "dist/client",');
    expect(wranglerToml).toContain('directory = "./dist/client"');
  });

  it("limits iOS navigation to the App-Bound Domains, so WKWebView runs the service worker", () => {
    expect(capacitorConfig).toContain("limitsNavigationsToAppBoundDomains: true,");
  });
});

describe("Android project", () => {
  it("builds the same application id, which the Worker's assetlinks.json names", () => {
    expect(gradle).toContain(`applicationId "${NATIVE_APP_ID}"`);
    expect(assetLinksFile(["AA"])[0]!.target.package_name).toBe(NATIVE_APP_ID);
  });

  it("claims, verified, exactly the paths the Worker's well-known files serve, on the host of the origin the app loads", () => {
    const verified = intentFilters().filter((filter) => filter.autoVerify);
    expect(verified).toHaveLength(1);
    const [links] = verified;
    expect(links!.actions).toEqual(["android.intent.action.VIEW"]);
    expect(links!.categories.sort()).toEqual(["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"]);
    expect(links!.schemes).toEqual(["https"]);
    expect(links!.hosts).toEqual(["${appLinkHost}"]);
    expect(links!.otherPaths).toEqual([]);
    expect(links!.pathPrefixes).toEqual([...DEEP_LINK_PREFIXES]);
    // What iOS is told by the Worker is what Android claims: one list, both platforms.
    expect(links!.pathPrefixes).toEqual(servedApplePrefixes());
    // The placeholder is the loaded origin's host, defaulting to the store builds' origin.
    expect(gradleDefaultHost()).toBe(DEFAULT_HOST);
  });

  it("claims the app's own scheme for hand-offs only, apart from the verified filter", () => {
    const scheme = intentFilters().filter((filter) => filter.schemes.includes(NATIVE_APP_SCHEME));
    expect(scheme).toHaveLength(1);
    expect(scheme[0]).toMatchObject({ autoVerify: false, schemes: [NATIVE_APP_SCHEME], hosts: ["app"], pathPrefixes: [], otherPaths: [] });
    // What that filter receives routes to the hand-off, and nothing else does.
    expect(appPathOfUrl(`${NATIVE_APP_SCHEME}://app/auth-return?code=x`)).toBe(`${APP_AUTH_RETURN_PATH}?code=x`);
    // No other filter opens links: the launcher's and these two.
    expect(intentFilters()).toHaveLength(3);
  });
});

describe("iOS project", () => {
  it("builds the same bundle id, signed with the associated-domains entitlement", () => {
    expect(xcodeProject.match(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)).toEqual([
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
    ]);
    expect(xcodeProject.match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2);
  });

  it("claims exactly the host of the origin the app loads, where the Worker serves apple-app-site-association", () => {
    const parsed = parsePlist(entitlements) as Record<string, PlistValue>;
    expect(Object.keys(parsed)).toEqual(["com.apple.developer.associated-domains", "aps-environment"]);
    expect(parsed["com.apple.developer.associated-domains"]).toEqual([`applinks:${DEFAULT_HOST}`]);
    // Android's default host is the same one, so one Worker serves both files for both apps.
    expect(gradleDefaultHost()).toBe(DEFAULT_HOST);
  });

  it("declares the app's scheme and the App-Bound Domains for that host and Capacitor's localhost", () => {
    const info = parsePlist(infoPlist) as Record<string, PlistValue>;
    expect(info.CFBundleURLTypes).toEqual([{ CFBundleURLName: NATIVE_APP_ID, CFBundleURLSchemes: [NATIVE_APP_SCHEME] }]);
    expect(info.WKAppBoundDomains).toEqual([DEFAULT_HOST, "localhost"]);
  });
});

// ---- Push notifications (issue #30 item 5) ----

describe("push notifications", () => {
  it("Android asks for POST_NOTIFICATIONS (Android 13+), and builds the plugin", () => {
    const permissions = [...parseXml(manifest).getElementsByTagName("uses-permission")].map((element) => element.getAttribute("android:name"));
    expect(permissions).toContain("android.permission.POST_NOTIFICATIONS");
    expect(capacitorSettingsGradle).toContain("new File('../node_modules/@capacitor/push-notifications/android')");
    expect(capacitorBuildGradle).toContain("implementation project(':capacitor-push-notifications')");
  });

  it("iOS is signed with an aps-environment, hands APNs tokens to the plugin, and builds it", () => {
    const parsed = parsePlist(entitlements) as Record<string, PlistValue>;
    expect(["development", "production"]).toContain(parsed["aps-environment"]);
    expect(appDelegate).toContain("didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data");
    expect(appDelegate).toContain("NotificationCenter.default.post(name: .capacitorDidRegisterForRemoteNotifications, object: deviceToken)");
    expect(appDelegate).toContain("NotificationCenter.default.post(name: .capacitorDidFailToRegisterForRemoteNotifications, object: error)");
    expect(swiftPackage).toContain('.package(name: "CapacitorPushNotifications", path: "../../../node_modules/@capacitor/push-notifications")');
    expect(swiftPackage).toContain('.product(name: "CapacitorPushNotifications", package: "CapacitorPushNotifications")');
  });
});

// ---- The privacy manifest (issue #34 item 3) ----

/** Apple's collected-data categories and purposes (Describing data use in privacy manifests). */
const COLLECTED_TYPES = new Set(
  [
    "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo", "Health", "Fitness", "PaymentInfo", "CreditInfo",
    "OtherFinancialInfo", "PreciseLocation", "CoarseLocation", "SensitiveInfo", "Contacts", "EmailsOrTextMessages", "PhotosorVideos",
    "AudioData", "GameplayContent", "CustomerSupport", "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID", "DeviceID",
    "PurchaseHistory", "ProductInteraction", "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData", "OtherDiagnosticData",
    "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
  ].map((type) => `NSPrivacyCollectedDataType${type}`),
);
const PURPOSES = new Set(
  ["ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization", "AppFunctionality", "Other"].map((purpose) => `NSPrivacyCollectedDataTypePurpose${purpose}`),
);
const API_CATEGORIES = new Set(["FileTimestamp", "SystemBootTime", "DiskSpace", "ActiveKeyboards", "UserDefaults"].map((category) => `NSPrivacyAccessedAPICategory${category}`));

describe("PrivacyInfo.xcprivacy", () => {
  const privacy = parsePlist(privacyManifest) as Record<string, PlistValue>;

  it("parses as a property list with exactly the four keys Apple reads", () => {
    expect(Object.keys(privacy).sort()).toEqual(["NSPrivacyAccessedAPITypes", "NSPrivacyCollectedDataTypes", "NSPrivacyTracking", "NSPrivacyTrackingDomains"]);
    expect(privacy.NSPrivacyTracking).toBe(false);
    expect(privacy.NSPrivacyTrackingDomains).toEqual([]);
  });

  it("lists what the service collects, each in Apple's vocabulary, linked to the account, never for tracking", () => {
    const collected = privacy.NSPrivacyCollectedDataTypes as Array<Record<string, PlistValue>>;
    const types = collected.map((entry) => entry.NSPrivacyCollectedDataType as string);
    expect(new Set(types).size).toBe(types.length);
    for (const entry of collected) {
      expect(COLLECTED_TYPES.has(entry.NSPrivacyCollectedDataType as string), String(entry.NSPrivacyCollectedDataType)).toBe(true);
      expect(entry.NSPrivacyCollectedDataTypeLinked).toBe(true);
      expect(entry.NSPrivacyCollectedDataTypeTracking).toBe(false);
      const purposes = entry.NSPrivacyCollectedDataTypePurposes as string[];
      expect(purposes.length).toBeGreaterThan(0);
      expect(purposes.every((purpose) => PURPOSES.has(purpose))).toBe(true);
    }
    // What an account, a post, a message and an order are made of (docs/store/data-safety.md).
    expect(types).toEqual(
      expect.arrayContaining(
        ["Name", "EmailAddress", "UserID", "PhotosorVideos", "AudioData", "EmailsOrTextMessages", "OtherUserContent", "PurchaseHistory"].map(
          (type) => `NSPrivacyCollectedDataType${type}`,
        ),
      ),
    );
    // Card details are entered at Stripe, never in the app.
    expect(types).not.toContain("NSPrivacyCollectedDataTypePaymentInfo");
  });

  it("declares required-reason APIs in Apple's categories with a reason each (none are called today)", () => {
    const apis = privacy.NSPrivacyAccessedAPITypes as Array<Record<string, PlistValue>>;
    for (const entry of apis) {
      expect(API_CATEGORIES.has(entry.NSPrivacyAccessedAPIType as string)).toBe(true);
      expect((entry.NSPrivacyAccessedAPITypeReasons as string[]).every((reason) => /^[0-9A-F]{4}\.\d$/.test(reason))).toBe(true);
    }
  });

  it("ships in the app: the Xcode project copies it with the app's resources", () => {
    const reference = xcodeProject.match(/(\w{24}) \/\* PrivacyInfo\.xcprivacy \*\/ = \{isa = PBXFileReference;[^}]*path = PrivacyInfo\.xcprivacy;/);
    expect(reference).not.toBeNull();
    const buildFile = xcodeProject.match(new RegExp(`(\\w{24}) /\\* PrivacyInfo\\.xcprivacy in Resources \\*/ = \\{isa = PBXBuildFile; fileRef = ${reference![1]} `));
    expect(buildFile).not.toBeNull();
    const resources = xcodeProject.match(/\/\* Resources \*\/ = \{\s*isa = PBXResourcesBuildPhase;[\s\S]*?files = \(([\s\S]*?)\);/);
    expect(resources?.[1]).toContain(`${buildFile![1]} /* PrivacyInfo.xcprivacy in Resources */`);
  });
});

// ---- Icons and splash screens (issue #34 item 3) ----

/** PNG width, height and colour type from the IHDR chunk of a data URL. */
function pngHeader(dataUrl: string): { width: number; height: number; alpha: boolean } {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1, dataUrl.indexOf(",") + 1 + 44)), (ch) => ch.charCodeAt(0));
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  // Colour types 4 and 6 carry an alpha channel.
  return { width: view.getUint32(16), height: view.getUint32(20), alpha: bytes[25] === 4 || bytes[25] === 6 };
}

const androidPngs = Object.fromEntries(
  Object.entries(import.meta.glob<string>("../../android/app/src/main/res/**/*.png", { query: "?inline", import: "default", eager: true })).map(([file, url]) => [
    file.replace("../../android/app/src/main/res/", ""),
    url,
  ]),
);
interface AssetCatalog {
  images: Array<{ filename: string; idiom: string; platform?: string; size?: string; scale?: string }>;
}
const appIconCatalog = JSON.parse(appIconCatalogJson) as AssetCatalog;
const splashCatalog = JSON.parse(splashCatalogJson) as AssetCatalog;
const iosPngs = import.meta.glob<string>("../../ios/App/App/Assets.xcassets/**/*.png", { query: "?inline", import: "default", eager: true });

/** Android's density buckets and their scale against mdpi. */
const DENSITY_SCALE: Record<string, number> = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };

/** Capacitor's splash sizes per density, portrait (landscape swaps them). */
const SPLASH_PORTRAIT: Record<string, [number, number]> = {
  mdpi: [320, 480],
  hdpi: [480, 800],
  xhdpi: [720, 1280],
  xxhdpi: [960, 1600],
  xxxhdpi: [1280, 1920],
};

function densitiesOf(prefix: string): string[] {
  return [...new Set(Object.keys(androidPngs).filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length).split("/")[0]!))].sort();
}

describe("Android icons and splash screens", () => {
  it("has every density, and the same ones for icons and both splash orientations", () => {
    const densities = Object.keys(DENSITY_SCALE).sort();
    expect(densitiesOf("mipmap-")).toEqual(densities);
    expect(densitiesOf("drawable-port-")).toEqual(densities);
    expect(densitiesOf("drawable-land-")).toEqual(densities);
  });

  it.each(Object.entries(DENSITY_SCALE))("%s: launcher icon, round icon and adaptive foreground at their sizes", (density, scale) => {
    expect(pngHeader(androidPngs[`mipmap-${density}/ic_launcher.png`]!)).toMatchObject({ width: 48 * scale, height: 48 * scale });
    expect(pngHeader(androidPngs[`mipmap-${density}/ic_launcher_round.png`]!)).toMatchObject({ width: 48 * scale, height: 48 * scale });
    // The adaptive icon's layer is 108 dp.
    expect(pngHeader(androidPngs[`mipmap-${density}/ic_launcher_foreground.png`]!)).toMatchObject({ width: 108 * scale, height: 108 * scale });
  });

  it.each(Object.entries(SPLASH_PORTRAIT))("%s: a portrait and a landscape splash", (density, [width, height]) => {
    expect(pngHeader(androidPngs[`drawable-port-${density}/splash.png`]!)).toMatchObject({ width, height });
    expect(pngHeader(androidPngs[`drawable-land-${density}/splash.png`]!)).toMatchObject({ width: height, height: width });
  });

  it("has no PNG the checks above do not know (a new density must be added to them)", () => {
    const known = Object.keys(DENSITY_SCALE).flatMap((density) => [
      `mipmap-${density}/ic_launcher.png`,
      `mipmap-${density}/ic_launcher_round.png`,
      `mipmap-${density}/ic_launcher_foreground.png`,
      `drawable-port-${density}/splash.png`,
      `drawable-land-${density}/splash.png`,
    ]);
    expect(Object.keys(androidPngs).sort()).toEqual([...known, "drawable/splash.png"].sort());
  });
});

describe("iOS icons and splash screens", () => {
  it("has every image its asset catalogs name, at the named size", () => {
    for (const [catalog, contents] of [
      ["AppIcon.appiconset", appIconCatalog],
      ["Splash.imageset", splashCatalog],
    ] as const) {
      const named = contents.images.map((image) => image.filename);
      expect(named.length).toBeGreaterThan(0);
      for (const file of named) expect(iosPngs[`../../ios/App/App/Assets.xcassets/${catalog}/${file}`], file).toBeDefined();
    }
    for (const image of splashCatalog.images) {
      expect(pngHeader(iosPngs[`../../ios/App/App/Assets.xcassets/Splash.imageset/${image.filename}`]!)).toMatchObject({ width: 2732, height: 2732 });
    }
  });

  it("has the App Store icon at 1024 pixels without an alpha channel, as App Store Connect requires", () => {
    const [icon] = appIconCatalog.images;
    expect(icon).toMatchObject({ idiom: "universal", platform: "ios", size: "1024x1024" });
    expect(pngHeader(iosPngs[`../../ios/App/App/Assets.xcassets/AppIcon.appiconset/${icon!.filename}`]!)).toEqual({ width: 1024, height: 1024, alpha: false });
  });
});

// ---- The shared rules ----

describe("isDeepLinkPath", () => {
  it("accepts a post or profile with an id and the hand-offs, nothing else", () => {
    expect(isDeepLinkPath("/post/p1")).toBe(true);
    expect(isDeepLinkPath("/profile/u1")).toBe(true);
    expect(isDeepLinkPath("/app/auth-return")).toBe(true);
    expect(isDeepLinkPath("/post/")).toBe(false);
    expect(isDeepLinkPath("/app/")).toBe(false);
    expect(isDeepLinkPath("/posts/p1")).toBe(false);
    expect(isDeepLinkPath("/feed")).toBe(false);
  });
});

describe("hand-off links", () => {
  it("open a path of this origin in the app, never another host", () => {
    expect(appOpenPath("/payment-success?order=o1")).toBe("/app/open/payment-success?order=o1");
    expect(openedPath("/app/open/payment-success", "?order=o1")).toBe("/payment-success?order=o1");
    expect(openedPath("/app/open/product/p1")).toBe("/product/p1");
    for (const pathname of ["/app/open/", "/app/open//evil.example/x", "/app/open/\\evil.example", "/app/other"]) expect(openedPath(pathname)).toBeNull();
    expect(appSchemeUrl("/app/auth-return?code=c")).toBe(`${NATIVE_APP_SCHEME}://app/auth-return?code=c`);
  });
});

describe("nativeAppOrigin", () => {
  it("is the configured origin, or the default when none is set", () => {
    expect(nativeAppOrigin(undefined)).toBe(NATIVE_APP_DEFAULT_ORIGIN);
    expect(nativeAppOrigin("")).toBe(NATIVE_APP_DEFAULT_ORIGIN);
    expect(nativeAppOrigin("http://10.0.2.2:5173/anything")).toBe("http://10.0.2.2:5173");
  });
});
