// The native app's deep-link verification files (decision record 0043): served from the app's
// origin once the signing identity is configured, absent (404 in the envelope) until then. What
// they serve is what shared/native-app.ts builds, which tests/web/native-project.test.ts compares
// with the Android manifest and the iOS entitlements (issue #34 item 4).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appleAppSiteAssociationFile, assetLinksFile } from "@shared/native-app";
import { app } from "../../../worker/app";
import { expectError } from "../helpers";

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0").toUpperCase()).join(":");
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

function get(path: string, vars: { ANDROID_CERT_SHA256?: string; APPLE_TEAM_ID?: string }) {
  return app.fetch(new Request(`http://localhost${path}`), { ...env, ...vars }, ctx);
}

describe("GET /.well-known/assetlinks.json", () => {
  it("names the app's package and every configured signing certificate", async () => {
    const second = FINGERPRINT.replace(/^00/, "FF");
    const res = await get("/.well-known/assetlinks.json", { ANDROID_CERT_SHA256: ` ${FINGERPRINT.toLowerCase()} , ${second}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: { namespace: "android_app", package_name: "app.backline.mobile", sha256_cert_fingerprints: [FINGERPRINT, second] },
      },
    ]);
    expect(await (await get("/.well-known/assetlinks.json", { ANDROID_CERT_SHA256: FINGERPRINT })).json()).toEqual(assetLinksFile([FINGERPRINT]));
  });

  it("does not exist until a valid fingerprint is configured", async () => {
    await expectError(await get("/.well-known/assetlinks.json", { ANDROID_CERT_SHA256: undefined }), 404, "Not found");
    await expectError(await get("/.well-known/assetlinks.json", { ANDROID_CERT_SHA256: "not-a-fingerprint" }), 404, "Not found");
  });
});

describe("GET /.well-known/apple-app-site-association", () => {
  it("lets the team's app open /post/*, /profile/* and the hand-offs under /app/*, as JSON", async () => {
    const res = await get("/.well-known/apple-app-site-association", { APPLE_TEAM_ID: "ABCDE12345" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const served = await res.json();
    expect(served).toEqual({
      applinks: {
        details: [{ appIDs: ["ABCDE12345.app.backline.mobile"], components: [{ "/": "/post/*" }, { "/": "/profile/*" }, { "/": "/app/*" }] }],
      },
    });
    // What tests/web/native-project.test.ts compares with the iOS entitlements and the Android manifest.
    expect(served).toEqual(appleAppSiteAssociationFile("ABCDE12345"));
  });

  it("does not exist until a valid team id is configured", async () => {
    await expectError(await get("/.well-known/apple-app-site-association", { APPLE_TEAM_ID: undefined }), 404, "Not found");
    await expectError(await get("/.well-known/apple-app-site-association", { APPLE_TEAM_ID: "abc" }), 404, "Not found");
  });
});
