// The generated native projects repeat, in XML and Gradle, what shared/native-app.ts and
// capacitor.config.ts say (decision record 0043). This keeps the copies equal: the app id, the
// origin the app loads, and the deep-link paths the manifest and entitlements claim.
// The files are read as text through Vite's ?raw imports (this project has no Node types).
import { describe, expect, it } from "vitest";
import gradle from "../../android/app/build.gradle?raw";
import manifest from "../../android/app/src/main/AndroidManifest.xml?raw";
import capacitorConfig from "../../capacitor.config.ts?raw";
import entitlements from "../../ios/App/App/App.entitlements?raw";
import xcodeProject from "../../ios/App/App.xcodeproj/project.pbxproj?raw";
import { DEEP_LINK_PREFIXES, NATIVE_APP_DEFAULT_ORIGIN, NATIVE_APP_ID, isDeepLinkPath, nativeAppOrigin } from "@shared/native-app";
import wranglerToml from "../../wrangler.toml?raw";

describe("capacitor.config.ts", () => {
  it("takes the app's identity and default origin from shared/native-app.ts and ships the client build", () => {
    expect(capacitorConfig).toContain("appId: NATIVE_APP_ID,");
    expect(capacitorConfig).toContain("appName: NATIVE_APP_NAME,");
    expect(capacitorConfig).toContain("nativeAppOrigin(process.env.BACKLINE_APP_ORIGIN)");
    // The Cloudflare plugin writes the SPA to dist/client, which wrangler.toml serves as assets.
    expect(capacitorConfig).toContain('webDir: "dist/client",');
    expect(wranglerToml).toContain('directory = "./dist/client"');
  });
});

describe("Android project", () => {
  it("builds the same application id", () => {
    expect(gradle).toContain(`applicationId "${NATIVE_APP_ID}"`);
  });

  it("claims exactly the deep-link paths, verified, on the host of the origin the app loads", () => {
    const filter = manifest.match(/<intent-filter android:autoVerify="true">[\s\S]*?<\/intent-filter>/)?.[0] ?? "";
    expect([...filter.matchAll(/android:pathPrefix="([^"]+)"/g)].map(([, prefix]) => prefix)).toEqual([...DEEP_LINK_PREFIXES]);
    expect(filter).toContain('android:scheme="https"');
    expect(filter).toContain('android:host="${appLinkHost}"');
    expect(gradle).toContain(`System.getenv("BACKLINE_APP_ORIGIN") ?: "${NATIVE_APP_DEFAULT_ORIGIN}"`);
  });
});

describe("iOS project", () => {
  it("builds the same bundle id, signed with the associated-domains entitlement", () => {
    expect(xcodeProject.match(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)).toEqual([
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
    ]);
    expect(xcodeProject.match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2);
    expect(entitlements).toContain(`<string>applinks:${new URL(NATIVE_APP_DEFAULT_ORIGIN).host}</string>`);
  });
});

describe("isDeepLinkPath", () => {
  it("accepts a post or profile with an id, nothing else", () => {
    expect(isDeepLinkPath("/post/p1")).toBe(true);
    expect(isDeepLinkPath("/profile/u1")).toBe(true);
    expect(isDeepLinkPath("/post/")).toBe(false);
    expect(isDeepLinkPath("/posts/p1")).toBe(false);
    expect(isDeepLinkPath("/feed")).toBe(false);
  });
});

describe("nativeAppOrigin", () => {
  it("is the configured origin, or the default when none is set", () => {
    expect(nativeAppOrigin(undefined)).toBe(NATIVE_APP_DEFAULT_ORIGIN);
    expect(nativeAppOrigin("")).toBe(NATIVE_APP_DEFAULT_ORIGIN);
    expect(nativeAppOrigin("http://10.0.2.2:5173/anything")).toBe("http://10.0.2.2:5173");
  });
});
